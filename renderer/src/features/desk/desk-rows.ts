// The review desk's rows: the review queue (drafts and rejected supplier invoices) of every company the desk
// spans, read from each company's brief kept in the offline cache (data/desk-briefs.ts) in one transaction,
// each row keyed by company and ID (the same invoice ID is another invoice in another company). What the desk
// orders by (due date or arrival), what it filters by (company, supplier, problem) and which companies it
// spans are decided here, for the desk's list and for the review's way through it alike.
import type { CompanyRecord, WorkspaceDb } from '@renderer/data/schema'
import { buildDeskBriefs, type DeskBriefInvoice } from '@renderer/data/desk-briefs'
import { queuedRowKey, queuedRows } from '@renderer/data/outbox-queries'

/** What may need the accountant's eye first on a desk row. */
export const deskProblems = ['rejected', 'overdue', 'noSupplier', 'noDocument'] as const
export type DeskProblem = (typeof deskProblems)[number]

/** The desk's tabs: every row, or the rows with one problem. */
export const deskTabs = ['all', ...deskProblems] as const
export type DeskTab = (typeof deskTabs)[number]

export const deskOrders = ['due', 'arrival'] as const
export type DeskOrder = (typeof deskOrders)[number]

export interface DeskCompany {
  key: string
  name: string
  orgNumber: string | null
}

/** An invoice of the desk: its company's brief of it (data/desk-briefs.ts), with its company and marks. */
export interface DeskRow extends Omit<DeskBriefInvoice, 'problems' | 'CurrencyCodeID'> {
  /** `companyKey:ID`: what tells the rows apart. */
  key: string
  companyKey: string
  companyName: string
  companyOrgNumber: string | null
  problems: DeskProblem[]
  unsynced: boolean
  conflict: boolean
}

/** An invoice of the desk: its company and ID. */
export interface DeskPlace {
  companyKey: string
  id: number
}

export const deskKey = (place: DeskPlace | { companyKey: string; ID: number }): string =>
  `${place.companyKey}:${'id' in place ? place.id : place.ID}`

/**
 * The companies the desk spans: those kept on this computer (or the open one, synced whether kept or not),
 * narrowed to "my clients" when chosen, and never one whose session says it offers this user no review.
 * A company whose session was never asked is kept in: its rows are on this computer for this user.
 */
export async function deskCompanies(
  db: WorkspaceDb,
  options: { chosen: readonly string[] | null; openKey: string | null },
): Promise<DeskCompany[]> {
  const [records, sessions] = await Promise.all([db.companies.toArray(), db.companySessions.toArray()])
  const noReview = new Set(
    sessions.filter((kept) => !kept.session.views.includes('review')).map((kept) => kept.companyKey),
  )
  const chosen = options.chosen ? new Set(options.chosen) : null
  return records
    .filter((record: CompanyRecord) => record.offline || record.Key === options.openKey)
    .filter((record) => !noReview.has(record.Key) && (!chosen || chosen.has(record.Key)))
    .map((record) => ({ key: record.Key, name: record.Name, orgNumber: record.OrganizationNumber ?? null }))
    .sort((a, b) => byName.compare(a.name, b.name))
}

/**
 * The review queue of every company in `companies`, unordered, from each company's brief (data/desk-briefs.ts)
 * and the outbox's marks; what depends on the day (overdue) is decided against `today`. A company whose brief
 * is not written yet is briefed from its rows here. Reads only those companies' rows.
 */
export async function loadDeskRows(
  db: WorkspaceDb,
  companies: readonly DeskCompany[],
  today: string,
): Promise<DeskRow[]> {
  if (companies.length === 0) return []
  const keys = companies.map((company) => company.key)
  const tables = [db.deskBriefs, db.outbox, db.SupplierInvoice, db.Supplier, db.FileAttachment]
  return db.transaction('r', tables, async () => {
    const [kept, outbox] = await Promise.all([
      db.deskBriefs.bulkGet(keys),
      db.outbox.where('companyKey').anyOf(keys).toArray(),
    ])
    const missing = keys.filter((_, i) => kept[i] === undefined)
    const built = missing.length > 0 ? await buildDeskBriefs(db, missing) : []
    const briefs = [...kept.filter((brief) => brief !== undefined), ...built]
    const rows: DeskRow[] = []
    for (const brief of briefs) {
      const company = companies.find((c) => c.key === brief.companyKey)!
      const queued = queuedRows(
        outbox.filter((entry) => entry.companyKey === company.key),
        ['SupplierInvoice'],
      )
      for (const invoice of brief.invoices) {
        const due = invoice.PaymentDueDate
        const problems: DeskProblem[] = []
        for (const problem of deskProblems)
          if (
            problem === 'overdue'
              ? due !== null && due.slice(0, 10) < today
              : invoice.problems.includes(problem)
          )
            problems.push(problem)
        const mark = queued.get(queuedRowKey('SupplierInvoice', invoice.ID))
        rows.push({
          key: `${company.key}:${invoice.ID}`,
          companyKey: company.key,
          companyName: company.name,
          companyOrgNumber: company.orgNumber,
          ID: invoice.ID,
          supplierName: invoice.supplierName,
          SupplierID: invoice.SupplierID,
          InvoiceNumber: invoice.InvoiceNumber,
          PaymentDueDate: due,
          arrivedAt: invoice.arrivedAt,
          TaxInclusiveAmount: invoice.TaxInclusiveAmount,
          StatusCode: invoice.StatusCode,
          problems,
          unsynced: mark !== undefined,
          conflict: mark === true,
        })
      }
    }
    return rows
  })
}

const last = '\uffff'
/** One collator for every comparison: `localeCompare(…, 'nb')` builds one per call, slow over thousands. */
const byName = new Intl.Collator('nb')
const day = (value: string | null) => (value ? value.slice(0, 10) : last)

/**
 * The desk in its order: by due date (earliest first, as the review queue of one company), or by arrival
 * (first come, first reviewed); rows without the date last; then by company and ID, so the order is stable.
 */
export function orderDeskRows(rows: readonly DeskRow[], order: DeskOrder): DeskRow[] {
  const when =
    order === 'due' ? (row: DeskRow) => day(row.PaymentDueDate) : (row: DeskRow) => row.arrivedAt ?? last
  return [...rows].sort(
    (a, b) =>
      when(a).localeCompare(when(b)) ||
      byName.compare(a.companyName, b.companyName) ||
      a.companyKey.localeCompare(b.companyKey) ||
      a.ID - b.ID,
  )
}

export interface DeskFilter {
  /** One company's rows only; null for every company of the desk. */
  company: string | null
  tab: DeskTab
  /** Words matched against supplier, invoice number and company (all of them, any order). */
  search: string
}

const searchText = new WeakMap<DeskRow, string>()
function searchable(row: DeskRow): string {
  let found = searchText.get(row)
  if (found === undefined) {
    found = [row.supplierName, row.InvoiceNumber, row.companyName, row.companyOrgNumber]
      .filter(Boolean)
      .join(' ')
      .toLocaleLowerCase('nb')
    searchText.set(row, found)
  }
  return found
}

export function filterDeskRows(rows: readonly DeskRow[], filter: DeskFilter): DeskRow[] {
  const words = filter.search.trim().toLocaleLowerCase('nb').split(/\s+/).filter(Boolean)
  return rows.filter(
    (row) =>
      (filter.company === null || row.companyKey === filter.company) &&
      (filter.tab === 'all' || row.problems.includes(filter.tab)) &&
      words.every((word) => searchable(row).includes(word)),
  )
}

/** Each tab's count of the rows the company filter and search leave. */
export function countDeskTabs(
  rows: readonly DeskRow[],
  filter: Omit<DeskFilter, 'tab'>,
): Record<DeskTab, number> {
  const shown = filterDeskRows(rows, { ...filter, tab: 'all' })
  const counts = Object.fromEntries(deskTabs.map((tab) => [tab, 0])) as Record<DeskTab, number>
  counts.all = shown.length
  for (const row of shown) for (const problem of row.problems) counts[problem]++
  return counts
}

export function isDeskTab(value: unknown): value is DeskTab {
  return typeof value === 'string' && (deskTabs as readonly string[]).includes(value)
}

export function isDeskOrder(value: unknown): value is DeskOrder {
  return typeof value === 'string' && (deskOrders as readonly string[]).includes(value)
}

/** The golden angle: hues taken one after another by it stay apart however many there are. */
const GOLDEN_ANGLE = 137.508

/**
 * The hue of a company's band in the review and its swatch in the desk: the company's place among the
 * office's companies (ordered by key, so a renamed company keeps its colour) stepped by the golden angle, so
 * the first three companies are at least 85° apart, the first four 52° and the first five 47°, and neighbours
 * in the list always 137°. A company the
 * office list does not hold yet falls back to a hue from its key. Colour is never the only sign: the band names
 * the company.
 */
export function companyHue(key: string, officeKeys: readonly string[] = []): number {
  const place = [...officeKeys].sort().indexOf(key)
  if (place >= 0) return Math.round((place * GOLDEN_ANGLE) % 360)
  let hash = 0x811c9dc5
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0
  return (hash % 10) * 36
}
