// Tables of the file server that are not entities: stored OCR results (one per company, file and page;
// spec 2.13 "Results are stored per file") and the key that signs download URLs, shared by every
// process on the same database.
export const filesMigration: { id: string; sql: string } = {
  id: '0003-files',
  sql: `
create table if not exists ocr_result (
  id serial primary key,
  company_id int not null,
  file_id int not null,
  page_no int not null,
  result jsonb not null,
  created_at timestamptz not null default now(),
  unique (company_id, file_id, page_no)
);

create table if not exists file_url_key (
  id int primary key,
  secret text not null
);
`,
}
