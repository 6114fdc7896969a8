// Main's API client and sync service for demo users against a test platform, as each user's app has them,
// and outbox commands as the renderer queues them: the set-up the approval suites share.
import { afterAll, beforeAll } from 'vitest'
import { OutboxCommand, type OutboxEntity, type RowAction } from '../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../common/bridge/sync.ts'
import { DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { createApiClient, type ApiClient } from '../../electron/main/services/api/client.ts'
import { createSyncService, type SyncService } from '../../electron/main/services/sync/sync-service.ts'
import { startTestPlatform, type TestPlatform } from './platform.ts'

export type DemoUserKey = keyof typeof DEMO_USERS

export interface DemoClients {
  clients: Record<string, ApiClient>
  services: Record<string, SyncService>
  /** The user's own User.ID in a company (it differs per company). */
  myId(who: DemoUserKey, companyKey: string): Promise<number>
}

/** Each user's client and sync service; `fetch` replaces the network (a test that loses answers). */
export async function demoClients(
  p: TestPlatform,
  who: readonly DemoUserKey[],
  fetchImpl: typeof fetch = fetch,
): Promise<DemoClients> {
  const clients: Record<string, ApiClient> = {}
  const services: Record<string, SyncService> = {}
  for (const name of who) {
    const grant = { accessToken: await p.token(DEMO_USERS[name].email), apiBaseUrl: p.urls.base }
    clients[name] = createApiClient({
      fetch: fetchImpl,
      tokens: { current: async () => grant, afterUnauthorized: async () => grant },
    })
    services[name] = createSyncService({ api: async () => clients[name]!, fetch: fetchImpl })
  }
  return {
    clients,
    services,
    async myId(name, companyKey) {
      const session = await clients[name]!.get<PlatformRow>('api/biz/users', {
        companyKey,
        query: { action: 'current-session' },
      })
      return Number(session.ID)
    },
  }
}

export interface DemoOffice extends DemoClients {
  /** The file's platform (read inside hooks and tests: it starts with the file). */
  readonly platform: TestPlatform
}

/**
 * A test file's own platform with the users' clients and sync services: started before the file's first
 * test, closed after its last. `clients` and `services` are filled in then, so they may be kept at the top.
 */
export function useDemoClients(
  who: readonly DemoUserKey[],
  options: { start?: Parameters<typeof startTestPlatform>[0]; fetch?: typeof fetch } = {},
): DemoOffice {
  let platform: TestPlatform | undefined
  let demo: DemoClients | undefined
  const clients: Record<string, ApiClient> = {}
  const services: Record<string, SyncService> = {}
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the demo office is read before the file started it')
    return value
  }
  beforeAll(async () => {
    platform = await startTestPlatform(options.start)
    demo = await demoClients(platform, who, options.fetch)
    Object.assign(clients, demo.clients)
    Object.assign(services, demo.services)
  })
  afterAll(async () => platform?.close())
  return {
    clients,
    services,
    myId: (name, companyKey) => started(demo).myId(name, companyKey),
    get platform() {
      return started(platform)
    },
  }
}

/**
 * An outbox command as the renderer queues and sends it (a fresh operation key; `attempts` earlier tries):
 * an update, create or delete with its properties, a named action with its body, checked against the outbox union as the bridge checks it.
 */
export function outboxCommand(
  entity: OutboxEntity,
  entityId: number,
  operation: { kind: RowAction } | { kind: 'action'; action: string; body?: unknown },
  changes: Record<string, unknown> = {},
  attempts = 0,
): OutboxCommand {
  return OutboxCommand.parse({
    entity,
    ...(operation.kind === 'action'
      ? { action: operation.action, body: operation.body }
      : { action: operation.kind, body: changes }),
    entityId,
    base: {},
    baseUpdatedAt: null,
    operationKey: crypto.randomUUID(),
    attempts,
  })
}
