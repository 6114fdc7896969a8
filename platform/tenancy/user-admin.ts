// spec 4.10: user administration needs the Administrator role in the company. Members without it
// may read users (to assign work) but not change them, their roles or their status; nobody moves a
// User row to another person (GlobalIdentity is fixed once set).
import { PlatformError } from '../errors.ts'
import type { HookSet, WriteScope } from '../model/hooks.ts'

const ADMINISTRATOR = 'Administrator'

export async function requireAdministrator(
  scope: Pick<WriteScope, 'sql' | 'companyId' | 'userId'>,
): Promise<void> {
  // Writes the platform makes itself (seeding, system jobs) have no user.
  if (scope.userId === 0) return
  const { rows } = await scope.sql.query(
    `select 1 from "UserRole" ur left join "Role" r on r."ID" = ur."SharedRoleId"
      where ur."CompanyID" = $1 and ur."UserID" = $2 and ur."Deleted" = false
        and lower(coalesce(r."Name", ur."SharedRoleName")) = lower($3)
      limit 1`,
    [scope.companyId, scope.userId, ADMINISTRATOR],
  )
  if (!rows.length)
    throw new PlatformError('FORBIDDEN', 'User administration needs the Administrator role in this company')
}

export function registerUserAdminRules(hooks: HookSet): void {
  hooks.register('User', {
    async beforeWrite(e) {
      await requireAdministrator(e)
      if (e.operation === 'U' && 'GlobalIdentity' in e.values && e.before?.GlobalIdentity) {
        throw new PlatformError('BAD_REQUEST', 'GlobalIdentity of a user cannot be changed')
      }
    },
    async afterTransition(e) {
      await requireAdministrator(e)
    },
  })
  hooks.register('UserRole', {
    async beforeWrite(e) {
      await requireAdministrator(e)
    },
  })
  hooks.register('UserVerification', {
    async beforeWrite(e) {
      await requireAdministrator(e)
    },
  })
}
