// Webhooks do not reach into the platform's own network: a plan whose endpoint is a loopback, link-local
// or private address (with an Authorization of the plan writer's choosing) gets no POST there, and its
// delivery log says why in words instead of mapping what answers on which port.
import { describe, expect, it } from 'vitest'
import { useWebhookPlatform } from './webhook-platform.ts'

// No allow-list: the platform as it runs for real.
const { hook, call } = useWebhookPlatform({ webhookRetryBaseMs: 20, webhookMaxAttempts: 2 })

interface LogEntry {
  Status: string
  LastError: string | null
  LastStatusCode: number | null
  AttemptLog: { Error: string | null; StatusCode: number | null }[]
}

async function plan(endpoint: string): Promise<number> {
  const r = await call('POST', 'api/biz/eventplans', {
    Name: endpoint,
    ModelFilter: 'Team',
    OperationFilter: 'C',
    EventSubscribers: [{ Name: 'probe', Endpoint: endpoint, Authorization: 'Bearer internal-service-token' }],
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.ID as number
}

async function failedLog(planId: number): Promise<LogEntry> {
  for (let i = 0; i < 250; i++) {
    const r = await call('GET', `api/biz/eventplans/${planId}?action=deliveries`)
    const entry = (r.body as LogEntry[])[0]
    if (entry?.Status === 'Failed') return entry
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`no delivery of plan ${planId} failed`)
}

describe('internal webhook endpoints', () => {
  it('delivers nothing to loopback, link-local or private addresses and logs a worded reason', async () => {
    const port = new URL(hook.url).port
    const cases: [string, string][] = [
      [`${hook.url}/loopback`, 'the address 127.0.0.1 is a loopback address and is not delivered to'],
      [
        `http://localhost:${port}/hooks/by-name`,
        'the address of localhost is a loopback address and is not delivered to',
      ],
      [`http://[::1]:${port}/hooks/v6`, 'the address ::1 is a loopback address and is not delivered to'],
      [
        'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
        'the address 169.254.169.254 is a link-local address and is not delivered to',
      ],
      [
        'http://192.168.1.1:8080/admin',
        'the address 192.168.1.1 is a private network address and is not delivered to',
      ],
      ['http://100.64.0.1/', 'the address 100.64.0.1 is a private network address and is not delivered to'],
      ['https://[fd00::1]/', 'the address fd00::1 is a private network address and is not delivered to'],
      [
        'http://0.0.0.0:' + port + '/',
        'the address 0.0.0.0 is an unspecified address and is not delivered to',
      ],
      ['http://224.0.0.1/', 'the address 224.0.0.1 is a multicast address and is not delivered to'],
    ]
    const plans = await Promise.all(cases.map(([endpoint]) => plan(endpoint)))
    await call('POST', 'api/biz/teams', { Name: 'Probe of the internal network' })
    for (const [i, [endpoint, reason]] of cases.entries()) {
      const entry = await failedLog(plans[i]!)
      expect(entry.LastError, endpoint).toBe(reason)
      expect(entry.LastStatusCode).toBeNull()
      expect(entry.AttemptLog.map((a) => a.Error)).toEqual([reason, reason])
      expect(JSON.stringify(entry)).not.toMatch(/ECONNREFUSED|EHOSTUNREACH|ETIMEDOUT|fetch failed/)
    }
    expect(hook.all).toEqual([])
  })
})
