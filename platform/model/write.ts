// The generic write path: create, update and soft-delete any registry entity, with graph writes
// (field notes: `_createguid` creates a nested object, a nested object with `ID` updates it, a child
// with `Deleted: true` is removed), validation of the whole graph before anything is written, IDs
// per company, domain hooks, and a change_event row for every write, all in the caller's transaction.
import { nextId } from '../db/migrate.ts'
import { ident, type Sql } from '../db/store.ts'
import { PlatformError } from '../errors.ts'
import type { EntityDef, FieldDef, RelationDef } from '../registry/types.ts'
import type { HookSet, Operation, WriteScope } from './hooks.ts'
import {
  assertMayWrite,
  checkReferences,
  findBadReferences,
  forgetReference,
  rememberReference,
} from './guard.ts'
import {
  coerceCustomValue,
  coerceField,
  Validation,
  validationError,
  type CustomFieldType,
} from './validate.ts'

export interface WriteContext extends WriteScope {
  hooks: HookSet
  /** Active custom fields of an entity in this company. */
  customFields(entity: EntityDef): readonly CustomFieldType[]
  /** The entity as the API shows it (read shape), for change events; includes deleted rows. */
  readEntity(sql: Sql, entity: EntityDef, id: number): Promise<Record<string, unknown> | undefined>
  /** Models whose StatusCode moves only through transitions (a generic update leaves it alone). */
  transitionEntities?: ReadonlySet<string>
}

interface Plan {
  entity: EntityDef
  mode: 'create' | 'update' | 'delete'
  id?: number
  values: Record<string, unknown>
  customValues?: Record<string, unknown>
  ones: { rel: RelationDef; plan: Plan }[]
  manys: { rel: RelationDef; plans: Plan[] }[]
  /** Where this object's field errors go in the request's validation answer. */
  v?: Validation
  /** Keys the graph write sets itself (the parent's ID in a child, a nested object's new ID). */
  setByGraph?: Set<string>
}

type Row = Record<string, unknown>

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v)

function bodyId(body: Row): number | undefined {
  const key = Object.keys(body).find((k) => k.toLowerCase() === 'id')
  const raw = key ? body[key] : undefined
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined
}

function flag(body: Row, name: string): unknown {
  const key = Object.keys(body).find((k) => k.toLowerCase() === name.toLowerCase())
  return key ? body[key] : undefined
}

/** Reads the request graph into a plan; every problem is recorded in `v`, nothing is written. */
function prepare(
  ctx: WriteContext,
  entity: EntityDef,
  body: unknown,
  mode: 'create' | 'update',
  v: Validation,
  parentFk?: string,
): Plan {
  const plan: Plan = { entity, mode, values: {}, ones: [], manys: [], v }
  if (!isObject(body)) {
    v.add(entity.name, `${entity.name} must be a JSON object`)
    return plan
  }
  const { registry } = ctx
  for (const [key, raw] of Object.entries(body)) {
    const field = registry.field(entity, key)
    if (field) {
      if (field.readOnly) continue
      // spec 3.2: an entity with transitions starts in its default status and moves only through them.
      if (field.name === 'StatusCode' && ctx.transitionEntities?.has(entity.name)) continue
      const r = coerceField(field, raw)
      if (!r.ok) v.add(field.name, r.message)
      else plan.values[field.name] = r.value
      continue
    }
    if (key.toLowerCase() === 'customvalues') {
      if (raw === null || raw === undefined) continue
      if (!isObject(raw)) {
        v.add('CustomValues', 'CustomValues must be an object')
        continue
      }
      const defs = ctx.customFields(entity)
      const out: Record<string, unknown> = {}
      for (const [ck, cv] of Object.entries(raw)) {
        const def = defs.find((d) => `custom${d.name}`.toLowerCase() === ck.toLowerCase())
        // spec 2.16: only active fields exist on the model; a value for any other would be lost.
        if (!def) {
          v.add(ck, `${ck} is not an active custom field of ${entity.name}`)
          continue
        }
        const r = coerceCustomValue(def, cv)
        if (!r.ok) v.add(`Custom${def.name}`, r.message)
        else out[`Custom${def.name}`] = r.value
      }
      if (Object.keys(out).length) plan.customValues = out
      continue
    }
    const rel = registry.relation(entity, key)
    if (!rel || raw === null || raw === undefined) continue // unknown properties (`_isDirty`, ...) are ignored
    const target = registry.require(rel.target)
    if (rel.kind === 'one') {
      // A nested reference to a shared (global) or read-only model is never written through its parent.
      if (!isObject(raw) || target.readOnly || target.scope !== entity.scope) continue
      const id = bodyId(raw)
      if (id !== undefined) {
        if (registry.field(entity, rel.foreignKey)) plan.values[rel.foreignKey] = id
        plan.ones.push({
          rel,
          plan: { ...prepare(ctx, target, raw, 'update', v.child(rel.name, target), undefined), id },
        })
      } else if (flag(raw, '_createguid') !== undefined || Number(flag(body, rel.foreignKey)) === 0) {
        // spec 4.3: `CustomerID: 0` with an inline `Customer` creates the customer, as `_createguid` does.
        plan.ones.push({ rel, plan: prepare(ctx, target, raw, 'create', v.child(rel.name, target)) })
      }
      continue
    }
    if (!rel.owned || target.readOnly) continue
    if (!Array.isArray(raw)) {
      v.add(rel.name, `${rel.name} must be an array`)
      continue
    }
    const plans: Plan[] = []
    raw.forEach((child, i) => {
      const cv = v.child(rel.name, target, i)
      if (!isObject(child)) {
        cv.add(target.name, `${rel.name}[${i}] must be an object`)
        return
      }
      const id = bodyId(child)
      const deleted = coerceField({ name: 'Deleted', type: 'bool' }, flag(child, 'Deleted'))
      if (id !== undefined && deleted.ok && deleted.value === true) {
        plans.push({ entity: target, mode: 'delete', id, values: {}, ones: [], manys: [], v: cv })
      } else if (id !== undefined) {
        plans.push({ ...prepare(ctx, target, child, 'update', cv, rel.foreignKey), id })
      } else if (!(deleted.ok && deleted.value === true)) {
        plans.push(prepare(ctx, target, child, 'create', cv, rel.foreignKey))
      }
    })
    plan.manys.push({ rel, plans })
  }

  if (mode === 'create') {
    for (const f of registry.fields(entity)) {
      if (f.name in plan.values) continue
      if (f.default !== undefined && !f.readOnly) plan.values[f.name] = f.default
    }
    if (plan.values.StatusCode === undefined || plan.values.StatusCode === null) {
      const status = entity.defaultStatus ?? entity.statusCodes?.[0]
      if (status !== undefined) plan.values.StatusCode = status
    }
    const satisfiedByGraph = new Set(plan.ones.map((o) => o.rel.foreignKey.toLowerCase()))
    if (parentFk) satisfiedByGraph.add(parentFk.toLowerCase())
    plan.setByGraph = satisfiedByGraph
    for (const f of registry.fields(entity)) {
      if (!f.required || satisfiedByGraph.has(f.name.toLowerCase())) continue
      const val = plan.values[f.name]
      if (val === undefined || val === null || val === '') v.add(f.name, `${f.name} is required`)
    }
  } else {
    plan.setByGraph = new Set(parentFk ? [parentFk.toLowerCase()] : [])
    for (const f of registry.fields(entity)) {
      if (
        f.required &&
        f.name in plan.values &&
        (plan.values[f.name] === null || plan.values[f.name] === '')
      ) {
        v.add(f.name, `${f.name} is required`)
      }
    }
  }
  const status = plan.values.StatusCode
  if (
    status !== undefined &&
    status !== null &&
    entity.statusCodes &&
    !entity.statusCodes.includes(status as number)
  ) {
    v.add(
      'StatusCode',
      `StatusCode ${String(status)} is not a status of ${entity.name} (${entity.statusCodes.join(', ')})`,
    )
  }
  return plan
}

function companyFilter(
  entity: EntityDef,
  companyId: number,
  firstParam: number,
): { sql: string; params: unknown[] } {
  return entity.scope === 'company'
    ? { sql: `"CompanyID" = $${firstParam} and `, params: [companyId] }
    : { sql: '', params: [] }
}

/** The stored row (not deleted) of an entity in the caller's company, or undefined. */
export async function loadRow(
  sql: Sql,
  ctx: Pick<WriteScope, 'companyId'>,
  entity: EntityDef,
  id: number,
  forUpdate = false,
): Promise<Row | undefined> {
  const c = companyFilter(entity, ctx.companyId, 2)
  const { rows } = await sql.query<Row>(
    `select * from ${ident(entity.name)} where ${c.sql}"ID" = $1 and "Deleted" = false${forUpdate ? ' for update' : ''}`,
    [id, ...c.params],
  )
  return rows[0]
}

function sameValue(field: FieldDef, a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null)
  switch (field.type) {
    case 'int':
    case 'bigint':
    case 'decimal':
    case 'money':
      return Number(a) === Number(b)
    case 'datetime':
      return new Date(String(a)).getTime() === new Date(String(b)).getTime()
    case 'json':
      return JSON.stringify(a) === JSON.stringify(b)
    default:
      return String(a) === String(b)
  }
}

function param(field: FieldDef | undefined, value: unknown): unknown {
  return field?.type === 'json' && value !== null && value !== undefined ? JSON.stringify(value) : value
}

async function changeEvent(
  ctx: WriteContext,
  sql: Sql,
  entity: EntityDef,
  id: number,
  op: Operation,
  changed: string[],
): Promise<void> {
  const json = await ctx.readEntity(sql, entity, id)
  await sql.query(
    `insert into change_event (company_id, entity, entity_id, operation, reason, session_id, changed, entity_json)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      entity.scope === 'company' ? ctx.companyId : 0,
      entity.name,
      id,
      op,
      ctx.reason,
      ctx.globalIdentity,
      JSON.stringify(changed),
      JSON.stringify(json ?? null),
    ],
  )
}

async function executeOnes(ctx: WriteContext, sql: Sql, plan: Plan): Promise<void> {
  for (const { rel, plan: child } of plan.ones) {
    const id = await execute(ctx, sql, child)
    if (ctx.registry.field(plan.entity, rel.foreignKey)) plan.values[rel.foreignKey] = id
  }
}

async function executeManys(ctx: WriteContext, sql: Sql, plan: Plan, parentId: number): Promise<void> {
  for (const { rel, plans } of plan.manys) {
    for (const child of plans) {
      if (child.mode !== 'create') {
        const row = await loadRow(sql, ctx, child.entity, child.id!)
        if (!row || Number(row[rel.foreignKey]) !== parentId) {
          throw new PlatformError(
            'BAD_REQUEST',
            `${rel.name}: ${child.entity.name} ${child.id} does not belong to ${plan.entity.name} ${parentId}`,
          )
        }
      }
      child.values[rel.foreignKey] = parentId
      if (child.mode === 'delete') await deleteRow(ctx, sql, child.entity, child.id!)
      else await execute(ctx, sql, child)
    }
  }
}

async function execute(ctx: WriteContext, sql: Sql, plan: Plan): Promise<number> {
  if (plan.mode === 'create') return insertRow(ctx, sql, plan)
  if (plan.mode === 'update') {
    await updateRow(ctx, sql, plan)
    return plan.id!
  }
  await deleteRow(ctx, sql, plan.entity, plan.id!)
  return plan.id!
}

async function insertRow(ctx: WriteContext, sql: Sql, plan: Plan): Promise<number> {
  const { entity, registry } = { entity: plan.entity, registry: ctx.registry }
  if (entity.readOnly) throw new PlatformError('BAD_REQUEST', `${entity.name} is read-only`)
  await executeOnes(ctx, sql, plan)
  const company = entity.scope === 'company'
  const id = await nextId(sql, company ? ctx.companyId : 0, entity.name)
  const now = new Date().toISOString()
  const values: Row = {
    ...plan.values,
    ID: id,
    Deleted: false,
    CreatedAt: now,
    UpdatedAt: now,
    CreatedBy: ctx.globalIdentity,
    UpdatedBy: ctx.globalIdentity,
  }
  await assertMayWrite(ctx, sql, entity, { values })
  await checkReferences(ctx, sql, entity, values, plan.v ?? new Validation(entity))
  await ctx.hooks.beforeWrite({ ...ctx, entity, operation: 'C', values })
  const cols = Object.keys(values).filter((k) => registry.field(entity, k))
  const params = cols.map((c) => param(registry.field(entity, c), values[c]))
  const names = cols.map((c) => ident(registry.field(entity, c)!.name))
  const placeholders = cols.map((c, i) =>
    registry.field(entity, c)!.type === 'json' ? `$${i + 1}::jsonb` : `$${i + 1}`,
  )
  if (company) {
    names.push('"CompanyID"')
    params.push(ctx.companyId)
    placeholders.push(`$${params.length}`)
  }
  names.push('"CustomValues"')
  params.push(JSON.stringify(plan.customValues ?? {}))
  placeholders.push(`$${params.length}::jsonb`)
  await sql.query(
    `insert into ${ident(entity.name)} (${names.join(', ')}) values (${placeholders.join(', ')})`,
    params,
  )
  rememberReference(sql, ctx.companyId, entity, id)
  await executeManys(ctx, sql, plan, id)
  const changed = [
    ...cols.filter((c) => values[c] !== null && values[c] !== undefined),
    ...Object.keys(plan.customValues ?? {}),
  ]
  await ctx.hooks.afterWrite({ ...ctx, entity, operation: 'C', id, changed })
  await changeEvent(ctx, sql, entity, id, 'C', changed)
  return id
}

async function updateRow(ctx: WriteContext, sql: Sql, plan: Plan, system = false): Promise<void> {
  const { entity } = plan
  const { registry } = ctx
  if (entity.readOnly && !system) throw new PlatformError('BAD_REQUEST', `${entity.name} is read-only`)
  const before = await loadRow(sql, ctx, entity, plan.id!, true)
  if (!before) throw new PlatformError('NOT_FOUND', `${entity.name} ${plan.id} was not found`)
  await executeOnes(ctx, sql, plan)
  const values: Row = {}
  for (const [k, val] of Object.entries(plan.values)) {
    const f = registry.field(entity, k)
    if (f && !sameValue(f, before[f.name], val)) values[f.name] = val
  }
  const customChanged = Object.entries(plan.customValues ?? {}).filter(
    ([k, val]) =>
      JSON.stringify((before.CustomValues as Row | null)?.[k] ?? null) !== JSON.stringify(val ?? null),
  )
  await assertMayWrite(ctx, sql, entity, { before, values })
  await checkReferences(ctx, sql, entity, values, plan.v ?? new Validation(entity))
  await ctx.hooks.beforeWrite({ ...ctx, entity, operation: 'U', before, values })
  const changed = [...Object.keys(values), ...customChanged.map(([k]) => k)]
  if (changed.length) {
    const sets: string[] = []
    const params: unknown[] = []
    for (const [k, val] of Object.entries(values)) {
      const f = registry.field(entity, k)!
      params.push(param(f, val))
      sets.push(`${ident(f.name)} = $${params.length}${f.type === 'json' ? '::jsonb' : ''}`)
    }
    if (customChanged.length) {
      params.push(JSON.stringify(Object.fromEntries(customChanged)))
      sets.push(`"CustomValues" = "CustomValues" || $${params.length}::jsonb`)
    }
    params.push(new Date().toISOString(), ctx.globalIdentity)
    sets.push(`"UpdatedAt" = $${params.length - 1}`, `"UpdatedBy" = $${params.length}`)
    const c = companyFilter(entity, ctx.companyId, params.length + 2)
    await sql.query(
      `update ${ident(entity.name)} set ${sets.join(', ')} where ${c.sql}"ID" = $${params.length + 1}`,
      [...params, plan.id, ...c.params],
    )
  }
  await executeManys(ctx, sql, plan, plan.id!)
  await ctx.hooks.afterWrite({ ...ctx, entity, operation: 'U', id: plan.id!, before, changed })
  if (changed.length) await changeEvent(ctx, sql, entity, plan.id!, 'U', changed)
}

async function deleteRow(ctx: WriteContext, sql: Sql, entity: EntityDef, id: number): Promise<void> {
  if (entity.readOnly) throw new PlatformError('BAD_REQUEST', `${entity.name} is read-only`)
  const before = await loadRow(sql, ctx, entity, id, true)
  if (!before) throw new PlatformError('NOT_FOUND', `${entity.name} ${id} was not found`)
  await assertMayWrite(ctx, sql, entity, { before })
  await ctx.hooks.beforeWrite({ ...ctx, entity, operation: 'D', before, values: { Deleted: true } })
  forgetReference(sql, ctx.companyId, entity, id)
  const c = companyFilter(entity, ctx.companyId, 4)
  await sql.query(
    `update ${ident(entity.name)} set "Deleted" = true, "UpdatedAt" = $2, "UpdatedBy" = $3 where ${c.sql}"ID" = $1`,
    [id, new Date().toISOString(), ctx.globalIdentity, ...c.params],
  )
  // Owned children go with their parent.
  for (const rel of entity.relations) {
    if (rel.kind !== 'many' || !rel.owned) continue
    const target = ctx.registry.require(rel.target)
    const tc = companyFilter(target, ctx.companyId, 2)
    const { rows } = await sql.query<{ ID: number }>(
      `select "ID" from ${ident(target.name)} where ${tc.sql}${ident(rel.foreignKey)} = $1 and "Deleted" = false`,
      [id, ...tc.params],
    )
    for (const r of rows) await deleteRow(ctx, sql, target, r.ID)
  }
  await ctx.hooks.afterWrite({ ...ctx, entity, operation: 'D', id, before, changed: ['Deleted'] })
  await changeEvent(ctx, sql, entity, id, 'D', ['Deleted'])
}

/**
 * Checks the references of the whole request graph before anything is written, so every refused
 * reference is named in one answer (with the other field errors) and no hook sees a foreign ID. An
 * update checks only the keys it changes: a row may keep pointing at a row deleted since.
 */
async function checkGraphReferences(ctx: WriteContext, plan: Plan): Promise<void> {
  if (plan.mode !== 'delete' && plan.v) {
    let values = plan.values
    if (plan.mode === 'update' && plan.id !== undefined) {
      const before = await loadRow(ctx.sql, ctx, plan.entity, plan.id)
      if (before) {
        values = Object.fromEntries(
          Object.entries(plan.values).filter(([k, val]) => {
            const f = ctx.registry.field(plan.entity, k)
            return !f || !sameValue(f, before[f.name], val)
          }),
        )
      }
    }
    await findBadReferences(ctx, ctx.sql, plan.entity, values, plan.v, plan.setByGraph)
  }
  for (const { plan: child } of plan.ones) await checkGraphReferences(ctx, child)
  for (const { plans } of plan.manys) for (const child of plans) await checkGraphReferences(ctx, child)
}

/** A model the generic routes may write at all, by this writer (before the body is even read). */
async function assertWritable(ctx: WriteContext, entity: EntityDef): Promise<void> {
  if (entity.readOnly)
    throw new PlatformError('BAD_REQUEST', `${entity.name} is read-only and cannot be written`)
  await assertMayWrite(ctx, ctx.sql, entity, {})
}

/** Creates an entity (with its nested graph); answers the new ID. */
export async function createEntity(ctx: WriteContext, entity: EntityDef, body: unknown): Promise<number> {
  await assertWritable(ctx, entity)
  const v = new Validation(entity)
  const plan = prepare(ctx, entity, body, 'create', v)
  await checkGraphReferences(ctx, plan)
  if (v.failed) throw validationError(v)
  return insertRow(ctx, ctx.sql, plan)
}

/** Creates several entities in one transaction; all or nothing. Errors name the failing item. */
export async function createEntities(
  ctx: WriteContext,
  entity: EntityDef,
  bodies: unknown[],
): Promise<number[]> {
  await assertWritable(ctx, entity)
  const plans = bodies.map((b) => {
    const v = new Validation(entity)
    return { plan: prepare(ctx, entity, b, 'create', v), v }
  })
  for (const { plan } of plans) await checkGraphReferences(ctx, plan)
  const failedAt = plans.findIndex((p) => p.v.failed)
  if (failedAt >= 0) {
    const err = validationError(plans[failedAt]!.v)
    throw new PlatformError('VALIDATION', `Item ${failedAt}: ${err.message}`, err.details)
  }
  const ids: number[] = []
  for (const { plan } of plans) ids.push(await insertRow(ctx, ctx.sql, plan))
  return ids
}

/** Updates an entity of the caller's company (and its nested graph). */
export async function updateEntity(
  ctx: WriteContext,
  entity: EntityDef,
  id: number,
  body: unknown,
): Promise<void> {
  await assertWritable(ctx, entity)
  const v = new Validation(entity)
  const plan = { ...prepare(ctx, entity, body, 'update', v), id }
  await checkGraphReferences(ctx, plan)
  if (v.failed) throw validationError(v)
  await updateRow(ctx, ctx.sql, plan)
}

/** Soft-deletes an entity of the caller's company and its owned children. */
export async function deleteEntity(ctx: WriteContext, entity: EntityDef, id: number): Promise<void> {
  await assertWritable(ctx, entity)
  await deleteRow(ctx, ctx.sql, entity, id)
}

/**
 * Sets columns of a row directly (transitions, domain actions): same UpdatedAt/By bookkeeping,
 * hooks and change event as an update, without the client-facing validation.
 */
export async function setFields(
  ctx: WriteContext,
  entity: EntityDef,
  id: number,
  values: Row,
): Promise<void> {
  const v = new Validation(entity)
  const plan: Plan = { entity, mode: 'update', id, values, ones: [], manys: [] }
  for (const [k, val] of Object.entries(values)) {
    const f = ctx.registry.field(entity, k)
    if (!f) throw new Error(`${entity.name} has no field ${k}`)
    const r = coerceField(f, val)
    if (!r.ok) v.add(f.name, r.message)
    else plan.values[f.name] = r.value
  }
  if (v.failed) throw validationError(v)
  await updateRow(ctx, ctx.sql, plan, true)
}
