// The office overview's figures per company: the invoice counts the workspace keeps as invoices are written
// (`data/company-counts.ts`, counted by IndexedDB itself) and the user's open approvals, read through
// [companyKey+StatusCode] on Approval (few rows: only the user's and those they stand in for).
import { ApprovalStatus } from '@common/status'
import { countInvoices, emptyInvoiceCounts, isoDay, type InvoiceCounts } from '@renderer/data/company-counts'
import type { CompanyRecord, WorkspaceDb } from '@renderer/data/schema'

export { isoDay }

export interface CompanyCounts extends InvoiceCounts {
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

type Companies = readonly Pick<CompanyRecord, 'Key' | 'userId'>[]

export function emptyCounts(): CompanyCounts {
  return { ...emptyInvoiceCounts(), myApprovals: 0 }
}

/** The user's own open approvals per company (`userId` differs per company: never a colleague's). */
async function myApprovals(db: WorkspaceDb, companies: Companies): Promise<Map<string, number>> {
  const userIds = new Map(companies.map((company) => [company.Key, company.userId]))
  const approvals = await db.Approval.where('[companyKey+StatusCode]')
    .anyOf(companies.map((company) => [company.Key, ApprovalStatus.Active]))
    .toArray()
  const mine = new Map<string, number>()
  for (const approval of approvals) {
    const userId = userIds.get(approval.companyKey)
    if (userId != null && approval.UserID === userId)
      mine.set(approval.companyKey, (mine.get(approval.companyKey) ?? 0) + 1)
  }
  return mine
}

/** Counts per company key, counted now from the cached rows. */
export async function countCompanies(
  db: WorkspaceDb,
  companies: Companies,
  today: string,
): Promise<Map<string, CompanyCounts>> {
  if (companies.length === 0) return new Map()
  const keys = companies.map((company) => company.Key)
  const [invoices, mine] = await Promise.all([countInvoices(db, keys, today), myApprovals(db, companies)])
  return new Map(keys.map((key) => [key, { ...invoices.get(key)!, myApprovals: mine.get(key) ?? 0 }]))
}

/**
 * Counts per company key as the workspace keeps them (what the overview shows), with the user's approvals
 * (their User.ID per company from the workspace's company records), in one read; and the companies whose
 * kept counts are missing or from another day (the caller has them counted again; until then they are absent).
 */
export async function readCompanyCounts(
  db: WorkspaceDb,
  keys: readonly string[],
  today: string,
): Promise<{ counts: Map<string, CompanyCounts>; stale: string[] }> {
  const counts = new Map<string, CompanyCounts>()
  if (keys.length === 0) return { counts, stale: [] }
  const [kept, mine] = await db.transaction('r', db.companyCounts, db.companies, db.Approval, async () => {
    const records = await db.companies.bulkGet([...keys])
    const companies = keys.map((Key, i) => ({ Key, userId: records[i]?.userId ?? null }))
    return Promise.all([db.companyCounts.bulkGet([...keys]), myApprovals(db, companies)])
  })
  const stale: string[] = []
  kept.forEach((row, i) => {
    const key = keys[i]!
    if (!row || row.day !== today) stale.push(key)
    if (row?.day === today) counts.set(key, { ...row.counts, myApprovals: mine.get(key) ?? 0 })
  })
  return { counts, stale }
}

/** What the overview showed last, per open workspace (gone with it): shown at once when it comes back. */
export const lastShown = new WeakMap<WorkspaceDb, Awaited<ReturnType<typeof readCompanyCounts>>>()
