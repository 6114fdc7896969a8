// Entity locks (spec 2.18 "Entity lock payload", 4.5): `POST entitylock` with `Message`, `EntityType`,
// `EntityID` makes that entity refuse updates, deletes, attachments (file links) and transitions with
// a 400 whose Message carries the lock's message; `PUT entitylock?action=unlock&id=<entity id>&
// entitytype=<type>` lifts it. One hook for every entity checks a write against the locks of its
// company: one indexed query per update, delete, transition or link, none for other creates.
import type { Sql } from '../db/store.ts'
import { PlatformError } from '../errors.ts'
import type { ActionRequest, BeforeWriteEvent, HookSet, TransitionEvent, WriteScope } from '../model/hooks.ts'
import { loadRow } from '../model/write.ts'
import type { Registry } from '../registry/registry.ts'
import type { EntityDef } from '../registry/types.ts'

const LOCK = 'EntityLock'
const LINK = 'FileEntityLink'

/** The model an `EntityType` names (any casing), refusing unknown and internal ones. */
export function entityTypeOf(registry: Registry, raw: unknown): EntityDef {
  const name = typeof raw === 'string' ? raw.trim() : ''
  const entity = name ? registry.get(name) : undefined
  if (!entity || entity.internal || entity.scope !== 'company') {
    throw new PlatformError(
      'BAD_REQUEST',
      name ? `EntityType '${name}' is not a model of this platform` : 'EntityType is required',
    )
  }
  return entity
}

/** The message of the lock on an entity, or undefined when it is not locked. */
export async function lockMessage(
  sql: Sql,
  companyId: number,
  entityType: string,
  entityId: number,
): Promise<string | undefined> {
  const { rows } = await sql.query<{ Message: string | null }>(
    `select "Message" from "EntityLock"
      where "CompanyID" = $1 and "EntityType" = $2 and "EntityID" = $3 and "Deleted" = false
      order by "ID" limit 1`,
    [companyId, entityType, entityId],
  )
  return rows[0] ? (rows[0].Message ?? '') : undefined
}

export function lockedError(entityType: string, entityId: number, message: string): PlatformError {
  return new PlatformError(
    'ENTITY_LOCKED',
    `${entityType} ${entityId} is locked${message ? `: ${message}` : ''}`,
  )
}

async function refuseIfLocked(scope: WriteScope, entityType: string, entityId: number): Promise<void> {
  if (!Number.isInteger(entityId)) return
  const message = await lockMessage(scope.sql, scope.companyId, entityType, entityId)
  if (message !== undefined) throw lockedError(entityType, entityId, message)
}

async function beforeAnyWrite(e: BeforeWriteEvent): Promise<void> {
  if (e.entity.name === LOCK || e.entity.scope !== 'company') return
  if (e.entity.name === LINK) {
    // Attaching, moving or removing a file changes the entity it documents.
    const before = e.before ?? {}
    const type = e.values.EntityType ?? before.EntityType
    const id = e.values.EntityID ?? before.EntityID
    if (typeof type === 'string' && id !== null && id !== undefined) {
      const target = e.registry.get(type)
      await refuseIfLocked(e, target?.name ?? type, Number(id))
    }
    const moved =
      e.operation === 'U' && (e.values.EntityType !== undefined || e.values.EntityID !== undefined)
    if (moved && typeof before.EntityType === 'string') {
      await refuseIfLocked(e, before.EntityType, Number(before.EntityID))
    }
    return
  }
  // A new row cannot be locked yet.
  if (e.operation === 'C') return
  await refuseIfLocked(e, e.entity.name, Number(e.before?.ID))
}

async function beforeAnyTransition(e: TransitionEvent): Promise<void> {
  if (e.entity.name === LOCK || e.entity.scope !== 'company') return
  await refuseIfLocked(e, e.entity.name, e.id)
}

/** A lock names an existing entity of the caller's company; its EntityType is stored as the model name. */
async function beforeLockWrite(e: BeforeWriteEvent): Promise<void> {
  if (e.operation === 'D') return
  if (e.operation === 'U' && e.values.EntityType === undefined && e.values.EntityID === undefined) return
  const entity = entityTypeOf(e.registry, e.values.EntityType ?? e.before?.EntityType)
  const id = Number(e.values.EntityID ?? e.before?.EntityID)
  if (!(await loadRow(e.sql, e, entity, id))) {
    throw new PlatformError('NOT_FOUND', `${entity.name} ${id} was not found`)
  }
  e.values.EntityType = entity.name
  const existing = await lockMessage(e.sql, e.companyId, entity.name, id)
  if (existing !== undefined && e.operation === 'C') {
    throw new PlatformError(
      'BAD_REQUEST',
      `${entity.name} ${id} is already locked${existing ? `: ${existing}` : ''}`,
    )
  }
}

/**
 * `unlock`: `entitylock?action=unlock&id=<entity id>&entitytype=<type>` removes the locks of that entity;
 * `entitylock/<lock id>?action=unlock` (or `?id=<lock id>` without `entitytype`) removes that lock.
 */
async function unlock(req: ActionRequest): Promise<undefined> {
  const lockDef = req.registry.require(LOCK)
  const rawId = req.id ?? Number(req.query.id ?? req.query.entityid)
  if (!Number.isInteger(rawId) || rawId < 1)
    throw new PlatformError('BAD_REQUEST', 'unlock needs id (the locked entity id) and entitytype')
  let lockIds: number[]
  let what: string
  if (req.id === undefined && req.query.entitytype) {
    const entity = entityTypeOf(req.registry, req.query.entitytype)
    const { rows } = await req.sql.query<{ ID: number }>(
      `select "ID" from "EntityLock" where "CompanyID" = $1 and "EntityType" = $2 and "EntityID" = $3 and "Deleted" = false`,
      [req.companyId, entity.name, rawId],
    )
    lockIds = rows.map((r) => r.ID)
    what = `${entity.name} ${rawId} is not locked`
  } else {
    lockIds = (await loadRow(req.sql, req, lockDef, rawId)) ? [rawId] : []
    what = `EntityLock ${rawId} was not found`
  }
  if (!lockIds.length) throw new PlatformError('NOT_FOUND', what)
  for (const id of lockIds) await req.api.remove(lockDef, id)
  return undefined
}

export function registerEntityLocks(hooks: HookSet): void {
  hooks.register('*', { beforeWrite: beforeAnyWrite, beforeTransition: beforeAnyTransition })
  hooks.register(LOCK, {
    beforeWrite: beforeLockWrite,
    actions: { unlock: { methods: ['PUT', 'POST'], target: 'either', handler: unlock } },
  })
}
