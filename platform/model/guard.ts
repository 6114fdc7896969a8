// The two checks every row of a write passes, whatever route or domain action caused it: the model's
// write declaration (registry/access.ts) for the writing user, and the references of the row (every
// one-relation the registry declares) naming a row that exists, is not deleted and belongs to the
// same company. A refused reference is a field error in the request's validation answer, and as the
// write runs in one transaction, nothing of the request is kept.
import { ident, type Sql } from '../db/store.ts'
import { accessDenied, accessRule, grantOf } from '../registry/access.ts'
import type { EntityDef } from '../registry/types.ts'
import { rolesOf } from '../tenancy/roles.ts'
import type { WriteScope } from './hooks.ts'
import { validationError, type Validation } from './validate.ts'

type Row = Record<string, unknown>

/** Per transaction: the writer's roles, and references already found (`CompanyID:Model:ID`). */
const rolesSeen = new WeakMap<Sql, Map<number, Promise<Set<string>>>>()
const referencesSeen = new WeakMap<Sql, Set<string>>()

function writerRoles(sql: Sql, scope: Pick<WriteScope, 'companyId' | 'userId'>): Promise<Set<string>> {
  let byUser = rolesSeen.get(sql)
  if (!byUser) rolesSeen.set(sql, (byUser = new Map()))
  let roles = byUser.get(scope.userId)
  if (!roles) byUser.set(scope.userId, (roles = rolesOf(sql, scope.companyId, scope.userId)))
  return roles
}

/**
 * Refuses (403) a write of a model the writer may not write. The platform's own writes (user 0:
 * sign-up, license jobs, seeding) act for no member and pass.
 */
export async function assertMayWrite(
  scope: Pick<WriteScope, 'companyId' | 'userId' | 'globalIdentity'>,
  sql: Sql,
  entity: EntityDef,
  row: { before?: Row; values?: Row },
): Promise<void> {
  // A change of roles inside the transaction counts for the rest of it.
  if (entity.name === 'UserRole') rolesSeen.delete(sql)
  if (scope.userId === 0 || accessRule(entity, 'write') === 'company') return
  const grant = grantOf(entity, 'write', await writerRoles(sql, scope))
  if (grant === 'all') return
  if (grant === 'own' && entity.ownerField) {
    const owner = entity.ownerField
    const mine = (r?: Row) => r === undefined || !(owner in r) || r[owner] === scope.globalIdentity
    // Without a row yet (the route's first check), the row-level check of each write decides.
    if (!row.before && !row.values) return
    if (mine(row.before) && mine(row.values)) return
  }
  throw accessDenied(entity, 'write')
}

async function referenceExists(sql: Sql, scope: WriteScope, target: EntityDef, id: number): Promise<boolean> {
  let seen = referencesSeen.get(sql)
  if (!seen) referencesSeen.set(sql, (seen = new Set()))
  const key = `${scope.companyId}:${target.name}:${id}`
  if (seen.has(key)) return true
  if (!Number.isSafeInteger(id) || id < 1) return false
  const company = target.scope === 'company'
  const { rows } = await sql.query(
    `select 1 from ${ident(target.name)} where "ID" = $1 and "Deleted" = false${company ? ' and "CompanyID" = $2' : ''} limit 1`,
    company ? [id, scope.companyId] : [id],
  )
  if (rows.length) seen.add(key)
  return rows.length > 0
}

/** A row created in this transaction is a valid reference for its later writes (no query needed). */
export function rememberReference(sql: Sql, companyId: number, entity: EntityDef, id: number): void {
  let seen = referencesSeen.get(sql)
  if (!seen) referencesSeen.set(sql, (seen = new Set()))
  seen.add(`${companyId}:${entity.name}:${id}`)
}

/** A row deleted in this transaction is no longer a valid reference for its later writes. */
export function forgetReference(sql: Sql, companyId: number, entity: EntityDef, id: number): void {
  referencesSeen.get(sql)?.delete(`${companyId}:${entity.name}:${id}`)
}

/**
 * Checks every declared one-relation whose key the write sets (create: the whole row; update: the
 * changed columns). Refusals go to `v` (the object's place in the request graph); the whole request
 * is then answered with 400 and its validation results.
 */
export async function checkReferences(
  scope: WriteScope,
  sql: Sql,
  entity: EntityDef,
  values: Row,
  v: Validation,
): Promise<void> {
  await findBadReferences(scope, sql, entity, values, v)
  if (v.root.failed) throw validationError(v.root)
}

/** Records a field error in `v` for every reference of `values` that names no row of the company. */
export async function findBadReferences(
  scope: WriteScope,
  sql: Sql,
  entity: EntityDef,
  values: Row,
  v: Validation,
  setByGraph: ReadonlySet<string> = new Set(),
): Promise<void> {
  const { registry } = scope
  for (const rel of entity.relations) {
    if (rel.kind !== 'one' || setByGraph.has(rel.foreignKey.toLowerCase())) continue
    const field = registry.field(entity, rel.foreignKey)
    const value = field ? values[field.name] : undefined
    if (!field || value === null || value === undefined) continue
    const target = registry.require(rel.target)
    if (await referenceExists(sql, scope, target, Number(value))) continue
    const where = target.scope === 'company' ? ' of this company' : ''
    v.add(
      field.name,
      `${field.name} ${JSON.stringify(value)} is not ${/^[aeiou]/i.test(target.label) ? 'an' : 'a'} ${target.label}${where} (it does not exist or was deleted)`,
    )
  }
}
