// "A new colleague": one person, a role set and many client companies, applied company by company with
// the documented per-company routes (spec 4.10, role Administrator and `CompanyKey` required):
//   1. `users?filter=Email eq '<email>'`: is the person a user of the company already?
//   2. if not, `POST user-verifications` (`Email`, `UserType` null): invited (the spec: an e-mail the
//      identity server knows is added and activated at once, a new one gets the verification e-mail);
//   3. `userroles?filter=UserID eq <id>`: the roles they hold, then `userroles?action=bulk-insert-roles`
//      with only the roles they lack; then the roles are read back.
// Each company is read before it is written, so applying again (a retry, a second click, another window)
// sends nothing the company has already: an apply is idempotent per company. While an apply for a person
// runs, asking again answers that job instead of starting another. The bulk permission route
// (update-permissions) is not used here: it queues its work and answers for no company in particular,
// and it needs the license administration host; the office's people section offers it.
import { randomUUID } from 'node:crypto'
import type {
  ColleagueGrant,
  CompanyGrant,
  GrantFailure,
  GrantJob,
} from '../../../../common/bridge/admin-colleague.ts'
import { BridgeError } from '../../../../common/bridge/contract.ts'
import { UserStatus } from '../../../../common/status.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'

type Row = Record<string, unknown>

const rows = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : [])
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
/** Companies applied at the same time: quick for a dozen, gentle on a shared platform. */
export const COMPANIES_AT_ONCE = 3
/** Finished jobs kept for their progress to be read. */
const JOBS_KEPT = 20

export const ColleagueErrorCode = {
  NoSuchJob: 'ADMIN_NO_SUCH_GRANT',
  /** Role names the company does not have: nothing was sent to it. */
  UnknownRoles: 'ADMIN_UNKNOWN_ROLES',
  /** The roles were sent but not read back. */
  RolesNotHeld: 'ADMIN_ROLES_NOT_HELD',
  NoSuchUser: 'ADMIN_NO_SUCH_USER',
} as const

const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`

function failureOf(error: unknown): GrantFailure {
  if (error instanceof ApiError)
    return { code: error.code, status: error.status || null, message: error.message }
  if (error instanceof BridgeError) return { code: error.code, status: null, message: error.message }
  return { code: 'INTERNAL', status: null, message: error instanceof Error ? error.message : String(error) }
}

/** One company: the person made a user if they are not, and given the roles they lack. */
export async function grantInCompany(
  api: ApiClient,
  companyKey: string,
  grant: Pick<ColleagueGrant, 'Email' | 'roles'>,
): Promise<{ invited: boolean; added: string[] }> {
  const get = async (route: string, query: Record<string, string | number>) =>
    rows(await api.get(`api/biz/${route}`, { companyKey, query }))
  const findUser = async () =>
    (
      await get('users', {
        filter: `Email eq ${quoted(grant.Email)}`,
        select: 'ID,Email,StatusCode',
      })
    ).find((u) => u.Deleted !== true && str(u.Email).toLowerCase() === grant.Email)
  const catalogue = await get('roles', { select: 'ID,Name' })
  const byName = new Map(catalogue.map((r) => [str(r.Name).toLowerCase(), r]))
  const unknown = grant.roles.filter((name) => !byName.has(name.toLowerCase()))
  if (unknown.length)
    throw Object.assign(
      new BridgeError(ColleagueErrorCode.UnknownRoles, `Unknown roles: ${unknown.join(', ')}`),
      {
        unknownRoles: unknown,
      },
    )
  let user = await findUser()
  let invited = false
  if (!user) {
    await api.post('api/biz/user-verifications', { Email: grant.Email, UserType: null }, { companyKey })
    invited = true
    user = await findUser()
    if (!user) throw new BridgeError(ColleagueErrorCode.NoSuchUser, 'The invitee was not found afterwards')
  }
  const userId = Number(user.ID)
  // spec 3.2: an inactive user is made active again (Inactive -> Active), else the roles would not count.
  if (Number(user.StatusCode) === UserStatus.Inactive)
    await api.post(`api/biz/users/${userId}`, undefined, { companyKey, query: { action: 'activate' } })
  const heldRows = await get('userroles', { filter: `UserID eq ${userId}` })
  const held = new Set(heldRows.filter((r) => r.Deleted !== true).map((r) => Number(r.SharedRoleId)))
  const missing = grant.roles
    .map((name) => byName.get(name.toLowerCase())!)
    .filter((role) => !held.has(Number(role.ID)))
  if (missing.length)
    await api.post(
      'api/biz/userroles',
      missing.map((role) => ({
        SharedRoleId: Number(role.ID),
        SharedRoleName: str(role.Name),
        UserID: userId,
      })),
      { companyKey, query: { action: 'bulk-insert-roles' } },
    )
  // Read back: the apply is done only when the company holds every role for the person.
  const after = new Set(
    (await get('userroles', { filter: `UserID eq ${userId}` }))
      .filter((r) => r.Deleted !== true)
      .map((r) => Number(r.SharedRoleId)),
  )
  const lacking = grant.roles.filter((name) => !after.has(Number(byName.get(name.toLowerCase())!.ID)))
  if (lacking.length)
    throw new BridgeError(ColleagueErrorCode.RolesNotHeld, `The roles were not kept: ${lacking.join(', ')}`)
  return { invited, added: missing.map((r) => str(r.Name)) }
}

export function createColleagueService(deps: { api(): Promise<ApiClient>; now?: () => number }) {
  const now = deps.now ?? (() => performance.now())
  const jobs = new Map<string, GrantJob>()

  function remember(job: GrantJob): void {
    jobs.set(job.id, job)
    for (const [id, old] of jobs) {
      if (jobs.size <= JOBS_KEPT) break
      if (!old.running) jobs.delete(id)
    }
  }

  const copy = (job: GrantJob): GrantJob => ({ ...job, companies: job.companies.map((c) => ({ ...c })) })

  async function run(job: GrantJob, grant: ColleagueGrant): Promise<void> {
    try {
      const api = await deps.api()
      let next = 0
      const worker = async () => {
        for (let i = next++; i < job.companies.length; i = next++) {
          const row: CompanyGrant = job.companies[i]!
          row.state = 'applying'
          const started = now()
          try {
            const done = await grantInCompany(api, row.companyKey, grant)
            Object.assign(row, { state: 'done', invited: done.invited, added: done.added })
          } catch (error) {
            const failure = failureOf(error)
            const unknownRoles = (error as { unknownRoles?: string[] }).unknownRoles
            row.state = 'failed'
            row.failure = unknownRoles ? { ...failure, unknownRoles } : failure
          }
          row.ms = Math.round(now() - started)
        }
      }
      await Promise.all(Array.from({ length: Math.min(COMPANIES_AT_ONCE, job.companies.length) }, worker))
    } catch (error) {
      // No client (signed out): every company not yet applied fails with the reason.
      for (const row of job.companies)
        if (row.state === 'waiting' || row.state === 'applying')
          Object.assign(row, { state: 'failed', failure: failureOf(error) })
    } finally {
      job.running = false
    }
  }

  return {
    /** Starts the apply (or answers the one already running for the person); `finished` resolves at its end. */
    start(grant: ColleagueGrant): { job: GrantJob; finished: Promise<void> } {
      const running = [...jobs.values()].find((j) => j.running && j.Email === grant.Email)
      if (running) return { job: copy(running), finished: Promise.resolve() }
      const job: GrantJob = {
        id: randomUUID(),
        Email: grant.Email,
        running: true,
        companies: grant.companyKeys.map((companyKey) => ({
          companyKey,
          state: 'waiting',
          invited: false,
          added: [],
          failure: null,
          ms: null,
        })),
      }
      remember(job)
      const finished = run(job, grant)
      return { job: copy(job), finished }
    },
    progress(id: string): GrantJob {
      const job = jobs.get(id)
      if (!job)
        throw new BridgeError(ColleagueErrorCode.NoSuchJob, 'This apply is not known (the app was restarted)')
      return copy(job)
    },
  }
}
