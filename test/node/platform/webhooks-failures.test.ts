// Delivery when endpoints misbehave: timeouts, refused connections and error answers are retried and
// logged, a delivery that runs out of attempts is marked failed and can be sent again, and one
// subscriber's events arrive in the order they happened even when an early one needed retries.
import { createServer, type AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { useWebhookPlatform } from './webhook-platform.ts'
import type { ReceivedHook } from './webhooks-receiver.ts'

const { hook, call } = useWebhookPlatform({
  webhookRetryBaseMs: 20,
  webhookTimeoutMs: 500,
  webhookMaxAttempts: 3,
  // The receiver listens on loopback, where deliveries go only with the platform's allow-list.
  webhookAllowHosts: ['127.0.0.1'],
})
const at = (path: string) => (h: ReceivedHook) => h.path === `/hooks/${path}`

async function plan(endpoint: string): Promise<number> {
  const r = await call('POST', 'api/biz/eventplans', {
    Name: endpoint,
    ModelFilter: 'Team',
    OperationFilter: 'C',
    EventSubscribers: [{ Name: 'endpoint', Endpoint: endpoint }],
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.ID as number
}

interface LogEntry {
  ID: number
  Status: string
  Attempts: number
  LastError: string | null
  AttemptLog: { Attempt: number; StatusCode: number | null; Error: string | null; DurationMs: number }[]
}

/** The plan's delivery log once its newest delivery has the wanted status. */
async function logWhen(planId: number, status: string): Promise<LogEntry[]> {
  for (let i = 0; i < 250; i++) {
    const r = await call('GET', `api/biz/eventplans/${planId}?action=deliveries`)
    expect(r.status).toBe(200)
    if ((r.body as LogEntry[])[0]?.Status === status) return r.body as LogEntry[]
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`no delivery of plan ${planId} reached ${status}`)
}

describe('failing endpoints', () => {
  it('marks a delivery failed after its last attempt, and sends it again on redeliver', async () => {
    const planId = await plan(`${hook.url}/broken`)
    hook.respond = (_n, h) => (at('broken')(h) ? 500 : 200)
    await call('POST', 'api/biz/teams', { Name: 'Never arrives' })
    const [failed] = await logWhen(planId, 'Failed')
    expect(failed).toMatchObject({ Status: 'Failed', Attempts: 3, LastError: 'HTTP 500' })
    expect(failed!.AttemptLog.map((a) => [a.Attempt, a.StatusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ])
    expect(hook.all.filter(at('broken'))).toHaveLength(3)
    const listed = await call('GET', `api/biz/eventplans/${planId}?action=deliveries&status=failed`)
    expect(listed.body.map((d: LogEntry) => d.ID)).toEqual([failed!.ID])

    hook.respond = () => 200
    const again = await call('POST', `api/biz/eventplans/${planId}?action=redeliver&deliveryId=${failed!.ID}`)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ ID: failed!.ID })
    const [delivered] = await logWhen(planId, 'Delivered')
    expect(delivered).toMatchObject({ ID: failed!.ID, Attempts: 4, LastError: null })
    expect(hook.received.filter(at('broken'))).toHaveLength(1)
    const twice = await call('POST', `api/biz/eventplans/${planId}?action=redeliver&deliveryId=${failed!.ID}`)
    expect(twice.status).toBe(404)
  })

  it('gives up on an endpoint that does not answer within the timeout, and tries again', async () => {
    const planId = await plan(`${hook.url}/slow`)
    let calls = 0
    hook.respond = (_n, h) => (at('slow')(h) && calls++ === 0 ? 0 : 200)
    await call('POST', 'api/biz/teams', { Name: 'Slow endpoint' })
    const [entry] = await logWhen(planId, 'Delivered')
    expect(entry!.Attempts).toBe(2)
    expect(entry!.AttemptLog[0]).toMatchObject({ StatusCode: null, Error: 'timed out after 500 ms' })
    expect(entry!.AttemptLog[0]!.DurationMs).toBeGreaterThanOrEqual(450)
    expect(entry!.AttemptLog[1]).toMatchObject({ StatusCode: 200, Error: null })
  })

  it('records a refused connection as the attempt error', async () => {
    // A port that was free a moment ago: nothing listens there now.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const planId = await plan(`http://127.0.0.1:${port}/nobody-listens`)
    await call('POST', 'api/biz/teams', { Name: 'Nobody listens' })
    const [entry] = await logWhen(planId, 'Failed')
    expect(entry!.AttemptLog).toHaveLength(3)
    for (const a of entry!.AttemptLog) {
      expect(a.Error).toBe('the connection was refused (ECONNREFUSED)')
      expect(a.Error).not.toContain(String(port))
    }
  })
})

describe('order', () => {
  it('delivers one subscriber’s events in the order they happened, also when the first needed retries', async () => {
    await plan(`${hook.url}/ordered`)
    let refusals = 0
    hook.respond = (_n, h) => (at('ordered')(h) && refusals++ < 2 ? 503 : 200)
    const names = ['first', 'second', 'third', 'fourth']
    for (const Name of names) await call('POST', 'api/biz/teams', { Name })
    const got = await hook.waitFor(4, at('ordered'))
    expect(got.map((h) => h.body.Entity.Name)).toEqual(names)
  })
})
