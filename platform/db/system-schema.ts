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
]
