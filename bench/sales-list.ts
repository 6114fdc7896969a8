// The sales list at office scale, in a Dexie workspace in Node (fake-indexeddb): 20,000 customer invoices and
// credit notes of one company are cached (every status, overdue ones, factoring, two lines each), then:
// - the list's rows are read from the cache and built (once per change of the cache);
// - tab switch: each status tab opened in turn with its counts, sorted as the table shows it, p95 <= 50 ms;
// - search while typing: every prefix of realistic queries (a customer, an invoice number, a KID, an amount
//   typed Norwegian style `12 345,50`), p95 <= 50 ms.
// Figures are printed; nothing here fails on a slow run. BENCH_SALES_INVOICES makes a smaller or larger run.
// `npm run bench:sales` runs it with the editor's and invoicing's figures; it also runs alone:
// `npx tsx --tsconfig tsconfig.web.json bench/sales-list.ts`.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { CollectorStatus, CustomerInvoiceStatus as S, InvoiceType } from '../common/status.ts'
import { openWorkspace, type CachedRow, type WorkspaceDb } from '../renderer/src/data/schema.ts'
import { isoDay } from '../renderer/src/data/company-counts.ts'
import {
  buildSalesRows,
  loadSalesSource,
  salesTabs,
  viewSales,
  type SalesRow,
} from '../renderer/src/features/sales/sales-rows.ts'

const INVOICES = Number(process.env.BENCH_SALES_INVOICES ?? 20_000)
const TARGETS = { tabP95Ms: 50, searchP95Ms: 50 }
const companyKey = 'bench-nordlys'
const at = '2026-11-01T10:00:00.000Z'

const places = [
  'Bergen',
  'Fjord',
  'Nord',
  'Vest',
  'Aurora',
  'Trønder',
  'Lofoten',
  'Hardanger',
  'Oslo',
  'Viken',
]
const trades = ['Kafé', 'Bakeri', 'Catering', 'Hotell', 'Kantine', 'Dagligvare', 'Bygg', 'Regnskap']
const customerName = (n: number) =>
  `${places[n % places.length]} ${trades[Math.floor(n / 10) % trades.length]} AS ${n}`
const statuses = [
  S.Draft,
  S.Invoiced,
  S.Invoiced,
  S.PartlyPaid,
  S.Paid,
  S.Paid,
  S.Paid,
  S.Credited,
  S.PartlyCredited,
]

const ms = (value: number) => `${value.toFixed(1)} ms`
const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'OVER TARGET')
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
const time = <T>(work: () => T): [T, number] => {
  const started = performance.now()
  const result = work()
  return [result, performance.now() - started]
}

function kid(n: number): string {
  return String(100000 + n).padStart(9, '0') + String(n % 10)
}

async function seed(db: WorkspaceDb): Promise<void> {
  const invoices: CachedRow[] = []
  for (let n = 1; n <= INVOICES; n++) {
    const credit = n % 50 === 0
    const status = n % 97 === 0 ? S.WaitingForFactoring : credit ? S.Invoiced : statuses[n % statuses.length]!
    const gross = Math.round(((n * 7919) % 250_000) + 99) / (n % 3 === 0 ? 2 : 1)
    const month = String(1 + (n % 11)).padStart(2, '0')
    const draft = status === S.Draft
    invoices.push({
      companyKey,
      ID: n,
      UpdatedAt: at,
      CustomerID: 1 + (n % 2000),
      CustomerName: customerName(n % 2000),
      InvoiceNumber: draft ? null : String(100000 + n),
      InvoiceType: credit ? InvoiceType.CreditNote : InvoiceType.Invoice,
      InvoiceReferenceID: credit ? n - 1 : null,
      InvoiceDate: `2026-${month}-10`,
      // A third fall due next year, so Invoiced and Overdue both hold many.
      PaymentDueDate: `${n % 3 === 0 ? 2027 : 2026}-${month}-24`,
      StatusCode: status,
      CollectorStatusCode: status === S.WaitingForFactoring ? CollectorStatus.FactoringRegistered : null,
      TaxInclusiveAmount: credit ? -gross : gross,
      RestAmount: status === S.Paid || credit ? 0 : gross,
      PaymentID: draft ? null : kid(n),
      CurrencyCodeID: 1,
      Items: [1, 2].map((line) => ({
        ID: n * 10 + line,
        UpdatedAt: at,
        CustomerInvoiceID: n,
        ItemText: `Vare ${line}`,
        NumberOfItems: line,
        PriceExVat: gross / 3,
        VatPercent: 25,
      })),
    })
  }
  await db.transaction('rw', db.CustomerInvoice, () => db.CustomerInvoice.bulkPut(invoices as never[]))
}

/** Each prefix of a query as it is typed, one key at a time. */
const prefixes = (query: string) => Array.from({ length: query.length }, (_, n) => query.slice(0, n + 1))

/** The table's default order (newest invoice date first), as PrimeVue sorts the shown rows. */
const sortShown = (rows: SalesRow[]) =>
  [...rows].sort((a, b) => (b.InvoiceDate ?? '').localeCompare(a.InvoiceDate ?? ''))

export async function run(): Promise<void> {
  const db = openWorkspace('bench', randomUUID())
  try {
    const started = performance.now()
    await seed(db)
    console.log(
      `sales list: cached ${INVOICES} customer invoices in one company in ${ms(performance.now() - started)}`,
    )

    const readStarted = performance.now()
    const source = await loadSalesSource(db, companyKey)
    const readMs = performance.now() - readStarted
    const buildTimes: number[] = []
    let rows: SalesRow[] = []
    for (let round = 0; round < 5; round++) {
      const [built, took] = time(() => buildSalesRows(source))
      rows = built
      buildTimes.push(took)
    }
    if (rows.length !== INVOICES) throw new Error(`the list built ${rows.length} rows of ${INVOICES}`)
    console.log(
      `rows: read from the cache ${ms(readMs)}, built ${ms(percentile(buildTimes, 50))} (median of 5)`,
    )

    const today = isoDay(new Date())
    const tabTimes: number[] = []
    for (let round = 0; round < 6; round++)
      for (const tab of salesTabs) {
        const [, took] = time(() => sortShown(viewSales(rows, { tab, query: '', today }).rows))
        if (round > 0) tabTimes.push(took)
      }
    const { counts } = viewSales(rows, { tab: 'all', query: '', today })
    const tabP95 = percentile(tabTimes, 95)
    console.log(
      `tab switch (${tabTimes.length} switches, counts ${JSON.stringify(counts)}): p50 ${ms(percentile(tabTimes, 50))}, ` +
        `p95 ${ms(tabP95)} (target <= ${TARGETS.tabP95Ms} ms: ${verdict(tabP95, TARGETS.tabP95Ms)})`,
    )

    const amount = rows.find((row) => row.ID === 4242)!.amount!
    const queries = [
      customerName(417).split(' ').slice(0, 2).join(' '),
      String(100000 + 12345),
      kid(7777),
      new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2 }).format(amount).replace(/\u00a0/g, ' '),
    ]
    const searchTimes: number[] = []
    let found = 0
    for (let round = 0; round < 2; round++)
      for (const text of queries)
        for (const query of prefixes(text)) {
          const [shown, took] = time(() => sortShown(viewSales(rows, { tab: 'all', query, today }).rows))
          if (round === 0) continue
          searchTimes.push(took)
          if (query === text && shown.length > 0) found++
        }
    if (found < queries.length)
      throw new Error(`only ${found} of ${queries.length} full queries found an invoice`)
    const searchP95 = percentile(searchTimes, 95)
    console.log(
      `search while typing (${searchTimes.length} keys over ${queries.length} queries: ${queries.join(' | ')}): ` +
        `p50 ${ms(percentile(searchTimes, 50))}, p95 ${ms(searchP95)} (target <= ${TARGETS.searchP95Ms} ms: ${verdict(searchP95, TARGETS.searchP95Ms)})`,
    )
  } finally {
    db.close()
    await db.delete()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run()
