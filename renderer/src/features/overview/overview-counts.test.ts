import { afterEach, describe, expect, it } from 'vitest'
import { ApprovalStatus, SupplierInvoiceStatus as SI } from '@common/status'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import { countCompanies } from './overview-counts.ts'

let db: WorkspaceDb
afterEach(async () => {
  await db.delete()
})

const invoice = (
  companyKey: string,
  ID: number,
  StatusCode: number,
  PaymentDueDate: string | null = '2026-12-31',
) => ({
  companyKey,
  ID,
  StatusCode,
  PaymentDueDate,
  UpdatedAt: '2026-11-01T10:00:00Z',
})

describe('the office overview counts', () => {
  it('counts each company from its own rows: statuses, overdue unbooked and the user’s own approvals', async () => {
    db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
    await db.SupplierInvoice.bulkPut([
      invoice('nordlys', 1, SI.Draft),
      invoice('nordlys', 2, SI.Draft, '2026-11-01'),
      invoice('nordlys', 3, SI.ForApproval),
      invoice('nordlys', 4, SI.Approved, '2026-10-01'),
      invoice('nordlys', 5, SI.Rejected),
      // Booked invoices are neither counted nor overdue in the workflow.
      invoice('nordlys', 6, SI.Journaled, '2026-01-01'),
      invoice('aurora', 1, SI.Draft),
      invoice('aurora', 2, SI.ForApproval, '2026-11-22'),
      // No due date: counted by its status, never overdue; a due date with a time counts by its day.
      invoice('aurora', 3, SI.Rejected, null),
      invoice('aurora', 4, SI.Approved, '2026-11-23T00:00:00'),
      invoice('aurora', 5, SI.Approved, '2026-11-22T23:59:00'),
    ])
    await db.Approval.bulkPut([
      { companyKey: 'nordlys', ID: 1, UserID: 7, StatusCode: ApprovalStatus.Active },
      { companyKey: 'nordlys', ID: 2, UserID: 8, StatusCode: ApprovalStatus.Active },
      { companyKey: 'nordlys', ID: 3, UserID: 7, StatusCode: ApprovalStatus.Approved },
      // User 7 in Aurora is somebody else: the user's ID there is 3.
      { companyKey: 'aurora', ID: 1, UserID: 7, StatusCode: ApprovalStatus.Active },
      { companyKey: 'aurora', ID: 2, UserID: 3, StatusCode: ApprovalStatus.Active },
    ])
    const counts = await countCompanies(
      db,
      [
        { Key: 'nordlys', userId: 7 },
        { Key: 'aurora', userId: 3 },
        { Key: 'empty', userId: null },
      ],
      '2026-11-23',
    )
    expect(counts.get('nordlys')).toEqual({
      toReview: 2,
      forApproval: 1,
      rejected: 1,
      approved: 1,
      overdue: 2,
      myApprovals: 1,
      salesDrafts: 0,
      salesOverdue: 0,
    })
    expect(counts.get('aurora')).toEqual({
      toReview: 1,
      forApproval: 1,
      rejected: 1,
      approved: 2,
      overdue: 2,
      myApprovals: 1,
      salesDrafts: 0,
      salesOverdue: 0,
    })
    expect(counts.get('empty')).toEqual({
      toReview: 0,
      forApproval: 0,
      rejected: 0,
      approved: 0,
      overdue: 0,
      myApprovals: 0,
      salesDrafts: 0,
      salesOverdue: 0,
    })
  })
})
