// The offline workspace against a real local platform: main's sync service with an API client holding a
// real token, and the renderer's sync transport calling it directly (as the bridge does, errors included).
// A switch cuts the connection: every request fails as a lost network does, before or after the platform
// did the work.
import 'fake-indexeddb/auto'
import { BridgeError } from '../../common/bridge/contract.ts'
import { createApiClient, type ApiClient } from '../../electron/main/services/api/client.ts'
import { createSyncService, type SyncService } from '../../electron/main/services/sync/sync-service.ts'
import type { SyncTransport } from '../../renderer/src/data/sync-transport.ts'
import type { TestPlatform } from './platform.ts'

export interface Link {
  /** Cut: requests fail with a network error. */
  down: boolean
  /** Called before each request reaches the platform; may cut the link (before: not sent; after: answer lost). */
  fault?: (phase: 'before' | 'after', url: string, method: string) => boolean
  requests: number
}

export async function syncServiceFor(
  platform: TestPlatform,
  email: string,
): Promise<{ service: SyncService; link: Link; api: ApiClient }> {
  return syncServiceOver(platform.urls.base, await platform.token(email))
}

/** Main's sync service for a platform at `apiBaseUrl` with a bearer token (tests and benchmarks). */
export function syncServiceOver(
  apiBaseUrl: string,
  token: string,
): { service: SyncService; link: Link; api: ApiClient } {
  const link: Link = { down: false, requests: 0 }
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input)
    const method = init?.method ?? 'GET'
    link.requests++
    if (link.down || link.fault?.('before', url, method)) throw new TypeError('fetch failed: link cut')
    const response = await globalThis.fetch(input, init)
    if (link.down || link.fault?.('after', url, method)) {
      await response.body?.cancel()
      throw new TypeError('fetch failed: link cut after the platform answered')
    }
    return response
  }
  const grant = { accessToken: token, apiBaseUrl }
  const api = createApiClient({
    fetch,
    tokens: { current: async () => grant, afterUnauthorized: async () => grant },
    attempts: 1,
    sleep: async () => undefined,
  })
  return { service: createSyncService({ api: async () => api, fetch }), link, api }
}

/** What the bridge does: arguments and answers travel as JSON, errors as { code, message }. */
export function directTransport(service: SyncService): SyncTransport {
  const wire = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return JSON.parse(JSON.stringify((await run()) ?? null)) as T
    } catch (error) {
      if (error instanceof BridgeError) throw new BridgeError(error.code, error.message, error.details)
      throw new BridgeError('INTERNAL', (error as Error).message)
    }
  }
  return {
    probe: () => wire(() => service.probe()),
    pull: (c, e, f, o) => wire(() => service.pull(c, e, f, o)),
    ids: (c, e, o) => wire(() => service.ids(c, e, o)),
    row: (c, e, id) => wire(() => service.row(c, e, id)),
    execute: (c, cmd) => wire(() => service.execute(c, cmd)),
    download: (c, id) => wire(() => service.download(c, id)),
    ocr: (c, id) => wire(() => service.ocr(c, id)),
  }
}
