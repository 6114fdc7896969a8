// The license server over HTTP (spec 2.18, 4.10, 5, 7): contract-type products with $filter and
// $select, and the bulk-permission route in every error case and applied asynchronously.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UserStatus } from '../../../common/status.ts'
import { createAccount } from '../../../platform/identity/accounts.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { insertRows } from '../../../platform/seed/insert.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

let p: TestPlatform
let anne: string
let lars: string

const companyIds = new Map<string, number>()

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  lars = await p.token(DEMO_USERS.lars.email)
  const { rows } = await p.store.query<{ ID: number; Key: string }>('select "ID", "Key" from "Company"')
  for (const r of rows) companyIds.set(r.Key, Number(r.ID))
})
afterAll(() => p?.close())

const idOf = (key: string) => companyIds.get(key)!

describe('contract type products', () => {
  const products = (type: string, query: string, token: string | null = anne) =>
    api(p.urls.license + '/', 'GET', `api/contracttypes/${type}/products${query}`, {
      token: token ?? undefined,
    })

  it('answers the per-user live modules and packages with the selected fields (spec 4.10)', async () => {
    const r = await products(
      'Standard',
      "?$filter=isperuser eq true and productstatus eq 'Live' and producttype in ('Module','Package')" +
        '&$select=id,label,name,listofroles,defaultroles,producttype,productstatus,ismandatoryproduct,isdefaultproduct,isperuser',
    )
    expect(r.status).toBe(200)
    expect(r.body.map((x: { name: string }) => x.name)).toEqual([
      'Accounting',
      'Sales',
      'Payroll',
      'Approval',
      'Timetracking',
    ])
    expect(Object.keys(r.body[0]).sort()).toEqual(
      [
        'id',
        'label',
        'name',
        'listofroles',
        'defaultroles',
        'producttype',
        'productstatus',
        'ismandatoryproduct',
        'isdefaultproduct',
        'isperuser',
      ].sort(),
    )
    expect(r.body[1]).toMatchObject({
      id: 2,
      listofroles: expect.stringContaining('Sales.Invoice'),
      defaultroles: 'Sales.Invoice',
      isperuser: true,
    })
  })

  it('supports eq, ne, or, not and parentheses, and a contract type by id', async () => {
    const r = await products(
      '3',
      "?$filter=(producttype eq 'Integration' or producttype eq 'Extension') and not isperuser eq true&$select=name",
    )
    expect(r.body).toEqual([{ name: 'Webhooks' }, { name: 'Bank' }])
    const ne = await products('Mini', "?$filter=name ne 'Sales'&$select=id")
    expect(ne.body).toEqual([{ id: 1 }, { id: 4 }])
    const accountant = await products('accountant', '?$filter=isdefaultproduct eq true&$select=name')
    expect(accountant.body.map((x: { name: string }) => x.name)).toEqual(['Sales', 'AccountantSuite'])
  })

  it('refuses unknown fields, a bad filter, an unknown contract type and a missing token', async () => {
    const field = await products('Standard', "?$filter=colour eq 'red'")
    expect(field.status).toBe(400)
    expect(field.body.Message).toContain('colour')
    const select = await products('Standard', '?$select=id,price')
    expect(select.status).toBe(400)
    expect(select.body.Message).toContain('price')
    expect((await products('Standard', "?$filter=name gt 'A'")).status).toBe(400)
    expect((await products('Standard', "?$filter=name eq 'A")).status).toBe(400)
    expect((await products('Enterprise', '')).status).toBe(404)
    expect((await products('Standard', '', null)).status).toBe(401)
  })
})

describe('license users', () => {
  const users = async (token: string, query = '') => {
    const r = await api(p.urls.licenseAdmin + '/', 'GET', `api/users${query}`, { token })
    expect(r.status).toBe(200)
    return (r.body as { Email: string }[]).map((u) => u.Email).sort()
  }

  it('lists a license administrator the people of their own office only, never another office’s', async () => {
    // Another office: its administrator holds the license permission of Aurora only (Lars has none there),
    // and one of its people is a member of Aurora alone.
    const otherAdmin = 'kari.licenseadmin@annet-kontor.example.no'
    const otherPerson = 'ola.only@annet-kontor.example.no'
    const admin = await createAccount(p.store, {
      email: otherAdmin,
      password: DEMO_PASSWORD,
      isLicenseAdmin: true,
    })
    const person = await createAccount(p.store, { email: otherPerson, password: DEMO_PASSWORD })
    const aurora = idOf(DEMO_COMPANIES.aurora.key)
    await insertRows(p.store, p.platform.registry, 'User', aurora, [
      {
        GlobalIdentity: person.global_identity,
        Email: otherPerson,
        DisplayName: 'Ola',
        StatusCode: UserStatus.Active,
      },
    ])
    await p.store.query(
      `insert into license_permission (global_identity, company_id, kind, role) values ($1, $2, 'license', 1)`,
      [admin.global_identity, aurora],
    )
    // A person not in any company belongs to no office.
    await createAccount(p.store, { email: 'nobody.yet@example.no', password: DEMO_PASSWORD })

    const larsSees = await users(lars)
    expect(larsSees).toEqual(
      expect.arrayContaining([DEMO_USERS.anne.email, DEMO_USERS.per.email, DEMO_USERS.lars.email]),
    )
    expect(larsSees).not.toContain(otherPerson)
    expect(larsSees).not.toContain(otherAdmin)
    expect(larsSees).not.toContain('nobody.yet@example.no')
    expect(await users(lars, `?email=${encodeURIComponent(otherPerson)}`)).toEqual([])

    const kari = await p.token(otherAdmin)
    const kariSees = await users(kari)
    expect(kariSees).toEqual(expect.arrayContaining([otherAdmin, otherPerson, DEMO_USERS.anne.email]))
    // Per is a member of Nordlys and Fjordbygg, not of Aurora: Lars's office, not Kari's.
    expect(kariSees).not.toContain(DEMO_USERS.per.email)
    expect(kariSees).not.toContain('nobody.yet@example.no')
    expect(await users(kari, `?email=${encodeURIComponent(DEMO_USERS.per.email)}`)).toEqual([])
  })
})

describe('update-permissions', () => {
  const update = (token: string | undefined, body: unknown, raw?: string) =>
    api(p.urls.licenseAdmin + '/', 'POST', 'api/companies/v2/update-permissions', {
      token,
      ...(raw !== undefined ? { rawBody: raw, headers: { 'Content-Type': 'application/json' } } : { body }),
    })

  async function licenseUserId(email: string): Promise<number> {
    const r = await api(p.urls.licenseAdmin + '/', 'GET', `api/users?email=${encodeURIComponent(email)}`, {
      token: lars,
    })
    expect(r.status).toBe(200)
    expect(r.body).toHaveLength(1)
    return r.body[0].Id
  }

  it('refuses a caller who is not a license administrator with 403 (spec 7)', async () => {
    const r = await update(anne, {
      CompanyIds: [idOf(DEMO_COMPANIES.nordlys.key)],
      UserIds: [1],
      Roles: null,
    })
    expect(r.status).toBe(403)
    expect(r.body.Message).toContain('no permission to add user to companies')
    expect((await update(undefined, {})).status).toBe(401)
  })

  it('refuses a company the administrator holds no license or agency permission for', async () => {
    const aurora = idOf(DEMO_COMPANIES.aurora.key)
    const r = await update(lars, {
      CompanyIds: [idOf(DEMO_COMPANIES.nordlys.key), aurora],
      UserIds: [await licenseUserId(DEMO_USERS.per.email)],
      Roles: null,
    })
    expect(r.status).toBe(403)
    expect(r.body).toEqual({
      Message: `You have no permission to administer the license for company ${aurora}`,
    })
    // An unknown company is refused the same way.
    expect((await update(lars, { CompanyIds: [9999], UserIds: [1], Roles: null })).body.Message).toContain(
      'company 9999',
    )
  })

  it('answers 400 invalid request data for malformed requests', async () => {
    const nordlys = idOf(DEMO_COMPANIES.nordlys.key)
    const cases: [unknown, string?][] = [
      [undefined, '{"CompanyIds": [1'],
      [[1, 2]],
      [{ UserIds: [1], Roles: null }],
      [{ CompanyIds: [nordlys], Roles: null }],
      [{ CompanyIds: [], UserIds: [1] }],
      [{ CompanyIds: ['1'], UserIds: [1] }],
      [{ CompanyIds: [nordlys, nordlys], UserIds: [1] }],
      [{ CompanyIds: [nordlys], UserIds: [1.5] }],
      [{ CompanyIds: [nordlys], UserIds: [1], Roles: 'Administrator' }],
      [{ CompanyIds: [nordlys], UserIds: [1], Roles: [42] }],
      [{ CompanyIds: [nordlys], UserIds: [1], Roles: ['No.Such.Role'] }],
      [{ CompanyIds: [nordlys], UserIds: [987654], Roles: null }],
    ]
    for (const [body, raw] of cases) {
      const r = await update(lars, body, raw)
      expect(r.status, JSON.stringify(body ?? raw)).toBe(400)
      expect(r.body.Message).toMatch(/^Invalid request data/)
    }
  })

  it('answers 500 with the unexpected-error body when the queue cannot be written', async () => {
    await p.store.query('alter table license_queue rename to license_queue_away')
    try {
      const r = await update(lars, {
        CompanyIds: [idOf(DEMO_COMPANIES.nordlys.key)],
        UserIds: [await licenseUserId(DEMO_USERS.per.email)],
        Roles: null,
      })
      expect(r.status).toBe(500)
      expect(r.body).toEqual({ Message: 'An unexpected error occurred while updating permissions' })
    } finally {
      await p.store.query('alter table license_queue_away rename to license_queue')
    }
  })

  it('queues the update and applies it: membership, licenses and exactly the given roles', async () => {
    const test = DEMO_COMPANIES.test
    const fjordbygg = DEMO_COMPANIES.fjordbygg
    const perId = await licenseUserId(DEMO_USERS.per.email)
    const r = await update(lars, {
      CompanyIds: [idOf(test.key), idOf(fjordbygg.key)],
      UserIds: [perId],
      Roles: ['Payroll.Payroll', 'accounting.reporting'],
    })
    expect(r.status).toBe(200)

    const perIn = async (companyKey: string) => {
      const users = await api(p.urls.base, 'GET', `api/biz/users?filter=Email eq '${DEMO_USERS.per.email}'`, {
        token: anne,
        companyKey,
      })
      const user = users.body[0]
      if (!user) return undefined
      const roles = await api(p.urls.base, 'GET', `api/biz/userroles?filter=UserID eq ${user.ID}`, {
        token: anne,
        companyKey,
      })
      return {
        user,
        roles: roles.body.map((x: { SharedRoleName: string }) => x.SharedRoleName).sort() as string[],
      }
    }
    const deadline = Date.now() + 10_000
    let inTest = await perIn(test.key)
    while (!inTest && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      inTest = await perIn(test.key)
    }
    expect(inTest?.user).toMatchObject({ StatusCode: 110001, GlobalIdentity: DEMO_USERS.per.globalIdentity })
    expect(inTest?.roles).toEqual(['Accounting.Reporting', 'Payroll.Payroll'])
    // In Fjordbygg Per was an approver; his roles are now exactly the requested ones.
    let inFjordbygg = await perIn(fjordbygg.key)
    while (inFjordbygg?.roles.includes('Approval.Accounting') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      inFjordbygg = await perIn(fjordbygg.key)
    }
    expect(inFjordbygg?.roles).toEqual(['Accounting.Reporting', 'Payroll.Payroll'])
    // Payroll came with a user license; Per can open the test company.
    const licenses = await api(p.urls.base, 'GET', `api/biz/purchases?filter=UserID eq ${inTest!.user.ID}`, {
      token: anne,
      companyKey: test.key,
    })
    expect(licenses.body.map((l: { ProductName: string }) => l.ProductName).sort()).toEqual([
      'Accounting',
      'Payroll',
      'Sales',
    ])
    const per = await p.token(DEMO_USERS.per.email)
    expect(
      (
        await api(p.urls.base, 'GET', 'api/biz/users?action=current-session', {
          token: per,
          companyKey: test.key,
        })
      ).status,
    ).toBe(200)
    const { rows } = await p.store.query<{ status: string }>('select status from license_queue')
    expect(rows.map((x) => x.status)).toEqual(['done'])
  })
})
