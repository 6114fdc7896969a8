// Roles of users (spec 2.18, 4.10): the license rule on every role given through the API, the bulk
// insert and delete actions on userroles, and add-user on users.
import { PurchaseStatus } from '../../../common/status.ts'
import type { Sql } from '../../db/store.ts'
import { PlatformError } from '../../errors.ts'
import { findAccount } from '../../identity/accounts.ts'
import { allProducts, roleList } from '../../license/catalogue.ts'
import type { ActionRequest, BeforeWriteEvent, HookSet } from '../../model/hooks.ts'
import { requireWriteAccess } from '../../tenancy/user-admin.ts'
import { activateMember, grantDefaults, type CompanyWrite } from './membership.ts'

/** Roles any user may hold without a product license (spec 4.10: "for example Administrator"). */
export const LICENSE_FREE_ROLES: readonly string[] = ['Administrator']

/** User.UserType values (spec 4.10 invitation `UserType`); accountants and support users need no license. */
export const UserType = { Standard: 0, Accountant: 1, Support: 2 } as const
const LICENSE_EXEMPT_TYPES: readonly number[] = [UserType.Accountant, UserType.Support]

interface RoleRow {
  ID: number
  Name: string
}

async function roleBy(sql: Sql, ref: { id?: unknown; name?: unknown }): Promise<RoleRow | undefined> {
  if (ref.id !== undefined && ref.id !== null && ref.id !== 0) {
    const id = Number(ref.id)
    if (!Number.isInteger(id) || id < 1 || id > 2147483647) return undefined
    const { rows } = await sql.query<RoleRow>(
      'select "ID", "Name" from "Role" where "ID" = $1 and "Deleted" = false',
      [id],
    )
    return rows[0]
  }
  if (typeof ref.name === 'string' && ref.name.trim()) {
    const { rows } = await sql.query<RoleRow>(
      'select "ID", "Name" from "Role" where lower("Name") = lower($1) and "Deleted" = false',
      [ref.name.trim()],
    )
    return rows[0]
  }
  return undefined
}

/**
 * spec 4.10: a role other than the license-free ones needs an Active purchase of a product whose
 * `listofroles` contains it, bought for the company (no UserID) or as the user's own license.
 */
export async function assertRoleLicensed(
  sql: Sql,
  companyId: number,
  userId: number,
  roleName: string,
): Promise<void> {
  if (LICENSE_FREE_ROLES.some((r) => r.toLowerCase() === roleName.toLowerCase())) return
  const { rows: users } = await sql.query<{ UserType: number | null }>(
    'select "UserType" from "User" where "CompanyID" = $1 and "ID" = $2',
    [companyId, userId],
  )
  const type = users[0]?.UserType
  if (type !== null && type !== undefined && LICENSE_EXEMPT_TYPES.includes(type)) return
  const products = (await allProducts(sql)).filter((p) =>
    roleList(p.listofroles).some((r) => r.toLowerCase() === roleName.toLowerCase()),
  )
  if (products.length) {
    const { rows } = await sql.query(
      `select 1 from "Purchase"
        where "CompanyID" = $1 and "Deleted" = false and "PurchaseStatus" = $2
          and ("UserID" is null or "UserID" = $3) and "ProductID" = any($4::int[])
        limit 1`,
      [companyId, PurchaseStatus.Active, userId, products.map((p) => p.id)],
    )
    if (rows.length) return
  }
  const names = products.map((p) => p.name).join(', ')
  throw new PlatformError(
    'BAD_REQUEST',
    products.length
      ? `Role '${roleName}' needs an active purchase of a product that includes it (${names})`
      : `Role '${roleName}' is not included in any product and cannot be given`,
  )
}

/** UserRole writes: the role is known, its name is the role's, and client writes need a license. */
async function beforeUserRoleWrite(e: BeforeWriteEvent): Promise<void> {
  if (e.operation === 'D') return
  const roleId = e.values.SharedRoleId ?? e.before?.SharedRoleId
  const role = await roleBy(e.sql, {
    id: 'SharedRoleId' in e.values || !e.values.SharedRoleName ? roleId : undefined,
    name: e.values.SharedRoleName,
  })
  if (!role)
    throw new PlatformError(
      'BAD_REQUEST',
      `Unknown role ${JSON.stringify(roleId ?? e.values.SharedRoleName)}`,
    )
  e.values.SharedRoleId = role.ID
  e.values.SharedRoleName = role.Name
  // The license server's own grants (update-permissions) carry their licenses; the rule is for clients.
  if (e.userId === 0) return
  const userId = Number(e.values.UserID ?? e.before?.UserID)
  await assertRoleLicensed(e.sql, e.companyId, userId, role.Name)
}

const asWrite = (req: ActionRequest): CompanyWrite => ({
  sql: req.sql,
  api: req.api,
  registry: req.registry,
  companyId: req.companyId,
})

async function bulkInsertRoles(req: ActionRequest): Promise<unknown> {
  await requireWriteAccess(req, 'UserRole')
  if (!Array.isArray(req.body) || req.body.length === 0)
    throw new PlatformError('BAD_REQUEST', 'Send an array of { SharedRoleId, SharedRoleName, UserID }')
  const userRole = req.registry.require('UserRole')
  const ids: number[] = []
  for (const [i, item] of (req.body as unknown[]).entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      throw new PlatformError('BAD_REQUEST', `Item ${i} is not an object`)
    const o = item as Record<string, unknown>
    const userId = Number(o.UserID)
    const { rows: users } = Number.isInteger(userId)
      ? await req.sql.query(
          'select 1 from "User" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false',
          [req.companyId, userId],
        )
      : { rows: [] }
    if (!users.length)
      throw new PlatformError('BAD_REQUEST', `Item ${i}: no user with UserID ${JSON.stringify(o.UserID)}`)
    const role = await roleBy(req.sql, { id: o.SharedRoleId, name: o.SharedRoleName })
    if (!role)
      throw new PlatformError(
        'BAD_REQUEST',
        `Item ${i}: unknown role ${JSON.stringify(o.SharedRoleId || o.SharedRoleName)}`,
      )
    // A role the user holds already (or twice in one request) is not given again.
    const { rows: held } = await req.sql.query<{ ID: number }>(
      `select "ID" from "UserRole" where "CompanyID" = $1 and "UserID" = $2 and "SharedRoleId" = $3 and "Deleted" = false`,
      [req.companyId, userId, role.ID],
    )
    if (held[0]) {
      if (!ids.includes(held[0].ID)) ids.push(held[0].ID)
      continue
    }
    ids.push(
      await req.api.create(userRole, { UserID: userId, SharedRoleId: role.ID, SharedRoleName: role.Name }),
    )
  }
  return Promise.all(ids.map((id) => req.api.read(userRole, id)))
}

async function bulkDeleteRoles(req: ActionRequest): Promise<unknown> {
  await requireWriteAccess(req, 'UserRole')
  const raw = (req.query.userroleids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (!raw.length) throw new PlatformError('BAD_REQUEST', 'userRoleIds is required: userRoleIds=<id,id,...>')
  const userRole = req.registry.require('UserRole')
  const ids: number[] = []
  for (const s of raw) {
    const id = /^\d{1,9}$/.test(s) ? Number(s) : NaN
    const { rows } = Number.isInteger(id)
      ? await req.sql.query(
          'select 1 from "UserRole" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false',
          [req.companyId, id],
        )
      : { rows: [] }
    if (!rows.length) throw new PlatformError('BAD_REQUEST', `No user role with id ${s}`)
    if (!ids.includes(id)) ids.push(id)
  }
  for (const id of ids) await req.api.remove(userRole, id)
  return undefined
}

async function addUser(req: ActionRequest): Promise<unknown> {
  await requireWriteAccess(req, 'User')
  const gid = (req.query.globalidentity ?? '').trim()
  if (!gid)
    throw new PlatformError(
      'BAD_REQUEST',
      'globalIdentity is required: users?action=add-user&globalIdentity=<guid>',
    )
  const account = await findAccount(req.sql, gid)
  if (!account)
    throw new PlatformError(
      'BAD_REQUEST',
      `No identity with GlobalIdentity ${gid} exists in the identity server`,
    )
  const w = asWrite(req)
  const member = await activateMember(w, account)
  if (member.wasActive)
    throw new PlatformError('CONFLICT', `${account.email} is already an active user of this company`)
  await grantDefaults(w, { ID: member.id, GlobalIdentity: account.global_identity })
  return req.api.read(req.registry.require('User'), member.id)
}

export function registerRoleRules(hooks: HookSet): void {
  hooks.register('UserRole', {
    beforeWrite: beforeUserRoleWrite,
    actions: {
      'bulk-insert-roles': { methods: ['POST'], target: 'collection', handler: bulkInsertRoles },
      'bulk-delete-roles': { methods: ['DELETE', 'POST'], target: 'collection', handler: bulkDeleteRoles },
    },
  })
  hooks.register('User', {
    actions: {
      'add-user': { methods: ['POST'], target: 'collection', handler: addUser },
    },
  })
}
