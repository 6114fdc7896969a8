// The roles a member holds in a company: what the models' access declarations are checked against.
import type { Sql, Store } from '../db/store.ts'
import type { HookSet } from '../model/hooks.ts'

/**
 * Not a role: what a license administrator holding the company's license permission (spec 5) may do there
 * besides the bulk permission route, reading the roles back (UserRole). Lower case, as the role names are.
 */
export const LICENSE_ADMINISTRATOR = 'license administrator of the company'

/** Role names (lower case) of User `userId` in the company; a role row without a Role keeps its own name. */
export async function rolesOf(sql: Sql, companyId: number, userId: number): Promise<Set<string>> {
  const { rows } = await sql.query<{ name: string | null }>(
    `select lower(coalesce(r."Name", ur."SharedRoleName")) as name
       from "UserRole" ur left join "Role" r on r."ID" = ur."SharedRoleId"
      where ur."CompanyID" = $1 and ur."UserID" = $2 and ur."Deleted" = false
     union all
     select $3 as name
       from "User" u
       join identity_account a on a.global_identity::text = u."GlobalIdentity"::text and a.is_license_admin
       join license_permission p on p.global_identity = a.global_identity and p.company_id = u."CompanyID"
      where u."CompanyID" = $1 and u."ID" = $2
      limit 1000`,
    [companyId, userId, LICENSE_ADMINISTRATOR],
  )
  return new Set(rows.flatMap((r) => (r.name ? [r.name] : [])))
}

/**
 * Every request reads its user's roles, several times for one document of the scan station (about a
 * seventh of the embedded database's queries during a burst). On the embedded database every write is made
 * by this process and no read runs while a transaction is open, so the answer is kept until a UserRole or
 * Role row is written (the hooks below count a generation on the write, before its commit). On PostgreSQL
 * other processes change roles and reads interleave with open transactions: it is asked every time.
 */
let generation = 0
const kept = new WeakMap<Store, Map<string, { generation: number; roles: Promise<Set<string>> }>>()

export function cachedRolesOf(store: Store, companyId: number, userId: number): Promise<Set<string>> {
  if (store.kind !== 'pglite') return rolesOf(store, companyId, userId)
  let byKey = kept.get(store)
  if (!byKey) kept.set(store, (byKey = new Map()))
  const key = `${companyId}:${userId}`
  const hit = byKey.get(key)
  if (hit && hit.generation === generation) return hit.roles
  if (byKey.size >= 10_000) byKey.clear()
  const entry = { generation, roles: rolesOf(store, companyId, userId) }
  byKey.set(key, entry)
  entry.roles.catch(() => byKey.delete(key))
  return entry.roles
}

/** A written UserRole or Role row ends every kept answer (before and after the write, so none is read between). */
export function registerRoleCache(hooks: HookSet): void {
  const forget = () => void generation++
  for (const entity of ['UserRole', 'Role'])
    hooks.register(entity, { beforeWrite: forget, afterWrite: forget })
}
