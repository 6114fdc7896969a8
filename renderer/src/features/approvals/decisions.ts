// The user's decisions on approvals: each one is the approval row (shown decided at once) and its outbox
// entry, in one Dexie transaction; the sync engine sends them, offline too. A rejection needs a comment:
// it travels with the entry and main posts it on the invoice before the reject.
import { outboxAction } from '@common/bridge/outbox'
import { ApprovalStatus } from '@common/status'
import { queueAction } from '@renderer/data/outbox'
import type { WorkspaceDb } from '@renderer/data/schema'
import type { MyApprovalRow } from './my-approval-rows.ts'

export class DecisionError extends Error {
  constructor(
    readonly code: 'COMMENT_REQUIRED' | 'ALREADY_DECIDED',
    message: string,
  ) {
    super(message)
  }
}

type Target = Pick<MyApprovalRow, 'companyKey' | 'ID' | 'decision'>

/** Queues approve for every row not decided yet; answers how many were queued. */
export async function approveRows(db: WorkspaceDb, rows: readonly Target[]): Promise<number> {
  const open = rows.filter((r) => r.decision === null)
  await db.transaction('rw', db.Approval, db.outbox, async () => {
    for (const r of open)
      await queueAction(db, r.companyKey, r.ID, outboxAction('Approval', 'approve'), {
        StatusCode: ApprovalStatus.Approved,
      })
  })
  return open.length
}

/** Queues reject with the comment for every row not decided yet; the comment is required. */
export async function rejectRows(db: WorkspaceDb, rows: readonly Target[], comment: string): Promise<number> {
  const text = comment.trim()
  if (!text) throw new DecisionError('COMMENT_REQUIRED', 'A rejection needs a comment')
  const open = rows.filter((r) => r.decision === null)
  await db.transaction('rw', db.Approval, db.outbox, async () => {
    for (const r of open)
      await queueAction(db, r.companyKey, r.ID, outboxAction('Approval', 'reject', { Comment: text }), {
        StatusCode: ApprovalStatus.Rejected,
      })
  })
  return open.length
}
