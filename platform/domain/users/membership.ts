// Membership of a person in a company (spec 4.10): the User row, the user licenses (Purchase rows
// with the user's UserID) of the company's default products, and the default roles. Shared by the
// invitation, sign-up, add-user and the license server's bulk permissions.
import { PurchaseStatus, UserStatus } from '../../../common/status.ts'
import type { Sql } from '../../db/store.ts'
import { PlatformError } from '../../errors.ts'
import { defaultsFor, type ProductRecord } from '../../license/catalogue.ts'
import type { EntityApi } from '../../model/hooks.ts'
import type { Registry } from '../../registry/registry.ts'
import { entityApi, readContext, writeContext, type PlatformContext } from '../../routes/context.ts'
import type { Tenant } from '../../tenancy/tenancy.ts'

/** One company's open transaction with the generic write path (hooks, change events). */
export interface CompanyWrite {
  sql: Sql
  api: EntityApi
  registry: Registry
  companyId: number
}

/** Runs fn in one transaction of the tenant's company, with the generic write path (hooks, change events). */
export async function inTenant<T>(
  pc: PlatformContext,
  tenant: Tenant,
  reason: string,
  fn: (w: CompanyWrite) => Promise<T>,
): Promise<T> {
  const rc = await readContext(pc, tenant)
  const result = await pc.store.transaction(async (tx) => {
    const ctx = writeContext(pc, tenant, rc, tx, reason)
    return fn({
      sql: tx,
      api: entityApi(ctx, { ...rc, sql: tx }),
      registry: pc.registry,
      companyId: tenant.companyId,
    })
  })
  // Memberships may have changed: the next request resolves its tenant again.
  pc.tenants.clear()
  return result
}

/** A write the platform makes itself in a company (userId 0), recorded as done by `actor`. */
export async function inCompany<T>(
  pc: PlatformContext,
  companyId: number,
  actor: string,
  reason: string,
  fn: (w: CompanyWrite) => Promise<T>,
): Promise<T> {
  const { rows } = await pc.store.query<{ Key: string }>(
    'select "Key" from "Company" where "ID" = $1 and "Deleted" = false',
    [companyId],
  )
  if (!rows[0]) throw new PlatformError('NOT_FOUND', `Company ${companyId} was not found`)
  const tenant: Tenant = {
    companyId,
    companyKey: rows[0].Key,
    userId: 0,
    globalIdentity: actor,
    clientId: '',
  }
  return inTenant(pc, tenant, reason, fn)
}

const entity = (w: CompanyWrite, name: string) => w.registry.require(name)

/** The user license of a product for a user: created, or moved to `status` when it exists. */
export async function ensureUserLicense(
  w: CompanyWrite,
  user: { ID: number; GlobalIdentity: string | null },
  product: ProductRecord,
  status: number,
): Promise<void> {
  const { rows } = await w.sql.query<{ ID: number; PurchaseStatus: number }>(
    `select "ID", "PurchaseStatus" from "Purchase"
      where "CompanyID" = $1 and "UserID" = $2 and "ProductID" = $3 and "Deleted" = false
      order by "ID" limit 1`,
    [w.companyId, user.ID, product.id],
  )
  const purchase = entity(w, 'Purchase')
  const existing = rows[0]
  if (existing) {
    if (existing.PurchaseStatus !== status)
      await w.api.setFields(purchase, existing.ID, {
        PurchaseStatus: status,
        GlobalIdentity: user.GlobalIdentity,
      })
    return
  }
  const id = await w.api.create(purchase, {
    ProductID: product.id,
    ProductName: product.name,
    UserID: user.ID,
    GlobalIdentity: user.GlobalIdentity,
    PurchaseDate: new Date().toISOString(),
  })
  await w.api.setFields(purchase, id, { PurchaseStatus: status })
}

/** Records the user licenses of the company's default products (Pending for an invitee). */
export async function grantDefaultProducts(
  w: CompanyWrite,
  user: { ID: number; GlobalIdentity: string | null },
  status: number = PurchaseStatus.Active,
): Promise<void> {
  const { products } = await defaultsFor(w.sql, w.companyId)
  for (const product of products) await ensureUserLicense(w, user, product, status)
}

/** Gives roles by name; roles the user holds already are left alone. */
export async function giveRoles(
  w: CompanyWrite,
  userId: number,
  roleNames: readonly string[],
): Promise<void> {
  const userRole = entity(w, 'UserRole')
  for (const name of roleNames) {
    const { rows: roles } = await w.sql.query<{ ID: number; Name: string }>(
      'select "ID", "Name" from "Role" where lower("Name") = lower($1) and "Deleted" = false',
      [name],
    )
    const role = roles[0]
    if (!role) throw new PlatformError('BAD_REQUEST', `Unknown role '${name}'`)
    const { rows: held } = await w.sql.query(
      `select 1 from "UserRole" where "CompanyID" = $1 and "UserID" = $2 and "SharedRoleId" = $3 and "Deleted" = false`,
      [w.companyId, userId, role.ID],
    )
    if (held.length) continue
    await w.api.create(userRole, { UserID: userId, SharedRoleId: role.ID, SharedRoleName: role.Name })
  }
}

/** spec 4.10: after sign-up (or when added) the user has the default products and roles. */
export async function grantDefaults(
  w: CompanyWrite,
  user: { ID: number; GlobalIdentity: string | null },
): Promise<void> {
  await grantDefaultProducts(w, user, PurchaseStatus.Active)
  await giveRoles(w, user.ID, (await defaultsFor(w.sql, w.companyId)).roles)
}

export interface MemberRow {
  ID: number
  Email: string | null
  GlobalIdentity: string | null
  StatusCode: number
}

export async function findMember(
  sql: Sql,
  companyId: number,
  by: { email?: string; globalIdentity?: string },
): Promise<MemberRow | undefined> {
  const { rows } = await sql.query<MemberRow>(
    `select "ID", "Email", "GlobalIdentity", "StatusCode" from "User"
      where "CompanyID" = $1 and "Deleted" = false
        and (lower("Email") = lower($2) or "GlobalIdentity" = $3::uuid)
      order by ("GlobalIdentity" = $3::uuid) desc nulls last, "ID" limit 1`,
    [companyId, by.email ?? '', by.globalIdentity ?? null],
  )
  return rows[0]
}

/**
 * Makes the person an active member of the company: an existing row (invited, inactive or the same
 * e-mail) is activated and linked to the identity, otherwise a user is created. Answers the User.ID.
 */
export async function activateMember(
  w: CompanyWrite,
  account: { global_identity: string; email: string; display_name: string },
  extra: { UserType?: number | null } = {},
): Promise<{ id: number; created: boolean; wasActive: boolean }> {
  const user = entity(w, 'User')
  const existing = await findMember(w.sql, w.companyId, {
    email: account.email,
    globalIdentity: account.global_identity,
  })
  if (existing) {
    const wasActive = existing.StatusCode === UserStatus.Active
    const values: Record<string, unknown> = {}
    if (!existing.GlobalIdentity) values.GlobalIdentity = account.global_identity
    if (!wasActive) values.StatusCode = UserStatus.Active
    if (Object.keys(values).length) await w.api.setFields(user, existing.ID, values)
    return { id: existing.ID, created: false, wasActive }
  }
  const id = await w.api.create(user, {
    Email: account.email,
    DisplayName: account.display_name,
    UserName: account.email,
    GlobalIdentity: account.global_identity,
    ...(extra.UserType !== undefined ? { UserType: extra.UserType } : {}),
  })
  await w.api.setFields(user, id, { StatusCode: UserStatus.Active })
  return { id, created: true, wasActive: false }
}
