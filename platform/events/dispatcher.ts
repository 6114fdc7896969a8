// Turns change events into webhook deliveries (spec 6.1): every change_event row not yet dispatched
// is matched against the active Eventplans of its company – ModelFilter, OperationFilter and the
// plan's ExpressionFilter for the entity – and one delivery per active subscriber is queued. Queuing
// and marking the events dispatched happen in one transaction, so an event is turned into deliveries
// exactly once, also across a restart; rows locked by another worker are skipped.
import { randomUUID } from 'node:crypto'
import type { Sql, Store } from '../db/store.ts'
import { enqueueDelivery, type WorkerLog } from './delivery.ts'
import { evaluateExpression, parseExpression, type Expr } from '../../common/expression-filter.ts'
import { modelFilterEntries } from './eventplans.ts'

interface ChangeEventRow {
  id: number
  company_id: number
  entity: string
  entity_id: number
  operation: 'C' | 'U' | 'D'
  reason: string | null
  session_id: string | null
  changed: string[] | null
  entity_json: Record<string, unknown> | null
  created_at: string
}

interface ActivePlan {
  id: number
  models: Set<string>
  operations: string
  signingKey: string | null
  /** Lower-cased entity name -> parsed expression. */
  filters: Map<string, Expr | null>
  subscribers: { id: number; endpoint: string; authorization: string | null }[]
}

const eventTypes = { C: 'Create', U: 'Update', D: 'Delete' } as const

// Parsed expressions by source text: an expression is parsed once per process, not per event.
const parsed = new Map<string, Expr | null>()
function compiled(expression: string): Expr | null {
  let tree = parsed.get(expression)
  if (tree === undefined) {
    try {
      tree = parseExpression(expression)
    } catch {
      // Stored filters were checked on write; one that no longer parses matches nothing.
      tree = null
    }
    if (parsed.size > 1000) parsed.clear()
    parsed.set(expression, tree)
  }
  return tree
}

async function activePlans(sql: Sql, companyIds: number[]): Promise<Map<number, ActivePlan[]>> {
  const { rows } = await sql.query<{
    company_id: number
    id: number
    model_filter: string | null
    operation_filter: string | null
    signing_key: string | null
    filters: { EntityName: string | null; Expression: string | null }[] | null
    subscribers: { ID: number; Endpoint: string | null; Authorization: string | null }[] | null
  }>(
    `select p."CompanyID" as company_id, p."ID" as id, p."ModelFilter" as model_filter,
            p."OperationFilter" as operation_filter, p."SigningKey" as signing_key,
            (select json_agg(json_build_object('EntityName', f."EntityName", 'Expression', f."Expression"))
               from "ExpressionFilter" f
              where f."CompanyID" = p."CompanyID" and f."EventplanID" = p."ID" and f."Deleted" = false) as filters,
            (select json_agg(json_build_object('ID', s."ID", 'Endpoint', s."Endpoint",
                                               'Authorization', s."Authorization") order by s."ID")
               from "EventSubscriber" s
              where s."CompanyID" = p."CompanyID" and s."EventplanID" = p."ID" and s."Deleted" = false
                and s."Active" is not false) as subscribers
       from "Eventplan" p
      where p."CompanyID" = any($1::int[]) and p."Deleted" = false and p."Active" is true
        and coalesce(p."PlanType", 0) = 0
      order by p."ID"`,
    [companyIds],
  )
  const byCompany = new Map<number, ActivePlan[]>()
  for (const r of rows) {
    const filters = new Map<string, Expr | null>()
    for (const f of r.filters ?? []) {
      if (f.EntityName && f.Expression?.trim())
        filters.set(f.EntityName.toLowerCase(), compiled(f.Expression))
    }
    const plan: ActivePlan = {
      id: r.id,
      models: new Set(modelFilterEntries(r.model_filter).map((m) => m.toLowerCase())),
      operations: (r.operation_filter ?? '').toUpperCase(),
      signingKey: r.signing_key,
      filters,
      subscribers: (r.subscribers ?? [])
        .filter((s) => s.Endpoint)
        .map((s) => ({ id: s.ID, endpoint: s.Endpoint!, authorization: s.Authorization })),
    }
    byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), plan])
  }
  return byCompany
}

function matches(plan: ActivePlan, event: ChangeEventRow, log?: WorkerLog): boolean {
  const entity = event.entity.toLowerCase()
  if (!plan.models.has(entity) || !plan.operations.includes(event.operation)) return false
  if (!plan.filters.has(entity)) return true
  const tree = plan.filters.get(entity)
  if (!tree) return false
  try {
    return evaluateExpression(tree, {
      entity: event.entity_json ?? {},
      // spec 6.3: updated() is about a change of an existing entity, so it holds for updates only.
      changed: event.operation === 'U' ? (event.changed ?? []) : [],
    })
  } catch (err) {
    // Stored filters were checked on write; one that cannot be evaluated matches nothing rather
    // than holding back every later event.
    log?.error(
      { err, eventplanId: plan.id, companyId: event.company_id, entity: event.entity },
      'expression failed',
    )
    return false
  }
}

/**
 * Dispatches up to `limit` undispatched change events in one transaction; answers how many were
 * looked at (0 when the log is caught up).
 */
export async function dispatchChangeEvents(store: Store, limit = 200, log?: WorkerLog): Promise<number> {
  return store.transaction(async (tx) => {
    const { rows } = await tx.query<ChangeEventRow>(
      `select id, company_id, entity, entity_id, operation, reason, session_id, changed, entity_json, created_at
         from change_event where not dispatched
        order by id limit $1
        for update skip locked`,
      [limit],
    )
    if (!rows.length) return 0
    const companies = [...new Set(rows.map((r) => r.company_id).filter((c) => c > 0))]
    const plans = companies.length ? await activePlans(tx, companies) : new Map<number, ActivePlan[]>()
    for (const event of rows) {
      for (const plan of plans.get(event.company_id) ?? []) {
        if (!matches(plan, event, log)) continue
        for (const subscriber of plan.subscribers) {
          const messageId = randomUUID()
          // spec 6.1: the envelope.
          const body = {
            EventType: eventTypes[event.operation],
            EntityName: event.entity,
            Entity: event.entity_json,
            EntityID: event.entity_id,
            MessageID: messageId,
            SessionID: event.session_id,
            TimeStamp: new Date(event.created_at).toISOString(),
            Reason: event.reason,
          }
          await enqueueDelivery(tx, {
            companyId: event.company_id,
            kind: 'webhook',
            url: subscriber.endpoint,
            body,
            signingKey: plan.signingKey ?? undefined,
            eventplanId: plan.id,
            subscriberId: subscriber.id,
            messageId,
            headers: subscriber.authorization ? { Authorization: subscriber.authorization } : undefined,
          }).catch((err: unknown) => {
            // An endpoint stored before the http(s) rule cannot be sent to; the other subscribers still are.
            if ((err as { code?: string }).code !== 'BAD_REQUEST') throw err
            log?.warn(
              { err, eventplanId: plan.id, subscriberId: subscriber.id, companyId: event.company_id },
              'webhook not queued: the subscriber endpoint is not an http(s) URL',
            )
          })
        }
      }
    }
    await tx.query(`update change_event set dispatched = true where id = any($1::bigint[])`, [
      rows.map((r) => r.id),
    ])
    return rows.length
  })
}
