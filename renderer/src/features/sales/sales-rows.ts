// The sales list's rows for one company, read from the offline cache: each customer invoice and credit
// note with what the table shows and what the search reads. Rows are built once per change of the cache;
// a tab switch or a key typed in the search box then costs one pass over prepared rows.
import { fromOre, parseMoney } from '@common/money'
import { salesSearchText } from '@common/entities/declarations'
import { CollectorStatus, CustomerInvoiceStatus, InvoiceType } from '@common/status'
import type { Cached, WorkspaceDb } from '@renderer/data/schema'
import { queuedRowKey, queuedRows } from '@renderer/data/outbox-queries'

/** The list's tabs, in the order they are shown. */
export const salesTabs = ['draft', 'unpaid', 'overdue', 'paid', 'credited', 'factoring', 'all'] as const
export type SalesTab = (typeof salesTabs)[number]

export function isSalesTab(value: unknown): value is SalesTab {
  return typeof value === 'string' && (salesTabs as readonly string[]).includes(value)
}

/** Invoiced and not (wholly) paid or credited: what the customer still owes (field notes' status codes). */
export const unpaidStatuses: readonly number[] = [
  CustomerInvoiceStatus.Invoiced,
  CustomerInvoiceStatus.PartlyPaid,
  CustomerInvoiceStatus.PartlyCredited,
]

/**
 * The factoring partner's part of an invoice (spec 3.3, 4.4): held for the partner (42503), accepted
 * (collector status 42504, sent to factoring, with the partner's reference) or declined (with the reason
 * the partner gave). Null for an invoice never sent with factoring.
 */
export type FactoringState =
  | { state: 'waiting' }
  | { state: 'accepted'; reference: string | null }
  | { state: 'declined'; reason: string | null }

export interface SalesRow {
  ID: number
  InvoiceNumber: string | null
  /** A credit note (`InvoiceType` 1) rather than an invoice. */
  credit: boolean
  customerName: string | null
  CustomerID: number | null
  InvoiceDate: string | null
  PaymentDueDate: string | null
  /** The total in the invoice's currency, as the platform gives it (decimal kroner). */
  amount: number | null
  /** What the customer still owes. */
  rest: number | null
  StatusCode: number
  ExternalStatusCode: number | null
  factoring: FactoringState | null
  /** A draft made on this computer that has not reached the platform yet (negative local ID). */
  queued: boolean
  /** A change of this invoice has not reached the platform yet. */
  unsynced: boolean
  conflict: boolean
  /** Lower-cased customer, invoice number, KID and amount (the cached `_search`). */
  search: string
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null
const number = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

export function factoringOf(invoice: Cached<'CustomerInvoice'>): FactoringState | null {
  if (
    invoice.StatusCode === CustomerInvoiceStatus.WaitingForFactoring ||
    invoice.CollectorStatusCode === CollectorStatus.FactoringRegistered
  )
    return { state: 'waiting' }
  if (invoice.CollectorStatusCode === CollectorStatus.SentToFactoring)
    return { state: 'accepted', reference: text(invoice.ExternalDebtCollectionReference) }
  // A declined invoice is back in the normal flow (42002) with the partner's reason on it.
  if (invoice.FactoringDeclinedReason !== undefined && invoice.FactoringDeclinedReason !== null)
    return { state: 'declined', reason: text(invoice.FactoringDeclinedReason) }
  return null
}

/** What the list reads from the cache, all of one company. */
export interface SalesSource {
  invoices: readonly Cached<'CustomerInvoice'>[]
  /** Customer names by ID, for a row that carries none (a draft made offline). */
  customers: ReadonlyMap<number, string>
  /** The invoices with a change in the outbox (by `queuedRowKey`), and whether it is in conflict. */
  pending: ReadonlyMap<string, boolean>
  /** Whether the company has a factoring setup (the Factoring tab is offered then). */
  factoringSetup: boolean
}

/** Every table the list reads: a live query over them follows every change. */
export async function loadSalesSource(db: WorkspaceDb, companyKey: string): Promise<SalesSource> {
  const tables = [db.CustomerInvoice, db.Customer, db.FactoringSettings, db.outbox]
  return db.transaction('r', tables, async () => {
    const [invoices, customers, factoring, outbox] = await Promise.all([
      db.CustomerInvoice.where('companyKey').equals(companyKey).toArray(),
      db.Customer.where('companyKey').equals(companyKey).toArray(),
      db.FactoringSettings.where('companyKey').equals(companyKey).count(),
      db.outbox.where('companyKey').equals(companyKey).toArray(),
    ])
    const pending = queuedRows(outbox, ['CustomerInvoice'])
    const names = new Map<number, string>()
    for (const customer of customers) {
      const name = text(customer.Info?.Name)
      if (name) names.set(customer.ID, name)
    }
    return { invoices, customers: names, pending, factoringSetup: factoring > 0 }
  })
}

/** Builds the list's rows: run when the cache changes, never per key typed. */
export function buildSalesRows(source: SalesSource): SalesRow[] {
  const rows: SalesRow[] = []
  for (const invoice of source.invoices) {
    if (invoice.Deleted === true) continue
    const customerName =
      text(invoice.CustomerName) ??
      (typeof invoice.CustomerID === 'number' ? (source.customers.get(invoice.CustomerID) ?? null) : null)
    const amount = number(invoice.TaxInclusiveAmountCurrency) ?? number(invoice.TaxInclusiveAmount)
    rows.push({
      ID: invoice.ID,
      InvoiceNumber: text(invoice.InvoiceNumber),
      credit: invoice.InvoiceType === InvoiceType.CreditNote,
      customerName,
      CustomerID: number(invoice.CustomerID),
      InvoiceDate: text(invoice.InvoiceDate),
      PaymentDueDate: text(invoice.PaymentDueDate),
      amount,
      rest: number(invoice.RestAmountCurrency) ?? number(invoice.RestAmount),
      StatusCode: invoice.StatusCode ?? CustomerInvoiceStatus.Draft,
      ExternalStatusCode: number(invoice.ExternalStatusCode),
      factoring: factoringOf(invoice),
      queued: invoice.ID < 0,
      unsynced: invoice.ID < 0 || source.pending.has(queuedRowKey('CustomerInvoice', invoice.ID)),
      conflict: source.pending.get(queuedRowKey('CustomerInvoice', invoice.ID)) === true,
      // The cached search text, unless the row lacks it or names no customer (a draft made offline for a
      // cached customer): then it is built the same way with the customer's name.
      search:
        invoice._search !== undefined && text(invoice.CustomerName) === customerName
          ? invoice._search
          : salesSearchText({ ...invoice, CustomerName: customerName, TaxInclusiveAmountCurrency: amount }),
    })
  }
  return rows
}

/**
 * Whether an invoice is overdue on `today` (`yyyy-mm-dd`): still owed (invoiced, partly paid or partly
 * credited), not a credit note (which owes nothing), and due before today. Due dates may carry a time.
 */
export function isOverdue(
  row: Pick<SalesRow, 'StatusCode' | 'credit' | 'PaymentDueDate'>,
  today: string,
): boolean {
  return (
    !row.credit &&
    unpaidStatuses.includes(row.StatusCode) &&
    row.PaymentDueDate !== null &&
    row.PaymentDueDate.slice(0, 10) < today
  )
}

/**
 * The one tab besides All a row belongs to. A credit draft is a draft; an invoiced credit note is listed
 * with the credited invoices, never as money owed.
 */
export function tabOf(row: SalesRow, today: string): Exclude<SalesTab, 'all'> | null {
  if (row.StatusCode === CustomerInvoiceStatus.Draft) return 'draft'
  if (row.factoring?.state === 'waiting') return 'factoring'
  if (row.credit || row.StatusCode === CustomerInvoiceStatus.Credited) return 'credited'
  if (row.StatusCode === CustomerInvoiceStatus.Paid) return 'paid'
  if (unpaidStatuses.includes(row.StatusCode)) return isOverdue(row, today) ? 'overdue' : 'unpaid'
  // 42005 (sold) and codes this app does not know are listed under All only.
  return null
}

/** A search prepared once per query: its words and, when it reads as an amount, the amount's form. */
export interface SalesQuery {
  words: string[]
  /** The amount as the search text writes it (`1 234,50` → `1234.5`), or null. */
  amount: string | null
}

/**
 * Prepares what is typed: lower-cased words, and an amount typed Norwegian style (`1 234,50`, `1234,5`,
 * `-500`) in the form the row's search text holds it, so a kroner amount is found however it is grouped.
 */
export function prepareSalesQuery(query: string): SalesQuery {
  const trimmed = query.trim()
  const ore = /\d/.test(trimmed) ? parseMoney(trimmed) : undefined
  return {
    words: trimmed.toLocaleLowerCase('nb').split(/\s+/).filter(Boolean),
    amount: ore === undefined ? null : String(fromOre(ore)),
  }
}

/** Every word in the row (any order), or the amount as the start of one of the row's words. */
export function matchesSalesQuery(row: SalesRow, query: SalesQuery): boolean {
  if (query.words.length === 0) return true
  if (query.amount !== null && ` ${row.search}`.includes(` ${query.amount}`)) return true
  return query.words.every((word) => row.search.includes(word))
}

export type SalesCounts = Record<SalesTab, number>

/** The open tab's rows and every tab's count of rows matching the search, in one pass. */
export function viewSales(
  rows: readonly SalesRow[],
  view: { tab: SalesTab; query: string; today: string },
): { rows: SalesRow[]; counts: SalesCounts } {
  const query = prepareSalesQuery(view.query)
  const counts: SalesCounts = {
    draft: 0,
    unpaid: 0,
    overdue: 0,
    paid: 0,
    credited: 0,
    factoring: 0,
    all: 0,
  }
  const shown: SalesRow[] = []
  for (const row of rows) {
    if (!matchesSalesQuery(row, query)) continue
    const tab = tabOf(row, view.today)
    counts.all++
    if (tab) counts[tab]++
    if (view.tab === 'all' || view.tab === tab) shown.push(row)
  }
  return { rows: shown, counts }
}
