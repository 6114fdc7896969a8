// Runs in Chromium (bundled by sync-cache.ts): fills a workspace with cached invoices and measures what the
// inbox does with them: its rows read from the cache, the status tab counted through its index, and the
// tab and search filtered in memory as the inbox filters them (its table sorts what they leave).
import {
  filterRows,
  loadInboxRows,
  type InboxRow,
  type InboxTab,
} from '../renderer/src/features/inbox/inbox-rows.ts'
import { openWorkspace, type CachedRow } from '../renderer/src/data/schema.ts'
import { countCompanies, isoDay } from '../renderer/src/features/overview/overview-counts.ts'

const statuses = [30101, 30102, 30103, 30104, 30105]
const names = [
  'Bakeriet',
  'Mølleriet',
  'Fjordbygg',
  'Nordlys',
  'Aurora',
  'Kontorservice',
  'Strøm',
  'Transport',
]

async function run(count: number) {
  const db = openWorkspace('bench-cache', String(Date.now()))
  const key = 'bench-company'
  const rows: CachedRow[] = Array.from({ length: count }, (_, i) => ({
    companyKey: key,
    ID: i + 1,
    UpdatedAt: '2026-11-01T10:00:00.000Z',
    InvoiceNumber: String(100_000 + ((i * 7919) % 900_000)),
    InvoiceDate: '2026-10-01',
    PaymentDueDate: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    TaxInclusiveAmount: Math.round(((i * 7919) % 100_000) * 1.25 * 100) / 100,
    StatusCode: statuses[i % statuses.length],
    SupplierID: 1 + (i % 300),
    Supplier: { ID: 1 + (i % 300), Info: { Name: `${names[i % names.length]} ${1 + (i % 300)} AS` } },
  }))
  let t = performance.now()
  for (let i = 0; i < rows.length; i += 5000) await db.SupplierInvoice.bulkPut(rows.slice(i, i + 5000))
  const loadMs = performance.now() - t
  rows.length = 0

  // What the inbox holds: the open company's rows, read once and kept current by its live query.
  t = performance.now()
  const loaded = await loadInboxRows(db, key)
  const readAllMs = performance.now() - t
  const tabTimes: number[] = []
  for (let i = 0; i < 20; i++) {
    t = performance.now()
    await db.SupplierInvoice.where('[companyKey+StatusCode]')
      .equals([key, statuses[i % statuses.length]!])
      .count()
    tabTimes.push(performance.now() - t)
  }
  // What the user types into the search box, letter by letter, on a tab.
  const searches: [InboxTab, string][] = []
  for (const [tab, query] of [
    ['draft', ''],
    ['all', 'bakeriet'],
    ['forApproval', '12'],
    ['all', 'fjordbygg 17'],
    ['all', '1 250'],
  ] as [InboxTab, string][])
    for (let n = 0; n <= query.length; n++) searches.push([tab, query.slice(0, n)])
  const times: number[] = []
  let found = 0
  let shown: InboxRow[] = []
  // The first letter typed after the rows loaded prepares each row's search text.
  let firstSearchMs = 0
  for (let i = 0; i < 100; i++) {
    const [tab, query] = searches[i % searches.length]!
    t = performance.now()
    shown = filterRows(loaded, tab, query)
    const spent = performance.now() - t
    times.push(spent)
    if (query && !firstSearchMs) firstSearchMs = spent
    found += shown.length
  }
  // Kept, as the inbox keeps them, so the heap read afterwards includes them.
  ;(globalThis as unknown as { held: InboxRow[][] }).held = [loaded, shown]
  return { loadMs, readAllMs, tabTimes, times, firstSearchMs, found, rows: loaded.length }
}

;(globalThis as unknown as { benchCache: typeof run }).benchCache = run

/**
 * The office overview's counts for `companies` companies from the cache (what the view waits for before its
 * table shows): each company with a few hundred unbooked and booked invoices and the user's approvals.
 */
async function overview(companies: number) {
  const db = openWorkspace('bench-overview', String(Date.now()))
  const records = Array.from({ length: companies }, (_, c) => ({ Key: `company-${c}`, userId: 7 }))
  let invoices = 0
  for (const { Key } of records) {
    const rows: CachedRow[] = Array.from({ length: 150 + ((records.length * 37) % 200) }, (_, i) => ({
      companyKey: Key,
      ID: i + 1,
      UpdatedAt: '2026-11-01T10:00:00.000Z',
      InvoiceNumber: String(10_000 + i),
      PaymentDueDate: `2026-${String(1 + (i % 12)).padStart(2, '0')}-15`,
      TaxInclusiveAmount: 1000 + i,
      StatusCode: statuses[i % statuses.length],
      SupplierID: 1 + (i % 30),
    }))
    invoices += rows.length
    await db.SupplierInvoice.bulkPut(rows)
    await db.Approval.bulkPut(
      Array.from({ length: 10 }, (_, i) => ({
        companyKey: Key,
        ID: i + 1,
        UserID: i % 2 === 0 ? 7 : 8,
        StatusCode: 50120,
      })),
    )
  }
  const today = isoDay(new Date())
  const times: number[] = []
  let counted = 0
  for (let i = 0; i < 25; i++) {
    const t = performance.now()
    const counts = await countCompanies(db, records, today)
    times.push(performance.now() - t)
    counted = counts.size
  }
  await db.delete()
  return { times: times.slice(5), counted, invoices }
}

;(globalThis as unknown as { benchOverview: typeof overview }).benchOverview = overview
