// Approval flows (spec 3.5, 4.8; field notes "Approvals"): a Task with its TaskApprovalPlan (one row
// per approver and step), the Approvals of the step that is active now, and what approving or
// rejecting one of them does to the step, the task and the entity.
import { ApprovalStatus, TaskStatus } from '../../../common/status.ts'
import { PlatformError } from '../../errors.ts'
import type { EntityDef } from '../../registry/types.ts'
import {
  ApprovalType,
  TaskType,
  modelId,
  modelName,
  num,
  one,
  ore,
  rowOf,
  thresholdPass,
  transitionById,
  transitionId,
  type FlowScope,
} from './model.ts'

type Row = Record<string, unknown>

/** One approver (a user, or any holder of a role) in one step of a plan. */
export interface PlanStep {
  StepNumber: number
  ApprovalType: number
  /** spec 3.5: the step is skipped when its limit is greater than the entity amount. */
  Limit: number | null
  UserIDs: number[]
  SharedRoleId?: number
  Thresholds?: unknown
}

export interface FlowStart {
  entity: EntityDef
  entityId: number
  title: string
  message?: string | null
  type?: number
  approvalRuleId?: number | null
  approveTransition: string
  rejectTransition?: string | null
  rejectStatusCode?: number | null
  steps: PlanStep[]
  /** The entity amount the step limits are compared with (e.g. TaxInclusiveAmount). */
  amount: number | string | null
  currencyCode?: string | null
}

/** Marks plan rows of steps not reached yet. */
const PLAN_PENDING = TaskStatus.Pending

export async function activeTaskOf(
  scope: FlowScope,
  entityName: string,
  entityId: number,
): Promise<Row | undefined> {
  return one(
    scope.sql,
    `select t.* from "Task" t join "Model" m on m."ID" = t."ModelID"
      where t."CompanyID" = $1 and lower(m."Name") = lower($2) and t."EntityID" = $3
        and t."Deleted" = false and t."StatusCode" = $4
      order by t."ID" limit 1`,
    [scope.companyId, entityName, entityId, TaskStatus.Active],
  )
}

/**
 * Creates the Task with its whole plan; the Task's own create hook then opens the first step whose
 * limit the amount reaches (see `openTask`). Answers the task id.
 */
export async function startFlow(scope: FlowScope, start: FlowStart): Promise<number> {
  const taskEntity = scope.registry.require('Task')
  const plan = start.steps.flatMap((step) => {
    const approvers: (number | null)[] = step.UserIDs.length ? step.UserIDs : [null]
    return approvers.map((userId) => ({
      UserID: userId,
      SharedRoleId: step.SharedRoleId ?? null,
      StepNumber: step.StepNumber,
      Limit: step.Limit,
      Amount: start.amount,
      CurrencyCode: start.currencyCode ?? null,
      ApprovalType: step.ApprovalType,
      Thresholds: step.Thresholds ?? null,
      StatusCode: PLAN_PENDING,
    }))
  })
  return scope.api.create(taskEntity, {
    UserID: scope.userId,
    Type: start.type ?? TaskType.Approval,
    ModelID: await modelId(scope.sql, start.entity.name),
    EntityID: start.entityId,
    Title: start.title,
    Message: start.message ?? null,
    ApprovalRuleID: start.approvalRuleId ?? null,
    SharedApproveTransitionId: await transitionId(scope.sql, start.entity.name, start.approveTransition),
    SharedRejectTransitionId: start.rejectTransition
      ? await transitionId(scope.sql, start.entity.name, start.rejectTransition)
      : null,
    RejectStatusCode: start.rejectStatusCode ?? null,
    ApprovalPlan: plan,
  })
}

async function approvalsOf(scope: FlowScope, taskId: number): Promise<Row[]> {
  const { rows } = await scope.sql.query<Row>(
    `select * from "Approval" where "CompanyID" = $1 and "TaskID" = $2 and "Deleted" = false order by "ID"`,
    [scope.companyId, taskId],
  )
  return rows
}

async function planOf(scope: FlowScope, taskId: number): Promise<Row[]> {
  const { rows } = await scope.sql.query<Row>(
    `select * from "TaskApprovalPlan" where "CompanyID" = $1 and "TaskID" = $2 and "Deleted" = false
      order by "StepNumber", "ID"`,
    [scope.companyId, taskId],
  )
  return rows
}

/** Sets an approval's status and mirrors it on its plan row. */
async function setApprovalStatus(scope: FlowScope, approvalId: number, status: number): Promise<void> {
  const reg = scope.registry
  await scope.api.setFields(reg.require('Approval'), approvalId, { StatusCode: status })
  const { rows } = await scope.sql.query<{ ID: number }>(
    `select "ID" from "TaskApprovalPlan" where "CompanyID" = $1 and "ApprovalID" = $2 and "Deleted" = false`,
    [scope.companyId, approvalId],
  )
  for (const r of rows)
    await scope.api.setFields(reg.require('TaskApprovalPlan'), r.ID, { StatusCode: status })
}

/**
 * Opens the first step after `afterStep` that the amount reaches (spec 3.5: steps run one at a time; a
 * step whose limit is greater than the amount is skipped): creates its approvals from the plan.
 * Answers whether a step was opened.
 */
async function openNextStep(scope: FlowScope, task: Row, afterStep: number): Promise<boolean> {
  const planEntity = scope.registry.require('TaskApprovalPlan')
  const waiting = (await planOf(scope, Number(task.ID))).filter(
    (p) =>
      p.ApprovalID === null &&
      (p.StatusCode === null || Number(p.StatusCode) === PLAN_PENDING) &&
      (num(p.StepNumber) ?? 0) > afterStep,
  )
  const steps = [...new Set(waiting.map((p) => num(p.StepNumber) ?? 0))].sort((a, b) => a - b)
  for (const step of steps) {
    const rows = waiting.filter((p) => (num(p.StepNumber) ?? 0) === step)
    const limits = rows.map((p) => ore(p.Limit)).filter((l): l is number => l !== null)
    const limit = limits.length ? Math.max(...limits) : null
    const amount = ore(rows[0]!.Amount) ?? 0
    if (limit !== null && limit > amount) {
      for (const p of rows) {
        await scope.api.setFields(planEntity, Number(p.ID), {
          StatusCode: ApprovalStatus.IndirectlyApproved,
          Comment: `Skipped: the step limit ${(limit / 100).toFixed(2)} is greater than the amount ${(amount / 100).toFixed(2)}`,
        })
      }
      continue
    }
    for (const p of rows) {
      const approvalId = await scope.api.create(scope.registry.require('Approval'), {
        TaskID: task.ID,
        UserID: p.UserID,
        SharedRoleId: p.SharedRoleId,
        Amount: p.Amount,
        CurrencyCode: p.CurrencyCode,
        ApprovalType: p.ApprovalType,
        StepNumber: p.StepNumber,
        Thresholds: p.Thresholds,
      })
      await scope.api.setFields(planEntity, Number(p.ID), {
        ApprovalID: approvalId,
        StatusCode: ApprovalStatus.Active,
      })
    }
    return true
  }
  return false
}

/**
 * After a task and its nested approvals and plan were created (a flow start or `POST tasks`): plan rows
 * of approvals sent with the task are linked to them, and a task with a plan but no approvals opens
 * its first step. When every step is skipped by its limit, the task is complete at once.
 */
export async function openTask(scope: FlowScope, taskId: number): Promise<void> {
  const task = await rowOf(scope, 'Task', taskId)
  if (!task || Number(task.StatusCode) !== TaskStatus.Active) return
  const approvals = (await approvalsOf(scope, taskId)).filter(
    (a) => Number(a.StatusCode) === ApprovalStatus.Active,
  )
  const plan = await planOf(scope, taskId)
  const planEntity = scope.registry.require('TaskApprovalPlan')
  if (approvals.length) {
    const firstStep = plan.length ? Math.min(...plan.map((p) => num(p.StepNumber) ?? 1)) : 1
    for (const a of approvals) {
      const step = num(a.StepNumber) ?? firstStep
      if (a.StepNumber === null)
        await scope.api.setFields(scope.registry.require('Approval'), Number(a.ID), { StepNumber: step })
      const match = plan.find(
        (p) =>
          p.ApprovalID === null &&
          num(p.UserID) === num(a.UserID) &&
          (num(p.StepNumber) ?? firstStep) === step,
      )
      if (match) {
        match.ApprovalID = a.ID
        await scope.api.setFields(planEntity, Number(match.ID), {
          ApprovalID: a.ID,
          StatusCode: ApprovalStatus.Active,
        })
      }
    }
    return
  }
  if (!plan.length || Number(task.Type) === TaskType.Custom) return
  if (!(await openNextStep(scope, task, 0))) await completeTask(scope, task)
}

async function taskEntityDef(scope: FlowScope, task: Row): Promise<EntityDef> {
  const name = await modelName(scope.sql, Number(task.ModelID))
  const entity = name ? scope.registry.get(name) : undefined
  if (!entity) throw new PlatformError('BAD_REQUEST', `Task ${String(task.ID)} points at an unknown model`)
  return entity
}

/** Runs a transition named by its Transition ID on the task's entity. */
async function runTaskTransition(scope: FlowScope, task: Row, transition: unknown): Promise<void> {
  const id = num(transition)
  if (id === null) return
  const t = await transitionById(scope.sql, id)
  if (!t) throw new PlatformError('BAD_REQUEST', `Task ${String(task.ID)} names an unknown transition ${id}`)
  const entity = await taskEntityDef(scope, task)
  if (t.EntityType.toLowerCase() !== entity.name.toLowerCase()) {
    throw new PlatformError('BAD_REQUEST', `Transition ${id} is not a transition of ${entity.name}`)
  }
  await scope.api.transition(entity, Number(task.EntityID), t.MethodName)
}

/** spec 3.5: when no approval remains active, the task is complete and its approve transition runs. */
async function completeTask(scope: FlowScope, task: Row): Promise<void> {
  await scope.api.setFields(scope.registry.require('Task'), Number(task.ID), {
    StatusCode: TaskStatus.Complete,
  })
  const thresholdFlow = (await planOf(scope, Number(task.ID))).some((p) => p.Thresholds !== null)
  const id = num(task.SharedApproveTransitionId)
  const t = id === null ? undefined : await transitionById(scope.sql, id)
  if (thresholdFlow && t) thresholdPass.grant(scope.sql, t.EntityType, Number(task.EntityID), t.MethodName)
  await runTaskTransition(scope, task, task.SharedApproveTransitionId)
}

/** Cancels an active task (reassignment): its active approvals become Reassigned. */
export async function cancelTask(scope: FlowScope, task: Row): Promise<void> {
  for (const a of await approvalsOf(scope, Number(task.ID))) {
    if (Number(a.StatusCode) === ApprovalStatus.Active) {
      await setApprovalStatus(scope, Number(a.ID), ApprovalStatus.Reassigned)
    }
  }
  await scope.api.setFields(scope.registry.require('Task'), Number(task.ID), {
    StatusCode: TaskStatus.Cancelled,
  })
}

/**
 * spec 3.5: the approval's user, a holder of its role, or a substitute of its user (field notes:
 * while FromDate <= today <= ToDate) may act on it; anyone else gets 403.
 */
async function assertMayAct(scope: FlowScope, approval: Row): Promise<void> {
  const userId = num(approval.UserID)
  const roleId = num(approval.SharedRoleId)
  if (userId !== null && userId === scope.userId) return
  if (roleId !== null) {
    const held = await one(
      scope.sql,
      `select 1 from "UserRole" where "CompanyID" = $1 and "UserID" = $2 and "SharedRoleId" = $3 and "Deleted" = false`,
      [scope.companyId, scope.userId, roleId],
    )
    if (held) return
  }
  if (userId !== null) {
    const substitute = await one(
      scope.sql,
      `select 1 from "ApprovalSubstitute"
        where "CompanyID" = $1 and "UserID" = $2 and "SubstituteUserID" = $3 and "Deleted" = false
          and ("FromDate" is null or "FromDate" <= current_date)
          and ("ToDate" is null or "ToDate" >= current_date)`,
      [scope.companyId, userId, scope.userId],
    )
    if (substitute) return
  }
  throw new PlatformError(
    'FORBIDDEN',
    `Approval ${String(approval.ID)} can be approved or rejected only by its user, a holder of its role or an active substitute`,
  )
}

async function actionable(scope: FlowScope, approvalId: number): Promise<{ approval: Row; task: Row }> {
  const approval = await rowOf(scope, 'Approval', approvalId, true)
  if (!approval) throw new PlatformError('NOT_FOUND', `Approval ${approvalId} was not found`)
  await assertMayAct(scope, approval)
  if (Number(approval.StatusCode) !== ApprovalStatus.Active) {
    throw new PlatformError(
      'BAD_REQUEST',
      `Approval ${approvalId} is not active (status ${String(approval.StatusCode)}); only an active approval (${ApprovalStatus.Active}) can be approved or rejected`,
    )
  }
  const task = await rowOf(scope, 'Task', Number(approval.TaskID), true)
  if (!task || Number(task.StatusCode) !== TaskStatus.Active) {
    throw new PlatformError('BAD_REQUEST', `The task of approval ${approvalId} is no longer active`)
  }
  return { approval, task }
}

/** spec 3.5 approve. */
export async function approve(scope: FlowScope, approvalId: number): Promise<void> {
  const { approval, task } = await actionable(scope, approvalId)
  await setApprovalStatus(scope, approvalId, ApprovalStatus.Approved)
  if (Number(task.Type) === TaskType.Custom) {
    await completeTask(scope, task)
    return
  }
  const step = num(approval.StepNumber)
  const active = (await approvalsOf(scope, Number(task.ID))).filter(
    (a) => Number(a.StatusCode) === ApprovalStatus.Active,
  )
  const sameStep = active.filter((a) => num(a.StepNumber) === step)
  const everyOne = [approval, ...sameStep].every((a) => num(a.ApprovalType) === ApprovalType.One)
  if (everyOne) {
    for (const a of sameStep) await setApprovalStatus(scope, Number(a.ID), ApprovalStatus.IndirectlyApproved)
  }
  const remaining = everyOne ? active.filter((a) => num(a.StepNumber) !== step) : active
  if (remaining.length) return
  if (!(await openNextStep(scope, task, step ?? 0))) await completeTask(scope, task)
}

/**
 * spec 3.5 reject: the reject transition runs, RejectStatusCode is applied, the remaining active
 * approvals are deleted; the task is complete (its outcome is the rejected approval).
 */
export async function reject(scope: FlowScope, approvalId: number): Promise<void> {
  const { task } = await actionable(scope, approvalId)
  await setApprovalStatus(scope, approvalId, ApprovalStatus.Rejected)
  const approvalEntity = scope.registry.require('Approval')
  for (const a of await approvalsOf(scope, Number(task.ID))) {
    if (Number(a.StatusCode) === ApprovalStatus.Active) await scope.api.remove(approvalEntity, Number(a.ID))
  }
  await scope.api.setFields(scope.registry.require('Task'), Number(task.ID), {
    StatusCode: TaskStatus.Complete,
  })
  await runTaskTransition(scope, task, task.SharedRejectTransitionId)
  const rejectStatus = num(task.RejectStatusCode)
  if (rejectStatus !== null) {
    const entity = await taskEntityDef(scope, task)
    const row = await rowOf(scope, entity, Number(task.EntityID))
    if (row && num(row.StatusCode) !== rejectStatus) {
      await scope.api.setFields(entity, Number(task.EntityID), { StatusCode: rejectStatus })
    }
  }
}
