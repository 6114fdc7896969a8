// The accountant's flow actions on a supplier invoice from the outbox that the platform does not make
// idempotent: `reAssign-to` (cancels the flow and starts another, spec 3.1), `sendForPayment`, and
// `rejectAssignment` (the undo of an invoice that went through by itself: out of its flow, back to a draft).
// A retry after a lost answer must not act twice, and an action overtaken by a colleague (the flow
// finished, a step approved, the invoice already sent for payment) ends as "already handled by …", as
// approval decisions do, never as a platform error.
// The documents give tasks only a POST (spec 4.8): the running flow is read through the list where the
// platform offers it, else through the statistics route over Task as the sync pull reads it
// (platform-reads/tasks.ts `withTaskFallback`), and its approvals from the documented approvals list.
import { ApprovalStatus, PaymentStatus, SupplierInvoiceStatus, TaskStatus } from '../../../../common/status.ts'
import type { OutboxBody, OutboxCommandOf, OutboxOutcome } from '../../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'
import { ApprovalOutcomeCode, nameOfIdentity } from './approval-actions.ts'
import { sessionUser } from '../platform-reads/session-user.ts'
import { withTaskFallback } from '../platform-reads/tasks.ts'
import { done, type Executor, type ExecutorContext } from './executor.ts'

type Row = PlatformRow
type FlowAction = OutboxCommandOf<'SupplierInvoice', 'reAssign-to' | 'sendForPayment' | 'rejectAssignment'>

async function alreadyHandled(api: ApiClient, companyKey: string, invoice: Row): Promise<OutboxOutcome> {
  const by = await nameOfIdentity(api, companyKey, invoice.UpdatedBy)
  return {
    status: 'failed',
    error: {
      code: ApprovalOutcomeCode.AlreadyHandled,
      message: by ? `Already handled by ${by}` : 'Already handled',
      by,
    },
    row: invoice,
  }
}

const sentForPayment = (invoice: Row) =>
  invoice.IsSentToPayment === true ||
  (invoice.PaymentStatus !== null &&
    invoice.PaymentStatus !== undefined &&
    Number(invoice.PaymentStatus) !== PaymentStatus.NotPaid)

/** The invoice's active approval task (with its plan), or null when it has none. */
async function activeTask(api: ApiClient, companyKey: string, invoiceId: number): Promise<Row | null> {
  const [model] = await api.get<Row[]>('api/biz/models', {
    companyKey,
    query: { filter: "Name eq 'SupplierInvoice'", select: 'ID' },
  })
  const query = {
    filter: `EntityID eq ${invoiceId} and ModelID eq ${Number(model?.ID)} and StatusCode eq ${TaskStatus.Active}`,
    orderby: 'ID desc',
    top: 1,
  }
  // `GET tasks` is not documented (spec 4.8 has only its POST): where it is refused, the statistics route.
  const [task] = await withTaskFallback(api, companyKey, query, () =>
    api.get<Row[]>('api/biz/tasks', { companyKey, query: { ...query, expand: 'ApprovalPlan' } }),
  )
  return task ?? null
}

/** The users (or the rule) the invoice's active flow was started for, and by whom. */
async function activeFlow(
  api: ApiClient,
  companyKey: string,
  invoiceId: number,
): Promise<{ users: number[]; ruleId: number | null; createdBy: unknown } | null> {
  const task = await activeTask(api, companyKey, invoiceId)
  if (!task) return null
  const plan = Array.isArray(task.ApprovalPlan) ? (task.ApprovalPlan as Row[]) : []
  return {
    users: [...new Set(plan.map((p) => Number(p.UserID)).filter((id) => id > 0))].sort((a, b) => a - b),
    ruleId:
      task.ApprovalRuleID === null || task.ApprovalRuleID === undefined ? null : Number(task.ApprovalRuleID),
    createdBy: task.CreatedBy,
  }
}

/** Approval statuses that mean a step of the flow was decided for the invoice. */
const APPROVED = new Set<number>([
  ApprovalStatus.Approved,
  ApprovalStatus.IndirectlyApproved,
  ApprovalStatus.PreviouslyApproved,
])

/** Whether any step of the invoice's running flow is approved (documented approvals list, by TaskID). */
async function anyStepApproved(api: ApiClient, companyKey: string, invoiceId: number): Promise<boolean> {
  const task = await activeTask(api, companyKey, invoiceId)
  if (!task) return false
  const approvals = await api.get<Row[]>('api/biz/approvals', {
    companyKey,
    query: { filter: `TaskID eq ${Number(task.ID)}`, orderby: 'ID' },
  })
  return approvals.some((a) => a.Deleted !== true && APPROVED.has(Number(a.StatusCode)))
}

/** Whether the running flow is the one this reassignment asked for, started by this user. */
function isAskedFlow(
  flow: NonNullable<Awaited<ReturnType<typeof activeFlow>>>,
  body: OutboxBody<'SupplierInvoice', 'reAssign-to'>,
  me: string,
): boolean {
  if (flow.createdBy !== me) return false
  if ('ApprovalRuleID' in body) return flow.ruleId === Number(body.ApprovalRuleID)
  const asked = 'UserIDs' in body ? [...new Set(body.UserIDs.map(Number))].sort((a, b) => a - b) : []
  return asked.length > 0 && asked.join(',') === flow.users.join(',')
}

/** The invoice as the platform has it now, and the signed-in user. */
async function invoiceAndMe(command: FlowAction, { api, companyKey, readRow }: ExecutorContext) {
  const [invoice, me] = await Promise.all([readRow(), sessionUser(api, companyKey)])
  if (!invoice) throw new Error(`Supplier invoice ${command.entityId} was not found`)
  return { invoice, me }
}

async function send(command: FlowAction, { api, companyKey, readRow }: ExecutorContext) {
  await api.post(`api/biz/supplierinvoices/${command.entityId}`, command.body ?? null, {
    companyKey,
    query: { action: command.action },
  })
  return done(await readRow())
}

/** `sendForPayment`: done once, whoever's attempt it was that reached the platform. */
export const sendForPayment: Executor<OutboxCommandOf<'SupplierInvoice', 'sendForPayment'>> = async (
  command,
  context,
) => {
  const { invoice, me } = await invoiceAndMe(command, context)
  if (sentForPayment(invoice)) {
    // Sent by this user's earlier attempt (its answer was lost), or by a colleague meanwhile.
    if (command.attempts > 0 && invoice.UpdatedBy === me.GlobalIdentity) return done(invoice)
    return alreadyHandled(context.api, context.companyKey, invoice)
  }
  return send(command, context)
}

/** `reAssign-to`: a retry finds the flow it asked for, started by this user, and does not start another. */
export const reassign: Executor<OutboxCommandOf<'SupplierInvoice', 'reAssign-to'>> = async (
  command,
  context,
) => {
  const { invoice, me } = await invoiceAndMe(command, context)
  const status = Number(invoice.StatusCode)
  // The flow ended meanwhile (approved, rejected, booked): there is nothing left to reassign.
  if (status !== SupplierInvoiceStatus.ForApproval && status !== SupplierInvoiceStatus.Assigned)
    return alreadyHandled(context.api, context.companyKey, invoice)
  if (command.attempts > 0) {
    const flow = await activeFlow(context.api, context.companyKey, command.entityId)
    if (flow && isAskedFlow(flow, command.body, me.GlobalIdentity)) return done(invoice)
  }
  return send(command, context)
}

/**
 * `rejectAssignment` (spec 3.1 names it; the local platform and the real one move an invoice in approval
 * back to a draft with it and cancel its task): the undo of an invoice that went through by itself. The
 * invoice is read first: back in draft already (this user's earlier attempt, or a colleague) is done;
 * approved, booked, rejected, or in a flow with a step approved is "already handled", never sent.
 */
export const rejectAssignment: Executor<OutboxCommandOf<'SupplierInvoice', 'rejectAssignment'>> = async (
  command,
  context,
) => {
  const invoice = await context.readRow()
  if (!invoice) throw new Error(`Supplier invoice ${command.entityId} was not found`)
  const status = Number(invoice.StatusCode)
  if (status === SupplierInvoiceStatus.Draft) return done(invoice)
  if (status !== SupplierInvoiceStatus.ForApproval && status !== SupplierInvoiceStatus.Assigned)
    return alreadyHandled(context.api, context.companyKey, invoice)
  if (await anyStepApproved(context.api, context.companyKey, command.entityId))
    return alreadyHandled(context.api, context.companyKey, invoice)
  return send(command, context)
}
