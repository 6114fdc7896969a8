// Approving and rejecting from the outbox (spec 3.5). An approval can be handled by someone else while the
// user's decision waits in the outbox: a colleague in the same step approved it (indirectly approved), the
// accountant reassigned or cancelled the flow, or a substitute acted. The decision then ends as "already
// handled by …" (code ALREADY_HANDLED, `by` naming who), never as a platform error. A rejection carries
// its comment, posted to the invoice (`comments/SupplierInvoice/{id}`) before the reject, once only.
import { ApprovalStatus } from '../../../../common/status.ts'
import type { OutboxCommandOf } from '../../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError, HttpStatus } from '../api/errors.ts'
import { ifOffered } from '../api/offered.ts'
import { done, type Executor } from './executor.ts'
import { rowPath } from './platform-rows.ts'
import { findCreated } from './row-actions.ts'
import { sessionUser } from '../platform-reads/session-user.ts'

/** Codes of an approval decision that was overtaken; the view shows them as information. */
export const ApprovalOutcomeCode = {
  AlreadyHandled: 'ALREADY_HANDLED',
  Reassigned: 'REASSIGNED',
} as const

type Row = PlatformRow

type Decision = OutboxCommandOf<'Approval', 'approve' | 'reject'>

/** The status a decision leaves the approval in. */
const decisions: Record<Decision['action'], number> = {
  approve: ApprovalStatus.Approved,
  reject: ApprovalStatus.Rejected,
}

/** The comment of a rejection, as the view queues it: `{ Comment: text }`. */
function rejectionComment(command: Decision): string | null {
  return command.action === 'reject' && command.body.Comment.trim() ? command.body.Comment.trim() : null
}

/**
 * One approval as the documented list answers it (spec 4.8 `GET approvals` with a filter; no read of one
 * approval by id is documented): null when the list no longer holds it. A list the platform does not offer
 * fails as itself, never as "the approval is gone".
 */
async function readApproval(api: ApiClient, companyKey: string, id: number): Promise<Row | null> {
  const [row] = await api.get<Row[]>('api/biz/approvals', {
    companyKey,
    query: { filter: `ID eq ${Math.trunc(id)}`, expand: 'Task', top: 1 },
  })
  return row ?? null
}

/** A user's name from the GlobalIdentity the platform keeps in UpdatedBy/CreatedBy (field notes). */
export async function nameOfIdentity(api: ApiClient, companyKey: string, identity: unknown): Promise<string> {
  if (typeof identity !== 'string' || !identity) return ''
  const [user] = await api.get<Row[]>('api/biz/users', {
    companyKey,
    query: {
      filter: `GlobalIdentity eq ${quoted(identity)}`,
      select: 'ID,DisplayName,GlobalIdentity',
      top: 1,
    },
  })
  return typeof user?.DisplayName === 'string' ? user.DisplayName : ''
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`

/** Who settled the approval's step: the user of the approval that was approved or rejected there. */
async function handledBy(api: ApiClient, companyKey: string, approval: Row): Promise<string> {
  const siblings = await api.get<Row[]>('api/biz/approvals', {
    companyKey,
    query: {
      filter: `TaskID eq ${Number(approval.TaskID)} and (StatusCode eq ${ApprovalStatus.Approved} or StatusCode eq ${ApprovalStatus.Rejected})`,
      expand: 'User',
      orderby: 'UpdatedAt desc',
    },
  })
  const step = Number(approval.StepNumber)
  const decided =
    Number(approval.StatusCode) === ApprovalStatus.Approved ||
    Number(approval.StatusCode) === ApprovalStatus.Rejected
      ? approval
      : (siblings.find((s) => Number(s.StepNumber) === step) ?? siblings[0])
  const byName = await nameOfIdentity(api, companyKey, decided?.UpdatedBy)
  if (byName) return byName
  const user = decided?.User as Row | undefined
  return typeof user?.DisplayName === 'string' ? user.DisplayName : ''
}

/** Posts a comment on a supplier invoice unless the same user's same text is there (a retry). */
export async function postCommentOnce(
  api: ApiClient,
  companyKey: string,
  invoiceId: number,
  text: string,
  authorId: number,
): Promise<void> {
  const path = `api/biz/comments/SupplierInvoice/${invoiceId}`
  // Only the POST of a comment is documented: where the platform does not list comments it is posted
  // without the look, and a retry after a lost answer may post the same comment a second time.
  const existing = await ifOffered(() => api.get<Row[]>(path, { companyKey }))
  if (existing?.some((c) => c.Text === text && Number(c.AuthorID) === authorId)) return
  await api.post(path, { Text: text }, { companyKey })
}

/**
 * Executes an approve or reject from the outbox. Before sending it reads the approval: one that is no
 * longer active was decided by this user on an earlier attempt (done) or was overtaken (already handled).
 */
export const decideApproval: Executor<Decision> = async (command, { api, companyKey }) => {
  const action = command.action
  const id = command.entityId
  const [approval, user] = await Promise.all([
    readApproval(api, companyKey, id),
    sessionUser(api, companyKey),
  ])
  if (!approval) {
    return {
      status: 'failed',
      error: { code: ApprovalOutcomeCode.Reassigned, message: `Approval ${id} no longer exists`, by: '' },
      row: null,
    }
  }
  const status = Number(approval.StatusCode)
  if (status !== ApprovalStatus.Active) {
    if (status === decisions[action] && approval.UpdatedBy === user.GlobalIdentity && command.attempts > 0)
      return done(approval)
    if (status === ApprovalStatus.Reassigned)
      return {
        status: 'failed',
        error: { code: ApprovalOutcomeCode.Reassigned, message: 'The flow was reassigned', by: '' },
        row: approval,
      }
    const by = await handledBy(api, companyKey, approval)
    return {
      status: 'failed',
      error: {
        code: ApprovalOutcomeCode.AlreadyHandled,
        message: by ? `Already handled by ${by}` : 'Already handled',
        by,
      },
      row: approval,
    }
  }
  const comment = rejectionComment(command)
  if (action === 'reject' && comment) {
    const task = approval.Task as Row | undefined
    const invoiceId = Number(task?.EntityID)
    if (Number.isFinite(invoiceId)) await postCommentOnce(api, companyKey, invoiceId, comment, user.ID)
  }
  await api.post(`api/biz/approvals/${id}`, null, { companyKey, query: { action } })
  return done(await readApproval(api, companyKey, id))
}

/**
 * The approvals the workspace caches: the user's own and those of the users they stand in for today
 * (spec field notes: a substitute acts while FromDate <= today <= ToDate). The documents name no list of
 * substitutes (spec 4.8: only POST and DELETE approvalsubstitutes); a platform that refuses the list (404,
 * 400, 403) leaves the user's own approvals, and the pull goes on with those (the "While I am away" panel
 * says that periods are not listed).
 */
export async function approvalOwners(
  api: ApiClient,
  companyKey: string,
  userId: number,
  today: string,
): Promise<number[]> {
  let substitutes: Row[]
  try {
    substitutes = await api.get<Row[]>('api/biz/approvalsubstitutes', {
      companyKey,
      query: {
        filter: `SubstituteUserID eq ${userId} and FromDate le '${today}' and ToDate ge '${today}'`,
        select: 'UserID',
      },
    })
  } catch (error) {
    if (substitutesNotListed(error)) return [userId]
    throw error
  }
  return [userId, ...new Set(substitutes.map((s) => Number(s.UserID)))]
}

/**
 * A substitute period (spec 4.8: POST approvalsubstitutes). A retry first looks for the period the earlier
 * attempt made; a platform that does not list substitutes cannot say, and the entry fails with
 * SUBSTITUTES_NOT_LISTED rather than risk a second period the app could neither show nor end.
 */
export const createSubstitute: Executor<OutboxCommandOf<'ApprovalSubstitute', 'create'>> = async (
  command,
  { api, companyKey },
) => {
  if (command.attempts > 0) {
    try {
      const earlier = await findCreated(api, companyKey, command)
      if (earlier) return done(earlier)
    } catch (error) {
      if (!substitutesNotListed(error)) throw error
      return {
        status: 'failed',
        error: {
          code: SubstituteOutcomeCode.NotListed,
          message:
            'The platform does not list substitute periods, so whether the earlier attempt saved this one ' +
            'cannot be checked: see the period in the web app before adding it again',
        },
        row: null,
      }
    }
  }
  // The answer is the created entity with its new ID (field notes).
  return done(await api.post<Row>(rowPath(command.entity), command.body, { companyKey }))
}

/**
 * Ends a substitute period (spec 4.8: DELETE approvalsubstitutes/{id}). The documents name no read of one
 * period, so a retry does not look first: it deletes again, and "not found" means an earlier attempt did.
 */
export const deleteSubstitute: Executor<OutboxCommandOf<'ApprovalSubstitute', 'delete'>> = async (
  command,
  { api, companyKey },
) => {
  try {
    await api.delete(rowPath(command.entity, command.entityId), { companyKey })
  } catch (error) {
    if (!(error instanceof ApiError && error.status === HttpStatus.NotFound)) throw error
  }
  return done(null)
}

export const SubstituteOutcomeCode = { NotListed: 'SUBSTITUTES_NOT_LISTED' } as const

/** The platform's answer that it does not list approval substitutes. */
export const substitutesNotListed = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === HttpStatus.NotFound ||
    error.status === HttpStatus.BadRequest ||
    error.status === HttpStatus.Forbidden)
