import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryLogger } from '../../logger.ts'
import type { KeyValueStore, SecretStore } from '../../ports.ts'
import { createApiClient } from '../api/client.ts'
import { createTokenManager, SessionErrorCode } from './token-manager.ts'
import { createTokenVault, type StoredSession } from './token-vault.ts'

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return {
    data,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    delete: (k) => void data.delete(k),
  }
}
const plainSecrets: SecretStore = {
  backend: 'safeStorage:keychain',
  encrypt: async (p) => `x:${p}`,
  decrypt: async (c) => c.slice(2),
}

let base = ''
const validToken = 'access-2'
const server = createServer((req, res) => {
  const ok = req.headers.authorization === `Bearer ${validToken}`
  res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' })
  // A slow answer, so all twenty calls are in flight before the first 401 comes back.
  setTimeout(() => res.end(JSON.stringify(ok ? { ok: true } : { Message: 'expired' })), 20)
})
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise((r) => server.close(r)))

function session(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    environmentId: 'env-1',
    accessToken: 'access-1',
    expiresAt: Date.now() + 3600_000,
    refreshToken: 'refresh-1',
    apiBaseUrl: base,
    subject: 'user-1',
    user: {
      GlobalIdentity: 'user-1',
      DisplayName: 'Anne',
      Email: 'anne@demo.test',
      UserName: 'anne@demo.test',
    },
    ...overrides,
  }
}

describe('refreshing tokens', () => {
  it('spends the refresh token once when 20 parallel calls meet a 401', async () => {
    const vault = createTokenVault({ secrets: plainSecrets, store: memoryStore(), log: memoryLogger() })
    await vault.save(session())
    const spent: string[] = []
    const manager = createTokenManager({
      vault,
      environmentId: 'env-1',
      refresh: async (rt) => {
        spent.push(rt)
        await new Promise((r) => setTimeout(r, 30))
        return { accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: Date.now() + 3600_000 }
      },
      onRefreshFailed: () => undefined,
    })
    const api = createApiClient({ fetch, tokens: manager })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.get('api/biz/x', { companyKey: 'k' })),
    )
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ ok: true })))
    expect(spent).toEqual(['refresh-1'])
    expect(await vault.load('env-1')).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' })
  })

  it('refreshes ahead of expiry, before the call is made', async () => {
    const vault = createTokenVault({ secrets: plainSecrets, store: memoryStore(), log: memoryLogger() })
    await vault.save(session({ expiresAt: Date.now() + 10_000 }))
    let refreshed = 0
    const manager = createTokenManager({
      vault,
      environmentId: 'env-1',
      aheadMs: 60_000,
      refresh: async () => {
        refreshed++
        return { accessToken: 'access-2', expiresAt: Date.now() + 3600_000 }
      },
      onRefreshFailed: () => undefined,
    })
    expect((await manager.current()).accessToken).toBe('access-2')
    expect((await manager.current()).accessToken).toBe('access-2')
    expect(refreshed).toBe(1)
    // The identity server answered without a new refresh token: the old one is kept.
    expect((await vault.load('env-1'))?.refreshToken).toBe('refresh-1')
  })

  it('reports a failed refresh once and ends the session with SESSION_EXPIRED for every waiting call', async () => {
    const vault = createTokenVault({ secrets: plainSecrets, store: memoryStore(), log: memoryLogger() })
    await vault.save(session({ accessToken: 'revoked' }))
    const failures: unknown[] = []
    const manager = createTokenManager({
      vault,
      environmentId: 'env-1',
      refresh: async () => {
        throw new Error('invalid_grant')
      },
      onRefreshFailed: (e) => failures.push(e),
    })
    const api = createApiClient({ fetch, tokens: manager })
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => api.get('api/biz/x')))
    expect(
      results.every(
        (r) => r.status === 'rejected' && (r.reason as { code: string }).code === SessionErrorCode.Expired,
      ),
    ).toBe(true)
    expect(failures).toHaveLength(1)
  })
})
