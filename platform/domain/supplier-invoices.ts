// Supplier invoices (spec 2.12, 3.1, 3.5, 4.5): edit rules per status, flow starts (`assign-to`,
// `reAssign-to`, `try-auto-assign`), the global approval rules that fire on `sendForPayment`,
// `sendForPaymentWithPaymentData` and `journal`, and the payment status the payment transitions set.
import { PaymentStatus, SupplierInvoiceStatus as SI } from '../../common/status.ts'
import { PlatformError } from '../errors.ts'
import type { ActionDef, ActionRequest, BeforeWriteEvent, HookSet, TransitionEvent } from '../model/hooks.ts'
import {
  ApprovalType,
  activeTaskOf,
  cancelTask,
  ruleFor,
  startFlow,
  type PlanStep,
} from './approvals/index.ts'
import { activeUsers, flowScopeOf, idValue, num, one, ore, prop, rowOf } from './approvals/model.ts'

type Row = Record<string, unknown>

/** spec 3.1: what a status means for editing. */
const NOT_EDITABLE: Record<number, string> = {
  [SI.ForApproval]: 'sent for approval, pending accept or reject; cannot be edited',
  [SI.Approved]: 'approved; cannot be edited',
  [SI.Journaled]: 'journaled; cannot be edited',
}

/** spec 3.1: a flow starts from a draft or an assigned invoice, and again from a rejected one (resubmit). */
const FLOW_START = new Set<number>([SI.Draft, SI.Assigned, SI.Rejected])

/** Invoices whose approval is still ahead of them (global rules fire on these). */
const NOT_YET_APPROVED = new Set<number>([SI.Draft, SI.Assigned, SI.Rejected])

const APPROVE = 'approve'
const REJECT = 'rejectInvoice'

/** A client's own edit (PUT on the invoice route), as opposed to a transition or an action's write. */
function isClientEdit(reason: string): boolean {
  return /^PUT /i.test(reason) && !/[?&]action=/i.test(reason)
}

async function beforeWrite(e: BeforeWriteEvent): Promise<void> {
  if (e.operation === 'D') return
  if (e.operation === 'U' && isClientEdit(e.reason)) {
    const status = num(e.before?.StatusCode)
    const meaning = status === null ? undefined : NOT_EDITABLE[status]
    if (meaning) {
      throw new PlatformError(
        'BAD_REQUEST',
        `Supplier invoice ${String(e.before?.ID)} is ${meaning} (status ${status})`,
      )
    }
  }
}

interface InvoiceFacts {
  row: Row
  status: number
  amount: string | null
  currencyCode: string | null
  title: string
  projectId?: number
  departmentId?: number
}

async function invoiceFacts(req: ActionRequest): Promise<InvoiceFacts> {
  const row = await rowOf(req, 'SupplierInvoice', req.id!, true)
  if (!row) throw new PlatformError('NOT_FOUND', `SupplierInvoice ${req.id} was not found`)
  const currency = await one<{ Code: string }>(req.sql, 'select "Code" from "CurrencyCode" where "ID" = $1', [
    num(row.CurrencyCodeID) ?? 0,
  ])
  const dims =
    num(row.DefaultDimensionsID) === null
      ? undefined
      : await rowOf(req, 'Dimensions', Number(row.DefaultDimensionsID))
  const supplier = await one<{ Name: string | null }>(
    req.sql,
    `select br."Name" from "Supplier" s left join "BusinessRelation" br on br."CompanyID" = s."CompanyID" and br."ID" = s."BusinessRelationID"
      where s."CompanyID" = $1 and s."ID" = $2`,
    [req.companyId, num(row.SupplierID) ?? 0],
  )
  const number = row.InvoiceNumber ? `${String(row.InvoiceNumber)}` : `#${String(row.ID)}`
  return {
    row,
    status: Number(row.StatusCode),
    amount: (row.TaxInclusiveAmount as string | null) ?? null,
    currencyCode: currency?.Code ?? null,
    title: `Supplier invoice ${number}${supplier?.Name ? ` from ${supplier.Name}` : ''}`,
    projectId: num(dims?.ProjectID) ?? undefined,
    departmentId: num(dims?.DepartmentID) ?? undefined,
  }
}

/** The steps of an approval rule with their users (spec 2.15), in StepNumber order. */
async function ruleSteps(req: ActionRequest, ruleId: number): Promise<PlanStep[]> {
  const rule = await rowOf(req, 'ApprovalRule', ruleId)
  if (!rule)
    throw new PlatformError('BAD_REQUEST', `ApprovalRuleID ${ruleId} is not an approval rule of this company`)
  const { rows } = await req.sql.query<Row>(
    `select s."ID", s."StepNumber", s."ApprovalType", s."Limit",
            coalesce(array_agg(su."UserID" order by su."ID") filter (where su."UserID" is not null), '{}') as "UserIDs"
       from "ApprovalRuleStep" s
       left join "ApprovalRuleStepUser" su on su."CompanyID" = s."CompanyID" and su."ApprovalRuleStepID" = s."ID" and su."Deleted" = false
      where s."CompanyID" = $1 and s."ApprovalRuleID" = $2 and s."Deleted" = false
      group by s."CompanyID", s."ID" order by s."StepNumber", s."ID"`,
    [req.companyId, ruleId],
  )
  if (!rows.length) throw new PlatformError('BAD_REQUEST', `Approval rule ${ruleId} has no steps`)
  const steps: PlanStep[] = []
  for (const [i, r] of rows.entries()) {
    const ids = (r.UserIDs as number[]).map(Number)
    const users = await activeUsers(req, ids)
    if (!users.length) {
      throw new PlatformError(
        'BAD_REQUEST',
        `Step ${String(r.StepNumber ?? i + 1)} of approval rule ${ruleId} has no active user to approve it`,
      )
    }
    steps.push({
      StepNumber: num(r.StepNumber) ?? i + 1,
      ApprovalType: num(r.ApprovalType) ?? ApprovalType.One,
      Limit: num(r.Limit),
      UserIDs: users.map((u) => u.ID),
    })
  }
  return steps
}

function idList(raw: unknown, name: string): number[] {
  const list = Array.isArray(raw) ? raw : [raw]
  const ids = list.map((v) => idValue(v))
  if (!list.length || ids.some((id) => id === undefined)) {
    throw new PlatformError('BAD_REQUEST', `${name} must be a non-empty array of ids`)
  }
  return [...new Set(ids as number[])]
}

interface Assignment {
  steps: PlanStep[]
  approvalRuleId: number | null
  message: string | null
}

/**
 * spec 4.5: exactly one of ApprovalRuleID, TeamIDs, UserIDs. UserIDs and TeamIDs give one step in
 * which any one of the users approves (a team stands for its members); a rule gives its steps.
 */
async function assignment(req: ActionRequest): Promise<Assignment> {
  const given = (['UserIDs', 'TeamIDs', 'ApprovalRuleID'] as const).filter((k) => {
    const v = prop(req.body, k)
    return v !== undefined && v !== null
  })
  if (given.length !== 1) {
    throw new PlatformError(
      'BAD_REQUEST',
      given.length
        ? `Use only one of ApprovalRuleID, TeamIDs, UserIDs (got ${given.join(' and ')})`
        : 'Send one of ApprovalRuleID, TeamIDs, UserIDs',
    )
  }
  const message = prop(req.body, 'Message')
  const base = {
    message: message === undefined || message === null ? null : String(message),
    approvalRuleId: null,
  }
  const kind = given[0]!
  if (kind === 'ApprovalRuleID') {
    const ruleId = idValue(prop(req.body, 'ApprovalRuleID'))
    if (ruleId === undefined) throw new PlatformError('BAD_REQUEST', 'ApprovalRuleID must be an id')
    return { ...base, approvalRuleId: ruleId, steps: await ruleSteps(req, ruleId) }
  }
  let userIds: number[]
  if (kind === 'UserIDs') {
    userIds = idList(prop(req.body, 'UserIDs'), 'UserIDs')
    const found = new Set((await activeUsers(req, userIds)).map((u) => u.ID))
    const unknown = userIds.filter((id) => !found.has(id))
    if (unknown.length) {
      throw new PlatformError(
        'BAD_REQUEST',
        `UserIDs ${unknown.join(', ')} are not active users of this company`,
      )
    }
  } else {
    const teamIds = idList(prop(req.body, 'TeamIDs'), 'TeamIDs')
    const { rows: teams } = await req.sql.query<{ ID: number }>(
      `select "ID" from "Team" where "CompanyID" = $1 and "ID" = any($2::int[]) and "Deleted" = false`,
      [req.companyId, teamIds],
    )
    const unknown = teamIds.filter((id) => !teams.some((t) => t.ID === id))
    if (unknown.length)
      throw new PlatformError('BAD_REQUEST', `TeamIDs ${unknown.join(', ')} are not teams of this company`)
    const { rows } = await req.sql.query<{ UserID: number }>(
      `select "UserID" from "TeamPosition" where "CompanyID" = $1 and "TeamID" = any($2::int[]) and "Deleted" = false
        order by "TeamID", "Position", "ID"`,
      [req.companyId, teamIds],
    )
    userIds = (await activeUsers(req, [...new Set(rows.map((r) => r.UserID))])).map((u) => u.ID)
    if (!userIds.length)
      throw new PlatformError('BAD_REQUEST', `TeamIDs ${teamIds.join(', ')} have no active members`)
  }
  return {
    ...base,
    steps: [{ StepNumber: 1, ApprovalType: ApprovalType.One, Limit: null, UserIDs: userIds }],
  }
}

/** Sets the invoice for approval (30102) and starts the flow; answers the task with its approvals and plan. */
async function beginFlow(req: ActionRequest, facts: InvoiceFacts, a: Assignment): Promise<Row> {
  const entity = req.entity
  if (facts.status !== SI.ForApproval)
    await req.api.setFields(entity, req.id!, { StatusCode: SI.ForApproval })
  const taskId = await startFlow(req, {
    entity,
    entityId: req.id!,
    title: facts.title,
    message: a.message,
    approvalRuleId: a.approvalRuleId,
    approveTransition: APPROVE,
    rejectTransition: REJECT,
    rejectStatusCode: SI.Rejected,
    steps: a.steps,
    amount: facts.amount,
    currencyCode: facts.currencyCode,
  })
  const task = await req.api.read(req.registry.require('Task'), taskId, { expand: 'Approvals,ApprovalPlan' })
  return task!
}

async function refuseSecondTask(req: ActionRequest): Promise<void> {
  const running = await activeTaskOf(req, 'SupplierInvoice', req.id!)
  if (running) {
    throw new PlatformError(
      'CONFLICT',
      `Supplier invoice ${req.id} already has an active approval task (${String(running.ID)}); use reAssign-to to replace it`,
    )
  }
}

const assignTo: ActionDef = {
  target: 'entity',
  async handler(req) {
    const facts = await invoiceFacts(req)
    if (!FLOW_START.has(facts.status)) {
      throw new PlatformError(
        'BAD_REQUEST',
        `assign-to is allowed for a draft (30101), assigned (30108) or rejected (30105) invoice; supplier invoice ${req.id} is in ${facts.status}`,
      )
    }
    const a = await assignment(req)
    await refuseSecondTask(req)
    return beginFlow(req, facts, a)
  },
}

/** spec 3.1: an invoice in a flow (30102, 30108): the current flow is cancelled and a new one created. */
const reAssignTo: ActionDef = {
  target: 'entity',
  async handler(req) {
    const facts = await invoiceFacts(req)
    if (facts.status !== SI.ForApproval && facts.status !== SI.Assigned) {
      throw new PlatformError(
        'BAD_REQUEST',
        `reAssign-to is allowed for an invoice in a flow (30102 or 30108); supplier invoice ${req.id} is in ${facts.status}`,
      )
    }
    const a = await assignment(req)
    const running = await activeTaskOf(req, 'SupplierInvoice', req.id!)
    if (running) await cancelTask(req, running)
    return beginFlow(req, facts, a)
  },
}

/** spec 3.5: a rule with exactly one step that has a limit; the highest limit the amount reaches wins. */
async function globalRule(req: ActionRequest, amount: string | null): Promise<number | null> {
  const { rows } = await req.sql.query<{ ID: number; Limit: string }>(
    `select r."ID", max(s."Limit") as "Limit"
       from "ApprovalRule" r
       join "ApprovalRuleStep" s on s."CompanyID" = r."CompanyID" and s."ApprovalRuleID" = r."ID" and s."Deleted" = false
      where r."CompanyID" = $1 and r."Deleted" = false
      group by r."ID"
     having count(*) = 1 and max(s."Limit") is not null`,
    [req.companyId],
  )
  const invoice = ore(amount) ?? 0
  const fitting = rows
    .filter((r) => (ore(r.Limit) ?? 0) <= invoice)
    .sort((a, b) => (ore(b.Limit) ?? 0) - (ore(a.Limit) ?? 0) || a.ID - b.ID)
  return fitting[0]?.ID ?? null
}

/**
 * spec 3.5: `sendForPayment`, `sendForPaymentWithPaymentData` and `journal` start a global rule's flow
 * instead when the invoice is not yet approved and the rule's limit is reached; otherwise the
 * transition runs (204).
 */
function guardedByGlobalRule(transition: string): ActionDef {
  return {
    target: 'entity',
    async handler(req) {
      const facts = await invoiceFacts(req)
      if (NOT_YET_APPROVED.has(facts.status)) {
        const ruleId = await globalRule(req, facts.amount)
        if (ruleId !== null) {
          await refuseSecondTask(req)
          const task = await beginFlow(req, facts, {
            steps: await ruleSteps(req, ruleId),
            approvalRuleId: ruleId,
            message: null,
          })
          return { ApprovalStarted: true, TaskID: task.ID, ApprovalRuleID: ruleId, Task: task }
        }
      }
      await req.api.transition(req.entity, req.id!, transition)
      return undefined
    },
  }
}

/** Starts the flow of the rule linked to the invoice's supplier, project or department, else a global rule. */
const tryAutoAssign: ActionDef = {
  target: 'entity',
  async handler(req) {
    const facts = await invoiceFacts(req)
    if (!FLOW_START.has(facts.status)) {
      throw new PlatformError(
        'BAD_REQUEST',
        `try-auto-assign is allowed for a draft (30101), assigned (30108) or rejected (30105) invoice; supplier invoice ${req.id} is in ${facts.status}`,
      )
    }
    const ruleId =
      (await ruleFor(req, {
        supplierID: num(facts.row.SupplierID) ?? undefined,
        projectID: facts.projectId,
        departmentID: facts.departmentId,
      })) ?? (await globalRule(req, facts.amount))
    if (ruleId === null) {
      throw new PlatformError(
        'BAD_REQUEST',
        `No approval rule matches supplier invoice ${req.id}: no rule link for its supplier, project or department, and no global rule whose limit its amount reaches`,
      )
    }
    await refuseSecondTask(req)
    return beginFlow(req, facts, {
      steps: await ruleSteps(req, ruleId),
      approvalRuleId: ruleId,
      message: null,
    })
  },
}

/** Transitions that take an invoice out of its approval flow: the flow's task is cancelled with it. */
const LEAVE_FLOW = new Set(['rejectassignment'])
/** Transitions that keep the flow as it is. */
const WITHIN_FLOW = new Set(['reassign'])

/**
 * While an approval task is active, the invoice moves through its approvals (spec 3.5): approving,
 * rejecting or journaling it directly would bypass them.
 */
async function beforeTransition(e: TransitionEvent): Promise<void> {
  if (e.held) return
  const method = e.methodName.toLowerCase()
  if (WITHIN_FLOW.has(method)) return
  const scope = flowScopeOf(e)
  const running = await activeTaskOf(scope, e.entity.name, e.id)
  if (!running) return
  if (LEAVE_FLOW.has(method)) {
    await cancelTask(scope, running)
    return
  }
  throw new PlatformError(
    'BAD_REQUEST',
    `Supplier invoice ${e.id} is in approval task ${String(running.ID)}; '${e.methodName}' runs when its approvals are done (approve or reject them, or reAssign-to)`,
  )
}

export function registerSupplierInvoices(hooks: HookSet): void {
  hooks.register('SupplierInvoice', {
    beforeWrite,
    beforeTransition,
    async afterTransition(e) {
      const method = e.methodName.toLowerCase()
      if (method === 'sendforpayment') {
        await flowScopeOf(e).api.setFields(e.entity, e.id, {
          PaymentStatus: PaymentStatus.TransferredToBank,
          IsSentToPayment: true,
        })
      } else if (method === 'pay') {
        await flowScopeOf(e).api.setFields(e.entity, e.id, {
          PaymentStatus: PaymentStatus.Paid,
          RestAmount: 0,
        })
      }
    },
    actions: {
      'assign-to': assignTo,
      'reAssign-to': reAssignTo,
      'try-auto-assign': tryAutoAssign,
      sendForPayment: guardedByGlobalRule('sendForPayment'),
      sendForPaymentWithPaymentData: guardedByGlobalRule('sendForPayment'),
      journal: guardedByGlobalRule('journal'),
    },
  })
}
