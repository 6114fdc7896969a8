// Eventplan webhooks end to end (spec 6): entity writes over the API raise signed webhooks that a
// real endpoint receives and verifies; plans filter by ModelFilter, OperationFilter and expression;
// failed POSTs are retried with the attempts in the delivery log; queued deliveries survive a restart.
import { describe, expect, it } from 'vitest'
import { SIGNATURE_HEADER, verifyWebhook } from '../../../common/webhook-signature.ts'
import { hooks } from '../../../platform/model/hooks.ts'
import { setFields, type WriteContext } from '../../../platform/model/write.ts'
import { getEntityById } from '../../../platform/query/index.ts'
import { registry } from '../../../platform/registry/index.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { useWebhookPlatform } from './webhook-platform.ts'
import type { ReceivedHook } from './webhooks-receiver.ts'

const nordlys = DEMO_COMPANIES.nordlys.key
const fjordbygg = DEMO_COMPANIES.fjordbygg.key

// The receiver listens on loopback, where deliveries go only with the platform's allow-list.
const w = useWebhookPlatform({
  webhookRetryBaseMs: 50,
  webhookTimeoutMs: 2000,
  webhookAllowHosts: ['127.0.0.1'],
})
const { hook, call, settle } = w

/** Creates a plan listening with one subscriber on the test endpoint (path tells plans apart). */
async function plan(fields: Record<string, unknown>, path: string, companyKey: string = nordlys) {
  const r = await call(
    'POST',
    'api/biz/eventplans',
    {
      Name: `plan ${path}`,
      Active: true,
      PlanType: 0,
      ...fields,
      Subscribers: [{ Name: 'test endpoint', Endpoint: `${hook.url}/${path}`, Active: true }],
    },
    companyKey,
  )
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body as { ID: number; SigningKey: string }
}

const at = (path: string) => (h: ReceivedHook) => h.path === `/hooks/${path}`

describe('signed webhooks on entity writes', () => {
  it('posts the envelope of a create, update and delete, signed with the plan key', async () => {
    const created = await plan({ ModelFilter: 'Team', OperationFilter: 'CUD' }, 'cud')
    const team = await call('POST', 'api/biz/teams', { Name: 'Night shift' })
    expect(team.status).toBe(201)
    await call('PUT', `api/biz/teams/${team.body.ID}`, { Name: 'Day shift' })
    await call('DELETE', `api/biz/teams/${team.body.ID}`)
    const got = await hook.waitFor(3, (h) => at('cud')(h) && h.body.EntityID === team.body.ID)
    expect(got.map((h) => h.body.EventType)).toEqual(['Create', 'Update', 'Delete'])
    const [c, u, d] = got
    expect(c!.body).toMatchObject({
      EntityName: 'Team',
      EntityID: team.body.ID,
      Entity: { ID: team.body.ID, Name: 'Night shift' },
      SessionID: DEMO_USERS.anne.globalIdentity,
      Reason: 'POST /api/biz/teams',
    })
    expect(c!.body.MessageID).toMatch(/^[0-9a-f-]{36}$/)
    expect(Date.parse(c!.body.TimeStamp)).toBeGreaterThan(Date.now() - 60_000)
    expect(u!.body.Entity.Name).toBe('Day shift')
    expect(u!.body.Reason).toBe(`PUT /api/biz/teams/${team.body.ID}`)
    expect(d!.body.Entity.Deleted).toBe(true)
    for (const h of got) {
      expect(h.headers['content-type']).toMatch(/^application\/json/)
      const header = h.headers[SIGNATURE_HEADER.toLowerCase()] as string
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
      expect(await verifyWebhook({ header, body: h.raw, key: created.SigningKey })).toMatchObject({
        ok: true,
      })
      expect(await verifyWebhook({ header, body: h.raw, key: 'another key' })).toMatchObject({ ok: false })
    }
  })

  it('sends only the operations of the OperationFilter and the models of the ModelFilter', async () => {
    await plan({ ModelFilter: 'Product, team', OperationFilter: 'U' }, 'updates')
    const team = await call('POST', 'api/biz/teams', { Name: 'Only updates' })
    const product = await call('POST', 'api/biz/products', { Name: 'Rundstykke', PriceExVat: 12 })
    expect(product.status).toBe(201)
    await call('PUT', `api/biz/teams/${team.body.ID}`, { Name: 'Only updates 2' })
    await call('PUT', `api/biz/products/${product.body.ID}`, { Name: 'Grovt rundstykke' })
    await call('POST', 'api/biz/contacts', {
      Comment: 'not listened to',
      Info: { _createguid: 'c1', Name: 'Kari' },
    })
    await call('DELETE', `api/biz/teams/${team.body.ID}`)
    await settle()
    const got = hook.received.filter(at('updates'))
    expect(got.map((h) => `${h.body.EventType} ${h.body.EntityName}`)).toEqual([
      'Update Team',
      'Update Product',
    ])
  })

  it('sends an event only when the plan expression holds for the entity and its changes', async () => {
    await plan(
      {
        ModelFilter: 'Product',
        OperationFilter: 'CU',
        ExpressionFilters: [
          {
            EntityName: 'Product',
            Expression:
              'updated(Product, "PriceExVat") and Product.PriceExVat >= 100 and (startswith(Product.Name, "kake") or contains(Product.Name, "TERTE"))',
          },
        ],
      },
      'expr',
    )
    // Created at a matching price: updated() holds for updates only.
    const cake = await call('POST', 'api/biz/products', { Name: 'Kake med krem', PriceExVat: 150 })
    const bread = await call('POST', 'api/biz/products', { Name: 'Brød', PriceExVat: 40 })
    await call('PUT', `api/biz/products/${cake.body.ID}`, { Description: 'price not touched' })
    await call('PUT', `api/biz/products/${cake.body.ID}`, { PriceExVat: 90 })
    await call('PUT', `api/biz/products/${bread.body.ID}`, { PriceExVat: 120 })
    await call('PUT', `api/biz/products/${cake.body.ID}`, { PriceExVat: 200 })
    await call('PUT', `api/biz/products/${bread.body.ID}`, { Name: 'Bringebærterte', PriceExVat: 130 })
    await settle()
    const got = hook.received.filter(at('expr'))
    expect(got.map((h) => [h.body.EntityID, Number(h.body.Entity.PriceExVat)])).toEqual([
      [cake.body.ID, 200],
      [bread.body.ID, 130],
    ])
  })

  it('sends to every active subscriber, with its Authorization, and not for inactive plans or subscribers', async () => {
    const r = await call('POST', 'api/biz/eventplans', {
      Name: 'two subscribers',
      ModelFilter: 'Team',
      OperationFilter: 'C',
      EventSubscribers: [
        { Name: 'a', Endpoint: `${hook.url}/sub-a`, Authorization: 'Bearer integrator-token' },
        { Name: 'b', Endpoint: `${hook.url}/sub-b` },
        { Name: 'off', Endpoint: `${hook.url}/sub-off`, Active: false },
      ],
    })
    expect(r.status).toBe(201)
    await call('POST', 'api/biz/eventplans', {
      Name: 'inactive',
      Active: false,
      ModelFilter: 'Team',
      EventSubscribers: [{ Name: 'x', Endpoint: `${hook.url}/inactive-plan` }],
    })
    const team = await call('POST', 'api/biz/teams', { Name: 'Fan-out' })
    const [a] = await hook.waitFor(1, (h) => at('sub-a')(h) && h.body.EntityID === team.body.ID)
    // A subscriber's Authorization value travels as the request's Authorization header.
    expect(a!.headers.authorization).toBe('Bearer integrator-token')
    await hook.waitFor(1, (h) => at('sub-b')(h) && h.body.EntityID === team.body.ID)
    await settle()
    expect(hook.received.filter(at('sub-off'))).toHaveLength(0)
    expect(hook.received.filter(at('inactive-plan'))).toHaveLength(0)
  })

  it('keeps plans per company: a write in one company reaches only that company’s plans', async () => {
    await plan({ ModelFilter: 'Team', OperationFilter: 'C' }, 'fjord', fjordbygg)
    const inNordlys = await call('POST', 'api/biz/teams', { Name: 'Nordlys team' })
    const inFjord = await call('POST', 'api/biz/teams', { Name: 'Fjordbygg team' }, fjordbygg)
    const got = await hook.waitFor(1, at('fjord'))
    await settle()
    expect(hook.received.filter(at('fjord')).map((h) => h.body.Entity.Name)).toEqual(['Fjordbygg team'])
    expect(got[0]!.body.EntityID).toBe(inFjord.body.ID)
    expect(inNordlys.status).toBe(201)
    const plans = await call('GET', 'api/biz/eventplans?filter=' + encodeURIComponent("Name eq 'plan fjord'"))
    expect(plans.body).toEqual([])
  })
})

describe('retries and the delivery log', () => {
  it('retries a delivery the endpoint refused twice, then logs three attempts', async () => {
    const created = await plan({ ModelFilter: 'Team', OperationFilter: 'C' }, 'flaky')
    let refusals = 0
    hook.respond = (_n, h) => (at('flaky')(h) && refusals++ < 2 ? 503 : 200)
    const team = await call('POST', 'api/biz/teams', { Name: 'Retried' })
    const [got] = await hook.waitFor(1, at('flaky'))
    expect(got!.body.EntityID).toBe(team.body.ID)
    const attempts = hook.all.filter(at('flaky'))
    expect(attempts).toHaveLength(3)
    // The same message every time: body text and MessageID do not change between attempts.
    expect(new Set(attempts.map((a) => a.raw)).size).toBe(1)

    let log = await call('GET', `api/biz/eventplans/${created.ID}?action=deliveries`)
    for (let i = 0; i < 50 && log.body[0]?.Status !== 'Delivered'; i++) {
      await new Promise((r) => setTimeout(r, 50))
      log = await call('GET', `api/biz/eventplans/${created.ID}?action=deliveries`)
    }
    expect(log.status).toBe(200)
    expect(log.body).toHaveLength(1)
    expect(log.body[0]).toMatchObject({
      EventplanID: created.ID,
      Endpoint: `${hook.url}/flaky`,
      EventType: 'Create',
      EntityName: 'Team',
      EntityID: team.body.ID,
      MessageID: got!.body.MessageID,
      Status: 'Delivered',
      Attempts: 3,
      LastStatusCode: 200,
      LastError: null,
    })
    expect(log.body[0].AttemptLog.map((a: { StatusCode: number }) => a.StatusCode)).toEqual([503, 503, 200])
    expect(log.body[0].AttemptLog[0].Error).toBe('HTTP 503')
    const failedOnly = await call('GET', `api/biz/eventplans/${created.ID}?action=deliveries&status=failed`)
    expect(failedOnly.body).toEqual([])
  })

  it('shows the delivery log of a company only to that company', async () => {
    const created = await plan({ ModelFilter: 'Team', OperationFilter: 'C' }, 'logwall')
    await call('POST', 'api/biz/teams', { Name: 'Logged' })
    await hook.waitFor(1, at('logwall'))
    const other = await call(
      'GET',
      `api/biz/eventplans/${created.ID}?action=deliveries`,
      undefined,
      fjordbygg,
    )
    expect(other.status).toBe(404)
    const all = await call('GET', 'api/biz/eventplans?action=deliveries&top=1000', undefined, fjordbygg)
    expect(all.body.some((d: { Endpoint: string }) => d.Endpoint.endsWith('/logwall'))).toBe(false)
  })

  it('delivers what was queued while the endpoint was down after a restart of the platform', async () => {
    await plan({ ModelFilter: 'Team', OperationFilter: 'C' }, 'durable')
    await hook.stop()
    const team = await call('POST', 'api/biz/teams', { Name: 'Survives restarts' })
    // Give the worker time to try (and fail) at least once before the restart.
    for (let i = 0; i < 250; i++) {
      const { rows } = await w.p.store.query<{ attempts: number }>(
        `select attempts from outbound_delivery where url like '%/durable' order by id desc limit 1`,
      )
      if ((rows[0]?.attempts ?? 0) > 0) break
      await new Promise((r) => setTimeout(r, 20))
    }
    await w.p.restart()
    await w.signIn()
    await hook.start()
    const [got] = await hook.waitFor(1, at('durable'), 15_000)
    expect(got!.body).toMatchObject({ EventType: 'Create', EntityID: team.body.ID })
    // The attempt before the restart failed; the one after it delivered.
    let row: { status: string; attempts: number } | undefined
    for (let i = 0; i < 100 && row?.status !== 'delivered'; i++) {
      if (i) await new Promise((r) => setTimeout(r, 20))
      const { rows } = await w.p.store.query<{ status: string; attempts: number }>(
        `select status, attempts from outbound_delivery where url like '%/durable'`,
      )
      row = rows[0]
    }
    expect(row).toMatchObject({ status: 'delivered' })
    expect(row!.attempts).toBeGreaterThan(1)
  })
})

describe('the expression of spec 6.3 on customer invoices', () => {
  /** A status change as a domain action writes it: setFields through the registry's write path. */
  async function setInvoiceFields(id: number, values: Record<string, unknown>): Promise<void> {
    const { rows } = await w.p.store.query<{ ID: number }>('select "ID" from "Company" where "Key" = $1', [
      nordlys,
    ])
    const companyId = rows[0]!.ID
    const entity = registry.require('CustomerInvoice')
    const read = { registry, companyId, customFields: () => [] }
    await w.p.store.transaction(async (tx) => {
      const ctx: WriteContext = {
        ...read,
        sql: tx,
        companyKey: nordlys,
        userId: 0,
        globalIdentity: DEMO_USERS.anne.globalIdentity,
        reason: `PUT /api/biz/invoices/${id}?action=register-payment`,
        hooks,
        readEntity: (sql, e, entityId) =>
          getEntityById({ ...read, sql }, e, entityId, { includeDeleted: true }),
      }
      await setFields(ctx, entity, id, values)
    })
  }

  it('sends only when StatusCode changed to 42004 with a collector status between 42500 and 42507', async () => {
    await plan(
      {
        ModelFilter: 'CustomerInvoice',
        OperationFilter: 'CU',
        ExpressionFilters: [
          {
            EntityName: 'CustomerInvoice',
            Expression:
              'updated(CustomerInvoice, "StatusCode") and CustomerInvoice.StatusCode = 42004 and (CustomerInvoice.CollectorStatusCode > 42500 and CustomerInvoice.CollectorStatusCode < 42507)',
          },
        ],
      },
      'spec63',
    )
    const customers = await call('GET', 'api/biz/customers?top=1')
    const customer = customers.body[0] as { ID: number }
    const create = () =>
      call('POST', 'api/biz/invoices', { CustomerID: customer.ID, CustomerName: 'Kunde', Items: [] })
    const a = await create()
    const b = await create()
    const c = await create()
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201])
    await setInvoiceFields(a.body.ID, { CollectorStatusCode: 42503 })
    await setInvoiceFields(a.body.ID, { StatusCode: 42004 })
    await setInvoiceFields(b.body.ID, { StatusCode: 42004, CollectorStatusCode: 42510 })
    await setInvoiceFields(c.body.ID, { CollectorStatusCode: 42504 })
    await setInvoiceFields(c.body.ID, { ExternalStatusCode: 42601 })
    await settle()
    const got = hook.received.filter(at('spec63'))
    expect(got.map((h) => h.body.EntityID)).toEqual([a.body.ID])
    expect(got[0]!.body).toMatchObject({
      EventType: 'Update',
      EntityName: 'CustomerInvoice',
      Entity: { ID: a.body.ID, StatusCode: 42004, CollectorStatusCode: 42503 },
      Reason: `PUT /api/biz/invoices/${a.body.ID}?action=register-payment`,
    })
  })
})
