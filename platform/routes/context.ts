// What every route module of one running platform shares, and the per-request read and write
// contexts built from a request's tenant.
import type { FastifyRequest } from 'fastify'
import type { Sql, Store } from '../db/store.ts'
import type { CustomFieldCache } from '../domain/custom-fields.ts'
import { runTransition } from '../domain/transitions.ts'
import { PlatformError } from '../errors.ts'
import type { SignInGuard } from '../identity/sign-in.ts'
import type { EntityApi, HookSet } from '../model/hooks.ts'
import { createEntity, deleteEntity, setFields, updateEntity, type WriteContext } from '../model/write.ts'
import { getEntityById, type ReadContext } from '../query/index.ts'
import type { Registry } from '../registry/registry.ts'
import type { EntityDef } from '../registry/types.ts'
import { cachedRolesOf, rolesOf } from '../tenancy/roles.ts'
import type { Tenant, TenantCache } from '../tenancy/tenancy.ts'

export interface PlatformUrls {
  /** API base, ends with '/'. */
  base: string
  auth: string
  files: string
  license: string
  licenseAdmin: string
}

export interface PlatformContext {
  store: Store
  registry: Registry
  hooks: HookSet
  urls: PlatformUrls
  customFields: CustomFieldCache
  tenants: TenantCache
  /** Models whose StatusCode moves only through transitions. */
  transitionEntities: ReadonlySet<string>
  /** The sign-in throttle the identity server uses too (sign-up password checks, license administrators' unlock). */
  signIns: SignInGuard
}

export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenant) throw new PlatformError('UNAUTHORIZED', 'Authorization required')
  return request.tenant
}

export async function readContext(
  pc: PlatformContext,
  tenant: Tenant,
  sql: Sql = pc.store,
): Promise<ReadContext> {
  const [customFields, roles] = await Promise.all([
    pc.customFields.load(pc.store, tenant.companyId),
    // Outside a transaction the kept answer serves; inside one, the transaction's own view counts.
    sql === pc.store
      ? cachedRolesOf(pc.store, tenant.companyId, tenant.userId)
      : rolesOf(sql, tenant.companyId, tenant.userId),
  ])
  return {
    sql,
    registry: pc.registry,
    companyId: tenant.companyId,
    customFields,
    viewer: { globalIdentity: tenant.globalIdentity, userId: tenant.userId, roles },
  }
}

/**
 * Builds the write context for one transaction of a request. The read context is loaded before the
 * transaction opens: inside it, every query must go through `tx` (the embedded database runs one
 * statement stream at a time).
 */
export function writeContext(
  pc: PlatformContext,
  tenant: Tenant,
  rc: ReadContext,
  tx: Sql,
  reason: string,
): WriteContext {
  return {
    sql: tx,
    registry: pc.registry,
    companyId: tenant.companyId,
    companyKey: tenant.companyKey,
    userId: tenant.userId,
    globalIdentity: tenant.globalIdentity,
    reason,
    hooks: pc.hooks,
    customFields: rc.customFields,
    transitionEntities: pc.transitionEntities,
    // The platform's own reads (change events, domain actions) see every row of the company.
    readEntity: (sql, entity, id) =>
      getEntityById({ ...rc, sql, viewer: undefined }, entity, id, { includeDeleted: true }),
  }
}

/** The generic operations handed to domain actions, bound to one write context. */
export function entityApi(ctx: WriteContext, rc: ReadContext): EntityApi {
  const read = (entity: EntityDef, id: number, opts: { expand?: string; includeDeleted?: boolean } = {}) =>
    getEntityById({ ...rc, sql: ctx.sql, viewer: undefined }, entity, id, opts)
  return {
    read,
    create: (entity, body) => createEntity(ctx, entity, body),
    update: (entity, id, body) => updateEntity(ctx, entity, id, body),
    remove: (entity, id) => deleteEntity(ctx, entity, id),
    setFields: (entity, id, values) => setFields(ctx, entity, id, values),
    transition: (entity, id, methodName) => runTransition(ctx, entity, id, methodName),
  }
}
