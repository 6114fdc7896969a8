// Approval flows plugged into the generic routes (spec 3.5, 4.8): approve and reject on approvals,
// validation of tasks and substitutes written directly, notifications of new approvals, thresholds
// on every transition, and the rule-link actions.
import { ApprovalStatus, TaskStatus } from '../../../common/status.ts'
import { PlatformError, type ValidationResult } from '../../errors.ts'
import type { ActionDef, BeforeWriteEvent, HookSet } from '../../model/hooks.ts'
import { approve, openTask, reject } from './flow.ts'
import { bulkSave, getApprovalRuleId, insertOrUpdateLinks } from './link-groups.ts'
import { activeUsers, flowScopeOf, modelName, num, one, rowOf } from './model.ts'
import { notifyApproval } from './notifications.ts'
import { checkThresholds, validateThreshold } from './thresholds.ts'

export { ApprovalType, TaskType, ThresholdOperator } from './model.ts'
export { activeTaskOf, cancelTask, startFlow, type FlowStart, type PlanStep } from './flow.ts'
export { ruleFor } from './link-groups.ts'

function invalid(entity: string, property: string, message: string): PlatformError {
  const result: ValidationResult = { PropertyName: property, EntityType: entity, Message: message }
  return new PlatformError('VALIDATION', message, { validationResults: { [property]: [result] } })
}

const approvalAction = (act: typeof approve): ActionDef => ({
  target: 'entity',
  async handler(req) {
    await act(req, req.id!)
    return req.api.read(req.entity, req.id!)
  },
})

/** spec 4.8 `POST tasks`: the entity must exist and have no other active task (spec 8: one per entity). */
async function validateTask(e: BeforeWriteEvent): Promise<void> {
  if (e.operation === 'D') return
  const merged = { ...e.before, ...e.values }
  if (e.operation === 'C' && (merged.UserID === null || merged.UserID === undefined) && e.userId) {
    e.values.UserID = e.userId
  }
  const becomesActive =
    e.operation === 'C'
      ? num(merged.StatusCode) === TaskStatus.Active
      : 'StatusCode' in e.values && num(e.values.StatusCode) === TaskStatus.Active
  if (e.operation === 'U' && !becomesActive && !('EntityID' in e.values) && !('ModelID' in e.values)) return
  const modelId = num(merged.ModelID)
  if (modelId === null)
    throw invalid('Task', 'ModelID', 'ModelID is required (a Model id: GET models?filter=Name eq ...)')
  const name = await modelName(e.sql, modelId)
  const target = name ? e.registry.get(name) : undefined
  if (!target) throw invalid('Task', 'ModelID', `ModelID ${modelId} is not a model`)
  const entityId = num(merged.EntityID)
  if (entityId === null) throw invalid('Task', 'EntityID', 'EntityID is required')
  if (target.scope !== 'company' || !(await rowOf(e, target, entityId))) {
    throw invalid('Task', 'EntityID', `${target.name} ${entityId} was not found`)
  }
  if (num(merged.StatusCode) !== TaskStatus.Active) return
  const other = await one<{ ID: number }>(
    e.sql,
    `select "ID" from "Task" where "CompanyID" = $1 and "ModelID" = $2 and "EntityID" = $3
       and "Deleted" = false and "StatusCode" = $4 and "ID" <> $5 limit 1`,
    [e.companyId, modelId, entityId, TaskStatus.Active, num(merged.ID) ?? 0],
  )
  if (other) {
    throw new PlatformError(
      'CONFLICT',
      `${target.name} ${entityId} already has an active task (${other.ID}); an entity has at most one active task`,
    )
  }
}

/** Substitutes: both users active in the company, not oneself, FromDate <= ToDate. */
async function validateSubstitute(e: BeforeWriteEvent): Promise<void> {
  if (e.operation === 'D') return
  const merged = { ...e.before, ...e.values }
  for (const f of ['UserID', 'SubstituteUserID', 'FromDate', 'ToDate']) {
    if (merged[f] === null || merged[f] === undefined || merged[f] === '')
      throw invalid('ApprovalSubstitute', f, `${f} is required`)
  }
  const userId = Number(merged.UserID)
  const substituteId = Number(merged.SubstituteUserID)
  if (userId === substituteId) {
    throw invalid('ApprovalSubstitute', 'SubstituteUserID', 'A user cannot be their own substitute')
  }
  const found = new Set((await activeUsers(e, [userId, substituteId])).map((u) => u.ID))
  for (const [f, id] of [
    ['UserID', userId],
    ['SubstituteUserID', substituteId],
  ] as const) {
    if (!found.has(id))
      throw invalid('ApprovalSubstitute', f, `${f} ${id} is not an active user of this company`)
  }
  if (String(merged.FromDate) > String(merged.ToDate)) {
    throw invalid(
      'ApprovalSubstitute',
      'ToDate',
      `ToDate ${String(merged.ToDate)} is before FromDate ${String(merged.FromDate)}`,
    )
  }
}

export function registerApprovals(hooks: HookSet): void {
  hooks.register('Approval', {
    // Actions take precedence over the seeded Approval transitions of the same names.
    actions: { approve: approvalAction(approve), reject: approvalAction(reject) },
    beforeWrite(e) {
      // Who approves is decided when the flow starts; a client's PUT cannot hand an approval to someone else.
      const moved = ['UserID', 'SharedRoleId', 'TaskID', 'StepNumber'].filter((f) => f in e.values)
      if (e.operation === 'U' && moved.length && /^PUT /i.test(e.reason) && !/[?&]action=/i.test(e.reason)) {
        throw new PlatformError(
          'BAD_REQUEST',
          `${moved.join(', ')} of an approval cannot be changed; use reAssign-to to give the work to others`,
        )
      }
    },
    async afterWrite(e) {
      if (e.operation !== 'C') return
      const row = await rowOf(e, 'Approval', e.id)
      if (row && Number(row.StatusCode) === ApprovalStatus.Active) await notifyApproval(flowScopeOf(e), e.id)
    },
  })
  hooks.register('Task', {
    beforeWrite: validateTask,
    async afterWrite(e) {
      if (e.operation === 'C') await openTask(flowScopeOf(e), e.id)
    },
  })
  hooks.register('ApprovalSubstitute', { beforeWrite: validateSubstitute })
  hooks.register('TransitionThreshold', { beforeWrite: validateThreshold })
  hooks.register('*', { beforeTransition: checkThresholds })
  hooks.register('ApprovalRuleLinkGroup', { actions: { 'bulk-save': bulkSave } })
  hooks.register('ApprovalRuleLink', {
    actions: {
      'insert-or-update-links-in-linkgroup': insertOrUpdateLinks,
      'get-approvalruleid': getApprovalRuleId,
    },
  })
}
