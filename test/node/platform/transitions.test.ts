// Transitions (spec 3.2, 2.15, 9), the models route and hypermedia links over HTTP.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, usePlatformAs } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key

const anne = usePlatformAs(DEMO_USERS.anne.email, nordlys)
const call = anne.call

async function newInvoice(): Promise<{ ID: number; StatusCode: number }> {
  const sup = (await call('GET', 'api/biz/suppliers?top=1')).body[0]
  const r = await call('POST', 'api/biz/supplierinvoices', {
    SupplierID: sup.ID,
    InvoiceNumber: `T-${Math.random()}`,
  })
  expect(r.status).toBe(201)
  return r.body
}

describe('transitions', () => {
  it('lists the named SupplierInvoice transitions, filterable on EntityType', async () => {
    const r = await call('GET', "api/biz/transitions?filter=EntityType eq 'SupplierInvoice'")
    expect(r.status).toBe(200)
    const names = r.body.map((t: { MethodName: string }) => t.MethodName).sort()
    expect(names).toEqual(
      [
        'assign',
        'reAssign',
        'approve',
        'rejectInvoice',
        'journal',
        'sendForPayment',
        'pay',
        'rejectAssignment',
        'finish',
        'restore',
        'cancelApprovement',
        'revertFinish',
      ].sort(),
    )
    expect(r.body[0]).toMatchObject({ Controller: 'supplierinvoices', EntityType: 'SupplierInvoice' })
    const top = await call('GET', 'api/biz/transitions?top=2')
    expect(top.body).toHaveLength(2)
  })

  it('lists TransitionFlows through statistics with FromStatus and ToStatus, but not as a route of their own', async () => {
    const r = await call(
      'GET',
      "api/statistics?model=TransitionFlow&select=ID,EntityType,FromStatus.StatusCode,ToStatus.StatusCode,Transition.MethodName,IsDepricated&expand=FromStatus,ToStatus,Transition&filter=EntityType eq 'User'",
    )
    expect(r.status).toBe(200)
    expect(r.body.Success).toBe(true)
    expect(r.body.Data).toHaveLength(2)
    expect(JSON.stringify(r.body.Data)).toMatch(/110002/)
    expect((await call('GET', 'api/biz/transitionflows')).status).toBe(404)
  })

  it('runs an allowed transition: 204, new status, a change event', async () => {
    const inv = await newInvoice()
    const r = await call('POST', `api/biz/supplierinvoices/${inv.ID}?action=assign`)
    expect(r.status).toBe(204)
    expect((await call('GET', `api/biz/supplierinvoices/${inv.ID}`)).body.StatusCode).toBe(30108)
    const { rows } = await anne.p.store.query<{ changed: string[] }>(
      "select changed from change_event where entity = 'SupplierInvoice' and entity_id = $1 and operation = 'U' order by id desc limit 1",
      [inv.ID],
    )
    expect(rows[0]!.changed).toEqual(['StatusCode'])
  })

  it('matches the MethodName case-insensitively', async () => {
    const inv = await newInvoice()
    expect((await call('POST', `api/biz/supplierinvoices/${inv.ID}?action=ASSIGN`)).status).toBe(204)
    expect((await call('GET', `api/biz/supplierinvoices/${inv.ID}`)).body.StatusCode).toBe(30108)
  })

  it('answers 400 naming the current status when no flow allows the transition', async () => {
    const inv = await newInvoice()
    const r = await call('POST', `api/biz/supplierinvoices/${inv.ID}?action=finish`)
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/30101/)
    expect((await call('GET', `api/biz/supplierinvoices/${inv.ID}`)).body.StatusCode).toBe(30101)
  })

  it('ignores a deprecated flow (approve from draft exists only as IsDepricated)', async () => {
    const { rows } = await anne.p.store.query<{ n: number }>(
      `select count(*)::int as n from "TransitionFlow" tf join "Transition" t on t."ID" = tf."TransitionID"
         join "Status" s on s."ID" = tf."FromStatusID"
        where t."MethodName" = 'approve' and s."StatusCode" = 30101 and tf."IsDepricated" = true`,
    )
    expect(rows[0]!.n).toBe(1)
    const inv = await newInvoice()
    const r = await call('POST', `api/biz/supplierinvoices/${inv.ID}?action=approve`)
    expect(r.status).toBe(400)
    expect((await call('GET', `api/biz/supplierinvoices/${inv.ID}`)).body.StatusCode).toBe(30101)
  })

  it('answers 400 naming an unknown action', async () => {
    const inv = await newInvoice()
    const r = await call('POST', `api/biz/supplierinvoices/${inv.ID}?action=teleport`)
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/teleport/)
  })

  it('keeps StatusCode out of reach of a generic PUT on a model with transitions', async () => {
    const inv = await newInvoice()
    const r = await call('PUT', `api/biz/supplierinvoices/${inv.ID}`, { StatusCode: 30104 })
    expect(r.status).toBe(200)
    expect(r.body.StatusCode).toBe(30101)
  })

  it('inactivates and activates users (spec 3.2)', async () => {
    const users = (await call('GET', `api/biz/users?filter=Email eq '${DEMO_USERS.siri.email}'`)).body
    const siri = users[0]
    expect(siri.StatusCode).toBe(110001)
    expect((await call('POST', `api/biz/users/${siri.ID}?action=activate`)).status).toBe(400)
    expect((await call('POST', `api/biz/users/${siri.ID}?action=inactivate`)).status).toBe(204)
    expect((await call('GET', `api/biz/users/${siri.ID}`)).body.StatusCode).toBe(110002)
    // An inactive user no longer gets into the company.
    const siriToken = await anne.p.token(DEMO_USERS.siri.email)
    expect(
      (await api(anne.p.urls.base, 'GET', 'api/biz/teams', { token: siriToken, companyKey: nordlys })).status,
    ).toBe(403)
    expect((await call('POST', `api/biz/users/${siri.ID}?action=inactivate`)).status).toBe(400)
    expect((await call('POST', `api/biz/users/${siri.ID}?action=activate`)).status).toBe(204)
    expect((await call('GET', `api/biz/users/${siri.ID}`)).body.StatusCode).toBe(110001)
    expect(
      (await api(anne.p.urls.base, 'GET', 'api/biz/teams', { token: siriToken, companyKey: nordlys })).status,
    ).toBe(200)
  })
})

describe('system data across restarts', () => {
  it('adds transitions a newer platform declares and keeps the IDs of existing rows', async () => {
    const own = await startTestPlatform()
    try {
      // An older database: the custom-field activation was not declared yet.
      await own.store.query(`delete from "TransitionFlow" where "EntityType" = 'CustomField'`)
      await own.store.query(`delete from "Transition" where "EntityType" = 'CustomField'`)
      const models = (await own.store.query('select "ID", "Name" from "Model" order by "ID"')).rows
      const journal = (await own.store.query(`select "ID" from "Transition" where "MethodName" = 'journal'`))
        .rows
      await own.restart()
      const { rows } = await own.store.query<{ MethodName: string }>(
        `select t."MethodName" from "Transition" t join "TransitionFlow" tf on tf."TransitionID" = t."ID" where t."EntityType" = 'CustomField'`,
      )
      expect(rows.map((r) => r.MethodName)).toEqual(['activate'])
      expect((await own.store.query('select "ID", "Name" from "Model" order by "ID"')).rows).toEqual(models)
      expect(
        (await own.store.query(`select "ID" from "Transition" where "MethodName" = 'journal'`)).rows,
      ).toEqual(journal)
      const flows = await own.store.query<{ n: number }>('select count(*)::int as n from "TransitionFlow"')
      await own.restart()
      expect(
        (await own.store.query<{ n: number }>('select count(*)::int as n from "TransitionFlow"')).rows,
      ).toEqual(flows.rows)
    } finally {
      await own.close()
    }
  })
})

describe('user administration (spec 4.10)', () => {
  it('lets only an Administrator change users, their status and their roles', async () => {
    const per = await anne.p.token(DEMO_USERS.per.email)
    const asPer = (method: string, path: string, body?: unknown) =>
      api(anne.p.urls.base, method, path, { token: per, companyKey: nordlys, body })
    const siri = (await asPer('GET', `api/biz/users?filter=Email eq '${DEMO_USERS.siri.email}'`)).body[0]
    expect(siri).toBeTruthy()
    const inactivate = await asPer('POST', `api/biz/users/${siri.ID}?action=inactivate`)
    expect(inactivate.status).toBe(403)
    expect(inactivate.body.Message).toMatch(/Administrator/)
    expect((await asPer('PUT', `api/biz/users/${siri.ID}`, { DisplayName: 'Hacked' })).status).toBe(403)
    expect(
      (
        await asPer('POST', 'api/biz/userroles', {
          UserID: siri.ID,
          SharedRoleId: 1,
          SharedRoleName: 'Administrator',
        })
      ).status,
    ).toBe(403)
    const after = (await call('GET', `api/biz/users/${siri.ID}`)).body
    expect(after).toMatchObject({ StatusCode: 110001, DisplayName: siri.DisplayName })
  })

  it('never moves a User row to another person', async () => {
    const siri = (await call('GET', `api/biz/users?filter=Email eq '${DEMO_USERS.siri.email}'`)).body[0]
    const r = await call('PUT', `api/biz/users/${siri.ID}`, { GlobalIdentity: DEMO_USERS.per.globalIdentity })
    expect(r.status).toBe(400)
    expect((await call('GET', `api/biz/users/${siri.ID}`)).body.GlobalIdentity).toBe(siri.GlobalIdentity)
  })
})

describe('models and hypermedia', () => {
  it('lists one Model row per registry entity, filterable by name', async () => {
    const all = await call('GET', 'api/biz/models')
    expect(all.body.length).toBe(anne.p.platform.registry.entities.length)
    const r = await call('GET', "api/biz/models?filter=name eq 'SupplierInvoice'")
    expect(r.body).toHaveLength(1)
    expect(r.body[0]).toMatchObject({
      Name: 'SupplierInvoice',
      Label: expect.any(String),
      LabelPlural: expect.any(String),
      Admin: expect.any(Boolean),
      Shared: false,
    })
    expect(r.body[0]).toHaveProperty('Description')
  })

  it('adds _links with the transitions allowed now only when hateoas=true', async () => {
    const inv = await newInvoice()
    const plain = await call('GET', `api/biz/supplierinvoices/${inv.ID}?hateoas=false`)
    expect(plain.body).not.toHaveProperty('_links')
    const r = await call('GET', `api/biz/supplierinvoices/${inv.ID}?hateoas=true`)
    const links = r.body._links
    const titles = links.transitions.map((l: { title: string }) => l.title).sort()
    expect(titles).toEqual(['assign', 'journal'])
    expect(links.transitions[0]).toEqual({
      href: expect.stringContaining(`supplierinvoices/${inv.ID}?action=`),
      method: 'POST',
      responsetype: expect.any(String),
      title: expect.any(String),
    })
    expect(links.relations.find((l: { title: string }) => l.title === 'Supplier')).toMatchObject({
      method: 'GET',
      href: expect.stringMatching(/suppliers\/\d+$/),
    })
    expect(Array.isArray(links.actions)).toBe(true)
    const list = await call('GET', `api/biz/supplierinvoices?hateoas=true&filter=ID eq ${inv.ID}`)
    expect(list.body[0]._links.transitions).toHaveLength(2)
  })
})
