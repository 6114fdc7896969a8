// A session survives a start without the platform: the access token has expired while the app was closed
// and the platform cannot be reached, so the refresh fails as "unreachable". The user stays signed in (the
// renderer works from its cache and shows offline), the refresh token is kept, and the refresh succeeds as
// soon as the platform answers again. A refusal by the identity server (invalid_grant) still signs out.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../../common/bridge/contract.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { signInTo, startDesktop } from './desktop-services.ts'

/**
 * The network between the app and the identity server, able to hand back a refresh's answer with its ID
 * token re-addressed to another client (its signature is not what openid-client checks; its audience is).
 * Records each refresh token sent and each the server answered with.
 */
function refreshAnswers() {
  const seen = { sent: [] as string[], answered: [] as string[], readdress: false }
  const fetchVia = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init)
    const body =
      typeof init?.body === 'string' || init?.body instanceof URLSearchParams ? String(init.body) : ''
    const form = new URLSearchParams(body)
    if (form.get('grant_type') !== 'refresh_token') return response
    seen.sent.push(form.get('refresh_token') ?? '')
    if (!response.ok) return response
    const answer = (await response.json()) as Record<string, unknown>
    seen.answered.push(String(answer.refresh_token))
    if (seen.readdress && typeof answer.id_token === 'string') {
      const [head, claims, signature] = answer.id_token.split('.')
      const readdressed = { ...JSON.parse(Buffer.from(claims!, 'base64url').toString()), aud: 'someone-else' }
      answer.id_token = `${head}.${Buffer.from(JSON.stringify(readdressed)).toString('base64url')}.${signature}`
    }
    return new Response(JSON.stringify(answer), {
      status: response.status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { seen, fetchVia }
}

// Access tokens live two minutes; the app's clock is moved past that instead of waiting.
const tokenTtl = 120
let platform: TestPlatform
const dirs: string[] = []

beforeAll(async () => {
  platform = await startTestPlatform({ seed: 'demo', tokenTtl })
})
afterAll(async () => {
  await platform?.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('a session without the platform', () => {
  it('stays signed in when the app starts after expiry with the platform down, and refreshes once it is back', async () => {
    let skew = 0
    const clock = () => Date.now() + skew
    const first = await startDesktop({ now: clock })
    dirs.push(first.dataDir)
    const { environmentId } = await signInTo(
      first,
      platform.urls.base,
      DEMO_USERS.anne.email,
      DEMO_COMPANIES.nordlys.key,
    )
    expect((await first.services.companies.list()).length).toBe(4)
    const held = (await first.services.vault.load(environmentId))!
    await first.services.dispose()

    // The app was closed; the platform went away; the token's lifetime passed.
    await platform.stop()
    skew = (tokenTtl + 60) * 1000
    const again = await startDesktop({ dataDir: first.dataDir, now: clock })
    expect(await again.services.session.get()).toMatchObject({ status: 'signedIn', environmentId })

    // Calls meet "cannot be reached", never "signed out"; the probe says offline.
    await expect(again.services.companies.list()).rejects.toMatchObject({ code: 'API_NETWORK' })
    expect(await again.services.sync.probe()).toMatchObject({ state: 'offline' })
    expect(await again.services.session.get()).toMatchObject({ status: 'signedIn', environmentId })
    expect(
      again.events.filter(
        (e) => e.name === 'session.changed' && (e.payload as SessionState).status === 'signedOut',
      ),
    ).toEqual([])
    const kept = (await again.services.vault.load(environmentId))!
    expect(kept.refreshToken).toBe(held.refreshToken)
    expect(kept.accessToken).toBe(held.accessToken)

    // The platform answers again: the app's next probes refresh the token and find it online (a login
    // request begun while the platform was starting may first have to time out).
    await platform.resume()
    await vi.waitFor(
      async () => expect(await again.services.sync.probe()).toMatchObject({ state: 'online' }),
      { timeout: 40_000, interval: 1_000 },
    )
    const renewed = (await again.services.vault.load(environmentId))!
    expect(renewed.accessToken).not.toBe(held.accessToken)
    expect(renewed.refreshToken).not.toBe(held.refreshToken)
    expect(renewed.expiresAt).toBeGreaterThan(clock())
    expect((await again.services.companies.list()).length).toBe(4)
    await again.services.dispose()
  }, 90_000)

  it('ends the session at once, and revokes the renewal, when a refresh answered with rotated tokens fails its check', async () => {
    await platform.resume()
    let skew = 0
    const network = refreshAnswers()
    const d = await startDesktop({ now: () => Date.now() + skew, fetch: network.fetchVia })
    dirs.push(d.dataDir)
    const { environmentId } = await signInTo(
      d,
      platform.urls.base,
      DEMO_USERS.anne.email,
      DEMO_COMPANIES.nordlys.key,
    )
    const held = (await d.services.vault.load(environmentId))!

    // The token's lifetime passes; the platform renews (and rotates) the refresh token, but its answer
    // arrives with an ID token for another client.
    network.seen.readdress = true
    skew = (tokenTtl + 60) * 1000
    const failure = await d.services.companies.list().catch((e: unknown) => e)
    // Not "cannot be reached": the answer came and cannot be used. Before, the app stayed signed in, sent
    // the spent token next time and was signed out by the identity server's refusal.
    expect(failure).toMatchObject({ code: 'SESSION_EXPIRED' })
    const state = await d.next('session.changed', (s: SessionState) => s.status === 'signedOut')
    expect(state).toMatchObject({ status: 'signedOut', reason: { code: 'SESSION_RENEWAL_REJECTED' } })
    expect(await d.services.vault.load(environmentId)).toBeUndefined()
    expect(network.seen.sent).toEqual([held.refreshToken])
    expect(network.seen.answered).toHaveLength(1)
    expect(network.seen.answered[0]).not.toBe(held.refreshToken)
    expect(d.log.entries.some((e) => /answer that cannot be used/.test(e.message))).toBe(true)

    // The renewal the app kept was revoked when the session ended: neither token renews a sign-in now.
    network.seen.readdress = false
    const target = { issuer: platform.urls.auth, clientId: 'ledgerdesk-desktop' }
    await vi.waitFor(
      async () =>
        expect(
          await d.services.oidc.refresh(target, network.seen.answered[0]!).catch((e: unknown) => e),
        ).toMatchObject({ error: 'invalid_grant' }),
      { timeout: 10_000, interval: 200 },
    )
    expect(await d.services.oidc.refresh(target, held.refreshToken!).catch((e: unknown) => e)).toMatchObject({
      error: 'invalid_grant',
    })
    await d.services.dispose()
  }, 60_000)

  it('signs out with a reason when the identity server refuses the refresh token (invalid_grant)', async () => {
    await platform.resume()
    let skew = 0
    const d = await startDesktop({ now: () => Date.now() + skew })
    dirs.push(d.dataDir)
    const { environmentId } = await signInTo(
      d,
      platform.urls.base,
      DEMO_USERS.anne.email,
      DEMO_COMPANIES.aurora.key,
    )
    const held = (await d.services.vault.load(environmentId))!
    await d.services.oidc.revoke(
      { issuer: platform.urls.auth, clientId: 'ledgerdesk-desktop' },
      held.refreshToken!,
      'refresh_token',
    )
    skew = (tokenTtl + 60) * 1000
    const refusal = await d.services.companies.list().catch((e: unknown) => e)
    expect(refusal).toMatchObject({ code: 'SESSION_EXPIRED' })
    const state = await d.next('session.changed', (s: SessionState) => s.status === 'signedOut')
    expect(state).toMatchObject({ status: 'signedOut', reason: { code: 'SESSION_EXPIRED' } })
    expect(await d.services.vault.load(environmentId)).toBeUndefined()
    expect(
      d.log.entries.some(
        (e) => /refused the refresh/.test(e.message) && /invalid_grant/.test(JSON.stringify(e.context)),
      ),
    ).toBe(true)
    await d.services.dispose()
  }, 60_000)
})
