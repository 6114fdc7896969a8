// A new colleague in one apply, through main's colleague service against the real local platform: Anne
// gives Kari (a person the identity server knows) the accountant role set in 12 client companies; in one
// of them Anne holds no Administrator role, so the platform refuses it (403) while the other 11 are done.
// The same apply asked again while it runs answers the running job; a retry of just the failed company is
// done once Anne is administrator there, and applying all 12 again sends no write at all (each company is
// read first). Kari then signs in: each company's session tells when she became a user there, so her
// workspace keeps those companies offline (common/new-access.ts), unlike the office's year-old clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ColleagueGrant, GrantJob } from '../../../common/bridge/admin-colleague.ts'
import { isNewAccess } from '../../../common/new-access.ts'
import { createApiClient } from '../../../electron/main/services/api/client.ts'
import { createColleagueService } from '../../../electron/main/services/admin/colleague-service.ts'
import { createCompaniesService } from '../../../electron/main/services/companies.ts'
import { createAccount } from '../../../platform/identity/accounts.ts'
import { seedClientCompanies, type ClientCompany } from '../../../platform/seed/client-companies.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { insertRows } from '../../../platform/seed/insert.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'

let p: TestPlatform
let clients: ClientCompany[]
const REFUSING = 6
const kari = { email: 'kari.kollega@kontor.example.no', password: 'kari-passord-1' }
const ACCOUNTANT = ['Accounting.Journal', 'Accounting.Reporting', 'Accounting.Approval', 'Sales.Invoice']

/** Every request main sent: method, URL and company. */
const sent: { method: string; url: string; company: string | null }[] = []
const recordingFetch: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input)
  const headers = new Headers(init?.headers)
  sent.push({ method: init?.method ?? 'GET', url, company: headers.get('companykey') })
  return fetch(input, init)
}

async function clientOf(email: string, password = DEMO_PASSWORD) {
  const grant = { accessToken: await p.token(email, { password }), apiBaseUrl: p.urls.base }
  return createApiClient({
    fetch: recordingFetch,
    tokens: { current: async () => grant, afterUnauthorized: async () => grant },
  })
}

async function applied(service: ReturnType<typeof createColleagueService>, grant: ColleagueGrant) {
  const { job, finished } = service.start(grant)
  await finished
  return { started: job, done: service.progress(job.id) }
}

async function rolesOfKari(companyId: number): Promise<string[]> {
  const { rows } = await p.store.query<{ SharedRoleName: string }>(
    `select ur."SharedRoleName" from "UserRole" ur join "User" u on u."ID" = ur."UserID" and u."CompanyID" = ur."CompanyID"
      where ur."CompanyID" = $1 and lower(u."Email") = $2 and ur."Deleted" = false order by 1`,
    [companyId, kari.email],
  )
  return rows.map((r) => r.SharedRoleName)
}

beforeAll(async () => {
  p = await startTestPlatform()
  await createAccount(p.store, { email: kari.email, password: kari.password, displayName: 'Kari Kollega' })
  clients = await seedClientCompanies(p.store, p.platform.registry, { count: 12, withoutAdmin: [REFUSING] })
}, 120_000)
afterAll(() => p?.close())

describe('a new colleague in one apply', () => {
  let service: ReturnType<typeof createColleagueService>
  let first: GrantJob

  it('gives Kari the role set in 11 of 12 clients; the company where Anne is no administrator refuses', async () => {
    const api = await clientOf(DEMO_USERS.anne.email)
    service = createColleagueService({ api: async () => api })
    const grant = { Email: kari.email, companyKeys: clients.map((c) => c.Key), roles: ACCOUNTANT }
    const { job, finished } = service.start(grant)
    expect(job.companies.every((c) => c.state === 'waiting' || c.state === 'applying')).toBe(true)
    // A second click while it runs: the same job, nothing started twice.
    expect(service.start(grant).job.id).toBe(job.id)
    await finished
    first = service.progress(job.id)
    expect(first.running).toBe(false)
    const failed = first.companies.filter((c) => c.state === 'failed')
    expect(failed.map((c) => c.companyKey)).toEqual([clients[REFUSING]!.Key])
    expect(failed[0]!.failure?.status).toBe(403)
    expect(failed[0]!.failure?.message).not.toBe('')
    for (const [i, c] of clients.entries()) {
      if (i === REFUSING) {
        expect(await rolesOfKari(c.ID)).toEqual([])
        continue
      }
      const row = first.companies.find((r) => r.companyKey === c.Key)!
      expect(row.state).toBe('done')
      expect(row.invited).toBe(true)
      expect(row.ms).toBeGreaterThan(0)
      expect(await rolesOfKari(c.ID)).toEqual([...ACCOUNTANT].sort())
    }
  }, 120_000)

  it('retries only the failed company once Anne administers it, and a full re-apply writes nothing', async () => {
    const refusing = clients[REFUSING]!
    const { rows } = await p.store.query<{ ID: number }>(
      `select "ID" from "User" where "CompanyID" = $1 and "GlobalIdentity" = $2`,
      [refusing.ID, DEMO_USERS.anne.globalIdentity],
    )
    const [role] = (
      await p.store.query<{ ID: number }>(`select "ID" from "Role" where "Name" = 'Administrator'`)
    ).rows
    await insertRows(p.store, p.platform.registry, 'UserRole', refusing.ID, [
      { UserID: rows[0]!.ID, SharedRoleId: role!.ID, SharedRoleName: 'Administrator' },
    ])
    sent.length = 0
    const retry = await applied(service, {
      Email: kari.email,
      companyKeys: first.companies.filter((c) => c.state === 'failed').map((c) => c.companyKey),
      roles: ACCOUNTANT,
    })
    expect(retry.done.companies).toMatchObject([{ companyKey: refusing.Key, state: 'done', invited: true }])
    expect(new Set(sent.map((s) => s.company))).toEqual(new Set([refusing.Key]))
    expect(await rolesOfKari(refusing.ID)).toEqual([...ACCOUNTANT].sort())

    sent.length = 0
    const again = await applied(service, {
      Email: kari.email,
      companyKeys: clients.map((c) => c.Key),
      roles: ACCOUNTANT,
    })
    expect(again.done.companies.every((c) => c.state === 'done' && !c.invited && c.added.length === 0)).toBe(
      true,
    )
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([])
    for (const c of clients) expect(await rolesOfKari(c.ID)).toEqual([...ACCOUNTANT].sort())
  }, 120_000)

  it('names roles a company does not have, sending nothing', async () => {
    const api = await clientOf(DEMO_USERS.anne.email)
    const s = createColleagueService({ api: async () => api })
    sent.length = 0
    const { done } = await applied(s, {
      Email: kari.email,
      companyKeys: [clients[0]!.Key],
      roles: ['Accounting.Journal', 'Nonexistent.Role'],
    })
    expect(done.companies[0]!.failure?.unknownRoles).toEqual(['Nonexistent.Role'])
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('Kari signs in: the clients she was just given are kept offline, the office’s old clients are not', async () => {
    const companies = createCompaniesService({ api: async () => clientOf(kari.email, kari.password) })
    const keys = (await companies.list()).map((c) => c.Key)
    expect(keys).toEqual(expect.arrayContaining(clients.map((c) => c.Key)))
    for (const c of clients) {
      const session = await companies.session(c.Key)
      expect(session.user.Email.toLowerCase()).toBe(kari.email)
      expect(isNewAccess(session.memberSince)).toBe(true)
    }
    const anne = createCompaniesService({ api: async () => clientOf(DEMO_USERS.anne.email) })
    const old = await anne.session(DEMO_COMPANIES.nordlys.key)
    expect(old.memberSince).toBeTruthy()
    expect(isNewAccess(old.memberSince)).toBe(false)
  }, 120_000)
})
