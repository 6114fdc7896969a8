// What the approval modules share: the enumerations the spec leaves open (spec 2.15 "not shown"),
// the scope a flow runs in, and lookups of models, transitions, users and roles.
import { UserStatus } from '../../../common/status.ts'
import type { Sql } from '../../db/store.ts'
import { PlatformError } from '../../errors.ts'
import type { EntityApi, WriteScope } from '../../model/hooks.ts'
import { createEntity, deleteEntity, setFields, updateEntity, type WriteContext } from '../../model/write.ts'
import { getEntityById } from '../../query/index.ts'
import type { EntityDef } from '../../registry/types.ts'
import { runTransition } from '../transitions.ts'

/** spec 2.15: 1 = one user must approve, 0 = all must approve. */
export const ApprovalType = { All: 0, One: 1 } as const

/** Task.Type: an approval task, or Custom (spec 3.5). */
export const TaskType = { Approval: 0, Custom: 1 } as const

/** Threshold.Operator (field notes: 0..10, 8 equals, 9 not equals, 10 regexp). A check passes when the entity's value ... */
export const ThresholdOperator = {
  /** ... is at least Value. */
  Min: 0,
  /** ... is at most Value. */
  Max: 1,
  GreaterThan: 2,
  LessThan: 3,
  Contains: 4,
  NotContains: 5,
  StartsWith: 6,
  EndsWith: 7,
  Equals: 8,
  NotEquals: 9,
  /** ... matches Value as a regular expression. */
  Regexp: 10,
} as const

const authorised = new WeakMap<Sql, Set<string>>()

/**
 * A threshold flow that completes authorises the transition it held, in its own transaction only:
 * the role holders approved it, so its thresholds are not checked again for whoever approved last.
 */
export const thresholdPass = {
  grant(sql: Sql, entity: string, id: number, method: string): void {
    const set = authorised.get(sql) ?? new Set<string>()
    set.add(`${entity}:${id}:${method}`.toLowerCase())
    authorised.set(sql, set)
  },
  take(sql: Sql, entity: string, id: number, method: string): boolean {
    return authorised.get(sql)?.delete(`${entity}:${id}:${method}`.toLowerCase()) ?? false
  },
}

/** Who acts, in which company and transaction, with the generic operations of the write path. */
export interface FlowScope extends WriteScope {
  api: EntityApi
}

type Row = Record<string, unknown>

/**
 * The write path hands hooks its whole write context (runTransition and the writes spread it into
 * their events); a hook that writes needs it back to write through the same path.
 */
export function flowScopeOf(event: WriteScope): FlowScope {
  const ctx = event as Partial<WriteContext> & WriteScope
  if (!ctx.hooks || !ctx.readEntity || !ctx.customFields) {
    throw new Error('approval hooks need the write context of the write path')
  }
  const wc = ctx as WriteContext
  return {
    ...event,
    api: {
      read: (entity, id, opts = {}) =>
        getEntityById(
          { sql: wc.sql, registry: wc.registry, companyId: wc.companyId, customFields: wc.customFields },
          entity,
          id,
          opts,
        ),
      create: (entity, body) => createEntity(wc, entity, body),
      update: (entity, id, body) => updateEntity(wc, entity, id, body),
      remove: (entity, id) => deleteEntity(wc, entity, id),
      setFields: (entity, id, values) => setFields(wc, entity, id, values),
      transition: (entity, id, methodName) => runTransition(wc, entity, id, methodName),
    },
  }
}

export const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' ? null : Number(v)

/** Money as integer øre, so limits and amounts compare exactly. */
export const ore = (v: unknown): number | null => {
  const n = num(v)
  return n === null || Number.isNaN(n) ? null : Math.round(n * 100)
}

export async function one<T = Row>(sql: Sql, text: string, params: unknown[]): Promise<T | undefined> {
  return (await sql.query<T>(text, params)).rows[0]
}

export async function modelId(sql: Sql, entityName: string): Promise<number> {
  const row = await one<{ ID: number }>(
    sql,
    'select "ID" from "Model" where lower("Name") = lower($1) and "Deleted" = false',
    [entityName],
  )
  if (!row) throw new PlatformError('BAD_REQUEST', `No model named ${entityName}`)
  return row.ID
}

export async function modelName(sql: Sql, id: number): Promise<string | undefined> {
  return (
    await one<{ Name: string }>(sql, 'select "Name" from "Model" where "ID" = $1 and "Deleted" = false', [id])
  )?.Name
}

export async function transitionId(sql: Sql, entityName: string, methodName: string): Promise<number> {
  const row = await one<{ ID: number }>(
    sql,
    `select "ID" from "Transition"
      where lower("EntityType") = lower($1) and lower("MethodName") = lower($2) and "Deleted" = false`,
    [entityName, methodName],
  )
  if (!row) throw new PlatformError('BAD_REQUEST', `${entityName} has no transition '${methodName}'`)
  return row.ID
}

export async function transitionById(
  sql: Sql,
  id: number,
): Promise<{ ID: number; EntityType: string; MethodName: string } | undefined> {
  return one(
    sql,
    'select "ID", "EntityType", "MethodName" from "Transition" where "ID" = $1 and "Deleted" = false',
    [id],
  )
}

/** The stored row of a company entity (not deleted), optionally locked for the transaction. */
export async function rowOf(
  scope: WriteScope,
  entity: EntityDef | string,
  id: number,
  forUpdate = false,
): Promise<Row | undefined> {
  const name = typeof entity === 'string' ? entity : entity.name
  return one(
    scope.sql,
    `select * from "${name}" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false${forUpdate ? ' for update' : ''}`,
    [scope.companyId, id],
  )
}

/** Active users of the company among `ids`, in the order asked. */
export async function activeUsers(
  scope: WriteScope,
  ids: readonly number[],
): Promise<{ ID: number; GlobalIdentity: string; DisplayName: string }[]> {
  if (!ids.length) return []
  const { rows } = await scope.sql.query<{ ID: number; GlobalIdentity: string; DisplayName: string }>(
    `select "ID", "GlobalIdentity", "DisplayName" from "User"
      where "CompanyID" = $1 and "ID" = any($2::int[]) and "Deleted" = false and "StatusCode" = $3`,
    [scope.companyId, [...ids], UserStatus.Active],
  )
  const byId = new Map(rows.map((r) => [r.ID, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export async function holdsRole(scope: WriteScope, userId: number, roleId: number): Promise<boolean> {
  const row = await one(
    scope.sql,
    `select 1 from "UserRole" where "CompanyID" = $1 and "UserID" = $2 and "SharedRoleId" = $3 and "Deleted" = false`,
    [scope.companyId, userId, roleId],
  )
  return row !== undefined
}

/** Active users holding a role in the company. */
export async function roleHolders(
  scope: WriteScope,
  roleId: number,
): Promise<{ ID: number; GlobalIdentity: string; DisplayName: string }[]> {
  const { rows } = await scope.sql.query<{ ID: number; GlobalIdentity: string; DisplayName: string }>(
    `select distinct u."ID", u."GlobalIdentity", u."DisplayName"
       from "UserRole" ur
       join "User" u on u."CompanyID" = ur."CompanyID" and u."ID" = ur."UserID"
      where ur."CompanyID" = $1 and ur."SharedRoleId" = $2 and ur."Deleted" = false
        and u."Deleted" = false and u."StatusCode" = $3
      order by u."ID"`,
    [scope.companyId, roleId, UserStatus.Active],
  )
  return rows
}

/** Case-insensitive property of a request body. */
export function prop(body: unknown, name: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const key = Object.keys(body).find((k) => k.toLowerCase() === name.toLowerCase())
  return key === undefined ? undefined : (body as Row)[key]
}

/** A positive integer id from a body value or query parameter, or undefined. */
export function idValue(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined
}
