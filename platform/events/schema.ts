// Tables of outbound event delivery (spec 6): the durable queue of webhook and purchase-event POSTs,
// the log of every attempt, and the dispatcher's mark on change events. Rows written before this
// migration count as dispatched (no Eventplan could have listened to them).
export const eventsMigration: { id: string; sql: string } = {
  id: '0002-events',
  sql: `
alter table change_event add column if not exists dispatched boolean not null default true;
alter table change_event alter column dispatched set default false;
create index if not exists change_event_undispatched on change_event (id) where not dispatched;

-- One POST to make: the body is stored as the exact text that is signed and sent.
-- order_key groups deliveries that go out in order (one subscriber, or one company's endpoint).
create table if not exists outbound_delivery (
  id bigserial primary key,
  company_id int not null,
  kind text not null,
  url text not null,
  body text not null,
  signing_key text,
  -- Extra request headers (a subscriber's Authorization).
  headers jsonb,
  eventplan_id int,
  subscriber_id int,
  message_id text not null,
  event_type text,
  entity_name text,
  entity_id int,
  order_key text not null,
  status text not null default 'pending',
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_status_code int,
  last_error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index if not exists outbound_delivery_due on outbound_delivery (next_attempt_at, id) where status = 'pending';
create index if not exists outbound_delivery_order on outbound_delivery (order_key, id) where status = 'pending';
create index if not exists outbound_delivery_plan on outbound_delivery (company_id, eventplan_id, id);

create table if not exists outbound_attempt (
  id bigserial primary key,
  delivery_id bigint not null references outbound_delivery (id) on delete cascade,
  attempt int not null,
  started_at timestamptz not null,
  duration_ms int not null,
  status_code int,
  error text
);
create index if not exists outbound_attempt_delivery on outbound_attempt (delivery_id, attempt);
`,
}
