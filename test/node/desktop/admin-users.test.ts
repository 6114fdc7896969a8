// User administration through main's service against the real local platform: Anne (administrator of
// Nordlys Bakeri AS) invites a colleague, who signs up with the code of the recorded invitation e-mail and
// signs in with the roles Anne gave; the license rule of roles refused without losing a role; access
// removed and given back; a known identity added. Lars (the office's license administrator) applies a
// role set to 5 people in 20 new client companies in one request and reads it back in every one; people
// who are not administrators get the platform's 403. The bulk permission route goes to the environment's
// license administration host (spec 4.10 `{license_admin_url}`), never to the endpoint set's License server;
// an environment without that address is told so before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompanyUser } from '../../../common/bridge/admin-users.ts'
import { BridgeError } from '../../../common/bridge/contract.ts'
import { UserStatus } from '../../../common/status.ts'
import { createApiClient } from '../../../electron/main/services/api/client.ts'
import { ApiError } from '../../../electron/main/services/api/errors.ts'
import {
  AdminUsersErrorCode,
  createAdminUsersService,
} from '../../../electron/main/services/admin/users-service.ts'
import { createCompaniesService } from '../../../electron/main/services/companies.ts'
import { createAccount } from '../../../platform/identity/accounts.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { insertRows } from '../../../platform/seed/insert.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'

let p: TestPlatform
const nordlys = DEMO_COMPANIES.nordlys.key

/** Every request main's services sent: method and URL. */
const sent: { method: string; url: string }[] = []
const recordingFetch: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input)
  sent.push({ method: init?.method ?? 'GET', url })
  return fetch(input, init)
}

/**
 * Main's services for a person signed in with the password grant (as test/node/scan/support.ts does), in
 * an environment configured with the platform's license administration address unless told otherwise.
 */
async function servicesOf(
  email: string,
  password = DEMO_PASSWORD,
  licenseAdminUrl: () => string | null = () => p.urls.licenseAdmin,
) {
  const grant = { accessToken: await p.token(email, { password }), apiBaseUrl: p.urls.base }
  const api = createApiClient({
    fetch: recordingFetch,
    tokens: { current: async () => grant, afterUnauthorized: async () => grant },
    licenseAdminUrl: async () => licenseAdminUrl(),
  })
  return {
    users: createAdminUsersService({ api: async () => api }),
    companies: createCompaniesService({ api: async () => api }),
  }
}

/** A person's id on the license server (UserIds of update-permissions), as the platform keeps it. */
async function licenseIdOf(email: string): Promise<number> {
  const { rows } = await p.store.query<{ license_user_id: number }>(
    'select license_user_id from identity_account where email = $1',
    [email],
  )
  return Number(rows[0]!.license_user_id)
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

/** The invitation e-mail as the platform records it (a Notification it does not send), by the invitee's User. */
async function invitationMail(userId: number): Promise<string> {
  const { rows } = await p.store.query<{ Message: string }>(
    `select n."Message" from "Notification" n join "Company" c on c."ID" = n."CompanyID"
      where c."Key" = $1 and n."SourceEntityType" = 'User' and n."SourceEntityID" = $2 and n."Channels" = 'email'`,
    [nordlys, userId],
  )
  expect(rows).toHaveLength(1)
  return rows[0]!.Message
}

async function signUp(link: string, displayName: string, password: string): Promise<void> {
  const page = await (await fetch(link)).text()
  const csrf = /name="csrf" value="([^"]+)"/
    .exec(page)?.[1]
    ?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))
  expect(csrf).toBeDefined()
  const done = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: csrf!, displayName, password, password2: password }),
  })
  expect(done.status).toBe(200)
}

beforeAll(async () => {
  p = await startTestPlatform()
})
afterAll(() => p?.close())

describe('users and roles of one company', () => {
  let anne: Awaited<ReturnType<typeof servicesOf>>
  let invitee: CompanyUser
  const email = 'kari.kollega@example.no'
  const password = 'kari-sitt-passord'

  beforeAll(async () => {
    anne = await servicesOf(DEMO_USERS.anne.email)
  })

  it('lists the users with their status and roles, and the roles to give', async () => {
    const { users, roles } = await anne.users.users(nordlys)
    const per = users.find((u) => u.Email === DEMO_USERS.per.email)!
    expect(per).toMatchObject({ DisplayName: 'Per Approver', StatusCode: UserStatus.Active })
    expect(per.Roles.map((r) => r.SharedRoleName)).toEqual(['Approval.Accounting'])
    expect(roles.map((r) => r.Name)).toEqual(expect.arrayContaining(['Administrator', 'Sales.Invoice']))
  })

  it('invites by e-mail: the invitee is listed as invited, and the answer carries no code', async () => {
    invitee = await anne.users.invite(nordlys, { Email: email })
    expect(invitee).toMatchObject({ Email: email, StatusCode: UserStatus.Invited, GlobalIdentity: null })
    expect(Object.keys(invitee)).not.toContain('VerificationCode')
    const listed = (await anne.users.users(nordlys)).users.find((u) => u.ID === invitee.ID)
    expect(listed?.StatusCode).toBe(UserStatus.Invited)
  })

  it('refuses a second invitation of the same address and a malformed one, naming the address', async () => {
    expect((await refusal(anne.users.invite(nordlys, { Email: email }))).status).toBe(409)
    const bad = await refusal(anne.users.invite(nordlys, { Email: 'not-an-address' }))
    expect(bad.fields.map((f) => f.field)).toEqual(['Email'])
  })

  it('the invitee signs up with the e-mailed code and signs in with the roles given', async () => {
    const mail = await invitationMail(invitee.ID)
    const link = /Sign up at (\S+)/.exec(mail)?.[1]
    const code = /Verification code: (\S+)\./.exec(mail)?.[1]
    expect(link).toBeDefined()
    expect(code).toBeDefined()
    // Pending invitations are listed, never their codes.
    expect(JSON.stringify(await anne.users.users(nordlys))).not.toContain(code)
    await signUp(link!, 'Kari Kollega', password)
    const active = (await anne.users.users(nordlys)).users.find((u) => u.ID === invitee.ID)!
    expect(active).toMatchObject({ StatusCode: UserStatus.Active, DisplayName: 'Kari Kollega' })

    const roles = (await anne.users.users(nordlys)).roles
    const roleId = (name: string) => roles.find((r) => r.Name === name)!.ID
    const given = await anne.users.setRoles(nordlys, {
      UserID: invitee.ID,
      RoleIDs: [roleId('Administrator'), roleId('Accounting.Approval')],
    })
    expect(given.Roles.map((r) => r.SharedRoleName)).toEqual(['Accounting.Approval', 'Administrator'])

    const kari = await servicesOf(email, password)
    const session = await kari.companies.session(nordlys)
    expect(session.user.Email).toBe(email)
    expect(session.views).toEqual(expect.arrayContaining(['approvals', 'admin']))
    expect(session.isLicenseAdmin).toBe(false)
  })

  it('refuses a role the company has no license for and keeps every role the user held', async () => {
    const { roles } = await anne.users.users(nordlys)
    const payroll = roles.find((r) => r.Name.startsWith('Payroll.'))!
    const before = (await anne.users.users(nordlys)).users.find((u) => u.ID === invitee.ID)!
    const error = await refusal(anne.users.setRoles(nordlys, { UserID: invitee.ID, RoleIDs: [payroll.ID] }))
    expect(error.status).toBe(400)
    expect(error.message).toContain(payroll.Name)
    const after = (await anne.users.users(nordlys)).users.find((u) => u.ID === invitee.ID)!
    expect(after.Roles).toEqual(before.Roles)
  })

  it('removes access (every role off, inactive) and gives it back', async () => {
    const removed = await anne.users.removeAccess(nordlys, { UserID: invitee.ID, inactivate: true })
    expect(removed).toMatchObject({ StatusCode: UserStatus.Inactive, Roles: [] })
    const back = await anne.users.activate(nordlys, invitee.ID)
    expect(back.StatusCode).toBe(UserStatus.Active)
  })

  it('adds a person the identity server knows, and refuses an identity it does not', async () => {
    const account = await createAccount(p.store, { email: 'ola.kjent@example.no', displayName: 'Ola Kjent' })
    const added = await anne.users.addIdentity(nordlys, account.global_identity)
    expect(added).toMatchObject({ Email: 'ola.kjent@example.no', StatusCode: UserStatus.Active })
    const unknown = await refusal(anne.users.addIdentity(nordlys, '0b7e0000-0000-4000-8000-000000000000'))
    expect(unknown.status).toBe(400)
  })

  it('answers a user who is not an administrator with the platform 403', async () => {
    const per = await servicesOf(DEMO_USERS.per.email)
    expect((await refusal(per.users.invite(nordlys, { Email: 'x.y@example.no' }))).status).toBe(403)
    expect(
      (await refusal(per.users.removeAccess(nordlys, { UserID: invitee.ID, inactivate: true }))).status,
    ).toBe(403)
    const session = await per.companies.session(nordlys)
    expect(session.views).not.toContain('admin')
    // Not a license administrator either: the bulk permission route refuses Anne.
    const error = await refusal(anne.users.updatePermissions({ CompanyIds: [1], UserIds: [1], Roles: null }))
    expect(error.status).toBe(403)
  })
})

describe('the office: one role set for many people in many companies', () => {
  const COMPANIES = 20
  const PEOPLE = 5
  const keys: string[] = []
  const ids: number[] = []
  const emails: string[] = []

  beforeAll(async () => {
    const registry = p.platform.registry
    const sql = p.store
    for (let i = 0; i < PEOPLE; i++) {
      const email = `kollega${i}@kontor.example.no`
      await createAccount(sql, { email, password: DEMO_PASSWORD, displayName: `Kollega ${i}` })
      emails.push(email)
    }
    for (let i = 0; i < COMPANIES; i++) {
      const key = `0ff1ce00-0000-4000-8000-${String(i).padStart(12, '0')}`
      const [company] = await insertRows(sql, registry, 'Company', 0, [
        { Name: `Klient ${String(i + 1).padStart(2, '0')} AS`, Key: key, IsTest: false, ContractType: 3 },
      ])
      const companyId = Number(company!.ID)
      // Lars administers the office's licenses of each client (spec 5: license permission role 1).
      await insertRows(sql, registry, 'User', companyId, [
        {
          GlobalIdentity: DEMO_USERS.lars.globalIdentity,
          Email: DEMO_USERS.lars.email,
          DisplayName: DEMO_USERS.lars.displayName,
          UserName: DEMO_USERS.lars.email,
          StatusCode: UserStatus.Active,
        },
      ])
      await sql.query(
        `insert into license_permission (global_identity, company_id, kind, role) values ($1, $2, 'license', 1)`,
        [DEMO_USERS.lars.globalIdentity, companyId],
      )
      keys.push(key)
      ids.push(companyId)
    }
  })

  it('tells the license administrator so, and offers Admin to them', async () => {
    const lars = await servicesOf(DEMO_USERS.lars.email)
    const session = await lars.companies.session(keys[0]!)
    expect(session.isLicenseAdmin).toBe(true)
    expect(session.views).toContain('admin')
  })

  it('applies the role set to 5 people in 20 companies and reads it back in every one', async () => {
    const lars = await servicesOf(DEMO_USERS.lars.email)
    const grid = await lars.users.office()
    expect(grid.licenseUsersKnown).toBe(true)
    expect(grid.companies.map((c) => c.Key)).toEqual(expect.arrayContaining(keys))
    const licenseIds = await Promise.all(
      emails.map(async (e) => {
        const person = grid.people.find((x) => x.Email === e)
        // Not yet a member anywhere: the license server knows them all the same.
        if (person) return person.licenseUserId!
        const { rows } = await p.store.query<{ license_user_id: number }>(
          'select license_user_id from identity_account where email = $1',
          [e],
        )
        return Number(rows[0]!.license_user_id)
      }),
    )
    const roles = ['Accounting.Approval', 'Sales.Invoice']
    const queued = await lars.users.updatePermissions({ CompanyIds: ids, UserIds: licenseIds, Roles: roles })
    expect(queued.message).toMatch(/queued/i)

    const identities = (
      await p.store.query<{ global_identity: string }>(
        'select global_identity from identity_account where email = any($1::text[])',
        [emails],
      )
    ).rows.map((r) => r.global_identity)
    let done: Record<string, boolean> = {}
    for (let round = 0; round < 60; round++) {
      done = await lars.users.checkPermissions({ companyKeys: keys, people: identities, Roles: roles })
      if (Object.values(done).every(Boolean)) break
      await new Promise((r) => setTimeout(r, 500))
    }
    expect(Object.values(done).filter(Boolean)).toHaveLength(COMPANIES)

    const after = await lars.users.office()
    for (const e of emails) {
      const person = after.people.find((x) => x.Email === e)!
      for (const key of keys) expect(person.companies[key]?.Roles.sort()).toEqual(roles)
    }
  })

  it('sends update-permissions to the license administration host, never to the License server', async () => {
    const lars = await servicesOf(DEMO_USERS.lars.email)
    let from = sent.length
    const queued = await lars.users.updatePermissions({
      CompanyIds: [ids[0]!],
      UserIds: [await licenseIdOf(emails[0]!)],
      Roles: null,
    })
    expect(queued.message).toMatch(/queued/i)
    expect(sent.slice(from).filter((r) => r.url.includes('update-permissions'))).toEqual([
      { method: 'POST', url: `${p.urls.licenseAdmin}/api/companies/v2/update-permissions` },
    ])
    // The people's license ids are asked where update-permissions goes.
    from = sent.length
    const grid = await lars.users.office()
    expect(sent.slice(from).filter((r) => r.url.includes('/api/users'))).toEqual([
      { method: 'GET', url: `${p.urls.licenseAdmin}/api/users` },
    ])
    expect(grid).toMatchObject({ licenseUsersKnown: true, licenseAdminAddress: true })
    expect(sent.slice(from).some((r) => r.url.startsWith(`${p.urls.license}/`))).toBe(false)
  })

  it('without a license administration address: the grid says so and nothing is sent', async () => {
    const lars = await servicesOf(DEMO_USERS.lars.email, DEMO_PASSWORD, () => null)
    const from = sent.length
    const grid = await lars.users.office()
    expect(grid.licenseAdminAddress).toBe(false)
    // The license ids still come from the endpoint set's License server (the only other place that may know).
    expect(grid.licenseUsersKnown).toBe(true)
    expect(sent.slice(from).filter((r) => r.url.includes('/api/users'))).toEqual([
      { method: 'GET', url: `${p.urls.license}/api/users` },
    ])
    const error = await lars.users
      .updatePermissions({ CompanyIds: [ids[0]!], UserIds: [1], Roles: null })
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(BridgeError)
    expect(error).toMatchObject({
      code: AdminUsersErrorCode.NoLicenseAdminAddress,
      message: expect.stringContaining('no license administration address'),
    })
    expect(sent.slice(from).some((r) => r.url.includes('update-permissions'))).toBe(false)
  })

  it('shows the grid without license ids when the license administration host does not list them (404)', async () => {
    const lars = await servicesOf(DEMO_USERS.lars.email, DEMO_PASSWORD, () => `${p.urls.base}no-such-host`)
    const grid = await lars.users.office()
    expect(grid).toMatchObject({ licenseUsersKnown: false, licenseAdminAddress: true })
    expect(grid.companies.map((c) => c.Key)).toEqual(expect.arrayContaining(keys))
    expect(grid.people.every((x) => x.licenseUserId === null)).toBe(true)
  })

  it('answers a company the administrator has no license permission for with the platform 403', async () => {
    const lars = await servicesOf(DEMO_USERS.lars.email)
    const { rows } = await p.store.query<{ ID: number }>('select "ID" from "Company" where "Key" = $1', [
      DEMO_COMPANIES.aurora.key,
    ])
    const error = await refusal(
      lars.users.updatePermissions({ CompanyIds: [Number(rows[0]!.ID)], UserIds: [1], Roles: null }),
    )
    expect(error.status).toBe(403)
    expect(error.message).toContain(String(rows[0]!.ID))
  })
})
