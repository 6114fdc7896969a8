import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryLogger } from '../../logger.ts'
import type { KeyValueStore, SecretStore } from '../../ports.ts'
import { createApiClient } from '../api/client.ts'
import { createOidc } from './oidc.ts'
import { createTokenManager, refreshFailureKind, SessionErrorCode } from './token-manager.ts'
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

/**
 * A login server on loopback whose answer is chosen per issuer path: `/grant` renews, `/refuse-grant`
 * answers invalid_grant, `/server-error` 500, `/unavailable` 503 with an OAuth error body, `/slow` never
 * answers the token request, `/no-discovery` has no OpenID configuration, `/token-down` names a token
 * endpoint on a closed port; `/down` is a closed port altogether.
 */
const identity = (() => {
  let origin = ''
  let closedOrigin = ''
  const state = { tokenRequests: 0 }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const idServer = createServer((req, res) => {
    const [, kind, ...rest] = (req.url ?? '').split('/')
    const tail = rest.join('/')
    if (tail === '.well-known/openid-configuration') {
      if (kind === 'no-discovery') return json(res, 404, { Message: 'not here' })
      return json(res, 200, {
        issuer: `${origin}/${kind}`,
        token_endpoint:
          kind === 'token-down' ? `${closedOrigin}/connect/token` : `${origin}/${kind}/connect/token`,
        authorization_endpoint: `${origin}/${kind}/connect/authorize`,
      })
    }
    state.tokenRequests++
    if (kind === 'grant')
      return json(res, 200, {
        access_token: 'access-2',
        refresh_token: 'refresh-2',
        token_type: 'Bearer',
        expires_in: 3600,
      })
    if (kind === 'refuse-grant') return json(res, 400, { error: 'invalid_grant' })
    if (kind === 'bad-request') return json(res, 400, { error: 'invalid_request' })
    if (kind === 'bad-client') return json(res, 401, { error: 'invalid_client' })
    if (kind === 'bad-request-no-body') return json(res, 400, { Message: 'no' })
    if (kind === 'server-error') return json(res, 500, { Message: 'boom' })
    if (kind === 'unavailable') return json(res, 503, { error: 'temporarily_unavailable' })
    // 'slow': no answer; the client's timeout ends the request.
  })
  beforeAll(async () => {
    await new Promise<void>((r) => idServer.listen(0, '127.0.0.1', r))
    origin = `http://127.0.0.1:${(idServer.address() as AddressInfo).port}`
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise((r) => closed.close(r))
  })
  afterAll(() => {
    idServer.closeAllConnections()
    return new Promise((r) => idServer.close(r))
  })
  return {
    get tokenRequests() {
      return state.tokenRequests
    },
    target: (kind: string) => ({
      issuer: kind === 'down' ? `${closedOrigin}/down` : `${origin}/${kind}`,
      clientId: 'ledgerdesk-desktop',
    }),
  }
})()
const oidc = createOidc({ fetch, timeoutSeconds: 1 })

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
      onRefreshRefused: () => undefined,
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
      onRefreshRefused: () => undefined,
    })
    expect((await manager.current()).accessToken).toBe('access-2')
    expect((await manager.current()).accessToken).toBe('access-2')
    expect(refreshed).toBe(1)
    // The identity server answered without a new refresh token: the old one is kept.
    expect((await vault.load('env-1'))?.refreshToken).toBe('refresh-1')
  })

  it('reports a refused refresh once and ends the session with SESSION_EXPIRED for every waiting call', async () => {
    const vault = createTokenVault({ secrets: plainSecrets, store: memoryStore(), log: memoryLogger() })
    await vault.save(session({ accessToken: 'revoked' }))
    const failures: unknown[] = []
    const target = identity.target('refuse-grant')
    const requestsBefore = identity.tokenRequests
    const manager = createTokenManager({
      vault,
      environmentId: 'env-1',
      refresh: (rt) => oidc.refresh(target, rt),
      onRefreshRefused: (e) => failures.push(e),
      onRefreshUnreachable: () => failures.push('unreachable'),
    })
    const api = createApiClient({ fetch, tokens: manager })
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => api.get('api/biz/x')))
    expect(
      results.every(
        (r) => r.status === 'rejected' && (r.reason as { code: string }).code === SessionErrorCode.Expired,
      ),
    ).toBe(true)
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatchObject({ error: 'invalid_grant' })
    // The refused token is never spent again.
    await expect(manager.refreshNow()).rejects.toMatchObject({ code: SessionErrorCode.Expired })
    expect(identity.tokenRequests - requestsBefore).toBe(1)
  })

  it('keeps the session when the login server cannot be reached, and refreshes once it answers', async () => {
    const vault = createTokenVault({ secrets: plainSecrets, store: memoryStore(), log: memoryLogger() })
    await vault.save(
      session({ accessToken: 'expired', expiresAt: Date.now() - 1000, refreshToken: 'refresh-offline' }),
    )
    let answer = 'down'
    const refused: unknown[] = []
    const unreachable: unknown[] = []
    const manager = createTokenManager({
      vault,
      environmentId: 'env-1',
      refresh: (rt) => oidc.refresh(identity.target(answer), rt),
      onRefreshRefused: (e) => refused.push(e),
      onRefreshUnreachable: (e) => unreachable.push(e),
    })
    for (const down of ['down', 'token-down', 'server-error', 'unavailable', 'no-discovery']) {
      answer = down
      await expect(manager.current(), down).rejects.toMatchObject({ code: 'API_NETWORK' })
    }
    expect(refused).toEqual([])
    expect(unreachable).toHaveLength(5)
    expect(await vault.load('env-1')).toMatchObject({ refreshToken: 'refresh-offline' })
    answer = 'grant'
    expect(await manager.current()).toMatchObject({ accessToken: 'access-2' })
    expect(await vault.load('env-1')).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' })
  })
})

describe('what a failed refresh means', () => {
  const failureOf = (answer: string) =>
    oidc.refresh(identity.target(answer), 'refresh-1').then(
      () => {
        throw new Error(`the ${answer} refresh succeeded`)
      },
      (error: unknown) => error,
    )

  it('is a refusal when the token endpoint answers invalid_grant, 400 or 401', async () => {
    for (const answer of ['refuse-grant', 'bad-request', 'bad-client', 'bad-request-no-body'])
      expect(refreshFailureKind(await failureOf(answer)), answer).toBe('refused')
  })

  it('is "unreachable" for a network error, a timeout, a 5xx answer or a failed discovery', async () => {
    for (const answer of ['down', 'token-down', 'server-error', 'unavailable', 'no-discovery', 'slow'])
      expect(refreshFailureKind(await failureOf(answer)), answer).toBe('unreachable')
    expect(refreshFailureKind(new TypeError('fetch failed'))).toBe('unreachable')
  })
})
