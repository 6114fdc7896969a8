// Number series of the sales documents: invoice numbers per company, series and year, customer numbers
// per company. Counters are rows advanced with `update ... returning` in the caller's transaction, so
// concurrent writers queue on the row lock and a rollback gives the number back (no gaps, no duplicates).
import type { Sql } from '../../db/store.ts'

export const salesMigration: { id: string; sql: string } = {
  id: '0002-sales',
  sql: `
create table if not exists sales_number_counter (
  company_id int not null,
  series text not null,
  year int not null,
  last_number bigint not null,
  primary key (company_id, series, year)
);
`,
}

async function advance(
  sql: Sql,
  companyId: number,
  series: string,
  year: number,
  first: () => Promise<number>,
) {
  const updated = await sql.query<{ last_number: string | number }>(
    `update sales_number_counter set last_number = last_number + 1
      where company_id = $1 and series = $2 and year = $3 returning last_number`,
    [companyId, series, year],
  )
  if (updated.rows[0]) return Number(updated.rows[0].last_number)
  const start = await first()
  const inserted = await sql.query<{ last_number: string | number }>(
    `insert into sales_number_counter (company_id, series, year, last_number) values ($1, $2, $3, $4)
     on conflict (company_id, series, year) do update set last_number = sales_number_counter.last_number + 1
     returning last_number`,
    [companyId, series, year, start],
  )
  return Number(inserted.rows[0]!.last_number)
}

/**
 * Next invoice number of a company's series (`InvoiceNumberSeriesID`, 0 = the default series) in a
 * year: `<year><sequence of 5 digits>`, e.g. `202600001`. Invoices and credit notes share the series,
 * and the year in front keeps numbers unique across years while each year counts from 1.
 */
export async function nextInvoiceNumber(
  sql: Sql,
  companyId: number,
  seriesId: number,
  year: number,
): Promise<string> {
  const n = await advance(sql, companyId, `invoice:${seriesId}`, year, async () => 1)
  return `${year}${String(n).padStart(5, '0')}`
}

/** Next customer number of a company: one above the highest in use, from 10001. */
export async function nextCustomerNumber(sql: Sql, companyId: number): Promise<number> {
  return advance(sql, companyId, 'customer', 0, async () => {
    const { rows } = await sql.query<{ n: string | number | null }>(
      'select max("CustomerNumber") as n from "Customer" where "CompanyID" = $1',
      [companyId],
    )
    return Math.max(Number(rows[0]?.n ?? 0), 10000) + 1
  })
}
