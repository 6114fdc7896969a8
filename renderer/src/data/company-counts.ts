// Each company's invoice counts by status (and overdue), kept in the workspace beside the rows they count,
// so the office overview shows 100 companies by reading 100 small rows. A DBCore middleware sees every write
// to the cached supplier and customer invoices, whoever makes it (pull, outbox, reconciliation, removal of a company's
// offline data), and the companies it touched are counted again shortly after, by IndexedDB's own count of
// an index range (never by reading a row or walking keys in script). Overdue depends on the day: a row
// counted on another day is counted again when it is read.
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

/** How long writes to one company gather before it is counted again (a pull writes page after page). */
const settleMs = 100

/** The cached invoices the counts are made of: a write to one counts its company again. */
const countedTables: ReadonlySet<string> = new Set(['SupplierInvoice', 'CustomerInvoice'])

/** Follows every write to the cached invoices and counts the companies they touched again. */
export function keepCompanyCounts(db: Dexie): void {
  const dirty = new Set<string>()
  let everything = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = undefined
      const workspace = db as CountedTables
      const all = everything
      const keys = [...dirty]
      dirty.clear()
      everything = false
      void (async () => {
        const known = all ? ((await workspace.companyCounts.toCollection().primaryKeys()) as string[]) : []
        await refreshCompanyCounts(workspace, [...new Set([...keys, ...known])])
      })().catch((error: unknown) => {
        if (db.isOpen()) console.error('Counting the companies’ invoices failed', error)
      })
    }, settleMs)
  }
  const companyOf = (key: unknown) => (Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null)
  db.use({
    stack: 'dbcore',
    name: 'company-counts',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        if (!countedTables.has(name)) return table
        return {
          ...table,
          async mutate(request) {
            const result = await table.mutate(request)
            if (request.type === 'put' || request.type === 'add') {
              for (const row of request.values as { companyKey?: unknown }[])
                if (typeof row.companyKey === 'string') dirty.add(row.companyKey)
            } else if (request.type === 'delete') {
              for (const key of request.keys) {
                const company = companyOf(key)
                if (company) dirty.add(company)
              }
            } else {
              const lower = companyOf(request.range.lower)
              if (lower && lower === companyOf(request.range.upper)) dirty.add(lower)
              else everything = true
            }
            schedule()
            return result
          },
        }
      },
    }),
  })
}
