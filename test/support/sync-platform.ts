// A test file's own local platform with one user's sync service against it: the platform starts before the
// file's first test and closes after its last; the link is whole again before each test. The fields are
// filled in when the file's tests start, so they are read inside hooks and tests, not at the file's top.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { ApiClient } from '../../electron/main/services/api/client.ts'
import type { SyncService } from '../../electron/main/services/sync/sync-service.ts'
import type { SyncTransport } from '../../renderer/src/data/sync-transport.ts'
import { api, startTestPlatform, type ApiResponse, type TestPlatform } from './platform.ts'
import { directTransport, syncServiceFor, type Link } from './sync.ts'

/** A row as the platform answers it: its ID and whatever else the test reads. */
export type Row = Record<string, unknown> & { ID: number }

export interface SyncPlatform {
  readonly platform: TestPlatform
  readonly service: SyncService
  readonly link: Link
  /** The service's API client (through the link). */
  readonly api: ApiClient
  /** The user's bearer token, for requests past the service. */
  readonly token: string
  /** The renderer's transport to the service, as the bridge carries it. */
  transport(): SyncTransport
  /** A request to the platform as the user in a company (the file's own by default), answered as it is. */
  answer<T = Row>(method: string, path: string, body?: unknown, companyKey?: string): Promise<ApiResponse<T>>
  /** A request that must succeed (status below 300): its body. */
  call<T = Row>(method: string, path: string, body?: unknown): Promise<T>
  /** A read that must succeed: its body. */
  get<T>(path: string): Promise<T>
}

/** Registers the file's hooks for a platform and `email`'s sync service; requests go to `companyKey`. */
export function useSyncPlatform(email: string, companyKey: string): SyncPlatform {
  let platform: TestPlatform | undefined
  let sync: Awaited<ReturnType<typeof syncServiceFor>> | undefined
  let token: string | undefined
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test platform is read before the file started it')
    return value
  }
  beforeAll(async () => {
    platform = await startTestPlatform()
    sync = await syncServiceFor(platform, email)
    token = await platform.token(email)
  })
  afterAll(async () => platform?.close())
  beforeEach(() => {
    if (!sync) return
    sync.link.down = false
    sync.link.fault = undefined
  })
  const context: SyncPlatform = {
    get platform() {
      return started(platform)
    },
    get service() {
      return started(sync).service
    },
    get link() {
      return started(sync).link
    },
    get api() {
      return started(sync).api
    },
    get token() {
      return started(token)
    },
    transport: () => directTransport(context.service),
    answer: (method, path, body, company = companyKey) =>
      api(context.platform.urls.base, method, path, { token: context.token, companyKey: company, body }),
    call: async <T = Row>(method: string, path: string, body?: unknown) => {
      const answer = await context.answer<T>(method, path, body)
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
      return answer.body
    },
    get: <T>(path: string) => context.call<T>('GET', path),
  }
  return context
}
