// User administration as an administrator does it (spec 2.18, 3.2, 4.10): the users of one company with
// their roles, invitations, adding a known identity, roles given and taken with the bulk actions, access
// removed; and, for a license administrator, the office's people across the companies the session may
// open, with the bulk permission route on the license administration host (spec 4.10
// `{license_admin_url}`: the environment's configuration, never the endpoint set). Every call carries its
// company (the office calls carry one per request); a refusal reaches the renderer as the client's ApiError.
import { BridgeError } from '../../../../common/bridge/contract.ts'
import type {
  AccessRemoval,
  CompanyUser,
  CompanyUsers,
  Invitation,
  OfficeGrid,
  OfficePerson,
  PermissionCheck,
  PermissionRequest,
  RoleChange,
  UserRoleView,
} from '../../../../common/bridge/admin-users.ts'
import { UserStatus } from '../../../../common/status.ts'
import type { ApiClient, QueryOptions } from '../api/client.ts'
import { ApiError, HttpStatus } from '../api/errors.ts'

type Row = Record<string, unknown>

const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const rows = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : [])
/** No default page size is documented (field notes): lists are read a thousand rows at a time. */
const PAGE = 1000
/** Companies read at once for the office grid: enough to be quick, few enough for a shared platform. */
const COMPANIES_AT_ONCE = 4

export const AdminUsersErrorCode = {
  /**
   * The environment has no license administration address (spec 4.10 `{license_admin_url}`), so the bulk
   * permission route cannot be reached: the endpoint set does not name that host (spec 5: deployment
   * configuration), the environment's settings must.
   */
  NoLicenseAdminAddress: 'ADMIN_NO_LICENSE_ADMIN_ADDRESS',
  /** The user to change is not (or no longer) a user of the company. */
  NoSuchUser: 'ADMIN_NO_SUCH_USER',
} as const

async function inTurns<T, R>(items: readonly T[], at: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!)
  }
  await Promise.all(Array.from({ length: Math.min(at, items.length) }, worker))
  return out
}

function toRole(r: Row): UserRoleView {
  return { ID: Number(r.ID), SharedRoleId: Number(r.SharedRoleId), SharedRoleName: str(r.SharedRoleName) }
}

function toUser(u: Row, roles: Row[]): CompanyUser {
  return {
    ID: Number(u.ID),
    DisplayName: str(u.DisplayName),
    Email: str(u.Email),
    GlobalIdentity: str(u.GlobalIdentity) || null,
    StatusCode: num(u.StatusCode),
    Roles: roles
      .filter((r) => Number(r.UserID) === Number(u.ID) && r.Deleted !== true)
      .map(toRole)
      .sort((a, b) => a.SharedRoleName.localeCompare(b.SharedRoleName)),
  }
}

/** The person behind a company's User across companies: the identity, or the e-mail of an invitee. */
const personKey = (u: { GlobalIdentity: string | null; Email: string }) =>
  u.GlobalIdentity?.toLowerCase() ?? `email:${u.Email.toLowerCase()}`

/** A company's business routes: its lists read page by page, and its users with their roles. */
function companyClient(api: ApiClient, companyKey: string) {
  const list = async (route: string, query: QueryOptions = {}): Promise<Row[]> => {
    const out: Row[] = []
    for (let skip = 0; ; skip += PAGE) {
      const page = rows(
        await api.get(`api/biz/${route}`, {
          companyKey,
          query: { ...query, top: PAGE, ...(skip ? { skip } : {}) },
        }),
      )
      out.push(...page)
      if (page.length < PAGE) return out
    }
  }
  return {
    list,
    post: <T>(path: string, body: unknown, query: QueryOptions = {}) =>
      api.post<T>(`api/biz/${path}`, body, { companyKey, query }),
    delete: (path: string, query: QueryOptions = {}) => api.delete(`api/biz/${path}`, { companyKey, query }),
    async users(): Promise<CompanyUser[]> {
      const [users, userRoles] = await Promise.all([
        list('users', { select: 'ID,DisplayName,Email,GlobalIdentity,StatusCode', orderby: 'ID' }),
        list('userroles', { orderby: 'ID' }),
      ])
      return users.filter((u) => u.Deleted !== true).map((u) => toUser(u, userRoles))
    },
    /** One user with their roles (spec 4.10: `userroles?filter=UserID eq <id>`). */
    async user(id: number): Promise<CompanyUser> {
      const [found, roles] = await Promise.all([
        list('users', { filter: `ID eq ${id}`, select: 'ID,DisplayName,Email,GlobalIdentity,StatusCode' }),
        list('userroles', { filter: `UserID eq ${id}` }),
      ])
      if (!found[0])
        throw new BridgeError(AdminUsersErrorCode.NoSuchUser, `User ${id} is not a user of this company`)
      return toUser(found[0], roles)
    },
  }
}

/** The host of the bulk permission route (spec 4.10 `{license_admin_url}`), as the environment configures it. */
async function licenseAdminServer(api: ApiClient): Promise<{ api: ApiClient; url: string }> {
  const url = await api.licenseAdminUrl()
  if (!url)
    throw new BridgeError(
      AdminUsersErrorCode.NoLicenseAdminAddress,
      'This environment has no license administration address, so roles cannot be changed across companies. Add the environment on the sign-in screen with its license administration address.',
    )
  return { api, url }
}

/**
 * The people's ids on the license server (UserIds of update-permissions), by e-mail. The spec does not
 * document where a client learns them; the local platform lists them at `api/users` of the license
 * administration host (and of its `License` server). Asked on the license administration host when the
 * environment has one, else on the endpoint set's `License` server; null when neither is known or the
 * server does not answer that (404/403): the office section says so.
 */
async function licenseUserIds(api: ApiClient): Promise<Map<string, number> | null> {
  const url = (await api.licenseAdminUrl()) ?? (await api.licenseUrl())
  if (!url) return null
  try {
    const list = rows(await api.get(`${url}/api/users`))
    return new Map(list.map((u) => [str(u.Email).toLowerCase(), Number(u.Id)]))
  } catch (error) {
    if (
      error instanceof ApiError &&
      [HttpStatus.NotFound, HttpStatus.Forbidden].includes(error.status as 403)
    )
      return null
    throw error
  }
}

/**
 * The office's people from each company's users (in the order of `companies`): one person per identity or
 * invitee's e-mail, with their status and roles in each company and their id on the license server.
 */
function officePeople(
  companies: { Key: string }[],
  perCompany: { users: CompanyUser[] }[],
  licenseIds: Map<string, number> | null,
): OfficePerson[] {
  const people = new Map<string, OfficePerson>()
  perCompany.forEach(({ users }, i) => {
    const co = companies[i]!
    for (const u of users) {
      const key = personKey(u)
      const person = people.get(key) ?? {
        key,
        DisplayName: u.DisplayName,
        Email: u.Email,
        licenseUserId: licenseIds?.get(u.Email.toLowerCase()) ?? null,
        companies: {},
      }
      person.DisplayName ||= u.DisplayName
      person.companies[co.Key] = {
        UserID: u.ID,
        StatusCode: u.StatusCode,
        Roles: u.Roles.map((r) => r.SharedRoleName),
      }
      people.set(key, person)
    }
  })
  return [...people.values()].sort((a, b) =>
    (a.DisplayName || a.Email).localeCompare(b.DisplayName || b.Email),
  )
}

export function createAdminUsersService(deps: { api(): Promise<ApiClient> }) {
  const company = async (companyKey: string) => companyClient(await deps.api(), companyKey)

  return {
    async users(companyKey: string): Promise<CompanyUsers> {
      const c = await company(companyKey)
      const [users, roles] = await Promise.all([
        c.users(),
        c.list('roles', { select: 'ID,Name,Label', orderby: 'Name' }),
      ])
      return {
        users,
        roles: roles.map((r) => ({ ID: Number(r.ID), Name: str(r.Name), Label: str(r.Label) })),
      }
    },

    /** spec 4.10: a standard user (`UserType` null); the answer's user is read back, never the code. */
    async invite(companyKey: string, invitation: Invitation): Promise<CompanyUser> {
      const c = await company(companyKey)
      const answer = await c.post<Row>('user-verifications', { Email: invitation.Email, UserType: null })
      const userId = Number(answer?.UserID ?? (answer?.User as Row | undefined)?.ID)
      if (!Number.isInteger(userId) || userId < 1) {
        // The spec shows no answer body for an invitation: find the invitee by the e-mail (unique per company).
        const [found] = await c.list('users', {
          filter: `Email eq '${invitation.Email.replace(/'/g, "''")}'`,
        })
        if (!found)
          throw new BridgeError(AdminUsersErrorCode.NoSuchUser, 'The invitee was not found afterwards')
        return c.user(Number(found.ID))
      }
      return c.user(userId)
    },

    async addIdentity(companyKey: string, globalIdentity: string): Promise<CompanyUser> {
      const c = await company(companyKey)
      const answer = await c.post<Row>('users', null, { action: 'add-user', globalIdentity })
      return c.user(Number(answer?.ID))
    },

    /** Roles added first, then the dropped ones removed: a refused addition leaves every role as it was. */
    async setRoles(companyKey: string, change: RoleChange): Promise<CompanyUser> {
      const c = await company(companyKey)
      const [before, roles] = await Promise.all([
        c.user(change.UserID),
        c.list('roles', { select: 'ID,Name' }),
      ])
      const wanted = new Set(change.RoleIDs)
      const held = new Set(before.Roles.map((r) => r.SharedRoleId))
      const added = [...wanted].filter((id) => !held.has(id))
      const removed = before.Roles.filter((r) => !wanted.has(r.SharedRoleId))
      if (added.length) {
        const names = new Map(roles.map((r) => [Number(r.ID), str(r.Name)]))
        await c.post(
          'userroles',
          added.map((id) => ({
            SharedRoleId: id,
            SharedRoleName: names.get(id) ?? '',
            UserID: change.UserID,
          })),
          { action: 'bulk-insert-roles' },
        )
      }
      if (removed.length)
        await c.delete('userroles', {
          action: 'bulk-delete-roles',
          userRoleIds: removed.map((r) => r.ID).join(','),
        })
      return c.user(change.UserID)
    },

    /** Every role off (spec 4.10 bulk delete), and the spec 3.2 `inactivate` of an active user if asked. */
    async removeAccess(companyKey: string, removal: AccessRemoval): Promise<CompanyUser> {
      const c = await company(companyKey)
      const before = await c.user(removal.UserID)
      if (before.Roles.length)
        await c.delete('userroles', {
          action: 'bulk-delete-roles',
          userRoleIds: before.Roles.map((r) => r.ID).join(','),
        })
      if (removal.inactivate && before.StatusCode === UserStatus.Active)
        await c.post(`users/${removal.UserID}`, undefined, { action: 'inactivate' })
      return c.user(removal.UserID)
    },

    async activate(companyKey: string, userId: number): Promise<CompanyUser> {
      const c = await company(companyKey)
      await c.post(`users/${userId}`, undefined, { action: 'activate' })
      return c.user(userId)
    },

    /** The office's people × the companies the session may open (/api/init/companies), with their roles. */
    async office(): Promise<OfficeGrid> {
      const api = await deps.api()
      const companies = rows(await api.get('api/init/companies'))
        .filter((r) => r.Deleted !== true)
        .map((r) => ({ ID: Number(r.ID), Key: str(r.Key), Name: str(r.Name) }))
      const unreadable: Record<string, string> = {}
      const perCompany = await inTurns(companies, COMPANIES_AT_ONCE, async (co) => {
        try {
          const c = await company(co.Key)
          const [users, roles] = await Promise.all([
            c.users(),
            c.list('roles', { select: 'Name', orderby: 'Name' }),
          ])
          return { users, roles: roles.map((r) => str(r.Name)) }
        } catch (error) {
          unreadable[co.Key] = error instanceof Error ? error.message : String(error)
          return { users: [], roles: [] }
        }
      })
      const [licenseIds, licenseAdminUrl] = await Promise.all([licenseUserIds(api), api.licenseAdminUrl()])
      const roles = [...new Set(perCompany.flatMap((p) => p.roles))].sort((a, b) => a.localeCompare(b))
      return {
        companies,
        people: officePeople(companies, perCompany, licenseIds),
        roles,
        unreadable,
        licenseUsersKnown: licenseIds !== null,
        licenseAdminAddress: licenseAdminUrl !== null,
      }
    },

    /**
     * spec 4.10: `{license_admin_url}/api/companies/v2/update-permissions`, queued for asynchronous
     * processing; the answer says only that it was taken.
     */
    async updatePermissions(request: PermissionRequest): Promise<{ message: string }> {
      const { api, url } = await licenseAdminServer(await deps.api())
      const answer = await api.post<Row | undefined>(`${url}/api/companies/v2/update-permissions`, request)
      return { message: str(answer?.Message) }
    },

    /** Reads the roles back: per company, whether every person asked about is active there with the roles. */
    async checkPermissions(check: PermissionCheck): Promise<Record<string, boolean>> {
      const wanted = check.Roles && new Set(check.Roles.map((r) => r.toLowerCase()))
      const done = await inTurns(check.companyKeys, COMPANIES_AT_ONCE, async (key) => {
        const users = await (await company(key)).users()
        return check.people.every((person) => {
          const u = users.find((x) => personKey(x) === person.toLowerCase())
          if (!u || u.StatusCode !== UserStatus.Active) return false
          if (!wanted) return true
          const held = new Set(u.Roles.map((r) => r.SharedRoleName.toLowerCase()))
          return held.size === wanted.size && [...wanted].every((r) => held.has(r))
        })
      })
      return Object.fromEntries(check.companyKeys.map((k, i) => [k, done[i]!]))
    },
  }
}
