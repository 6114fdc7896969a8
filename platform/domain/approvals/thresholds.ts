// spec 3.5 threshold rule: when the transition a Threshold names in SharedApproveTransitionId runs,
// each of its thresholds is checked against the entity. A failed check by a requester without the
// threshold's role starts an approval flow for that role and holds the transition (the status stays;
// the role holder's approval runs it later). A requester with the role passes.
import { PlatformError } from '../../errors.ts'
import type { BeforeWriteEvent, TransitionEvent } from '../../model/hooks.ts'
import { activeTaskOf, startFlow, type PlanStep } from './flow.ts'
import {
  ApprovalType,
  ThresholdOperator as Op,
  flowScopeOf,
  holdsRole,
  num,
  one,
  rowOf,
  thresholdPass,
  transitionById,
} from './model.ts'

type Row = Record<string, unknown>

const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return v
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v)
  return null
}

/** Orders two values: numerically when both are numbers, else as text (ISO dates order as text). */
function compare(a: unknown, b: string): number {
  const x = asNumber(a)
  const y = asNumber(b)
  if (x !== null && y !== null) return x - y
  return String(a ?? '').localeCompare(b)
}

/** Whether the entity's value passes the threshold's check (operators: ThresholdOperator). */
export function passes(operator: number, actual: unknown, value: string): boolean {
  const text = String(actual ?? '')
  switch (operator) {
    case Op.Min:
      return actual !== null && actual !== undefined && compare(actual, value) >= 0
    case Op.Max:
      return actual === null || actual === undefined || compare(actual, value) <= 0
    case Op.GreaterThan:
      return actual !== null && actual !== undefined && compare(actual, value) > 0
    case Op.LessThan:
      return actual === null || actual === undefined || compare(actual, value) < 0
    case Op.Contains:
      return text.toLowerCase().includes(value.toLowerCase())
    case Op.NotContains:
      return !text.toLowerCase().includes(value.toLowerCase())
    case Op.StartsWith:
      return text.toLowerCase().startsWith(value.toLowerCase())
    case Op.EndsWith:
      return text.toLowerCase().endsWith(value.toLowerCase())
    case Op.Equals: {
      const x = asNumber(actual)
      const y = asNumber(value)
      return x !== null && y !== null ? x === y : text === value
    }
    case Op.NotEquals:
      return !passes(Op.Equals, actual, value)
    case Op.Regexp:
      return new RegExp(value).test(text)
    default:
      return false
  }
}

/** Validates a threshold on create and update; fills EntityType from its transition. */
export async function validateThreshold(e: BeforeWriteEvent): Promise<void> {
  if (e.operation === 'D') return
  const merged = { ...e.before, ...e.values }
  const transitionId = num(merged.SharedApproveTransitionId)
  if (transitionId === null) {
    throw new PlatformError('VALIDATION', 'SharedApproveTransitionId is required', {
      validationResults: {
        SharedApproveTransitionId: [
          {
            PropertyName: 'SharedApproveTransitionId',
            EntityType: e.entity.name,
            Message: 'SharedApproveTransitionId is required',
          },
        ],
      },
    })
  }
  const t = await transitionById(e.sql, transitionId)
  if (!t)
    throw new PlatformError('BAD_REQUEST', `SharedApproveTransitionId ${transitionId} is not a transition`)
  if (merged.EntityType && String(merged.EntityType).toLowerCase() !== t.EntityType.toLowerCase()) {
    throw new PlatformError(
      'BAD_REQUEST',
      `EntityType ${String(merged.EntityType)} does not match transition ${transitionId} of ${t.EntityType}`,
    )
  }
  if (!merged.EntityType) e.values.EntityType = t.EntityType
  const target = e.registry.get(t.EntityType)
  const property = String(merged.PropertyName ?? '')
  if (!target || !e.registry.field(target, property)) {
    throw new PlatformError('BAD_REQUEST', `PropertyName '${property}' is not a field of ${t.EntityType}`)
  }
  if (num(merged.Operator) === null) throw new PlatformError('BAD_REQUEST', 'Operator is required (0..10)')
  if (num(merged.Operator) === Op.Regexp) {
    try {
      new RegExp(String(merged.Value ?? ''))
    } catch {
      throw new PlatformError(
        'BAD_REQUEST',
        `Value '${String(merged.Value)}' is not a valid regular expression`,
      )
    }
  }
  const roleId = num(merged.SharedRoleId)
  if (
    roleId === null ||
    !(await one(e.sql, 'select 1 from "Role" where "ID" = $1 and "Deleted" = false', [roleId]))
  ) {
    throw new PlatformError('BAD_REQUEST', `SharedRoleId ${String(merged.SharedRoleId)} is not a role`)
  }
}

function fieldValue(row: Row, property: string): unknown {
  const key = Object.keys(row).find((k) => k.toLowerCase() === property.toLowerCase())
  return key === undefined ? undefined : row[key]
}

/** The `*` beforeTransition hook. */
export async function checkThresholds(event: TransitionEvent): Promise<void> {
  if (event.userId === 0) return
  if (thresholdPass.take(event.sql, event.entity.name, event.id, event.methodName)) return
  const { rows: thresholds } = await event.sql.query<Row>(
    `select th.* from "TransitionThreshold" th
       join "Transition" t on t."ID" = th."SharedApproveTransitionId"
      where th."CompanyID" = $1 and th."Deleted" = false and coalesce(th."Disabled", false) = false
        and lower(t."EntityType") = lower($2) and lower(t."MethodName") = lower($3)
      order by th."ID"`,
    [event.companyId, event.entity.name, event.methodName],
  )
  if (!thresholds.length) return
  const row = await rowOf(event, event.entity, event.id)
  if (!row) return
  const failed: { threshold: Row; actual: unknown }[] = []
  for (const th of thresholds) {
    const actual = fieldValue(row, String(th.PropertyName))
    if (passes(Number(th.Operator), actual, String(th.Value ?? ''))) continue
    if (await holdsRole(event, event.userId, Number(th.SharedRoleId))) continue
    failed.push({ threshold: th, actual })
  }
  if (!failed.length) return
  const scope = flowScopeOf(event)
  const running = await activeTaskOf(scope, event.entity.name, event.id)
  if (running) {
    throw new PlatformError(
      'BAD_REQUEST',
      `${event.entity.name} ${event.id} is waiting for approval (task ${String(running.ID)}); '${event.methodName}' runs when it is approved`,
    )
  }
  const byRole = new Map<number, typeof failed>()
  for (const f of failed) {
    const role = Number(f.threshold.SharedRoleId)
    byRole.set(role, [...(byRole.get(role) ?? []), f])
  }
  const first = failed[0]!.threshold
  const steps: PlanStep[] = [...byRole.entries()].map(([roleId, checks]) => ({
    StepNumber: 1,
    // Every role whose threshold failed must approve.
    ApprovalType: byRole.size > 1 ? ApprovalType.All : ApprovalType.One,
    Limit: null,
    UserIDs: [],
    SharedRoleId: roleId,
    Thresholds: checks.map(({ threshold, actual }) => ({
      ThresholdID: threshold.ID,
      PropertyName: threshold.PropertyName,
      Operator: threshold.Operator,
      Value: threshold.Value,
      ActualValue: actual ?? null,
    })),
  }))
  const reject = num(first.SharedRejectTransitionId)
  await startFlow(scope, {
    entity: event.entity,
    entityId: event.id,
    title: `${event.entity.name} ${event.id}: ${event.methodName} needs approval`,
    approveTransition: event.methodName,
    rejectTransition:
      reject === null ? null : ((await transitionById(event.sql, reject))?.MethodName ?? null),
    rejectStatusCode: num(first.RejectStatusCode),
    steps,
    amount: (fieldValue(row, 'TaxInclusiveAmount') as string | null | undefined) ?? null,
  })
  event.held = true
}
