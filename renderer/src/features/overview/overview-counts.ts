// The office overview's figures, counted from the offline cache in one read transaction for every
// company. Invoices are counted by IndexedDB itself, never by reading a row or a key in script (a cached
// invoice carries its supplier and draft lines, and reading 25,000 of them takes seconds; walking 25,000 index
// keys with a cursor takes seconds too): the unbooked ones per status through [companyKey+StatusCode], the
// overdue ones through [companyKey+StatusCode+PaymentDueDate] below today.
// The user's open approvals are read through [companyKey+StatusCode] on Approval (few rows: only the user's).
import { ApprovalStatus, SupplierInvoiceStatus } from '@common/status'
import type { CompanyRecord, WorkspaceDb } from '@renderer/data/schema'

export interface CompanyCounts {
  toReview: number
  forApproval: number
  rejected: number
  approved: number
  /** Not yet booked and past its due date. */
  overdue: number
  myApprovals: number
}

export const countColumns = [
  'toReview',
  'forApproval',
  'rejected',
  'approved',
  'overdue',
  'myApprovals',
] as const satisfies readonly (keyof CompanyCounts)[]
export type CountColumn = (typeof countColumns)[number]

const unbooked = [
  SupplierInvoiceStatus.Draft,
  SupplierInvoiceStatus.ForApproval,
  SupplierInvoiceStatus.Approved,
  SupplierInvoiceStatus.Rejected,
]

const statusColumn: Record<number, CountColumn> = {
  [SupplierInvoiceStatus.Draft]: 'toReview',
  [SupplierInvoiceStatus.ForApproval]: 'forApproval',
  [SupplierInvoiceStatus.Approved]: 'approved',
  [SupplierInvoiceStatus.Rejected]: 'rejected',
}

/** The counts the overview showed last, per open workspace (gone with it): shown at once when it comes back. */
export const lastCounts = new WeakMap<WorkspaceDb, Map<string, CompanyCounts>>()

export function emptyCounts(): CompanyCounts {
  return { toReview: 0, forApproval: 0, rejected: 0, approved: 0, overdue: 0, myApprovals: 0 }
}

/** `yyyy-mm-dd` of a day in the machine's time zone, the form the platform writes dates in. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * Counts per company key. `userIds` maps each company to the user's own User.ID there (it differs per
 * company), so "my approvals" never counts a colleague's.
 */
export async function countCompanies(
  db: WorkspaceDb,
  companies: readonly Pick<CompanyRecord, 'Key' | 'userId'>[],
  today: string,
): Promise<Map<string, CompanyCounts>> {
  const counts = new Map(companies.map((company) => [company.Key, emptyCounts()]))
  if (companies.length === 0) return counts
  const keys = companies.map((company) => company.Key)
  const pairs = keys.flatMap((key) => unbooked.map((status) => [key, status] as const))
  // One native count per company and status (IndexedDB counts an index range without handing a key to
  // script), all in one read transaction.
  const [statusCounts, overdueCounts, approvals] = await db.transaction(
    'r',
    db.SupplierInvoice,
    db.Approval,
    () =>
      Promise.all([
        Promise.all(
          pairs.map(([key, status]) =>
            db.SupplierInvoice.where('[companyKey+StatusCode]').equals([key, status]).count(),
          ),
        ),
        Promise.all(
          pairs.map(([key, status]) =>
            db.SupplierInvoice.where('[companyKey+StatusCode+PaymentDueDate]')
              .between([key, status, ''], [key, status, today])
              .count(),
          ),
        ),
        db.Approval.where('[companyKey+StatusCode]')
          .anyOf(keys.map((key) => [key, ApprovalStatus.Active]))
          .toArray(),
      ]),
  )
  pairs.forEach(([key, status], i) => {
    const company = counts.get(key)!
    company[statusColumn[status]!] += statusCounts[i]!
    // Due dates are written `yyyy-mm-dd` (some with a time after it): below `today` is before today.
    company.overdue += overdueCounts[i]!
  })
  const userIds = new Map(companies.map((company) => [company.Key, company.userId]))
  for (const approval of approvals) {
    const userId = userIds.get(approval.companyKey)
    if (userId != null && approval.UserID === userId) counts.get(approval.companyKey)!.myApprovals++
  }
  return counts
}
