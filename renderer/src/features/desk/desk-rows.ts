// The review desk's rows: the review queue (drafts and rejected supplier invoices) of every company the desk
// spans, read from the offline cache in one transaction, each row keyed by company and ID (the same invoice
// ID is another invoice in another company). What the desk orders by (due date or arrival), what it filters
// by (company, supplier, problem) and which companies it spans are decided here, for the desk's list and
// for the review's way through it alike.
import { SupplierInvoiceStatus } from '@common/status'
import type { Cached, CompanyRecord, WorkspaceDb } from '@renderer/data/schema'
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

export interface DeskRow {
  /** `companyKey:ID`: what tells the rows apart. */
  key: string
  companyKey: string
  companyName: string
  companyOrgNumber: string | null
  ID: number
  supplierName: string | null
  SupplierID: number | null
  InvoiceNumber: string | null
  PaymentDueDate: string | null
  /** When the invoice reached the platform (its CreatedAt), the arrival order. */
  arrivedAt: string | null
  TaxInclusiveAmount: number | null
  StatusCode: number
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

const queueStatuses = [SupplierInvoiceStatus.Draft, SupplierInvoiceStatus.Rejected]

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
const number = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

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

function supplierName(
  supplier: Cached<'Supplier'> | undefined,
  invoice: Cached<'SupplierInvoice'>,
): string | null {
  return text(supplier?.Info?.Name) ?? text(invoice.Supplier?.Info?.Name) ?? text(invoice.InvoiceReceiverName)
}

/** The review queue of every company in `companies`, unordered. Reads only those companies' rows. */
export async function loadDeskRows(
  db: WorkspaceDb,
  companies: readonly DeskCompany[],
  today: string,
): Promise<DeskRow[]> {
  if (companies.length === 0) return []
  const keys = companies.map((company) => company.key)
  const tables = [db.SupplierInvoice, db.Supplier, db.FileAttachment, db.outbox]
  return db.transaction('r', tables, async () => {
    // One plain range per company and status, and whole companies' suppliers and attachments, each read
    // with getAll: several times quicker than a cursor jumping through them all, which keeps a desk of
    // thousands of invoices quick to open.
    const perKey = <T>(read: (key: string) => Promise<T[]>) =>
      Promise.all(keys.map(read)).then((lists) => lists.flat())
    const [invoices, outbox, suppliers, attached] = await Promise.all([
      perKey((key) =>
        Promise.all(
          queueStatuses.map((status) =>
            db.SupplierInvoice.where('[companyKey+StatusCode]').equals([key, status]).toArray(),
          ),
        ).then((lists) => lists.flat()),
      ),
      db.outbox.where('companyKey').anyOf(keys).toArray(),
      perKey((key) => db.Supplier.where('companyKey').equals(key).toArray()),
      perKey((key) => db.FileAttachment.where('companyKey').equals(key).toArray()),
    ])
    const supplierOf = new Map(suppliers.map((s) => [`${s.companyKey}:${s.ID}`, s] as const))
    const withDocument = new Set(
      attached
        .filter((link) => link.EntityType === 'SupplierInvoice')
        .map((link) => `${link.companyKey}:${link.EntityID}`),
    )
    const companyOf = new Map(companies.map((company) => [company.key, company]))
    const marks = new Map<string, Map<string, boolean>>()
    for (const key of keys)
      marks.set(
        key,
        queuedRows(
          outbox.filter((entry) => entry.companyKey === key),
          ['SupplierInvoice'],
        ),
      )
    return invoices.map((invoice): DeskRow => {
      const key = deskKey(invoice)
      const company = companyOf.get(invoice.companyKey)!
      const supplier = supplierOf.get(`${invoice.companyKey}:${Number(invoice.SupplierID)}`)
      const due = text(invoice.PaymentDueDate)
      const problems: DeskProblem[] = []
      if (invoice.StatusCode === SupplierInvoiceStatus.Rejected) problems.push('rejected')
      if (due !== null && due.slice(0, 10) < today) problems.push('overdue')
      if (number(invoice.SupplierID) === null) problems.push('noSupplier')
      if (!withDocument.has(key)) problems.push('noDocument')
      const queued = marks.get(invoice.companyKey)!
      return {
        key,
        companyKey: invoice.companyKey,
        companyName: company.name,
        companyOrgNumber: company.orgNumber,
        ID: invoice.ID,
        supplierName: supplierName(supplier, invoice),
        SupplierID: number(invoice.SupplierID),
        InvoiceNumber: text(invoice.InvoiceNumber),
        PaymentDueDate: due,
        arrivedAt: text(invoice.CreatedAt),
        TaxInclusiveAmount: number(invoice.TaxInclusiveAmount),
        StatusCode: invoice.StatusCode,
        problems,
        unsynced: queued.has(queuedRowKey('SupplierInvoice', invoice.ID)),
        conflict: queued.get(queuedRowKey('SupplierInvoice', invoice.ID)) === true,
      }
    })
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
