// The generic transition rule (spec 3.2, 2.15, 9): `POST <entity>/{id}?action=<MethodName>` moves
// the entity to the flow's ToStatus when a TransitionFlow of that transition starts at the entity's
// current status and is neither deprecated (`IsDepricated`) nor expired (`ExpiresDate`).
import type { Sql } from '../db/store.ts'
import { PlatformError } from '../errors.ts'
import type { TransitionEvent } from '../model/hooks.ts'
import { loadRow, setFields, type WriteContext } from '../model/write.ts'
import type { EntityDef } from '../registry/types.ts'

interface FlowRow {
  MethodName: string
  FromCode: number
  ToCode: number
}

const activeFlowSql = `
  select t."MethodName", fs."StatusCode" as "FromCode", ts."StatusCode" as "ToCode"
    from "TransitionFlow" tf
    join "Transition" t on t."ID" = tf."TransitionID" and t."Deleted" = false
    join "Status" fs on fs."ID" = tf."FromStatusID"
    join "Status" ts on ts."ID" = tf."ToStatusID"
   where lower(tf."EntityType") = lower($1) and tf."Deleted" = false and tf."IsDepricated" = false
     and (tf."ExpiresDate" is null or tf."ExpiresDate" > now())`

/** Transitions an entity in `status` may run now (hypermedia links). */
export async function allowedTransitions(
  sql: Sql,
  entity: EntityDef,
  status: number | null,
): Promise<string[]> {
  if (status === null) return []
  const { rows } = await sql.query<FlowRow>(`${activeFlowSql} and fs."StatusCode" = $2 order by t."ID"`, [
    entity.name,
    status,
  ])
  return [...new Set(rows.map((r) => r.MethodName))]
}

/** Models that have transitions: their StatusCode moves only through them. */
export async function transitionEntities(sql: Sql): Promise<Set<string>> {
  const { rows } = await sql.query<{ EntityType: string }>(
    'select distinct "EntityType" from "Transition" where "Deleted" = false',
  )
  return new Set(rows.map((r) => r.EntityType))
}

/** Whether the entity has a transition of this name at all (else the action name is unknown). */
export async function hasTransition(sql: Sql, entity: EntityDef, methodName: string): Promise<boolean> {
  const { rows } = await sql.query(
    'select 1 from "Transition" where lower("EntityType") = lower($1) and lower("MethodName") = lower($2) and "Deleted" = false',
    [entity.name, methodName],
  )
  return rows.length > 0
}

/**
 * Runs a transition on an entity of the caller's company: sets StatusCode to the flow's ToStatus
 * (change event through the write path), then lets domain hooks add their effects.
 */
export async function runTransition(
  ctx: WriteContext,
  entity: EntityDef,
  id: number,
  methodName: string,
): Promise<void> {
  const row = await loadRow(ctx.sql, ctx, entity, id, true)
  if (!row) throw new PlatformError('NOT_FOUND', `${entity.name} ${id} was not found`)
  const from = row.StatusCode === null || row.StatusCode === undefined ? null : Number(row.StatusCode)
  const { rows } = await ctx.sql.query<FlowRow>(
    `${activeFlowSql} and lower(t."MethodName") = lower($2) order by tf."ID"`,
    [entity.name, methodName],
  )
  const flow = rows.find((r) => r.FromCode === from)
  if (!flow) {
    const froms = [...new Set(rows.map((r) => r.FromCode))]
    throw new PlatformError(
      'TRANSITION_NOT_ALLOWED',
      `Transition '${methodName}' is not allowed for ${entity.name} ${id} in status ${from ?? 'none'}` +
        (froms.length ? ` (allowed from ${froms.join(', ')})` : ''),
    )
  }
  const event: TransitionEvent = {
    ...ctx,
    entity,
    id,
    methodName: flow.MethodName,
    fromStatus: from ?? 0,
    toStatus: flow.ToCode,
  }
  await ctx.hooks.beforeTransition(event)
  if (event.held) return
  if (flow.ToCode !== from) await setFields(ctx, entity, id, { StatusCode: flow.ToCode })
  await ctx.hooks.afterTransition(event)
}
