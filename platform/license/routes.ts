// The license server (`{license_url}`, spec 2.18, 4.10) and the bulk-permission host
// (`{license_admin_url}`, spec 4.10, 5, 7), both behind a bearer token of the identity server.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { PlatformError } from '../errors.ts'
import { findAccount } from '../identity/accounts.ts'
import type { PlatformContext } from '../routes/context.ts'
import { authenticate, type VerifyToken } from '../tenancy/tenancy.ts'
import { contractProducts, findContractType, PRODUCT_FIELDS } from './catalogue.ts'
import { parseFilter, parseSelect } from './odata.ts'
import { enqueuePermissions, type PermissionRequest } from './queue.ts'

const OK = 200
const BAD_REQUEST = 400
const FORBIDDEN = 403
const NOT_FOUND = 404
const INTERNAL = 500

const MALFORMED = Symbol('malformed JSON')

const pathOf = (url: string) => new URL(url).pathname.replace(/\/$/, '')

/** Query parameter by name, any casing, with or without the `$`. */
function option(request: FastifyRequest, name: string): string | undefined {
  const query = request.query as Record<string, unknown>
  const key = Object.keys(query).find((k) => k.toLowerCase().replace(/^\$/, '') === name)
  const v = key === undefined ? undefined : query[key]
  return v === undefined ? undefined : String(Array.isArray(v) ? v[0] : v)
}

const INT_MAX = 2147483647
const invalidData = (why: string) => `Invalid request data: ${why}`

/** spec 4.10: CompanyIds and UserIds required, unique integer arrays; Roles string[] or null. */
export function parsePermissionRequest(body: unknown): PermissionRequest | string {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return invalidData('send { CompanyIds, UserIds, Roles }')
  const o = body as Record<string, unknown>
  const get = (name: string) => o[Object.keys(o).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name]
  const ids = (name: string): number[] | string => {
    const v = get(name)
    if (v === undefined || v === null) return invalidData(`${name} is required`)
    if (!Array.isArray(v) || v.length === 0)
      return invalidData(`${name} must be a non-empty array of integers`)
    if (!v.every((x) => typeof x === 'number' && Number.isInteger(x) && x > 0 && x <= INT_MAX))
      return invalidData(`${name} must hold positive integers only`)
    if (new Set(v).size !== v.length) return invalidData(`${name} must not repeat an id`)
    return v as number[]
  }
  const companyIds = ids('CompanyIds')
  if (typeof companyIds === 'string') return companyIds
  const userIds = ids('UserIds')
  if (typeof userIds === 'string') return userIds
  const roles = get('Roles')
  if (roles === undefined || roles === null) return { CompanyIds: companyIds, UserIds: userIds, Roles: null }
  if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string' && r.trim() !== ''))
    return invalidData('Roles must be an array of role names or null')
  return { CompanyIds: companyIds, UserIds: userIds, Roles: [...new Set(roles.map((r: string) => r.trim()))] }
}

export function registerLicenseRoutes(app: FastifyInstance, pc: PlatformContext, verify: VerifyToken): void {
  const licensePath = pathOf(pc.urls.license)
  const adminPath = pathOf(pc.urls.licenseAdmin)

  app.get<{ Params: { type: string } }>(
    `${licensePath}/api/contracttypes/:type/products`,
    async (request) => {
      await authenticate(request, verify)
      const contract = await findContractType(pc.store, request.params.type)
      if (!contract)
        throw new PlatformError('NOT_FOUND', `Contract type '${request.params.type}' was not found`)
      const keep = parseFilter(option(request, 'filter') ?? '', PRODUCT_FIELDS)
      const select = parseSelect(option(request, 'select'), PRODUCT_FIELDS)
      const products = await contractProducts(pc.store, contract.id)
      return products
        .map((p) => Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, p[f]])))
        .filter(keep)
        .map((p) => Object.fromEntries(select.map((f) => [f, p[f]])))
    },
  )

  app.get(`${licensePath}/api/contracttypes`, async (request) => {
    await authenticate(request, verify)
    return (await pc.store.query('select id, name, label from license_contract_type order by id')).rows
  })

  void app.register(async (child) => {
    // Malformed JSON is part of "invalid request data" (spec 7), answered with that body below.
    child.removeContentTypeParser('application/json')
    child.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      const text = String(body)
      if (text.trim() === '') return done(null, undefined)
      try {
        done(null, JSON.parse(text))
      } catch {
        done(null, MALFORMED)
      }
    })

    // spec 2.1 names one `License` server ("license/admin server") in the endpoint set: the bulk-permission
    // host answers under that address as well as under its own, so a client that knows only the endpoint
    // set reaches it.
    for (const hostPath of [adminPath, licensePath]) registerAdminRoutes(child, hostPath)
  })

  /** The people of a license administrator's office (see `api/users`), optionally one by e-mail or license id. */
  async function officeUsers(
    admin: string,
    only: { email?: string; id?: number },
  ): Promise<Record<string, unknown>[]> {
    const { rows } = await pc.store.query(
      `select a.license_user_id as "Id", a.global_identity as "GlobalIdentity", a.email as "Email",
              a.display_name as "DisplayName",
              case when a.locked_until > $4::timestamptz then a.locked_until end as "LockedUntil"
         from identity_account a
        where ($2::text is null or lower(a.email) = lower($2))
          and ($3::int is null or a.license_user_id = $3)
          and (a.global_identity = $1
               or exists (select 1 from "User" u
                            join license_permission p on p.company_id = u."CompanyID" and p.global_identity = $1
                                 and (p.kind = 'agency' or p.role in (1, 2))
                            join "Company" c on c."ID" = u."CompanyID" and c."Deleted" = false
                           where u."GlobalIdentity"::text = a.global_identity::text and u."Deleted" = false))
        order by a.license_user_id`,
      [admin, only.email ?? null, only.id ?? null, new Date(pc.signIns.now()).toISOString()],
    )
    return rows
  }

  function registerAdminRoutes(child: FastifyInstance, adminPath: string): void {
    // The license users (UserIds of update-permissions), for license administrators: the people of their own
    // office, that is the administrator and every member (any status) of a company they hold a license or
    // agency permission for (spec 5). Accounts of other offices, e-mail addresses included, are not listed,
    // also not when asked for by `email`. `LockedUntil` says whose sign-in is locked (identity/sign-in.ts).
    child.get(`${adminPath}/api/users`, async (request, reply) => {
      const claims = await authenticate(request, verify)
      const account = await findAccount(pc.store, claims.sub)
      if (!account?.is_license_admin)
        return reply.status(FORBIDDEN).send({ Message: 'You have no permission to list license users' })
      return officeUsers(account.global_identity, { email: option(request, 'email') })
    })

    // A license administrator lifts the sign-in lock of a person of their office (after too many wrong
    // passwords): they can sign in again at once, and their failures are forgotten.
    child.post<{ Params: { id: string } }>(`${adminPath}/api/users/:id/unlock`, async (request, reply) => {
      const claims = await authenticate(request, verify)
      const account = await findAccount(pc.store, claims.sub)
      if (!account?.is_license_admin)
        return reply.status(FORBIDDEN).send({ Message: 'You have no permission to lift sign-in locks' })
      const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : NaN
      const [person] =
        Number.isInteger(id) && id <= INT_MAX ? await officeUsers(account.global_identity, { id }) : []
      if (!person)
        return reply
          .status(NOT_FOUND)
          .send({ Message: `No user with id ${request.params.id} in your office` })
      await pc.signIns.unlock(pc.store, String(person.GlobalIdentity))
      return reply.status(OK).send({ Message: `The sign-in lock of ${String(person.Email)} is lifted` })
    })

    child.post(`${adminPath}/api/companies/v2/update-permissions`, async (request, reply) => {
      const claims = await authenticate(request, verify)
      try {
        const account = await findAccount(pc.store, claims.sub)
        if (!account?.is_license_admin)
          return reply.status(FORBIDDEN).send({ Message: 'You have no permission to add user to companies' })
        const parsed =
          request.body === MALFORMED
            ? invalidData('the body is not valid JSON')
            : parsePermissionRequest(request.body)
        if (typeof parsed === 'string') return reply.status(BAD_REQUEST).send({ Message: parsed })

        // spec 5: per company a license permission (role 1 or 2) or an agency purchase permission.
        const { rows: permitted } = await pc.store.query<{ company_id: number }>(
          `select distinct p.company_id from license_permission p
             join "Company" c on c."ID" = p.company_id and c."Deleted" = false
            where p.global_identity = $1 and p.company_id = any($2::int[])
              and (p.kind = 'agency' or p.role in (1, 2))`,
          [account.global_identity, parsed.CompanyIds],
        )
        const allowed = new Set(permitted.map((r) => Number(r.company_id)))
        const refused = parsed.CompanyIds.find((id) => !allowed.has(id))
        if (refused !== undefined)
          return reply
            .status(FORBIDDEN)
            .send({ Message: `You have no permission to administer the license for company ${refused}` })

        const { rows: users } = await pc.store.query<{ license_user_id: number }>(
          'select license_user_id from identity_account where license_user_id = any($1::int[])',
          [parsed.UserIds],
        )
        const known = new Set(users.map((u) => Number(u.license_user_id)))
        const unknownUser = parsed.UserIds.find((id) => !known.has(id))
        if (unknownUser !== undefined)
          return reply.status(BAD_REQUEST).send({ Message: invalidData(`no user with id ${unknownUser}`) })
        if (parsed.Roles) {
          const { rows: roles } = await pc.store.query<{ Name: string }>(
            'select "Name" from "Role" where "Deleted" = false and lower("Name") = any($1::text[])',
            [parsed.Roles.map((r) => r.toLowerCase())],
          )
          const names = new Set(roles.map((r) => r.Name.toLowerCase()))
          const unknownRole = parsed.Roles.find((r) => !names.has(r.toLowerCase()))
          if (unknownRole !== undefined)
            return reply.status(BAD_REQUEST).send({ Message: invalidData(`unknown role '${unknownRole}'`) })
          // Role names as the catalogue spells them.
          parsed.Roles = parsed.Roles.map(
            (r) => roles.find((x) => x.Name.toLowerCase() === r.toLowerCase())!.Name,
          )
        }
        const id = await enqueuePermissions(pc.store, account.global_identity, parsed)
        return reply.status(OK).send({ Message: 'The permission update is queued', QueueId: id })
      } catch (err) {
        request.log.error({ err, url: request.url, user: claims.sub }, 'update-permissions failed')
        return reply
          .status(INTERNAL)
          .send({ Message: 'An unexpected error occurred while updating permissions' })
      }
    })
  }
}
