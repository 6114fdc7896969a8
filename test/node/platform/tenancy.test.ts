// Discovery, error handling, authentication and tenancy over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const nordlys: string = DEMO_COMPANIES.nordlys.key
const aurora = DEMO_COMPANIES.aurora.key

let p: TestPlatform
let anne: string
let per: string

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  per = await p.token(DEMO_USERS.per.email)
})
afterAll(() => p?.close())

describe('discovery and errors', () => {
  it('answers the endpoint set of spec 2.1 without a token', async () => {
    const r = await api(p.urls.base, 'GET', 'api/endpoints')
    expect(r.status).toBe(200)
    const base = p.urls.base
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect(r.body).toEqual({
      AppFramework: base,
      Identity: `${base}identity`,
      Job: expect.stringMatching(/\/api\/$/),
      Files: `${base}files`,
      License: `${base}license`,
      Signalr: '',
      Integration: expect.any(String),
      FrontEnd: expect.any(String),
    })
  })

  it('answers 404 with a Message for an unknown route and an unknown model', async () => {
    const r1 = await api(p.urls.base, 'GET', 'api/nothing-here')
    expect(r1.status).toBe(404)
    expect(r1.body.Message).toMatch(/nothing-here/)
    expect(r1.body.ErrorReference).toMatch(GUID)
    const r2 = await api(p.urls.base, 'GET', 'api/biz/nosuchmodels', { token: anne, companyKey: nordlys })
    expect(r2.status).toBe(404)
    expect(r2.body.Message).toBeTruthy()
  })

  it('answers 400 with a Message for malformed JSON, never a stack trace', async () => {
    const r = await api(p.urls.base, 'POST', 'api/biz/teams', {
      token: anne,
      companyKey: nordlys,
      rawBody: '{"Name": ',
    })
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/JSON/)
    expect(r.body.ErrorReference).toMatch(GUID)
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts:\d+/)
  })
})

describe('authentication', () => {
  it('answers 401 with a Message without a token', async () => {
    for (const path of [
      'api/biz/teams',
      'api/statistics?model=Team',
      'api/init/companies',
      'api/elsa/purchases',
    ]) {
      const r = await api(p.urls.base, 'GET', path, { companyKey: nordlys })
      expect(r.status, path).toBe(401)
      expect(r.body.Message, path).toBeTruthy()
    }
  })

  it('answers 401 for a forged or garbled token', async () => {
    const [h, , s] = anne.split('.')
    const claims = Buffer.from(
      JSON.stringify({ sub: DEMO_USERS.anne.globalIdentity, exp: 4102444800 }),
    ).toString('base64url')
    for (const token of ['not-a-token', `${h}.${claims}.${s}`]) {
      const r = await api(p.urls.base, 'GET', 'api/biz/teams', { token, companyKey: nordlys })
      expect(r.status).toBe(401)
      expect(r.body.Message).toBeTruthy()
    }
  })

  it('answers 401 for an expired token', async () => {
    const short = await startTestPlatform({ tokenTtl: 5 })
    try {
      const token = await short.token(DEMO_USERS.anne.email)
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }
      expect(
        (await api(short.urls.base, 'GET', 'api/biz/teams', { token, companyKey: nordlys })).status,
      ).toBe(200)
      await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 1500))
      const r = await api(short.urls.base, 'GET', 'api/biz/teams', { token, companyKey: nordlys })
      expect(r.status).toBe(401)
      expect(r.body.Message).toBeTruthy()
    } finally {
      await short.close()
    }
  })
})

describe('tenancy', () => {
  it('lists only the companies the user belongs to', async () => {
    const forPer = await api(p.urls.base, 'GET', 'api/init/companies', { token: per })
    expect(forPer.status).toBe(200)
    expect(forPer.body.map((c: { Key: string }) => c.Key).sort()).toEqual(
      [nordlys, DEMO_COMPANIES.fjordbygg.key].sort(),
    )
    const forAnne = await api(p.urls.base, 'GET', 'api/init/companies', { token: anne })
    expect(forAnne.body).toHaveLength(Object.keys(DEMO_COMPANIES).length)
    const c = forAnne.body.find((x: { Key: string }) => x.Key === nordlys)
    expect(c).toMatchObject({
      Name: DEMO_COMPANIES.nordlys.name,
      OrganizationNumber: DEMO_COMPANIES.nordlys.organizationNumber,
      IsTest: false,
      IsTemplate: false,
      Deleted: false,
    })
    for (const k of [
      'ID',
      'WebHookSubscriberId',
      'FileFlowEmail',
      'LastActivity',
      'CreatedAt',
      'StatusCode',
      'CustomValues',
    ]) {
      expect(c, k).toHaveProperty(k)
    }
    expect(forAnne.body.find((x: { Key: string }) => x.Key === DEMO_COMPANIES.test.key).IsTest).toBe(true)
  })

  it('answers 403 for a company the user does not belong to and for an unknown key alike', async () => {
    const foreign = await api(p.urls.base, 'GET', 'api/biz/teams', { token: per, companyKey: aurora })
    expect(foreign.status).toBe(403)
    const unknown = await api(p.urls.base, 'GET', 'api/biz/teams', {
      token: per,
      companyKey: '00000000-1111-4222-8333-444444444444',
    })
    expect(unknown.status).toBe(403)
    expect(unknown.body.Message).toBe(foreign.body.Message)
    const garbage = await api(p.urls.base, 'GET', 'api/biz/teams', { token: per, companyKey: "x' or 1=1 --" })
    expect(garbage.status).toBe(403)
  })

  it('never lists other companies through the generic routes or statistics', async () => {
    expect(
      (await api(p.urls.base, 'GET', 'api/biz/companies', { token: per, companyKey: nordlys })).status,
    ).toBe(404)
    const stats = await api(p.urls.base, 'GET', 'api/statistics?model=Company&select=Name', {
      token: per,
      companyKey: nordlys,
    })
    expect(stats.status).toBe(400)
    expect(stats.body.Success).toBe(false)
    expect(JSON.stringify(stats.body)).not.toContain(DEMO_COMPANIES.aurora.name)
    // Joining the company table by name is refused too, so no query can reach another tenant's row.
    const joined = await api(
      p.urls.base,
      'GET',
      'api/statistics?model=Team&select=Company.Name as name&join=Team.ID ge Company.ID',
      { token: per, companyKey: nordlys },
    )
    expect(joined.status).toBe(400)
    expect(joined.body.Success).toBe(false)
    expect(joined.body.Message).toContain("Unknown model 'Company'")
    expect(JSON.stringify(joined.body)).not.toContain(DEMO_COMPANIES.aurora.name)
  })

  it('reads the company from the CompanyKey header in any casing, else from the token claim', async () => {
    const lower = await api(p.urls.base, 'GET', 'api/biz/users?action=current-session', {
      token: per,
      headers: { companykey: nordlys },
    })
    expect(lower.status).toBe(200)
    expect(lower.body.License.Company.Key).toBe(nordlys)
    const fjordToken = await p.token(DEMO_USERS.per.email, { companyKey: DEMO_COMPANIES.fjordbygg.key })
    const byClaim = await api(p.urls.base, 'GET', 'api/biz/user?action=current-session', {
      token: fjordToken,
    })
    expect(byClaim.status).toBe(200)
    expect(byClaim.body.License.Company.Key).toBe(DEMO_COMPANIES.fjordbygg.key)
    // The header wins over the claim.
    const header = await api(p.urls.base, 'GET', 'api/biz/user?action=current-session', {
      token: fjordToken,
      companyKey: nordlys,
    })
    expect(header.body.License.Company.Key).toBe(nordlys)
  })

  it('answers the session user on both spellings of current-session (spec 2.2, field notes)', async () => {
    for (const route of ['user', 'users']) {
      const r = await api(p.urls.base, 'GET', `api/biz/${route}?action=current-session`, {
        token: anne,
        companyKey: nordlys,
      })
      expect(r.status, route).toBe(200)
      expect(r.body).toMatchObject({
        Email: DEMO_USERS.anne.email,
        DisplayName: DEMO_USERS.anne.displayName,
        GlobalIdentity: DEMO_USERS.anne.globalIdentity,
        StatusCode: 110001,
        Protected: expect.any(Boolean),
        IsAutobankAdmin: expect.any(Boolean),
        Deleted: false,
      })
      for (const k of [
        'ID',
        'UserName',
        'PhoneNumber',
        'LastLogin',
        'BankIntegrationUserName',
        'CustomValues',
        'CreatedAt',
        'UpdatedAt',
      ]) {
        expect(r.body, k).toHaveProperty(k)
      }
      expect(r.body.Permissions).toContain('ui_accounting_bills')
      expect(r.body.License).toMatchObject({
        ContractType: expect.anything(),
        Company: { Key: nordlys },
        UserType: expect.anything(),
      })
    }
    const perSession = await api(p.urls.base, 'GET', 'api/biz/users?action=current-session', {
      token: per,
      companyKey: nordlys,
    })
    expect(perSession.body.Email).toBe(DEMO_USERS.per.email)
    expect(perSession.body.Permissions).not.toContain('ui_admin')
  })
})
