// Tables that are not entities of the model registry: the migration log, identity accounts,
// the identity server's own records, per-company ID sequences and the change-event log.
// Entity tables are created from the model registry (platform/registry), after these.
import { ledgerMigration } from '../domain/journal/schema.ts'
import { licenseMigration } from '../license/schema.ts'
import { eventsMigration } from '../events/schema.ts'
import { salesMigration } from '../domain/sales/number-series.ts'
import { filesMigration } from '../files/schema.ts'

export interface Migration {
  id: string
  sql: string
}

export const systemMigrations: readonly Migration[] = [
  {
    id: '0001-system',
    sql: `
create table if not exists identity_account (
  global_identity uuid primary key,
  email text not null,
  password_hash text,
  display_name text not null default '',
  phone_number text,
  locked boolean not null default false,
  failed_logins int not null default 0,
  is_license_admin boolean not null default false,
  last_login timestamptz,
  created_at timestamptz not null default now()
);
create unique index if not exists identity_account_email on identity_account (lower(email));

create table if not exists oidc_payload (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index if not exists oidc_payload_grant on oidc_payload (grant_id);
create index if not exists oidc_payload_uid on oidc_payload (uid);
create index if not exists oidc_payload_user_code on oidc_payload (user_code);

-- IDs are per company: (company, entity) -> next ID. Global entities use company_id 0.
create table if not exists id_sequence (
  company_id int not null,
  entity text not null,
  next_id int not null,
  primary key (company_id, entity)
);

-- Every create, update and delete written through the model registry, in the same transaction.
create table if not exists change_event (
  id bigserial primary key,
  company_id int not null,
  entity text not null,
  entity_id int not null,
  operation char(1) not null,
  reason text,
  session_id text,
  changed jsonb,
  entity_json jsonb,
  created_at timestamptz not null default now()
);
create index if not exists change_event_company on change_event (company_id, id);
`,
  },
  licenseMigration,
  ledgerMigration,
  salesMigration,
  eventsMigration,
  filesMigration,
  {
    // Queue workers on a PostgreSQL server LISTEN instead of polling: an insert into a queue table sends a
    // NOTIFY, delivered when the inserting transaction commits (so the row is visible to the woken worker).
    // On the embedded database nobody listens and the workers are woken in-process.
    id: '0100-queue-notify',
    sql: `
create or replace function ledgerdesk_queue_notify() returns trigger language plpgsql as $$ begin perform pg_notify(tg_argv[0], ''); return null; end $$;
drop trigger if exists change_event_notify on change_event;
create trigger change_event_notify after insert on change_event
  for each statement execute function ledgerdesk_queue_notify('ledgerdesk_outbound');
drop trigger if exists outbound_delivery_notify on outbound_delivery;
create trigger outbound_delivery_notify after insert on outbound_delivery
  for each statement execute function ledgerdesk_queue_notify('ledgerdesk_outbound');
drop trigger if exists license_queue_notify on license_queue;
create trigger license_queue_notify after insert on license_queue
  for each statement execute function ledgerdesk_queue_notify('ledgerdesk_license');
`,
  },
  {
    // Sign-in throttling (identity/sign-in.ts) replaces the lock for ever after ten wrong passwords: a lock now
    // runs out (`locked_until`), and a run of failures is forgotten a day after its last one. Accounts the old
    // rule had locked are let in again.
    id: '0200-sign-in-throttle',
    sql: `
alter table identity_account add column if not exists locked_until timestamptz;
alter table identity_account add column if not exists last_failed_login timestamptz;
alter table identity_account drop column if exists locked;
`,
  },
  {
    // Several platform processes on one PostgreSQL database (a team server) share everything through it:
    // - file_blob and file_chunk: file bytes with `--files postgres` (files/storage.ts), one file_blob row per
    //   content and its bytes in chunks of 256 KB;
    // - ocr_job: who reads a document now, until when (a lease the reader renews), and how often it was taken
    //   (files/ocr-results.ts), so one process reads it and another takes over when that one dies;
    // - identity_key: the identity server's signing and cookie keys, so a token one process signs is valid
    //   on every other (identity/keys.ts);
    // - sign_in_address: failed sign-ins per client address (identity/sign-in.ts).
    id: '0300-team-server',
    sql: `
create table if not exists file_blob (
  sha256 text primary key,
  size bigint not null,
  created_at timestamptz not null default now()
);
create table if not exists file_chunk (
  sha256 text not null references file_blob (sha256) on delete cascade,
  seq int not null,
  data bytea not null,
  primary key (sha256, seq)
);
create table if not exists ocr_job (
  company_id int not null,
  file_id int not null,
  page_no int not null,
  status text not null,
  owner text not null,
  lease_until timestamptz not null,
  attempts int not null default 1,
  updated_at timestamptz not null default now(),
  primary key (company_id, file_id, page_no)
);
create table if not exists identity_key (
  name text primary key,
  value jsonb not null
);
create table if not exists sign_in_address (
  client text primary key,
  failures int not null,
  last_failed_at timestamptz not null
);
`,
  },
]
