// `journal` of a supplier invoice from the outbox. An invoice not yet approved is booked only where no
// approval rule applies to it: the rule is asked for when the entry is sent, from the invoice as the platform
// has it then (its supplier, and the project and department of its default dimensions, as the review asks),
// so a booking queued offline, or while the question failed, never passes a rule that applies. Where one
// does, the invoice is sent for approval by it (`assign-to`, as the review's "Send for approval" does)
// instead of booked, and the outcome's notice tells the user. When the question fails the entry fails or
// waits as any other request does; it is never booked without the answer. An approved invoice (the
// approvals' "Approved, not booked") has been through its flow and is booked as it is.
import type { OutboxCommandOf, OutboxOutcome } from '../../../../common/bridge/outbox.ts'
import type { RuleQuery } from '../../../../common/bridge/review.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { SupplierInvoiceStatus } from '../../../../common/status.ts'
import { approvalRuleFor } from '../review/approval-rule.ts'
import { done, type Executor } from './executor.ts'
import { rowPath } from './platform-rows.ts'

const { ForApproval, Approved, Journaled } = SupplierInvoiceStatus

type Journal = OutboxCommandOf<'SupplierInvoice', 'journal'>

const idOf = (value: unknown): number | null => {
  const n = Number(value)
  return value !== null && value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : null
}

/** What the rule is asked by: the invoice's supplier, and its default dimensions' project and department. */
export function ruleQueryOf(invoice: PlatformRow): RuleQuery {
  const dims = (invoice.DefaultDimensions ?? null) as Record<string, unknown> | null
  return {
    supplierId: idOf(invoice.SupplierID),
    projectId: idOf(dims?.ProjectID),
    departmentId: idOf(dims?.DepartmentID),
  }
}

/** Done, sent for approval instead of booked: by `rule`, or (null) by the platform's global rule. */
function sentForApproval(
  row: PlatformRow | null,
  rule: { ApprovalRuleID: number | null; Description: string | null } | null,
): OutboxOutcome {
  return {
    status: 'done',
    row,
    merged: [],
    notice: {
      code: 'SENT_FOR_APPROVAL_INSTEAD',
      ApprovalRuleID: rule?.ApprovalRuleID ?? null,
      Description: rule?.Description ?? null,
    },
  }
}

export const journalInvoice: Executor<Journal> = async (command, { api, companyKey, readRow }) => {
  const invoice = await readRow()
  if (!invoice)
    return {
      status: 'failed',
      error: {
        code: 'DELETED_ON_SERVER',
        message: `SupplierInvoice ${command.entityId} no longer exists on the platform`,
      },
      row: null,
    }
  const status = Number(invoice.StatusCode)
  // An earlier attempt took effect (its answer was lost): booked, or sent for approval (by the rule, or by
  // a global rule as it was booked; the rule asked again names it).
  const retry = command.attempts > 0
  if (retry && status === Journaled) return done(invoice)
  const rule = status === Approved ? null : await approvalRuleFor(api, companyKey, ruleQueryOf(invoice))
  if (retry && status === ForApproval) return sentForApproval(invoice, rule?.ApprovalRuleID ? rule : null)
  const post = (action: 'assign-to' | 'journal', body: unknown) =>
    api.post(rowPath('SupplierInvoice', command.entityId), body, { companyKey, query: { action } })
  if (rule?.ApprovalRuleID) {
    await post('assign-to', { ApprovalRuleID: rule.ApprovalRuleID })
    return sentForApproval(await readRow(), rule)
  }
  await post('journal', null)
  const after = await readRow()
  // spec 3.5: a global rule whose limit the amount reaches starts a flow instead of booking.
  return Number(after?.StatusCode) === ForApproval ? sentForApproval(after, null) : done(after)
}
