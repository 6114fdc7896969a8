// The journal-entry number counters (field notes "Journal entries": `<n>-<year>` per company and
// year). One row per company and year, advanced with `update ... returning` inside the booking
// transaction: the row lock serialises concurrent bookings and a rollback gives the number back.
export const ledgerMigration: { id: string; sql: string } = {
  id: '0002-ledger',
  sql: `
create table if not exists journal_entry_number (
  company_id int not null,
  year int not null,
  last_number int not null,
  primary key (company_id, year)
);
`,
}
