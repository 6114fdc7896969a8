// The webhooks section's filter tester and signature checker against what the real local platform does.
// The platform documents no API for Eventplans (spec 6.1), so the plan is made here with the local
// platform's own route, as the web front end would make it: a filter on customer invoices whose comment
// changed to mention factoring. One draft's comment matches and its signed webhook reaches a loopback
// receiver, verified with common/webhook-signature.ts; another's does not and nothing is delivered. The
// app's tester, over the rows as main pulls them for the cache, says "matches" and "does not match" alike.
import { beforeAll, describe, expect, it } from 'vitest'
import { SIGNATURE_HEADER, verifyWebhook } from '../../../common/webhook-signature.ts'
import { CustomerInvoiceStatus } from '../../../common/status.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { useWebhookPlatform } from '../platform/webhook-platform.ts'
import { createApiClient } from '../../../electron/main/services/api/client.ts'
import { createSyncService } from '../../../electron/main/services/sync/sync-service.ts'
import { testFilter } from '../../../common/webhook-filter.ts'

const key: string = DEMO_COMPANIES.nordlys.key
const expression = 'updated(CustomerInvoice, "Comment") and contains(CustomerInvoice.Comment, "factoring")'

// The receiver listens on loopback, where deliveries go only with the platform's allow-list.
const w = useWebhookPlatform({
  webhookRetryBaseMs: 50,
  webhookTimeoutMs: 2000,
  webhookAllowHosts: ['127.0.0.1'],
})
const { hook, call, settle } = w
let sync: ReturnType<typeof createSyncService>

/** The company's customer invoices as main pulls them for the workspace cache. */
async function cachedInvoices(): Promise<Record<string, unknown>[]> {
  const page = await sync.pull(key, 'CustomerInvoice', { updatedAt: null, id: 0 }, { top: 1000 })
  return page.rows
}

beforeAll(() => {
  const grant = { accessToken: w.token, apiBaseUrl: w.p.urls.base }
  const client = createApiClient({
    fetch,
    tokens: { current: async () => grant, afterUnauthorized: async () => grant },
  })
  sync = createSyncService({ api: async () => client, fetch })
})

describe('a webhook filter, on the platform and in the app', () => {
  it('delivers a signed webhook for the row the filter matches, and the app says the same of both rows', async () => {
    const made = await call('POST', 'api/biz/eventplans', {
      Name: 'Factoring comments',
      Active: true,
      PlanType: 0,
      ModelFilter: 'CustomerInvoice',
      OperationFilter: 'U',
      ExpressionFilters: [{ EntityName: 'CustomerInvoice', Expression: expression }],
      Subscribers: [{ Name: 'integrator', Endpoint: `${hook.url}/factoring`, Active: true }],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const signingKey = made.body.SigningKey as string

    for (const name of ['Kafé Nord AS', 'Bryggeriet AS']) {
      const draft = await call('POST', 'api/biz/invoices', {
        CustomerID: 0,
        Customer: { _createguid: 'c', Info: { _createguid: 'i', Name: name } },
        Comment: 'New customer',
      })
      expect(draft.status, JSON.stringify(draft.body)).toBe(201)
    }
    const drafts = (await cachedInvoices()).filter((r) => r.StatusCode === CustomerInvoiceStatus.Draft)
    const [sent, kept] = drafts.slice(-2) as [Record<string, unknown>, Record<string, unknown>]
    const before = { sent: String(sent.Comment ?? ''), kept: String(kept.Comment ?? '') }
    expect((await call('PUT', `api/biz/invoices/${sent.ID}`, { Comment: 'Sent to factoring' })).status).toBe(
      200,
    )
    expect((await call('PUT', `api/biz/invoices/${kept.ID}`, { Comment: 'Internal note' })).status).toBe(200)
    await settle()

    const got = hook.received.filter((h) => h.path === '/hooks/factoring')
    expect(got.map((h) => h.body.EntityID)).toEqual([sent.ID])
    const header = got[0]!.headers[SIGNATURE_HEADER.toLowerCase()] as string
    expect(await verifyWebhook({ header, body: got[0]!.raw, key: signingKey })).toMatchObject({ ok: true })
    expect(await verifyWebhook({ header, body: got[0]!.raw, key: 'not the key' })).toMatchObject({
      ok: false,
    })

    const rows = await cachedInvoices()
    const row = (id: unknown) => rows.find((r) => r.ID === id)!
    expect(testFilter('CustomerInvoice', expression, row(sent.ID), { Comment: before.sent })).toEqual({
      ok: true,
      matches: true,
    })
    expect(testFilter('CustomerInvoice', expression, row(kept.ID), { Comment: before.kept })).toEqual({
      ok: true,
      matches: false,
    })
    // With the earlier value equal to the value now, the comment did not change: no event either.
    expect(testFilter('CustomerInvoice', expression, row(sent.ID), { Comment: 'Sent to factoring' })).toEqual(
      { ok: true, matches: false },
    )
  })

  it('refuses a filter the platform refuses, for the same reason', async () => {
    const bad = 'CustomerInvoice.Colour = 1'
    const refused = await call('POST', 'api/biz/eventplans', {
      Name: 'Bad filter',
      Active: true,
      PlanType: 0,
      ModelFilter: 'CustomerInvoice',
      OperationFilter: 'U',
      ExpressionFilters: [{ EntityName: 'CustomerInvoice', Expression: bad }],
      Subscribers: [{ Name: 'integrator', Endpoint: `${hook.url}/bad`, Active: true }],
    })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toMatch(/no property 'Colour'/)
    const row = (await cachedInvoices()).at(-1)!
    expect(testFilter('CustomerInvoice', bad, row, {})).toMatchObject({
      ok: false,
      problem: { code: 'noProperty', property: 'Colour' },
    })
  })
})
