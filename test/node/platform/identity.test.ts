// The identity server over real HTTP: discovery, the sign-in pages driven like a browser (cookies by
// hand), the token grants, and access-token verification.
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import * as oidc from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import type { Store } from '../../../platform/db/store.ts'
import { createAccount } from '../../../platform/identity/accounts.ts'
import { createIdentity, type Identity } from '../../../platform/identity/index.ts'
import { loadOrCreateKeys } from '../../../platform/identity/keys.ts'

const DESKTOP = 'ledgerdesk-desktop'
const INTEGRATION = { client_id: 'ledgerdesk-integration', client_secret: 'local-integration-secret' }
const LICENSE_TOOL = { client_id: 'license-admin-tool', client_secret: 'local-license-secret' }
const CALLBACK = 'http://127.0.0.1:53682/callback'
const SCOPE = 'openid profile AppFramework offline_access'

const anne = DEMO_USERS.anne
const per = DEMO_USERS.per
const nordlys = DEMO_COMPANIES.nordlys
const fjordbygg = DEMO_COMPANIES.fjordbygg
const aurora = DEMO_COMPANIES.aurora

let tp: TestPlatform
let auth: string
/** How far the platform's sign-in clock is ahead of real time (a lock runs out without waiting for it). */
let signInSkew = 0

beforeAll(async () => {
  tp = await startTestPlatform({ platformOptions: { signInClock: () => Date.now() + signInSkew } })
  auth = tp.urls.auth
})
afterAll(async () => {
  await tp?.close()
})

/** A browser's cookie jar, enough for one host. */
class Jar {
  private cookies = new Map<string, string>()
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expires = attrs.map((a) => a.trim()).find((a) => /^expires=/i.test(a))
      if (!value || (expires && new Date(expires.slice(8)).getTime() < Date.now())) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

interface Browser {
  jar: Jar
  lang?: string
}

/** Follows redirects inside the identity server; stops at a page or at a redirect to the client. */
async function browse(
  b: Browser,
  url: string,
  init: { method?: string; form?: Record<string, string> } = {},
) {
  let next = new URL(url)
  let method = init.method ?? 'GET'
  let body: URLSearchParams | undefined = init.form ? new URLSearchParams(init.form) : undefined
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(next, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: b.jar.header(), ...(b.lang ? { 'accept-language': b.lang } : {}) },
    })
    b.jar.store(res)
    const location = res.headers.get('location')
    if (res.status >= 300 && res.status < 400 && location) {
      const target = new URL(location, next)
      if (!target.href.startsWith(auth)) return { res, redirect: target, html: '' }
      next = target
      method = 'GET'
      body = undefined
      continue
    }
    return { res, redirect: undefined, html: await res.text() }
  }
  throw new Error('too many redirects')
}

function formOf(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
  if (!action || !csrf) throw new Error(`no form in page: ${html.slice(0, 300)}`)
  return { action: new URL(action.replace(/&#38;/g, '&'), auth).href, csrf }
}

/** Posts one of oidc-provider's own forms (hidden fields included) with extra fields. */
async function submitProviderForm(b: Browser, html: string, id: string, fields: Record<string, string>) {
  const form = new RegExp(
    `<form id="${id.replace('.', '\\.')}"[^>]*action="([^"]+)"[^>]*>([\\s\\S]*?)</form>`,
  ).exec(html)
  if (!form) throw new Error(`no form ${id} in page: ${html.slice(0, 300)}`)
  const hidden = Object.fromEntries(
    [...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  )
  return browse(b, new URL(form[1]!, auth).href, { method: 'POST', form: { ...hidden, ...fields } })
}

const companyValues = (html: string) =>
  [...html.matchAll(/name="company" value="([^"]+)"/g)].map((m) => m[1]!)

function pkce() {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL(`${auth}/connect/authorize`)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.href
}

async function tokenRequest(form: Record<string, string>) {
  const res = await fetch(`${auth}/connect/token`, { method: 'POST', body: new URLSearchParams(form) })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** Signs in through the pages (choosing `company` when asked); returns the code and the pages seen. */
async function signInThroughPages(
  client: { client_id: string; redirect_uri?: string },
  user: { email: string; password?: string },
  company?: string,
) {
  const b: Browser = { jar: new Jar() }
  const { verifier, challenge } = pkce()
  const state = randomBytes(8).toString('hex')
  const login = await browse(
    b,
    authorizeUrl({
      client_id: client.client_id,
      redirect_uri: client.redirect_uri ?? CALLBACK,
      response_type: 'code',
      prompt: 'login',
      scope: SCOPE,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }),
  )
  expect(login.html).toContain('name="username"')
  expect(login.html).toContain('name="password"')
  const form = formOf(login.html)
  let step = await browse(b, form.action, {
    method: 'POST',
    form: { csrf: form.csrf, username: user.email, password: user.password ?? DEMO_PASSWORD },
  })
  let companyChoices: string[] | undefined
  if (!step.redirect) {
    companyChoices = companyValues(step.html)
    expect(companyChoices.length).toBeGreaterThan(1)
    const f = formOf(step.html)
    step = await browse(b, f.action, {
      method: 'POST',
      form: { csrf: f.csrf, company: company ?? companyChoices[0]! },
    })
  }
  const redirect = step.redirect
  if (!redirect) throw new Error(`no redirect: ${step.res.status} ${step.html.slice(0, 300)}`)
  expect(redirect.searchParams.get('state')).toBe(state)
  return { code: redirect.searchParams.get('code')!, redirect, verifier, companyChoices, browser: b }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function insertUser(store: Store, companyKey: string, globalIdentity: string, email: string) {
  const { rows } = await store.query<{ ID: number }>('select "ID" from "Company" where "Key" = $1', [
    companyKey,
  ])
  const companyId = rows[0]!.ID
  await store.query(
    `insert into "User" ("CompanyID", "ID", "GlobalIdentity", "Email", "DisplayName", "StatusCode")
     values ($1, (select coalesce(max("ID"), 0) + 1000 from "User" where "CompanyID" = $1), $2, $3, $3, 110001)`,
    [companyId, globalIdentity, email],
  )
}

describe('discovery', () => {
  it('lists the endpoints of spec section 5 under {auth_url}', async () => {
    const res = await fetch(`${auth}/.well-known/openid-configuration`)
    expect(res.status).toBe(200)
    const d = (await res.json()) as Record<string, unknown>
    expect(d).toMatchObject({
      issuer: auth,
      authorization_endpoint: `${auth}/connect/authorize`,
      token_endpoint: `${auth}/connect/token`,
      userinfo_endpoint: `${auth}/connect/userinfo`,
      end_session_endpoint: `${auth}/connect/endsession`,
      revocation_endpoint: `${auth}/connect/revocation`,
      introspection_endpoint: `${auth}/connect/introspect`,
      device_authorization_endpoint: `${auth}/connect/deviceauthorization`,
      pushed_authorization_request_endpoint: `${auth}/connect/par`,
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    })
    expect(d.grant_types_supported).toEqual(
      expect.arrayContaining([
        'authorization_code',
        'refresh_token',
        'client_credentials',
        'password',
        'urn:ietf:params:oauth:grant-type:device_code',
      ]),
    )
    expect(d.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'AppFramework', 'LicenseAdmin', 'offline_access']),
    )
    const jwks = (await (await fetch(String(d.jwks_uri))).json()) as { keys: { kty: string; d?: string }[] }
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' })
    expect(jwks.keys[0]!.d).toBeUndefined()
  })
})

describe('authorization code with PKCE through the sign-in pages', () => {
  it('asks a multi-company user for the company and puts it into the tokens; refresh keeps it', async () => {
    const flow = await signInThroughPages({ client_id: DESKTOP }, anne, fjordbygg.key)
    expect(flow.companyChoices).toEqual(expect.arrayContaining([nordlys.key, fjordbygg.key, aurora.key]))
    expect(flow.redirect.origin + flow.redirect.pathname).toBe(CALLBACK)

    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      client_id: DESKTOP,
      code: flow.code,
      redirect_uri: CALLBACK,
      code_verifier: flow.verifier,
    })
    expect(tokens.status).toBe(200)
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
    expect(typeof tokens.body.refresh_token).toBe('string')
    const access = decodeJwt(String(tokens.body.access_token))
    expect(decodeProtectedHeader(String(tokens.body.access_token)).alg).toBe('RS256')
    expect(access).toMatchObject({
      sub: anne.globalIdentity,
      AppFramework: tp.urls.base,
      companykey: fjordbygg.key,
      iss: auth,
      aud: tp.urls.base,
      client_id: DESKTOP,
    })
    expect(String(access.AppFramework).endsWith('/')).toBe(true)
    const id = decodeJwt(String(tokens.body.id_token))
    expect(id).toMatchObject({
      sub: anne.globalIdentity,
      AppFramework: tp.urls.base,
      companyKey: fjordbygg.key,
      aud: DESKTOP,
    })

    // The API accepts the token and works in the chosen company.
    const api = await fetch(`${tp.urls.base}api/init/companies`, {
      headers: { authorization: `Bearer ${String(tokens.body.access_token)}` },
    })
    expect(api.status).toBe(200)

    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      client_id: DESKTOP,
      refresh_token: String(tokens.body.refresh_token),
    })
    expect(refreshed.status).toBe(200)
    expect(decodeJwt(String(refreshed.body.access_token))).toMatchObject({
      sub: anne.globalIdentity,
      companykey: fjordbygg.key,
    })
    expect(decodeJwt(String(refreshed.body.id_token))).toMatchObject({ companyKey: fjordbygg.key })
    // Rotation: the new refresh token differs, the used one is spent.
    expect(refreshed.body.refresh_token).not.toBe(tokens.body.refresh_token)

    const revoke = await fetch(`${auth}/connect/revocation`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: DESKTOP, token: String(refreshed.body.refresh_token) }),
    })
    expect(revoke.status).toBe(200)
    const afterRevoke = await tokenRequest({
      grant_type: 'refresh_token',
      client_id: DESKTOP,
      refresh_token: String(refreshed.body.refresh_token),
    })
    expect(afterRevoke.status).toBe(400)
    expect(afterRevoke.body.error).toBe('invalid_grant')
  })

  it('chooses the only company automatically for a single-company user', async () => {
    const email = 'solo.bookkeeper@demo.test'
    const account = await createAccount(tp.store, { email, password: 'solo-pass' })
    await insertUser(tp.store, aurora.key, account.global_identity, email)
    const flow = await signInThroughPages(INTEGRATION, { email, password: 'solo-pass' })
    expect(flow.companyChoices).toBeUndefined()
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      ...INTEGRATION,
      code: flow.code,
      redirect_uri: CALLBACK,
      code_verifier: flow.verifier,
    })
    expect(tokens.status).toBe(200)
    expect(decodeJwt(String(tokens.body.access_token))).toMatchObject({
      sub: account.global_identity,
      companykey: aurora.key,
    })
    expect(decodeJwt(String(tokens.body.id_token))).toMatchObject({ companyKey: aurora.key })
    const { rows } = await tp.store.query<{ last_login: string | null }>(
      'select last_login from identity_account where global_identity = $1',
      [account.global_identity],
    )
    expect(rows[0]!.last_login).not.toBeNull()
  })

  it('refuses a company the user does not belong to', async () => {
    const b: Browser = { jar: new Jar() }
    const { challenge } = pkce()
    const login = await browse(
      b,
      authorizeUrl({
        client_id: DESKTOP,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: SCOPE,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    )
    const f = formOf(login.html)
    const choice = await browse(b, f.action, {
      method: 'POST',
      form: { csrf: f.csrf, username: per.email, password: DEMO_PASSWORD },
    })
    expect(companyValues(choice.html).sort()).toEqual([fjordbygg.key, nordlys.key].sort())
    const c = formOf(choice.html)
    const refused = await browse(b, c.action, { method: 'POST', form: { csrf: c.csrf, company: aurora.key } })
    expect(refused.redirect).toBeUndefined()
    expect(refused.res.status).toBe(400)
    expect(refused.html).toContain('Choose a company.')
  })

  it('shows a wrong password on the page, in Norwegian when the browser asks for it', async () => {
    for (const [lang, message] of [
      ['nb-NO,nb;q=0.9,en;q=0.5', 'Feil e-post eller passord.'],
      ['en-GB', 'Wrong e-mail or password.'],
    ] as const) {
      const b: Browser = { jar: new Jar(), lang }
      const { challenge } = pkce()
      const login = await browse(
        b,
        authorizeUrl({
          client_id: DESKTOP,
          redirect_uri: CALLBACK,
          response_type: 'code',
          scope: SCOPE,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
      )
      const f = formOf(login.html)
      const wrong = await browse(b, f.action, {
        method: 'POST',
        form: { csrf: f.csrf, username: per.email, password: 'not-the-password' },
      })
      expect(wrong.redirect).toBeUndefined()
      expect(wrong.html).toContain(message)
      expect(wrong.html).toContain('name="password"')
      expect(wrong.html).not.toMatch(/at \w+ \(|Error:/)
    }
  })

  it('holds back and then locks an account on the sign-in page, saying for how long, until the lock runs out', async () => {
    const email = 'forgetful@demo.test'
    const account = await createAccount(tp.store, { email, password: 'right-pass' })
    await insertUser(tp.store, nordlys.key, account.global_identity, email)
    const b: Browser = { jar: new Jar() }
    const { challenge } = pkce()
    const login = await browse(
      b,
      authorizeUrl({
        client_id: DESKTOP,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: SCOPE,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    )
    let page = login.html
    const attempt = async (password: string, lang?: string) => {
      const f = formOf(page)
      b.lang = lang
      const step = await browse(b, f.action, {
        method: 'POST',
        form: { csrf: f.csrf, username: email, password },
      })
      page = step.html || page
      return step
    }
    for (let i = 0; i < 5; i++)
      expect((await attempt(`wrong-${i}`)).html).toContain('Wrong e-mail or password.')
    // The sixth, at once: not looked at, the page says how long to wait (in the browser's language).
    const held = await attempt('right-pass', 'nb-NO')
    expect(held.res.status).toBe(429)
    expect(held.res.headers.get('retry-after')).toBe('1')
    expect(held.html).toContain('For mange mislykkede innlogginger. Prøv igjen om 1 sekund.')
    for (let i = 5; i < 10; i++) {
      signInSkew += 20_000
      await attempt(`wrong-${i}`)
    }
    const locked = await attempt('right-pass')
    expect(locked.redirect).toBeUndefined()
    expect(locked.res.status).toBe(403)
    expect(locked.html).toContain(
      'The account is locked after too many failed sign-ins. Try again in 15 minutes, or ask a license administrator of your office to lift the lock.',
    )
    const grant = await tokenRequest({
      grant_type: 'password',
      ...INTEGRATION,
      username: email,
      password: 'right-pass',
      scope: SCOPE,
    })
    expect(grant.body).toMatchObject({ error: 'invalid_grant' })
    expect(grant.body.error_description).toMatch(/^the account is locked after too many failed sign-ins/)
    // The lock runs out: the right password signs in again.
    signInSkew += 15 * 60_000
    const after = await attempt('right-pass')
    expect(after.redirect?.href).toMatch(/^http:\/\/127\.0\.0\.1:53682\/callback\?code=/)
  })

  it('rejects a form post without the interaction’s token', async () => {
    const b: Browser = { jar: new Jar() }
    const { challenge } = pkce()
    const login = await browse(
      b,
      authorizeUrl({
        client_id: DESKTOP,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: SCOPE,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    )
    const f = formOf(login.html)
    const forged = await browse(b, f.action, {
      method: 'POST',
      form: { csrf: 'forged', username: per.email, password: DEMO_PASSWORD },
    })
    expect(forged.redirect).toBeUndefined()
    expect(forged.res.status).toBe(400)
    // Without the browser's interaction cookie the same post is refused too.
    const foreign = await browse({ jar: new Jar() }, f.action, {
      method: 'POST',
      form: { csrf: f.csrf, username: per.email, password: DEMO_PASSWORD },
    })
    expect(foreign.redirect).toBeUndefined()
    expect(foreign.res.status).toBe(400)
  })

  it('requires PKCE from the desktop client', async () => {
    const res = await fetch(
      authorizeUrl({ client_id: DESKTOP, redirect_uri: CALLBACK, response_type: 'code', scope: SCOPE }),
      { redirect: 'manual' },
    )
    const location = new URL(res.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('invalid_request')
  })
})

describe('token endpoint grants', () => {
  it('password grant: companykey selects the company; without it a multi-company user gets none', async () => {
    const withCompany = await tokenRequest({
      grant_type: 'password',
      ...INTEGRATION,
      username: anne.email,
      password: DEMO_PASSWORD,
      scope: SCOPE,
      companykey: aurora.key,
    })
    expect(withCompany.status).toBe(200)
    expect(withCompany.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
    expect(decodeJwt(String(withCompany.body.access_token))).toMatchObject({
      sub: anne.globalIdentity,
      companykey: aurora.key,
      AppFramework: tp.urls.base,
    })
    expect(decodeJwt(String(withCompany.body.id_token))).toMatchObject({
      companyKey: aurora.key,
      AppFramework: tp.urls.base,
    })
    expect(typeof withCompany.body.refresh_token).toBe('string')

    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      ...INTEGRATION,
      refresh_token: String(withCompany.body.refresh_token),
    })
    expect(refreshed.status).toBe(200)
    expect(decodeJwt(String(refreshed.body.access_token)).companykey).toBe(aurora.key)

    const without = await tokenRequest({
      grant_type: 'password',
      ...INTEGRATION,
      username: anne.email,
      password: DEMO_PASSWORD,
      scope: SCOPE,
    })
    expect(without.status).toBe(200)
    expect(decodeJwt(String(without.body.access_token)).companykey).toBeUndefined()
  })

  it('password grant: a company of someone else, a wrong password and a public client are refused', async () => {
    const foreign = await tokenRequest({
      grant_type: 'password',
      ...INTEGRATION,
      username: per.email,
      password: DEMO_PASSWORD,
      scope: SCOPE,
      companykey: aurora.key,
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.error).toBe('invalid_grant')
    expect(String(foreign.body.error_description)).toContain('companykey')

    const wrong = await tokenRequest({
      grant_type: 'password',
      ...INTEGRATION,
      username: per.email,
      password: 'nope',
      scope: SCOPE,
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({
      error: 'invalid_grant',
      error_description: 'wrong username or password',
    })

    const publicClient = await tokenRequest({
      grant_type: 'password',
      client_id: DESKTOP,
      username: per.email,
      password: DEMO_PASSWORD,
      scope: SCOPE,
    })
    expect(publicClient.status).toBe(400)
    expect(publicClient.body).toMatchObject({
      error: 'invalid_request',
      error_description: 'requested grant type is not allowed for this client',
    })
    expect(publicClient.body.access_token).toBeUndefined()
  })

  it('introspection describes a refresh token; JWT access tokens are verified, not introspected', async () => {
    const tokens = await tokenRequest({
      grant_type: 'password',
      ...INTEGRATION,
      username: per.email,
      password: DEMO_PASSWORD,
      scope: SCOPE,
      companykey: nordlys.key,
    })
    const introspect = (token: string) =>
      fetch(`${auth}/connect/introspect`, {
        method: 'POST',
        body: new URLSearchParams({ ...INTEGRATION, token }),
      })
    const res = await introspect(String(tokens.body.refresh_token))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      active: true,
      sub: per.globalIdentity,
      client_id: INTEGRATION.client_id,
    })
    expect(await (await introspect('not-a-token')).json()).toEqual({ active: false })
    const jwt = await introspect(String(tokens.body.access_token))
    expect(jwt.status).toBe(400)
    expect(await jwt.json()).toMatchObject({ error: 'unsupported_token_type' })
  })

  it('client_credentials gives license-admin-tool a LicenseAdmin token without a user', async () => {
    const res = await tokenRequest({
      grant_type: 'client_credentials',
      ...LICENSE_TOOL,
      scope: 'LicenseAdmin',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'LicenseAdmin' })
    const claims = decodeJwt(String(res.body.access_token))
    expect(claims).toMatchObject({
      sub: LICENSE_TOOL.client_id,
      client_id: LICENSE_TOOL.client_id,
      scope: 'LicenseAdmin',
    })
    expect(claims.companykey).toBeUndefined()

    const wrongSecret = await tokenRequest({
      grant_type: 'client_credentials',
      ...LICENSE_TOOL,
      client_secret: 'x',
    })
    expect(wrongSecret.status).toBe(401)
    expect(wrongSecret.body.error).toBe('invalid_client')
  })

  it('device flow: the user enters the code, signs in and picks a company; the device gets tokens', async () => {
    const res = await fetch(`${auth}/connect/deviceauthorization`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: DESKTOP, scope: 'openid AppFramework offline_access' }),
    })
    expect(res.status).toBe(200)
    const device = (await res.json()) as Record<string, string>
    expect(device.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/)
    expect(device.verification_uri).toBe(`${auth}/connect/device`)
    const poll = () =>
      tokenRequest({
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        client_id: DESKTOP,
        device_code: device.device_code!,
      })
    expect((await poll()).body.error).toBe('authorization_pending')

    const b: Browser = { jar: new Jar(), lang: 'nb' }
    let page = await browse(b, device.verification_uri!)
    expect(page.html).toContain('Skriv inn koden')
    expect(page.html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/)
    page = await submitProviderForm(b, page.html, 'op.deviceInputForm', { user_code: device.user_code! })
    for (let step = 0; step < 6 && !page.html.includes('Enheten er logget inn'); step++) {
      if (page.html.includes('op.deviceConfirmForm')) {
        expect(page.html).toContain(device.user_code)
        page = await submitProviderForm(b, page.html, 'op.deviceConfirmForm', {})
      } else if (page.html.includes('name="username"')) {
        const f = formOf(page.html)
        page = await browse(b, f.action, {
          method: 'POST',
          form: { csrf: f.csrf, username: per.email, password: DEMO_PASSWORD },
        })
      } else if (page.html.includes('name="company"')) {
        const f = formOf(page.html)
        page = await browse(b, f.action, { method: 'POST', form: { csrf: f.csrf, company: fjordbygg.key } })
      } else {
        throw new Error(`unexpected page: ${page.res.status} ${page.html.slice(0, 400)}`)
      }
    }
    expect(page.html).toContain('Enheten er logget inn')
    const tokens = await poll()
    expect(tokens.status).toBe(200)
    expect(decodeJwt(String(tokens.body.access_token))).toMatchObject({
      sub: per.globalIdentity,
      companykey: fjordbygg.key,
    })
    expect(typeof tokens.body.refresh_token).toBe('string')
  })

  it('userinfo answers the person and the company for an API access token', async () => {
    const token = await tp.token(per.email, { companyKey: fjordbygg.key })
    const res = await fetch(`${auth}/connect/userinfo`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      sub: per.globalIdentity,
      email: per.email,
      AppFramework: tp.urls.base,
      companyKey: fjordbygg.key,
    })
    const bad = await fetch(`${auth}/connect/userinfo`, { headers: { authorization: 'Bearer nope' } })
    expect(bad.status).toBe(401)
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token')
  })
})

describe('openid-client against the identity server', () => {
  it('discovers, builds a PKCE authorization URL and exchanges the code', async () => {
    const config = await oidc.discovery(new URL(auth), DESKTOP, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    })
    const verifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: SCOPE,
      prompt: 'login',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    const b: Browser = { jar: new Jar() }
    const login = await browse(b, url.href)
    const f = formOf(login.html)
    let step = await browse(b, f.action, {
      method: 'POST',
      form: { csrf: f.csrf, username: per.email, password: DEMO_PASSWORD },
    })
    const c = formOf(step.html)
    step = await browse(b, c.action, { method: 'POST', form: { csrf: c.csrf, company: nordlys.key } })
    const tokens = await oidc.authorizationCodeGrant(config, step.redirect!, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    })
    expect(tokens.token_type.toLowerCase()).toBe('bearer')
    expect(tokens.claims()).toMatchObject({
      sub: per.globalIdentity,
      companyKey: nordlys.key,
      AppFramework: tp.urls.base,
    })
    expect(decodeJwt(tokens.access_token)).toMatchObject({ companykey: nordlys.key })
    expect(tokens.refresh_token).toBeTruthy()
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!)
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ companykey: nordlys.key })
  })
})

describe('verifyAccessToken and restarts', () => {
  let dataDir: string
  let app: FastifyInstance
  let identity: Identity
  let issuer: string
  let base: string

  async function open(ttl: number, port: number) {
    base = `http://127.0.0.1:${port}/`
    issuer = `${base}identity`
    identity = await createIdentity({ store: tp.store, dataDir, issuer, apiBaseUrl: base, tokenTtl: ttl })
    app = Fastify()
    await identity.register(app)
    await app.listen({ port, host: '127.0.0.1' })
  }

  async function shut() {
    await app.close()
    await identity.close()
  }

  const password = (scope = SCOPE) =>
    fetch(`${issuer}/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        ...INTEGRATION,
        username: per.email,
        password: DEMO_PASSWORD,
        scope,
      }),
    }).then((r) => r.json() as Promise<Record<string, string>>)

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-identity-'))
    // A fixed port, so the issuer stays the same across the restarts below.
    await open(60, await freePort())
  })
  afterAll(async () => {
    await shut()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('accepts its own tokens and rejects tampered and foreign-issuer tokens', async () => {
    const tokens = await password()
    const claims = await identity.verifyAccessToken(tokens.access_token!)
    expect(claims).toMatchObject({ sub: per.globalIdentity, clientId: INTEGRATION.client_id })
    expect(claims.scope).toContain('AppFramework')

    const [h, p, s] = tokens.access_token!.split('.')
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString())
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: anne.globalIdentity })).toString('base64url')}.${s}`
    await expect(identity.verifyAccessToken(forged)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'The access token is not valid.',
    })
    await expect(identity.verifyAccessToken('garbage')).rejects.toMatchObject({ code: 'UNAUTHORIZED' })

    const foreign = await tp.token(per.email)
    await expect(identity.verifyAccessToken(foreign)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'The access token is not valid.',
    })
  })

  it('keeps keys, grants and refresh tokens across a restart', async () => {
    const tokens = await password()
    const port = Number(new URL(base).port)
    const kid = (await loadOrCreateKeys(dataDir)).jwks.keys[0]!.kid
    await shut()
    await open(60, port)
    expect((await loadOrCreateKeys(dataDir)).jwks.keys[0]!.kid).toBe(kid)
    await expect(identity.verifyAccessToken(tokens.access_token!)).resolves.toMatchObject({
      sub: per.globalIdentity,
    })
    const refreshed = await fetch(`${issuer}/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        ...INTEGRATION,
        refresh_token: tokens.refresh_token!,
      }),
    })
    expect(refreshed.status).toBe(200)
  })

  it('says an expired token has expired (token lifetime from tokenTtl)', async () => {
    const port = Number(new URL(base).port)
    await shut()
    // Two seconds: a token's expiry is in whole seconds, so one of one second issued late in a second may be
    // expired within milliseconds on a busy machine.
    await open(2, port)
    const tokens = await password()
    expect(tokens.expires_in).toBe(2)
    await expect(identity.verifyAccessToken(tokens.access_token!)).resolves.toMatchObject({
      sub: per.globalIdentity,
    })
    await new Promise((r) => setTimeout(r, 3100))
    await expect(identity.verifyAccessToken(tokens.access_token!)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'The access token has expired.',
    })
  })
})
