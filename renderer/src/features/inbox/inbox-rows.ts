// The inbox's rows for one company, read from the offline cache: each supplier invoice with its
// supplier's name, its attachment count, who its open approval task is assigned to and whether a
// change of it still waits in the outbox. Filtering, searching and counting run on these rows.
import { SupplierInvoiceStatus, TaskStatus } from '@common/status'
import type { Cached, WorkspaceDb } from '@renderer/data/schema'
import { queuedRowKey, queuedRows } from '@renderer/data/outbox-queries'

export interface InboxRow {
  ID: number
  supplierName: string | null
  SupplierID: number | null
  InvoiceNumber: string | null
  InvoiceDate: string | null
  PaymentDueDate: string | null
  TaxInclusiveAmount: number | null
  StatusCode: number
  attachments: number
  assignedTo: string | null
  /** A change of this invoice has not reached the platform yet. */
  unsynced: boolean
  conflict: boolean
}

export const inboxTabs = ['draft', 'forApproval', 'approved', 'rejected', 'journaled', 'all'] as const
export type InboxTab = (typeof inboxTabs)[number]

const tabStatus: Record<Exclude<InboxTab, 'all'>, number> = {
  draft: SupplierInvoiceStatus.Draft,
  forApproval: SupplierInvoiceStatus.ForApproval,
  approved: SupplierInvoiceStatus.Approved,
  rejected: SupplierInvoiceStatus.Rejected,
  journaled: SupplierInvoiceStatus.Journaled,
}

export function isInboxTab(value: unknown): value is InboxTab {
  return typeof value === 'string' && (inboxTabs as readonly string[]).includes(value)
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
const number = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

function supplierName(
  supplier: Cached<'Supplier'> | undefined,
  invoice: Cached<'SupplierInvoice'>,
): string | null {
  return text(supplier?.Info?.Name) ?? text(invoice.Supplier?.Info?.Name) ?? text(invoice.InvoiceReceiverName)
}

function userName(user: Cached<'User'> | undefined): string | null {
  if (!user) return null
  return text(user.DisplayName) ?? text(user.Email) ?? text(user.UserName)
}

/** Every cached supplier invoice of one company as an inbox row. Reads only that company's rows. */
export async function loadInboxRows(db: WorkspaceDb, companyKey: string): Promise<InboxRow[]> {
  const tables = [db.SupplierInvoice, db.Supplier, db.FileAttachment, db.Task, db.User, db.outbox]
  return db.transaction('r', tables, async () => {
    const [invoices, suppliers, attachments, tasks, users, outbox] = await Promise.all([
      db.SupplierInvoice.where('companyKey').equals(companyKey).toArray(),
      db.Supplier.where('companyKey').equals(companyKey).toArray(),
      db.FileAttachment.where('companyKey').equals(companyKey).toArray(),
      db.Task.where('companyKey').equals(companyKey).toArray(),
      db.User.where('companyKey').equals(companyKey).toArray(),
      db.outbox.where('companyKey').equals(companyKey).toArray(),
    ])
    const supplierById = new Map(suppliers.map((row) => [row.ID, row]))
    const userById = new Map(users.map((row) => [row.ID, row]))
    const attachmentCount = new Map<number, number>()
    for (const link of attachments) {
      if (link.EntityType !== 'SupplierInvoice') continue
      const id = link.EntityID
      attachmentCount.set(id, (attachmentCount.get(id) ?? 0) + 1)
    }
    const assigned = new Map<number, string | null>()
    for (const task of tasks)
      if (task.StatusCode === TaskStatus.Active && typeof task.EntityID === 'number')
        assigned.set(task.EntityID, userName(userById.get(task.UserID ?? -1)))
    const queued = queuedRows(outbox, ['SupplierInvoice'])
    return invoices.map((invoice) => ({
      ID: invoice.ID,
      supplierName: supplierName(supplierById.get(invoice.SupplierID ?? -1), invoice),
      SupplierID: number(invoice.SupplierID),
      InvoiceNumber: text(invoice.InvoiceNumber),
      InvoiceDate: text(invoice.InvoiceDate),
      PaymentDueDate: text(invoice.PaymentDueDate),
      TaxInclusiveAmount: number(invoice.TaxInclusiveAmount),
      StatusCode: invoice.StatusCode,
      attachments: attachmentCount.get(invoice.ID) ?? 0,
      assignedTo: assigned.get(invoice.ID) ?? null,
      unsynced: queued.has(queuedRowKey('SupplierInvoice', invoice.ID)),
      conflict: queued.get(queuedRowKey('SupplierInvoice', invoice.ID)) === true,
    }))
  })
}

export function countTabs(rows: readonly InboxRow[]): Record<InboxTab, number> {
  const counts = { draft: 0, forApproval: 0, approved: 0, rejected: 0, journaled: 0, all: rows.length }
  for (const row of rows)
    for (const tab of inboxTabs) if (tab !== 'all' && tabStatus[tab] === row.StatusCode) counts[tab]++
  return counts
}

/** Digits of an amount as typed or shown (`1 234,50`, `1234.5`, `1234`) for matching against a row's amount. */
function amountKeys(amount: number): string[] {
  const fixed = amount.toFixed(2)
  return [fixed.replace('.', ','), fixed, fixed.replace(/[.,]00$/, '')]
}

/**
 * What a row is searched in, lower-cased once per row (rows are made anew when the cache changes, so a
 * row's text never goes stale): typing in the search box then costs a scan, not 50,000 locale-aware
 * lower-casings per key.
 */
const searchText = new WeakMap<InboxRow, { text: string; amounts: string[] | null }>()
function searchable(row: InboxRow): { text: string; amounts: string[] | null } {
  let found = searchText.get(row)
  if (!found) {
    found = {
      text: `${row.supplierName ?? ''} ${row.InvoiceNumber ?? ''}`.toLocaleLowerCase('nb'),
      amounts: row.TaxInclusiveAmount === null ? null : amountKeys(row.TaxInclusiveAmount),
    }
    searchText.set(row, found)
  }
  return found
}

/**
 * The rows of a tab that match the search: words are matched (all of them, any order) against the supplier
 * name and invoice number; a query that reads as an amount (`1 234,50`) also matches the amount.
 */
export function filterRows(rows: readonly InboxRow[], tab: InboxTab, query: string): InboxRow[] {
  const status = tab === 'all' ? null : tabStatus[tab]
  const words = query.trim().toLocaleLowerCase('nb').split(/\s+/).filter(Boolean)
  const amountQuery = query.replace(/[\s\u00a0]/g, '')
  const asAmount = /^-?\d+([.,]\d{1,2})?$/.test(amountQuery) ? amountQuery : null
  return rows.filter((row) => {
    if (status !== null && row.StatusCode !== status) return false
    if (words.length === 0) return true
    const { text: haystack, amounts } = searchable(row)
    if (asAmount && amounts?.some((key) => key.startsWith(asAmount))) return true
    return words.every((word) => haystack.includes(word))
  })
}
