// Each company's invoice counts by status (and overdue), kept in the workspace beside the rows they count,
// so the office overview shows 100 companies by reading 100 small rows. Every write to the cached supplier
// and customer invoices, whoever makes it (pull, outbox, reconciliation, removal of a company's offline data),
// has the companies it touched counted again shortly after (data/company-writes.ts, which keeps the desk's
// briefs the same way), by IndexedDB's own count of an index range (never by reading a row or walking keys in
// script). Overdue depends on the day: a row counted on another day is counted again when it is read.
import type { EntityTable, Table } from 'dexie'
import Dexie from 'dexie'
import { CustomerInvoiceStatus, InvoiceType, SupplierInvoiceStatus } from '@common/status'

export interface InvoiceCounts {
  toReview: number
  forApproval: number
  rejected: number
  approved: number
  /** Not yet booked and past its due date. */
  overdue: number
  /** Customer invoices and credit notes not yet invoiced (the sales list's Drafts). */
  salesDrafts: number
  /** Customer invoices still owed and past their due date (the sales list's Overdue). */
  salesOverdue: number
}

export interface CompanyCountsRow {
  Key: string
  /** The day (`yyyy-mm-dd`, machine time zone) `overdue` was counted for. */
  day: string
  counts: InvoiceCounts
}

/**
 * The two workspace tables the counts read and write. The schema installs the counting on every workspace
 * it opens, so the counts name just these tables instead of the schema's whole database type.
 */
export type CountedTables = Dexie & {
  SupplierInvoice: Table<{ companyKey: string }, [string, number]>
  CustomerInvoice: Table<
    {
      companyKey: string
      InvoiceType?: number | null
      StatusCode?: number | null
      PaymentDueDate?: string | null
    },
    [string, number]
  >
  companyCounts: EntityTable<CompanyCountsRow, 'Key'>
}

const unbooked = [
  SupplierInvoiceStatus.Draft,
  SupplierInvoiceStatus.ForApproval,
  SupplierInvoiceStatus.Approved,
  SupplierInvoiceStatus.Rejected,
]
/** Customer invoices still owed (invoiced, partly paid, partly credited): overdue once past their due date. */
const owed = [
  CustomerInvoiceStatus.Invoiced,
  CustomerInvoiceStatus.PartlyPaid,
  CustomerInvoiceStatus.PartlyCredited,
]
const statusColumn: Record<
  number,
  Exclude<keyof InvoiceCounts, 'overdue' | 'salesDrafts' | 'salesOverdue'>
> = {
  [SupplierInvoiceStatus.Draft]: 'toReview',
  [SupplierInvoiceStatus.ForApproval]: 'forApproval',
  [SupplierInvoiceStatus.Approved]: 'approved',
  [SupplierInvoiceStatus.Rejected]: 'rejected',
}

export const emptyInvoiceCounts = (): InvoiceCounts => ({
  toReview: 0,
  forApproval: 0,
  rejected: 0,
  approved: 0,
  overdue: 0,
  salesDrafts: 0,
  salesOverdue: 0,
})

/** `yyyy-mm-dd` of a day in the machine's time zone, the form the platform writes dates in. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Counts the companies' cached invoices: one native count per company and status, in one transaction. */
export async function countInvoices(
  db: CountedTables,
  keys: readonly string[],
  today: string,
): Promise<Map<string, InvoiceCounts>> {
  const counts = new Map(keys.map((key) => [key, emptyInvoiceCounts()]))
  const pairs = keys.flatMap((key) => unbooked.map((status) => [key, status] as const))
  if (pairs.length === 0) return counts
  const owing = keys.flatMap((key) => owed.map((status) => [key, status] as const))
  const tables = [db.SupplierInvoice, db.CustomerInvoice]
  const [byStatus, overdue, drafts, salesOverdue, credits] = await db.transaction('r', tables, () =>
    Promise.all([
      Promise.all(
        pairs.map(([key, status]) =>
          db.SupplierInvoice.where('[companyKey+StatusCode]').equals([key, status]).count(),
        ),
      ),
      // Due dates are written `yyyy-mm-dd` (some with a time after it): below `today` is before today.
      Promise.all(
        pairs.map(([key, status]) =>
          db.SupplierInvoice.where('[companyKey+StatusCode+PaymentDueDate]')
            .between([key, status, ''], [key, status, today])
            .count(),
        ),
      ),
      Promise.all(
        keys.map((key) =>
          db.CustomerInvoice.where('[companyKey+StatusCode]')
            .equals([key, CustomerInvoiceStatus.Draft])
            .count(),
        ),
      ),
      Promise.all(
        owing.map(([key, status]) =>
          db.CustomerInvoice.where('[companyKey+StatusCode+PaymentDueDate]')
            .between([key, status, ''], [key, status, today])
            .count(),
        ),
      ),
      // An invoiced credit note keeps status 42002 with its own due date but owes nothing: the few rows that
      // name an invoice they credit are read and those the range above counted are taken off again.
      Promise.all(
        keys.map((key) =>
          db.CustomerInvoice.where('[companyKey+InvoiceReferenceID]')
            .between([key, Dexie.minKey], [key, Dexie.maxKey])
            .toArray(),
        ),
      ),
    ]),
  )
  pairs.forEach(([key, status], i) => {
    const company = counts.get(key)!
    company[statusColumn[status]!] += byStatus[i]!
    company.overdue += overdue[i]!
  })
  keys.forEach((key, i) => {
    const company = counts.get(key)!
    company.salesDrafts = drafts[i]!
    company.salesOverdue = credits[i]!.reduce(
      (left, row) =>
        row.InvoiceType === InvoiceType.CreditNote &&
        owed.includes(row.StatusCode as (typeof owed)[number]) &&
        typeof row.PaymentDueDate === 'string' &&
        row.PaymentDueDate !== '' &&
        row.PaymentDueDate < today
          ? left - 1
          : left,
      0,
    )
  })
  owing.forEach(([key], i) => {
    counts.get(key)!.salesOverdue += salesOverdue[i]!
  })
  return counts
}

/** Counts the companies again and keeps the result. */
export async function refreshCompanyCounts(
  db: CountedTables,
  keys: readonly string[],
  today = isoDay(new Date()),
): Promise<void> {
  if (keys.length === 0 || !db.isOpen()) return
  const counts = await countInvoices(db, keys, today)
  await db.companyCounts.bulkPut([...counts].map(([Key, c]) => ({ Key, day: today, counts: c })))
}
