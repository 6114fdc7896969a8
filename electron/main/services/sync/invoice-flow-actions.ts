// The accountant's flow actions on a supplier invoice from the outbox that the platform does not make
// idempotent: `reAssign-to` (cancels the flow and starts another, spec 3.1) and `sendForPayment`. A retry
// after a lost answer must not act twice, and an action overtaken by a colleague (the flow finished, the
// invoice already sent for payment) ends as "already handled by …", as approval decisions do, never as a
// platform error.
import { PaymentStatus, SupplierInvoiceStatus, TaskStatus } from '../../../../common/status.ts'
import type { OutboxCommand, OutboxOutcome, PlatformRow } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'
import { ApprovalOutcomeCode, nameOfIdentity, sessionUser } from './approval-actions.ts'

type Row = PlatformRow

const flowActions = new Set(['reassign-to', 'sendforpayment'])

export function isInvoiceFlowAction(command: OutboxCommand): boolean {
  return (
    command.entity === 'SupplierInvoice' &&
    command.operation.kind === 'action' &&
    flowActions.has(command.operation.action.toLowerCase())
  )
}

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

/** The users (or the rule) the invoice's active flow was started for, and by whom. */
async function activeFlow(
  api: ApiClient,
  companyKey: string,
  invoiceId: number,
): Promise<{ users: number[]; ruleId: number | null; createdBy: unknown } | null> {
  const [model] = await api.get<Row[]>('api/biz/models', {
    companyKey,
    query: { filter: "Name eq 'SupplierInvoice'", select: 'ID' },
  })
  const [task] = await api.get<Row[]>('api/biz/tasks', {
    companyKey,
    query: {
      filter: `EntityID eq ${invoiceId} and ModelID eq ${Number(model?.ID)} and StatusCode eq ${TaskStatus.Active}`,
      expand: 'ApprovalPlan',
      orderby: 'ID desc',
      top: 1,
    },
  })
  if (!task) return null
  const plan = Array.isArray(task.ApprovalPlan) ? (task.ApprovalPlan as Row[]) : []
  return {
    users: [...new Set(plan.map((p) => Number(p.UserID)).filter((id) => id > 0))].sort((a, b) => a - b),
    ruleId:
      task.ApprovalRuleID === null || task.ApprovalRuleID === undefined ? null : Number(task.ApprovalRuleID),
    createdBy: task.CreatedBy,
  }
}

/** Whether the running flow is the one this reassignment asked for, started by this user. */
function isAskedFlow(
  flow: NonNullable<Awaited<ReturnType<typeof activeFlow>>>,
  body: { UserIDs?: unknown; ApprovalRuleID?: unknown },
  me: string,
): boolean {
  if (flow.createdBy !== me) return false
  if (body.ApprovalRuleID !== undefined && body.ApprovalRuleID !== null)
    return flow.ruleId === Number(body.ApprovalRuleID)
  const asked = Array.isArray(body.UserIDs)
    ? [...new Set(body.UserIDs.map(Number))].sort((a, b) => a - b)
    : []
  return asked.length > 0 && asked.join(',') === flow.users.join(',')
}

export async function executeInvoiceFlowAction(
  api: ApiClient,
  companyKey: string,
  command: OutboxCommand,
  read: () => Promise<Row | null>,
): Promise<OutboxOutcome> {
  if (command.operation.kind !== 'action') throw new Error('an invoice flow action is an action')
  const action = command.operation.action.toLowerCase()
  const [invoice, me] = await Promise.all([read(), sessionUser(api, companyKey)])
  if (!invoice) throw new Error(`Supplier invoice ${command.entityId} was not found`)
  const retry = command.attempts > 0
  if (action === 'sendforpayment') {
    if (sentForPayment(invoice)) {
      // Sent by this user's earlier attempt (its answer was lost), or by a colleague meanwhile.
      if (retry && invoice.UpdatedBy === me.GlobalIdentity)
        return { status: 'done', row: invoice, merged: [] }
      return alreadyHandled(api, companyKey, invoice)
    }
  } else {
    const status = Number(invoice.StatusCode)
    // The flow ended meanwhile (approved, rejected, booked): there is nothing left to reassign.
    if (status !== SupplierInvoiceStatus.ForApproval && status !== SupplierInvoiceStatus.Assigned)
      return alreadyHandled(api, companyKey, invoice)
    if (retry) {
      const flow = await activeFlow(api, companyKey, command.entityId)
      const body = (command.operation.body ?? {}) as { UserIDs?: unknown; ApprovalRuleID?: unknown }
      if (flow && isAskedFlow(flow, body, me.GlobalIdentity))
        return { status: 'done', row: invoice, merged: [] }
    }
  }
  await api.post(`api/biz/supplierinvoices/${command.entityId}`, command.operation.body ?? null, {
    companyKey,
    query: { action: command.operation.action, ...command.operation.params },
  })
  return { status: 'done', row: await read(), merged: [] }
}
