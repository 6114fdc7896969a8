// The office overview's figures per company: the invoice counts the workspace keeps as invoices are written
// (`data/company-counts.ts`, counted by IndexedDB itself) and the user's open approvals, read through
// [companyKey+UserID+StatusCode] on Approval.
import { ApprovalStatus } from '@common/status'
import { countInvoices, emptyInvoiceCounts, isoDay, type InvoiceCounts } from '@renderer/data/company-counts'
import type { CompanyRecord, WorkspaceDb } from '@renderer/data/schema'
import { wentThroughToday } from '@renderer/data/went-through'
import { straightThroughByCompany, type StraightThroughFigure } from './straight-through.ts'

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
  'salesDrafts',
  'salesOverdue',
] as const satisfies readonly (keyof CompanyCounts)[]
export type CountColumn = (typeof countColumns)[number]

const keptColumns = Object.keys(emptyInvoiceCounts()) as (keyof InvoiceCounts)[]

type Companies = readonly Pick<CompanyRecord, 'Key' | 'userId'>[]

export function emptyCounts(): CompanyCounts {
  return { ...emptyInvoiceCounts(), myApprovals: 0 }
}

/**
 * The user's own open approvals per company (`userId` differs per company: never a colleague's), counted
 * by IndexedDB in [companyKey+UserID+StatusCode]: no approval row is read.
 */
async function myApprovals(db: WorkspaceDb, companies: Companies): Promise<Map<string, number>> {
  const counted = await Promise.all(
    companies.map((company) =>
      company.userId == null
        ? 0
        : db.Approval.where('[companyKey+UserID+StatusCode]')
            .equals([company.Key, company.userId, ApprovalStatus.Active])
            .count(),
    ),
  )
  return new Map(companies.map((company, i) => [company.Key, counted[i]!]))
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

/** What the overview shows, read in one transaction. */
export interface OverviewFigures {
  /** Counts per company key as the workspace keeps them, with the user's own open approvals. */
  counts: Map<string, CompanyCounts>
  /** Companies whose kept counts are missing or from another day: the caller has them counted again. */
  stale: string[]
  /** The workspace's record of each company (sync state, last sync, the user's User.ID there). */
  records: Map<string, CompanyRecord>
  /** Each company's straight-through figure from the review's saves on this computer. */
  straightThrough: Map<string, StraightThroughFigure>
  /** How many invoices of each company went through by themselves today (straight-through rules). */
  wentToday: Map<string, number>
}

/**
 * Everything the overview shows of `keys`, in one read: the counts the workspace keeps (a company counted
 * on another day, or not yet, is left out and listed as stale), the user's approvals (their User.ID per
 * company from the workspace's company records), those records, and the straight-through figures.
 */
export async function readCompanyCounts(
  db: WorkspaceDb,
  keys: readonly string[],
  today: string,
): Promise<OverviewFigures> {
  const counts = new Map<string, CompanyCounts>()
  if (keys.length === 0)
    return { counts, stale: [], records: new Map(), straightThrough: new Map(), wentToday: new Map() }
  const [records, kept, mine, straightThrough, wentToday] = await db.transaction(
    'r',
    [db.companyCounts, db.companies, db.Approval, db.reviewOutcomes, db.wentThrough],
    async () => {
      const records = await db.companies.bulkGet([...keys])
      const companies = keys.map((Key, i) => ({ Key, userId: records[i]?.userId ?? null }))
      return Promise.all([
        records,
        db.companyCounts.bulkGet([...keys]),
        myApprovals(db, companies),
        straightThroughByCompany(db, keys),
        wentThroughToday(db, keys),
      ])
    },
  )
  const stale: string[] = []
  kept.forEach((row, i) => {
    const key = keys[i]!
    // Counts kept before a column existed are stale too: the company is counted again with it.
    const current =
      row?.day === today && keptColumns.every((column) => typeof row.counts[column] === 'number')
    if (!current) stale.push(key)
    if (current) counts.set(key, { ...row.counts, myApprovals: mine.get(key) ?? 0 })
  })
  const byKey = new Map<string, CompanyRecord>()
  for (const record of records) if (record) byKey.set(record.Key, record)
  return { counts, stale, records: byKey, straightThrough, wentToday }
}

/** What the overview showed last, per open workspace (gone with it): shown at once when it comes back. */
export const lastShown = new WeakMap<WorkspaceDb, OverviewFigures>()
