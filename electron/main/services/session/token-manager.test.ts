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

/**
 * A login server on loopback that rotates refresh tokens as real ones do: each answer spends the token
 * sent and issues the next, and a token spent before is refused (invalid_grant). Its answers carry an ID
 * token for this client, or (`idTokenFor = 'someone-else'`) one for another audience, which openid-client's
 * check of the answer refuses. `presented` lists every refresh token sent to it.
 */
const rotating = (() => {
  let issuer = ''
  const state = {
    idTokenFor: 'ledgerdesk-desktop',
    presented: [] as string[],
    valid: new Set<string>(),
    issued: 0,
  }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const idToken = (audience: string) => {
    const at = Math.floor(Date.now() / 1000)
    const claims = { iss: issuer, aud: audience, sub: 'user-1', iat: at, exp: at + 3600 }
    return `${segment({ alg: 'RS256', typ: 'JWT' })}.${segment(claims)}.c2lnbmF0dXJl`
  }
  const server = createServer((req, res) => {
    if (req.url?.endsWith('/.well-known/openid-configuration'))
      return json(res, 200, {
        issuer,
        token_endpoint: `${issuer}/connect/token`,
        authorization_endpoint: `${issuer}/connect/authorize`,
      })
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const sent = new URLSearchParams(body).get('refresh_token') ?? ''
      state.presented.push(sent)
      if (!state.valid.delete(sent)) return json(res, 400, { error: 'invalid_grant' })
      const n = ++state.issued
      state.valid.add(`refresh-rotated-${n}`)
      json(res, 200, {
        access_token: `access-rotated-${n}`,
        refresh_token: `refresh-rotated-${n}`,
        id_token: idToken(state.idTokenFor),
        token_type: 'Bearer',
        expires_in: 3600,
      })
    })
  })
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rotating`
  })
  afterAll(() => {
    server.closeAllConnections()
    return new Promise((r) => server.close(r))
  })
  return {
    state,
    target: () => ({ issuer, clientId: 'ledgerdesk-desktop' }),
    /** A refresh token the server will take once. */
    issue(token: string) {
      state.valid.add(token)
      state.presented = []
      state.idTokenFor = 'ledgerdesk-desktop'
      return token
    },
  }
})()

describe('a refresh the login server answered with rotated tokens', () => {
  it('keeps the rotated tokens before checking the answer, and ends the session when the ID token fails its check', async () => {
    const store = memoryStore()
    const vault = createTokenVault({ secrets: plainSecrets, store, log: memoryLogger() })
    const first = rotating.issue('refresh-a0')
    await vault.save(session({ accessToken: 'expired', expiresAt: Date.now() - 1000, refreshToken: first }))
    rotating.state.idTokenFor = 'someone-else'
    const refusals: { error: unknown; answered: boolean }[] = []
    const unreachable: unknown[] = []
    const manager = createTokenManager({
      vault,
      environmentId: 'env-1',
      refresh: (rt) => oidc.refresh(rotating.target(), rt),
      onRefreshRefused: (error, answered) => refusals.push({ error, answered }),
      onRefreshUnreachable: (error) => unreachable.push(error),
    })

    // The answer was there: nothing was unreachable, and it cannot be used.
    await expect(manager.current()).rejects.toMatchObject({ code: SessionErrorCode.Expired })
    expect(unreachable).toEqual([])
    expect(refusals).toHaveLength(1)
    expect(refusals[0]).toMatchObject({ answered: true, error: { code: 'SESSION_REFRESH_ANSWER_REJECTED' } })
    expect(String((refusals[0]!.error as Error).message)).toMatch(/could not be accepted/)
    // What the server answered was kept, encrypted in the vault as any session (a restart reads it),
    // with the access token not to be used; the ID token that failed is not kept.
    const restarted = createTokenVault({ secrets: plainSecrets, store, log: memoryLogger() })
    const kept = (await restarted.load('env-1'))!
    expect(kept).toMatchObject({ accessToken: 'access-rotated-1', refreshToken: 'refresh-rotated-1' })
    expect(kept.expiresAt).toBeLessThanOrEqual(Date.now())
    expect(kept.idToken).toBeUndefined()
    // Neither the spent token nor the ended session's new one is sent again.
    await expect(manager.refreshNow()).rejects.toMatchObject({ code: SessionErrorCode.Expired })
    expect(rotating.state.presented).toEqual([first])
  })

  it('spends the new refresh token, never the old one, when a check after the answer could not be made', async () => {
    const vault = createTokenVault({ secrets: plainSecrets, store: memoryStore(), log: memoryLogger() })
    const first = rotating.issue('refresh-b0')
    await vault.save(session({ accessToken: 'expired', expiresAt: Date.now() - 1000, refreshToken: first }))
    let checks = 0
    const refused: unknown[] = []
    const manager = createTokenManager({
      vault,
      environmentId: 'env-1',
      refresh: (rt) => oidc.refresh(rotating.target(), rt),
      // The session's check of a renewed token asks the environment's platform where it is; the first
      // time, nothing answers.
      check: async () => {
        if (checks++ === 0) throw new TypeError('fetch failed')
      },
      onRefreshRefused: (error) => refused.push(error),
    })
    await expect(manager.current()).rejects.toMatchObject({ code: 'API_NETWORK' })
    const held = (await vault.load('env-1'))!
    expect(held.refreshToken).toMatch(/^refresh-rotated-/)
    // Not used before its check passes.
    expect(held.expiresAt).toBeLessThanOrEqual(Date.now())

    const grant = await manager.current()
    expect(grant.accessToken).toMatch(/^access-rotated-/)
    expect(grant.accessToken).not.toBe(held.accessToken)
    expect(rotating.state.presented).toEqual([first, held.refreshToken])
    expect(refused).toEqual([])
    expect(await vault.load('env-1')).toMatchObject({ accessToken: grant.accessToken })
  })

  it('goes on with the renewed tokens when the vault cannot write them, and writes them at its next read', async () => {
    const store = memoryStore()
    let failWrites = 0
    const lockedOnce: SecretStore = {
      ...plainSecrets,
      encrypt: async (p) => {
        if (failWrites > 0) {
          failWrites--
          throw new Error('The keychain is locked')
        }
        return plainSecrets.encrypt(p)
      },
    }
    const vault = createTokenVault({ secrets: lockedOnce, store, log: memoryLogger() })
    const first = rotating.issue('refresh-c0')
    await vault.save(session({ accessToken: 'expired', expiresAt: Date.now() - 1000, refreshToken: first }))
    const saveFailures: unknown[] = []
    const manager = createTokenManager({
      vault,
      environmentId: 'env-1',
      refresh: (rt) => oidc.refresh(rotating.target(), rt),
      onRefreshRefused: () => undefined,
      onSaveFailed: (error) => saveFailures.push(error),
    })
    // Both writes of the renewal (kept, then checked) fail.
    failWrites = 2
    const grant = await manager.current()
    expect(grant.accessToken).toMatch(/^access-rotated-/)
    expect(saveFailures).toHaveLength(2)
    // On disk still the spent token; the next read writes the renewal.
    const onDisk = () => createTokenVault({ secrets: plainSecrets, store, log: memoryLogger() }).load('env-1')
    expect((await onDisk())?.refreshToken).toBe(first)
    expect((await manager.current()).accessToken).toBe(grant.accessToken)
    expect(await onDisk()).toMatchObject({
      accessToken: grant.accessToken,
      refreshToken: /^refresh-rotated-/,
    })
    expect(rotating.state.presented).toEqual([first])
  })
})
