// The bulk-permission queue (spec 4.10 update-permissions): a request is stored durably and applied by
// a worker, one company at a time. Applying is idempotent (an active member stays one, a license or
// role held is kept), so a failed job is simply applied again after a backoff.
import { PurchaseStatus } from '../../common/status.ts'
import type { Sql } from '../db/store.ts'
import {
  findMember,
  activateMember,
  ensureUserLicense,
  giveRoles,
  grantDefaultProducts,
  grantDefaults,
  inCompany,
} from '../domain/users/membership.ts'
import { LICENSE_FREE_ROLES } from '../domain/users/roles.ts'
import type { PlatformContext } from '../routes/context.ts'
import { companyContractType, contractProducts, roleList } from './catalogue.ts'

export interface PermissionRequest {
  CompanyIds: number[]
  /** identity_account.license_user_id: one number per person, the same in every company. */
  UserIds: number[]
  /** null: roles stay as they are (a new member gets the default roles). */
  Roles: string[] | null
}

export const MAX_JOB_ATTEMPTS = 5
const LEASE_MS = 5 * 60 * 1000
export const UPDATE_PERMISSIONS_REASON = 'POST /license-admin/api/companies/v2/update-permissions'

const queuedListeners = new Set<() => void>()

/** Calls `fn` after every request queued in this process; answers the function that stops it. */
export function onPermissionsQueued(fn: () => void): () => void {
  queuedListeners.add(fn)
  return () => queuedListeners.delete(fn)
}

/** Queues a request (committed by the caller's statement or transaction) and wakes this process's workers. */
export async function enqueuePermissions(
  sql: Sql,
  requestedBy: string,
  request: PermissionRequest,
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    'insert into license_queue (requested_by, payload) values ($1, $2::jsonb) returning id',
    [requestedBy, JSON.stringify(request)],
  )
  for (const fn of queuedListeners) fn()
  return Number(rows[0]!.id)
}

async function applyToCompany(
  pc: PlatformContext,
  companyId: number,
  requestedBy: string,
  req: PermissionRequest,
) {
  await inCompany(pc, companyId, requestedBy, UPDATE_PERMISSIONS_REASON, async (w) => {
    const offered = await contractProducts(w.sql, await companyContractType(w.sql, companyId))
    for (const licenseUserId of req.UserIds) {
      const { rows } = await w.sql.query<{ global_identity: string; email: string; display_name: string }>(
        'select global_identity, email, display_name from identity_account where license_user_id = $1',
        [licenseUserId],
      )
      const account = rows[0]
      if (!account) throw new Error(`license user ${licenseUserId} no longer exists`)
      const before = await findMember(w.sql, companyId, {
        email: account.email,
        globalIdentity: account.global_identity,
      })
      const member = await activateMember(w, account)
      const user = { ID: member.id, GlobalIdentity: account.global_identity }
      if (req.Roles === null) {
        if (!before) await grantDefaults(w, user)
        else await grantDefaultProducts(w, user)
        continue
      }
      await grantDefaultProducts(w, user)
      // Each role comes with a license of the first offered product that includes it.
      for (const role of req.Roles) {
        if (LICENSE_FREE_ROLES.some((r) => r.toLowerCase() === role.toLowerCase())) continue
        const product = offered.find((p) =>
          roleList(p.listofroles).some((r) => r.toLowerCase() === role.toLowerCase()),
        )
        if (product) await ensureUserLicense(w, user, product, PurchaseStatus.Active)
      }
      // The user's roles become exactly the requested ones.
      const wanted = new Set(req.Roles.map((r) => r.toLowerCase()))
      const { rows: held } = await w.sql.query<{ ID: number; Name: string }>(
        `select ur."ID", coalesce(r."Name", ur."SharedRoleName") as "Name" from "UserRole" ur
           left join "Role" r on r."ID" = ur."SharedRoleId"
          where ur."CompanyID" = $1 and ur."UserID" = $2 and ur."Deleted" = false`,
        [companyId, member.id],
      )
      const userRole = w.registry.require('UserRole')
      for (const h of held) if (!wanted.has(String(h.Name).toLowerCase())) await w.api.remove(userRole, h.ID)
      await giveRoles(w, member.id, req.Roles)
    }
  })
}

interface Job {
  id: number
  requested_by: string
  payload: PermissionRequest
  attempts: number
}

/** Applies the due jobs; answers how many were tried. */
export async function processPermissionQueue(
  pc: PlatformContext,
  log: { error(obj: unknown, msg: string): void },
  limit = 5,
): Promise<number> {
  let tried = 0
  for (; tried < limit; tried++) {
    // The lease keeps a second worker on the same database off the job while this one applies it.
    const { rows } = await pc.store.query<Job>(
      `update license_queue set attempts = attempts + 1, next_attempt_at = now() + ($1::int * interval '1 millisecond')
        where id = (select id from license_queue where status = 'queued' and next_attempt_at <= now()
                     order by id limit 1 for update skip locked)
        returning id, requested_by, payload, attempts`,
      [LEASE_MS],
    )
    const job = rows[0]
    if (!job) break
    try {
      for (const companyId of job.payload.CompanyIds)
        await applyToCompany(pc, companyId, job.requested_by, job.payload)
      await pc.store.query(
        `update license_queue set status = 'done', processed_at = now(), last_error = null where id = $1`,
        [job.id],
      )
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      log.error({ err, job: job.id, payload: job.payload }, 'update-permissions job failed')
      await pc.store.query(
        `update license_queue set status = $2, last_error = $3,
                next_attempt_at = now() + ($4::int * interval '1 millisecond') where id = $1`,
        [job.id, job.attempts >= MAX_JOB_ATTEMPTS ? 'failed' : 'queued', message, 1000 * 2 ** job.attempts],
      )
    }
  }
  return tried
}
