// Purchases and purchase events over HTTP (spec 2.17, 3.4, 4.9, 6.4): a customer's activation and every
// status move post the envelope to the product's activation endpoint, a test server on loopback.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const nordlys = DEMO_COMPANIES.nordlys

let p: TestPlatform
let anne: string
let siri: string
let endpoint: Server
let endpointUrl: string
let failNext = 0
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert envelope fields one by one
type Envelope = Record<string, any>
const received: { body: Envelope; headers: Record<string, unknown> }[] = []

beforeAll(async () => {
  endpoint = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (failNext > 0) {
        failNext--
        res.writeHead(503).end()
        return
      }
      received.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: req.headers })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve))
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/activation`
  // The activation endpoint listens on loopback, where purchase events go only with the allow-list.
  p = await startTestPlatform({ platformOptions: { webhookAllowHosts: ['127.0.0.1'] } })
  anne = await p.token(DEMO_USERS.anne.email)
  siri = await p.token(DEMO_USERS.siri.email)
  // Payroll starts Pending, Webhooks Accepted (spec 3.4); both post to the test endpoint.
  await p.store.query('update license_product set activation_endpoint = $1 where id in (3, 6)', [endpointUrl])
})
afterAll(async () => {
  await p?.close()
  await new Promise((resolve) => endpoint?.close(resolve))
})

const call = (method: string, path: string, body?: unknown, token = anne) =>
  api(p.urls.base, method, path, { token, companyKey: nordlys.key, body })

/** A PUT with an empty body and Content-Length 0, as spec 4.9 sends it. */
async function move(productId: number, action: string): Promise<number> {
  const res = await fetch(`${p.urls.base}api/elsa/purchases/${productId}?action=${action}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${anne}`, CompanyKey: nordlys.key, 'Content-Length': '0' },
  })
  await res.arrayBuffer()
  return res.status
}

async function nextEvent(): Promise<Envelope> {
  const deadline = Date.now() + 10_000
  while (!received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  const event = received.shift()
  expect(event, 'no purchase event arrived').toBeDefined()
  return event!.body
}

describe('purchases', () => {
  it('activates a Pending product and posts event 1010 with the envelope of spec 2.17', async () => {
    const r = await call('POST', 'api/elsa/purchases', { ProductID: 3 })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      ProductID: 3,
      ProductName: 'Payroll',
      PurchaseStatus: 10,
      GlobalIdentity: DEMO_USERS.anne.globalIdentity,
    })
    const event = await nextEvent()
    expect(event).toMatchObject({
      EventType: 'Create',
      EntityName: 'PurchaseEvent',
      EntityID: r.body.ID,
      Reason: 'POST /api/elsa/purchases',
      Entity: {
        PurchaseEventType: 1010,
        ProductId: 3,
        CompanyName: nordlys.name,
        OrganizationNumber: nordlys.organizationNumber,
        Email: DEMO_USERS.anne.email,
        ApiBaseUrl: p.urls.base,
        CompanyKey: nordlys.key,
        ID: r.body.ID,
      },
    })
    expect(event.MessageID).toMatch(/^[0-9a-f-]{36}$/)
    expect(Number.isNaN(Date.parse(event.TimeStamp))).toBe(false)
    expect(typeof event.Entity.Platform).toBe('string')
    expect((await call('POST', 'api/elsa/purchases', { ProductID: 3 })).status).toBe(409)
  })

  it('moves the purchase with empty-bodied PUTs and posts 1020, 1010 and 1030', async () => {
    expect(await move(3, 'set-as-active')).toBe(200)
    expect((await nextEvent()).Entity.PurchaseEventType).toBe(1020)
    expect(await move(3, 'set-as-pending')).toBe(200)
    const pending = await nextEvent()
    expect(pending).toMatchObject({
      EventType: 'Update',
      Reason: 'PUT /api/elsa/purchases/3?action=set-as-pending',
    })
    expect(pending.Entity.PurchaseEventType).toBe(1010)
    expect(await move(3, 'set-as-canceled')).toBe(200)
    expect((await nextEvent()).Entity.PurchaseEventType).toBe(1030)
    // A canceled purchase is not activated again by the provider: 400, no event.
    expect(await move(3, 'set-as-active')).toBe(400)
    const list = await call('GET', 'api/elsa/purchases')
    expect(list.body.find((x: { ProductID: number }) => x.ProductID === 3).PurchaseStatus).toBe(3)
  })

  it('buys an Accepted product (1020), and the customer cancels it (1040)', async () => {
    const r = await call('POST', 'api/elsa/purchases', { ProductID: 6 })
    expect(r.status).toBe(201)
    expect(r.body.PurchaseStatus).toBe(1)
    expect((await nextEvent()).Entity.PurchaseEventType).toBe(1020)
    const cancel = await call('DELETE', 'api/elsa/purchases/6')
    expect(cancel.status).toBe(200)
    expect(cancel.body.PurchaseStatus).toBe(3)
    const event = await nextEvent()
    expect(event.Entity.PurchaseEventType).toBe(1040)
    expect(event.Reason).toBe('DELETE /api/elsa/purchases/6')
    expect((await call('DELETE', 'api/elsa/purchases/6')).status).toBe(400)
    // Bought again after the cancellation: the same purchase starts over.
    const again = await call('POST', 'api/elsa/purchases', { ProductID: 6 })
    expect(again.status).toBe(201)
    expect(again.body.ID).toBe(r.body.ID)
    expect((await nextEvent()).Entity.PurchaseEventType).toBe(1020)
  })

  it('retries an event the endpoint refused until it is delivered', async () => {
    failNext = 1
    expect(await move(6, 'set-as-active')).toBe(200)
    const event = await nextEvent()
    expect(event.Entity.PurchaseEventType).toBe(1020)
    // The worker records the answer after the receiver has it: wait for the record, not a fixed time.
    const last = async () =>
      (
        await p.store.query<{ attempts: number; status: string }>(
          "select attempts, status from outbound_delivery where kind = 'purchase' order by id desc limit 1",
        )
      ).rows[0]
    const deadline = Date.now() + 10_000
    while ((await last())?.status !== 'delivered' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    expect(await last()).toEqual({ attempts: 2, status: 'delivered' })
  })

  it('lists the company purchases with GlobalIdentity and refuses unknown products and non-administrators', async () => {
    const list = await call('GET', 'api/elsa/purchases')
    expect(list.status).toBe(200)
    const names = list.body.map((x: { ProductName: string }) => x.ProductName)
    expect(names).toEqual(expect.arrayContaining(['Accounting', 'Sales', 'Approval', 'Payroll', 'Webhooks']))
    expect(list.body.every((x: { GlobalIdentity: string }) => /^[0-9a-f-]{36}$/.test(x.GlobalIdentity))).toBe(
      true,
    )
    expect((await call('POST', 'api/elsa/purchases', { ProductID: 999 })).status).toBe(404)
    expect(await move(999, 'set-as-active')).toBe(404)
    expect((await call('PUT', 'api/elsa/purchases/5?action=set-as-active')).status).toBe(404)
    expect((await call('PUT', 'api/elsa/purchases/3?action=explode')).status).toBe(400)
    expect((await call('POST', 'api/elsa/purchases', { ProductID: 5 }, siri)).status).toBe(403)
    expect((await call('POST', 'api/biz/purchases', { ProductID: 5 })).status).toBe(400)
    expect(received).toEqual([])
  })
})
