// Tables of the license server (spec 2.18, 4.10, 5, 6.4) that are not entities of a company: contract
// types and their products, license permissions of license administrators and the queue of
// bulk-permission requests. Contract types and products are reference data of every platform, so the
// migration writes them too.
export const licenseMigration: { id: string; sql: string } = {
  id: '0004-license',
  sql: `
create table if not exists license_contract_type (
  id int primary key,
  name text not null,
  label text not null
);
create unique index if not exists license_contract_type_name on license_contract_type (lower(name));

-- spec 2.18: listofroles and defaultroles are comma-separated role names.
create table if not exists license_product (
  id int primary key,
  name text not null,
  label text not null,
  listofroles text not null default '',
  defaultroles text not null default '',
  producttype text not null,
  productstatus text not null,
  ismandatoryproduct boolean not null default false,
  isdefaultproduct boolean not null default false,
  isperuser boolean not null default false,
  -- spec 3.4: Accepted (active at once) or Pending (the provider must approve).
  initial_status text not null default 'Accepted' check (initial_status in ('Accepted', 'Pending')),
  -- spec 6.4: where purchase events go; null posts nothing.
  activation_endpoint text
);

create table if not exists license_contract_product (
  contract_type_id int not null references license_contract_type (id),
  product_id int not null references license_product (id),
  primary key (contract_type_id, product_id)
);

-- spec 5: a license administrator needs, per company, a license permission (role 1 or 2) or an
-- agency purchase permission.
create table if not exists license_permission (
  global_identity uuid not null,
  company_id int not null,
  kind text not null check (kind in ('license', 'agency')),
  role int check (role in (1, 2)),
  primary key (global_identity, company_id, kind)
);

-- The users of update-permissions (spec 4.10 UserIds): one integer per identity account, the same in
-- every company.
alter table identity_account add column if not exists license_user_id serial;
create unique index if not exists identity_account_license_user_id on identity_account (license_user_id);

-- spec 4.10: update-permissions queues its work; a worker applies it.
create table if not exists license_queue (
  id bigserial primary key,
  requested_by uuid not null,
  payload jsonb not null,
  status text not null default 'queued' check (status in ('queued', 'done', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  processed_at timestamptz
);
create index if not exists license_queue_due on license_queue (status, next_attempt_at);


insert into license_contract_type (id, name, label) values
  (1, 'Mini', 'Mini'),
  (3, 'Standard', 'Standard'),
  (10, 'Accountant', 'Regnskapsfører')
on conflict do nothing;

insert into license_product (id, name, label, listofroles, defaultroles, producttype, productstatus,
  ismandatoryproduct, isdefaultproduct, isperuser, initial_status) values
  (1, 'Accounting', 'Regnskap',
   'Accounting.Admin,Accounting.Journal,Accounting.Reporting,Accounting.Approval,Approval.Accounting,Bank.Payment,Bank.Approver,Bank.Admin,READ_ONLY',
   'Accounting.Journal,Accounting.Reporting', 'Module', 'Live', true, true, true, 'Accepted'),
  (2, 'Sales', 'Salg', 'Sales.Invoice,Sales.Order,Sales.Quote,Sales.Reporting,Sales.Manager,Sales.Admin',
   'Sales.Invoice', 'Module', 'Live', false, true, true, 'Accepted'),
  (3, 'Payroll', 'Lønn', 'Payroll.Payroll,Payroll.Admin,Payroll.Travel,Payroll.HR', 'Payroll.Payroll',
   'Module', 'Live', false, false, true, 'Pending'),
  (4, 'Approval', 'Godkjenning', 'Approval.Accounting,Accounting.Approval', 'Approval.Accounting',
   'Module', 'Live', false, false, true, 'Accepted'),
  (5, 'Timetracking', 'Timeføring',
   'Timetracking.Worker,Timetracking.Manager,Timetracking.Reporting,Timetracking.HR,Timetracking.Admin',
   'Timetracking.Worker', 'Package', 'Live', false, false, true, 'Pending'),
  (6, 'Webhooks', 'Webhooks', 'Webhook.Admin', '', 'Integration', 'Live', false, false, false, 'Accepted'),
  (7, 'Bank', 'Bank', 'Bank.Payment,Bank.Approver,Bank.Admin', '', 'Extension', 'Development', false, false,
   false, 'Pending'),
  (8, 'AccountantSuite', 'Regnskapskontor',
   'Accounting.Admin,Accounting.Journal,Accounting.Reporting,Accounting.Approval,Sales.Invoice,Sales.Reporting',
   'Accounting.Admin,Accounting.Journal,Accounting.Reporting', 'Package', 'Live', true, true, true, 'Accepted')
on conflict do nothing;

insert into license_contract_product (contract_type_id, product_id) values
  (1, 1), (1, 2), (1, 4),
  (3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (3, 6), (3, 7),
  (10, 8), (10, 2), (10, 4), (10, 6)
on conflict do nothing;
`,
}
