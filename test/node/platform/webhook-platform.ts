// A test file's platform with webhooks on and an endpoint to receive them: the endpoint and the platform
// start before the file's first test and close after its last, and the endpoint answers 200 again after
// each test. Requests go as Anne, to Nordlys unless another company is named.
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { PlatformOptions } from '../../../platform/server.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type ApiResponse, type TestPlatform } from '../../support/platform.ts'
import { createReceiver, type Receiver } from './webhooks-receiver.ts'

export interface WebhookPlatform {
  /** The endpoint (listening once the file's tests start). */
  readonly hook: Receiver
  readonly p: TestPlatform
  /** Anne's bearer token. */
  readonly token: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  call(method: string, path: string, body?: unknown, companyKey?: string): Promise<ApiResponse<any>>
  /** Signs Anne in again (after the platform restarted). */
  signIn(): Promise<void>
  /** Waits until every change event was dispatched and every queued delivery was answered. */
  settle(): Promise<void>
}

export function useWebhookPlatform(platformOptions: Partial<PlatformOptions>): WebhookPlatform {
  const hook = createReceiver()
  let platform: TestPlatform | undefined
  let token: string | undefined
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the webhook platform is read before the file started it')
    return value
  }
  const station: WebhookPlatform = {
    hook,
    get p() {
      return started(platform)
    },
    get token() {
      return started(token)
    },
    call: (method, path, body, companyKey = DEMO_COMPANIES.nordlys.key) =>
      api(station.p.urls.base, method, path, { token: station.token, companyKey, body }),
    async signIn() {
      token = await station.p.token(DEMO_USERS.anne.email)
    },
    async settle() {
      for (let i = 0; i < 500; i++) {
        const { rows } = await station.p.store.query<{ n: number }>(
          `select (select count(*) from change_event where not dispatched)
                + (select count(*) from outbound_delivery where status = 'pending') as n`,
        )
        if (Number(rows[0]!.n) === 0) return
        await new Promise((r) => setTimeout(r, 20))
      }
      throw new Error('deliveries did not settle')
    },
  }
  beforeAll(async () => {
    await hook.start()
    platform = await startTestPlatform({ platformOptions })
    await station.signIn()
  })
  afterAll(async () => {
    await platform?.close()
    await hook.close()
  })
  afterEach(() => {
    hook.respond = () => 200
  })
  return station
}
