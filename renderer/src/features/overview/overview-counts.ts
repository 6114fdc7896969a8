// The office overview's figures, counted from the offline cache in one read transaction for every
// company: the unbooked supplier invoices through the [companyKey+StatusCode] index (booked ones are
// never read), the user's open approvals through the same index on Approval.
import { ApprovalStatus, SupplierInvoiceStatus } from '@common/status'
import type { CachedRow, CompanyRecord, WorkspaceDb } from '@renderer/data/schema'

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
  const [invoices, approvals] = await db.transaction('r', db.SupplierInvoice, db.Approval, () =>
    Promise.all([
      db.SupplierInvoice.where('[companyKey+StatusCode]')
        .anyOf(keys.flatMap((key) => unbooked.map((status) => [key, status])))
        .toArray(),
      db.Approval.where('[companyKey+StatusCode]')
        .anyOf(keys.map((key) => [key, ApprovalStatus.Active]))
        .toArray(),
    ]),
  )
  for (const invoice of invoices) addInvoice(counts.get(invoice.companyKey), invoice, today)
  const userIds = new Map(companies.map((company) => [company.Key, company.userId]))
  for (const approval of approvals) {
    const userId = userIds.get(approval.companyKey)
    if (userId != null && approval.UserID === userId) counts.get(approval.companyKey)!.myApprovals++
  }
  return counts
}

function addInvoice(counts: CompanyCounts | undefined, invoice: CachedRow, today: string): void {
  const column = statusColumn[invoice.StatusCode as number]
  if (!counts || !column) return
  counts[column]++
  const due = invoice.PaymentDueDate
  if (typeof due === 'string' && due.slice(0, 10) < today) counts.overdue++
}
