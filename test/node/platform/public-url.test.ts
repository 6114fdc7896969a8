// A platform behind a reverse proxy (`publicUrl`): a small HTTP proxy on its own port is the public address,
// passing requests on with the platform's own Host as proxies commonly do. The endpoint set, the identity
// server's discovery document, the tokens' AppFramework claim and the file server's download links all name
// the proxy, and every one of them works through it.
import { createHash, randomBytes } from 'node:crypto'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { pngBytes, sha256, upload } from './files-helpers.ts'

const nordlys = DEMO_COMPANIES.nordlys.key

let proxy: Server
let publicUrl: string
let p: TestPlatform
/** Requests that reached the platform through the proxy, as `METHOD path`. */
const proxied: string[] = []

/** A reverse proxy on 127.0.0.1 forwarding everything to `target()`, with the target's Host. */
function startProxy(target: () => URL): Promise<Server> {
  const server = createServer((req, res) => {
    const to = target()
    proxied.push(`${req.method} ${req.url}`)
    const upstream = httpRequest(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host, 'x-forwarded-host': req.headers.host ?? '' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => {
      res.writeHead(502).end()
    })
    req.pipe(upstream)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Follows the identity server's redirects like a browser (one cookie jar) until it leaves for the client. */
async function browse(jar: Map<string, string>, url: string, form?: Record<string, string>) {
  let next = new URL(url)
  let body = form ? new URLSearchParams(form) : undefined
  const seen: string[] = []
  for (let hops = 0; hops < 10; hops++) {
    seen.push(next.href)
    const res = await fetch(next, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const line of res.headers.getSetCookie()) {
      const [name = '', value = ''] = line.split(';')[0]!.split(/=(.*)/)
      if (value) jar.set(name.trim(), value)
      else jar.delete(name.trim())
    }
    const location = res.headers.get('location')
    if (res.status >= 300 && res.status < 400 && location) {
      next = new URL(location, next)
      body = undefined
      if (!next.href.startsWith(publicUrl)) return { redirect: next, html: '', seen }
      continue
    }
    return { redirect: undefined, html: await res.text(), seen }
  }
  throw new Error('too many redirects')
}

function formOf(html: string, base: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
  if (!action || !csrf) throw new Error(`no form in page: ${html.slice(0, 300)}`)
  return { action: new URL(action.replace(/&#38;/g, '&'), base).href, csrf }
}

const jwtPayload = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>

beforeAll(async () => {
  proxy = await startProxy(() => new URL(p.platform.listenUrl))
  publicUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`
  p = await startTestPlatform({ platformOptions: { publicUrl } })
})
afterAll(async () => {
  await p?.close()
  await new Promise((resolve) => proxy?.close(resolve))
})

describe('a platform behind a reverse proxy', () => {
  it('listens on its own address and announces the public one', () => {
    expect(p.platform.listenUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect(p.platform.listenUrl).not.toBe(publicUrl)
    expect(p.urls).toEqual({
      base: publicUrl,
      auth: `${publicUrl}identity`,
      files: `${publicUrl}files`,
      license: `${publicUrl}license`,
      licenseAdmin: `${publicUrl}license-admin`,
    })
  })

  it('names the public URL in the endpoint set, read through the proxy', async () => {
    const res = await fetch(`${publicUrl}api/endpoints`)
    expect(res.status).toBe(200)
    const endpoints = (await res.json()) as Record<string, string>
    expect(endpoints).toMatchObject({
      AppFramework: publicUrl,
      Identity: `${publicUrl}identity`,
      Files: `${publicUrl}files`,
      License: `${publicUrl}license`,
      Job: `${publicUrl}api/`,
      Integration: `${publicUrl}api/`,
    })
    for (const url of Object.values(endpoints).filter(Boolean)) expect(url.startsWith(publicUrl)).toBe(true)
  })

  it('gives the identity server the public issuer and endpoints, whatever Host the proxy passes on', async () => {
    const res = await fetch(`${publicUrl}identity/.well-known/openid-configuration`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as Record<string, unknown>
    expect(doc.issuer).toBe(`${publicUrl}identity`)
    expect(doc.token_endpoint).toBe(`${publicUrl}identity/connect/token`)
    expect(doc.authorization_endpoint).toBe(`${publicUrl}identity/connect/authorize`)
    expect(doc.jwks_uri).toBe(`${publicUrl}identity/.well-known/openid-configuration/jwks`)
    const urls = Object.values(doc).filter((v): v is string => typeof v === 'string' && /^https?:/.test(v))
    expect(urls.length).toBeGreaterThan(5)
    for (const url of urls) expect(url.startsWith(publicUrl), url).toBe(true)
    // The keys are served through the proxy too.
    const jwks = await fetch(doc.jwks_uri as string)
    expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0)
  })

  it('puts the public URL in the AppFramework claim of a password-grant token, which the API accepts', async () => {
    const before = proxied.length
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: 'ledgerdesk-integration',
      client_secret: 'local-integration-secret',
      username: DEMO_USERS.anne.email,
      password: DEMO_PASSWORD,
      scope: 'openid profile AppFramework offline_access',
    })
    const res = await fetch(`${publicUrl}identity/connect/token`, { method: 'POST', body: form })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { access_token: string; id_token: string }
    expect(proxied.slice(before)).toContain('POST /identity/connect/token')
    expect(jwtPayload(body.access_token)).toMatchObject({
      AppFramework: publicUrl,
      iss: `${publicUrl}identity`,
      aud: publicUrl,
    })
    expect(jwtPayload(body.id_token)).toMatchObject({ AppFramework: publicUrl, iss: `${publicUrl}identity` })
    const companies = await api<{ Key: string }[]>(publicUrl, 'GET', 'api/init/companies', {
      token: body.access_token,
    })
    expect(companies.status).toBe(200)
    expect(companies.body.map((c) => c.Key)).toContain(nordlys)
  })

  it('signs in through the pages and redirects only to public addresses', async () => {
    const jar = new Map<string, string>()
    const verifier = randomBytes(32).toString('base64url')
    const authorize = new URL(`${publicUrl}identity/connect/authorize`)
    for (const [k, v] of Object.entries({
      client_id: 'ledgerdesk-desktop',
      redirect_uri: 'http://127.0.0.1:53682/callback',
      response_type: 'code',
      prompt: 'login',
      scope: 'openid profile AppFramework offline_access',
      state: 'public-url',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(k, v)
    const login = await browse(jar, authorize.href)
    const form = formOf(login.html, `${publicUrl}identity/`)
    let step = await browse(jar, form.action, {
      csrf: form.csrf,
      username: DEMO_USERS.anne.email,
      password: DEMO_PASSWORD,
    })
    if (!step.redirect) {
      const choice = formOf(step.html, `${publicUrl}identity/`)
      step = await browse(jar, choice.action, { csrf: choice.csrf, company: nordlys })
    }
    expect(step.redirect?.origin).toBe('http://127.0.0.1:53682')
    for (const url of [...login.seen, ...step.seen]) expect(url.startsWith(publicUrl), url).toBe(true)
    const res = await fetch(`${publicUrl}identity/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'ledgerdesk-desktop',
        code: step.redirect!.searchParams.get('code')!,
        redirect_uri: 'http://127.0.0.1:53682/callback',
        code_verifier: verifier,
      }),
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { access_token: string }
    expect(jwtPayload(body.access_token)).toMatchObject({ AppFramework: publicUrl, companykey: nordlys })
  })

  it('hands out download links under the public URL that serve the bytes through the proxy', async () => {
    const anne = await p.token(DEMO_USERS.anne.email)
    const bytes = pngBytes()
    const up = await upload(p, { bytes, fileName: 'behind-proxy.png', key: nordlys }, { token: anne })
    expect(up.status).toBe(201)
    const link = await api<string>(publicUrl, 'GET', `api/biz/files/${up.body.ID}?action=download`, {
      token: anne,
      companyKey: nordlys,
    })
    expect(link.status).toBe(200)
    expect(link.body.startsWith(`${publicUrl}files/api/download/${up.body.ID}?`)).toBe(true)
    const before = proxied.length
    const res = await fetch(link.body)
    expect(res.status).toBe(200)
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(bytes))
    expect(proxied.slice(before)[0]).toMatch(new RegExp(`^GET /files/api/download/${up.body.ID}\\?`))
  })
})

describe('a platform behind TLS termination', () => {
  let tls: TestPlatform
  const httpsUrl = 'https://ledger.example.test/'
  beforeAll(async () => {
    tls = await startTestPlatform({ platformOptions: { publicUrl: httpsUrl } })
  })
  afterAll(() => tls?.close())

  it('announces https endpoints and marks its sign-in cookies Secure, though it is reached over plain HTTP', async () => {
    const listen = tls.platform.listenUrl
    const endpoints = (await (await fetch(`${listen}api/endpoints`)).json()) as Record<string, string>
    expect(endpoints.AppFramework).toBe(httpsUrl)
    expect(endpoints.Identity).toBe(`${httpsUrl}identity`)
    const doc = (await (await fetch(`${listen}identity/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >
    expect(doc.issuer).toBe(`${httpsUrl}identity`)
    expect(doc.token_endpoint).toBe(`${httpsUrl}identity/connect/token`)
    const authorize = new URL(`${listen}identity/connect/authorize`)
    for (const [k, v] of Object.entries({
      client_id: 'ledgerdesk-desktop',
      redirect_uri: 'http://127.0.0.1:53682/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: createHash('sha256').update('x'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(k, v)
    const res = await fetch(authorize, { redirect: 'manual' })
    expect(res.status).toBeGreaterThanOrEqual(300)
    expect(res.status).toBeLessThan(400)
    const cookies = res.headers.getSetCookie()
    expect(cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i)
  })
})
