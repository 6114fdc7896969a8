// The desktop app's main-process services against the real local platform over HTTP: sign-in through
// the identity server's own login pages (loopback redirect, as in browser mode), companies,
// current-session, refresh, revocation, and a company the user does not belong to.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionState } from '../../../common/bridge/contract.ts'
import { findSchemeUrlInArgv } from '../../../electron/main/services/session/redirect.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { startDesktop } from './desktop-services.ts'
import { completeLogin } from './login-browser.ts'

let platform: TestPlatform
const dirs: string[] = []

beforeAll(async () => {
  platform = await startTestPlatform({ seed: 'demo' })
})
afterAll(async () => {
  await platform?.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function desktop(now?: () => number, redirectMode?: 'scheme' | 'loopback') {
  const d = await startDesktop({ now, redirectMode })
  dirs.push(d.dataDir)
  return d
}

async function signIn(d: Awaited<ReturnType<typeof desktop>>, email: string, companyKey?: string) {
  const env = await d.services.environments.add({
    name: 'Local test',
    url: platform.urls.base,
    clientId: 'ledgerdesk-desktop',
  })
  const started = d.events.length
  expect(await d.services.session.signIn(env.id)).toEqual({ status: 'signingIn', environmentId: env.id })
  // Browser mode: "open the system browser" asks the page to open a tab with the authorization URL.
  const opened = await d.next('shell.openUrlRequested')
  const trace = await completeLogin(opened.url, { email, password: DEMO_PASSWORD, companyKey })
  const state = await d.next('session.changed', (s) => s.status !== 'signingIn' && d.events.length > started)
  return { env, opened: new URL(opened.url), trace, state }
}

describe('signing in to the local platform', () => {
  it('probes the platform address and shows what it found before saving', async () => {
    const d = await desktop()
    const found = await d.services.environments.probe(platform.urls.base)
    expect(found).toMatchObject({
      baseUrl: platform.urls.base,
      authUrl: platform.urls.auth,
      issuer: platform.urls.auth,
      authorizationEndpoint: `${platform.urls.auth}/connect/authorize`,
    })
    expect(found.endpoints?.Identity).toBe(platform.urls.auth)
    expect(found.scopesSupported).toContain('AppFramework')
    // The login address alone works too; the API address then comes from the token's claim.
    expect(await d.services.environments.probe(platform.urls.auth)).toMatchObject({
      baseUrl: null,
      issuer: platform.urls.auth,
    })
    await expect(d.services.environments.probe('http://127.0.0.1:9/')).rejects.toMatchObject({
      code: 'ENVIRONMENT_UNREACHABLE',
    })
    await expect(d.services.environments.probe(`${platform.urls.base}files/`)).rejects.toMatchObject({
      code: 'ENVIRONMENT_NOT_A_PLATFORM',
    })
    await expect(d.services.environments.probe('http://192.0.2.10/')).rejects.toMatchObject({
      code: 'ENVIRONMENT_INVALID_URL',
    })
  })

  it('signs Anne in through the real login and company pages and lists her companies with IsTest marked', async () => {
    const d = await desktop()
    const { opened, trace, state } = await signIn(d, DEMO_USERS.anne.email, DEMO_COMPANIES.fjordbygg.key)
    expect(opened.searchParams.get('code_challenge_method')).toBe('S256')
    expect(opened.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(trace).toEqual({ pages: ['login', 'company'], callbackStatus: 200 })
    expect(state).toMatchObject({
      status: 'signedIn',
      environmentName: 'Local test',
      user: {
        GlobalIdentity: DEMO_USERS.anne.globalIdentity,
        DisplayName: DEMO_USERS.anne.displayName,
        Email: DEMO_USERS.anne.email,
      },
      loginCompanyKey: DEMO_COMPANIES.fjordbygg.key,
    })
    // The renderer's view of the session carries no token.
    expect(JSON.stringify(d.events)).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./)

    const companies = await d.services.companies.list()
    expect(companies.map((c) => c.Key).sort()).toEqual(
      Object.values(DEMO_COMPANIES)
        .map((c) => c.key)
        .sort(),
    )
    expect(companies.find((c) => c.Key === DEMO_COMPANIES.test.key)?.IsTest).toBe(true)
    expect(companies.find((c) => c.Key === DEMO_COMPANIES.nordlys.key)).toMatchObject({
      IsTest: false,
      Name: DEMO_COMPANIES.nordlys.name,
    })

    const nordlys = await d.services.companies.session(DEMO_COMPANIES.nordlys.key)
    expect(nordlys).toMatchObject({
      companyKey: DEMO_COMPANIES.nordlys.key,
      companyName: DEMO_COMPANIES.nordlys.name,
      user: { Email: DEMO_USERS.anne.email },
    })
    expect(nordlys.views).toEqual(
      expect.arrayContaining(['inbox', 'journal', 'approvals', 'admin', 'settings']),
    )
  })

  it('signs in with the private-use scheme redirect, as the desktop app receives it from the OS', async () => {
    const d = await desktop(undefined, 'scheme')
    const env = await d.services.environments.add({
      name: 'Local test',
      url: platform.urls.base,
      clientId: 'ledgerdesk-desktop',
    })
    await d.services.session.signIn(env.id)
    const opened = new URL((await d.next('shell.openUrlRequested')).url)
    expect(opened.searchParams.get('redirect_uri')).toBe('no.ledgerdesk.app:/oauth/callback')
    let handedOver = ''
    await completeLogin(opened.href, {
      email: DEMO_USERS.anne.email,
      password: DEMO_PASSWORD,
      companyKey: DEMO_COMPANIES.aurora.key,
      handOver: (url) => {
        handedOver = url
        // Windows: a second instance starts with the link among Chromium's switches.
        const argv = ['C:\\Program Files\\Ledgerdesk\\Ledgerdesk.exe', '--allow-file-access-from-files', url]
        expect(d.services.session.receiveRedirect(findSchemeUrlInArgv(argv)!)).toBe(true)
      },
    })
    expect(handedOver).toMatch(/^no\.ledgerdesk\.app:\/oauth\/callback\?code=/)
    const state = await d.next('session.changed', (s) => s.status !== 'signingIn')
    expect(state).toMatchObject({ status: 'signedIn', loginCompanyKey: DEMO_COMPANIES.aurora.key })
    // The same link again (a replay) finds no pending login.
    expect(d.services.session.receiveRedirect(handedOver)).toBe(false)
  })

  it('refuses a company the signed-in user does not belong to, and offers an approver only approvals', async () => {
    const d = await desktop()
    const { state } = await signIn(d, DEMO_USERS.per.email, DEMO_COMPANIES.nordlys.key)
    expect(state.status).toBe('signedIn')
    const keys = (await d.services.companies.list()).map((c) => c.Key).sort()
    expect(keys).toEqual([DEMO_COMPANIES.nordlys.key, DEMO_COMPANIES.fjordbygg.key].sort())
    const own = await d.services.companies.session(DEMO_COMPANIES.nordlys.key)
    expect(own.views).not.toContain('admin')
    expect(own.views).toContain('approvals')
    const refused = await d.services.companies.session(DEMO_COMPANIES.aurora.key).catch((e: unknown) => e)
    expect(refused).toMatchObject({
      code: 'API_FORBIDDEN',
      message: 'You do not have access to this company',
      details: { status: 403 },
    })
  })

  it('refreshes after a 401 and signs out (revoking the refresh token) so it cannot be used again', async () => {
    const d = await desktop()
    const { env } = await signIn(d, DEMO_USERS.siri.email, DEMO_COMPANIES.aurora.key)
    const vault = d.services.vault
    const before = (await vault.load(env.id))!
    // The platform refuses this access token: the client refreshes once and the call succeeds.
    await vault.save({ ...before, accessToken: `${before.accessToken}x` })
    expect((await d.services.companies.list()).length).toBe(4)
    const after = (await vault.load(env.id))!
    expect(after.accessToken).not.toBe(before.accessToken)
    expect(after.refreshToken).toBeTruthy()
    expect(after.refreshToken).not.toBe(before.refreshToken)

    expect(await d.services.session.signOut()).toEqual({ status: 'signedOut', reason: null })
    expect(await vault.load(env.id)).toBeUndefined()
    const target = { issuer: platform.urls.auth, clientId: 'ledgerdesk-desktop' }
    await expect(d.services.oidc.refresh(target, after.refreshToken!)).rejects.toThrow()
    await expect(d.services.companies.list()).rejects.toMatchObject({ code: 'SESSION_SIGNED_OUT' })
  })

  it('brings the user back to sign-in with a reason when the refresh fails', async () => {
    const d = await desktop()
    const { env } = await signIn(d, DEMO_USERS.anne.email, DEMO_COMPANIES.aurora.key)
    const vault = d.services.vault
    const held = (await vault.load(env.id))!
    await d.services.oidc.revoke(
      { issuer: platform.urls.auth, clientId: 'ledgerdesk-desktop' },
      held.refreshToken!,
      'refresh_token',
    )
    await vault.save({ ...held, accessToken: 'not-a-token' })
    await expect(d.services.companies.list()).rejects.toMatchObject({ code: 'SESSION_EXPIRED' })
    const state = (await d.next(
      'session.changed',
      (s: SessionState) => s.status === 'signedOut' && s.reason !== null,
    )) as SessionState
    expect(state).toMatchObject({ status: 'signedOut', reason: { code: 'SESSION_EXPIRED' } })
    expect(await vault.load(env.id)).toBeUndefined()
  })

  it('refreshes ahead of expiry, before the platform would refuse the token', async () => {
    // The clock runs 59½ minutes ahead after sign-in: the hour-long token is inside the refresh window.
    let skew = 0
    const d = await desktop(() => Date.now() + skew)
    const { env } = await signIn(d, DEMO_USERS.anne.email, DEMO_COMPANIES.nordlys.key)
    const before = (await d.services.vault.load(env.id))!
    skew = 59.5 * 60_000
    expect((await d.services.companies.list()).length).toBe(4)
    const after = (await d.services.vault.load(env.id))!
    expect(after.accessToken).not.toBe(before.accessToken)
    expect(after.refreshToken).not.toBe(before.refreshToken)
    expect(after.expiresAt).toBeGreaterThan(before.expiresAt)
    // Fresh again: the next call spends nothing.
    await d.services.companies.list()
    expect((await d.services.vault.load(env.id))!.refreshToken).toBe(after.refreshToken)
  })

  it('keeps the session across a restart of the app (vault on disk)', async () => {
    const d = await desktop()
    const { env } = await signIn(d, DEMO_USERS.anne.email, DEMO_COMPANIES.nordlys.key)
    // The app again on the same data folder.
    const again = (await startDesktop({ dataDir: d.dataDir })).services
    expect(await again.session.get()).toMatchObject({
      status: 'signedIn',
      environmentId: env.id,
      user: { Email: DEMO_USERS.anne.email },
    })
    expect((await again.companies.list()).length).toBe(4)
  })
})
