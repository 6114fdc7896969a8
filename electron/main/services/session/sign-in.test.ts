// The pending-login rules of the sign-in flow with a described identity server (no HTTP is needed until
// the code exchange, which the integration test covers against the real one).
import * as client from 'openid-client'
import { describe, expect, it } from 'vitest'
import { memoryLogger } from '../../logger.ts'
import type { Oidc } from './oidc.ts'
import { createSignInFlow, SignInErrorCode } from './sign-in.ts'

const config = new client.Configuration(
  {
    issuer: 'https://login.example.test',
    authorization_endpoint: 'https://login.example.test/connect/authorize',
    token_endpoint: 'https://login.example.test/connect/token',
  },
  'ledgerdesk-desktop',
)
const oidc = {
  config: async () => config,
  toTokenSet: () => ({ accessToken: '', expiresAt: 0 }),
} as unknown as Oidc
const target = { issuer: 'https://login.example.test', clientId: 'ledgerdesk-desktop' }

function setup(mode: 'scheme' | 'loopback', timeoutMs = 60_000) {
  const opened: URL[] = []
  const flow = createSignInFlow({
    oidc,
    openBrowser: async (url) => void opened.push(new URL(url)),
    redirectMode: () => mode,
    timeoutMs,
    log: memoryLogger(),
  })
  return { flow, opened }
}

const tick = () => new Promise((r) => setTimeout(r, 5))
async function opening(opened: URL[], count: number) {
  for (let i = 0; i < 400 && opened.length < count; i++) await tick()
}

describe('the sign-in flow', () => {
  it('asks for code with PKCE S256, state, nonce, prompt=login and the AppFramework scopes', async () => {
    const { flow, opened } = setup('scheme')
    const running = flow.signIn(target).catch((e: unknown) => e)
    await opening(opened, 1)
    const params = opened[0]!.searchParams
    expect(opened[0]!.origin + opened[0]!.pathname).toBe('https://login.example.test/connect/authorize')
    expect(Object.fromEntries(params)).toMatchObject({
      client_id: 'ledgerdesk-desktop',
      response_type: 'code',
      redirect_uri: 'no.ledgerdesk.app:/oauth/callback',
      scope: 'AppFramework profile openid offline_access',
      code_challenge_method: 'S256',
      prompt: 'login',
    })
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(params.get('state')).toBeTruthy()
    expect(params.get('nonce')).toBeTruthy()
    flow.cancel()
    expect(await running).toMatchObject({ code: SignInErrorCode.Cancelled })
  })

  it('abandons a login that is not finished in time, with a message that says what to do', async () => {
    const { flow } = setup('scheme', 30)
    await expect(flow.signIn(target)).rejects.toMatchObject({
      code: SignInErrorCode.TimedOut,
      message: expect.stringContaining('not completed within 5 minutes'),
    })
    expect(flow.isPending()).toBe(false)
  })

  it("keeps one pending login: a new one replaces the old, and the old one's redirect is refused", async () => {
    const { flow, opened } = setup('scheme')
    const first = flow.signIn(target).catch((e: unknown) => e)
    await opening(opened, 1)
    const second = flow.signIn(target).catch((e: unknown) => e)
    await opening(opened, 2)
    expect(await first).toMatchObject({ code: SignInErrorCode.Superseded })
    const oldState = opened[0]!.searchParams.get('state')!
    expect(flow.receiveRedirect(`no.ledgerdesk.app:/oauth/callback?code=c&state=${oldState}`)).toBe(false)
    expect(flow.isPending()).toBe(true)
    const newState = opened[1]!.searchParams.get('state')!
    expect(
      flow.receiveRedirect(`no.ledgerdesk.app:/oauth/callback?error=access_denied&state=${newState}`),
    ).toBe(true)
    expect(await second).toMatchObject({ code: SignInErrorCode.Denied })
  })

  it('listens on a loopback port that answers only its own path and host', async () => {
    const { flow, opened } = setup('loopback')
    const running = flow.signIn(target).catch((e: unknown) => e)
    await opening(opened, 1)
    const redirect = new URL(opened[0]!.searchParams.get('redirect_uri')!)
    expect(redirect.hostname).toBe('127.0.0.1')
    expect(redirect.pathname).toBe('/callback')
    const state = opened[0]!.searchParams.get('state')!
    expect((await fetch(new URL(`/other?code=c&state=${state}`, redirect))).status).toBe(404)
    expect((await fetch(new URL(`/callback?code=c&state=wrong`, redirect))).status).toBe(400)
    expect(flow.isPending()).toBe(true)
    const answer = await fetch(
      new URL(`/callback?error=access_denied&error_description=Cancelled&state=${state}`, redirect),
    )
    expect(answer.status).toBe(200)
    expect(await running).toMatchObject({ code: SignInErrorCode.Denied, message: 'Cancelled' })
    // The listener is closed once the login ended.
    await expect(fetch(redirect)).rejects.toThrow()
  })
})
