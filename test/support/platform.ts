// A real platform for a test, in-process on 127.0.0.1 with a free port: a copy of the prepared data
// directory (PGlite), or a fresh database cloned from the prepared template (PostgreSQL mode, when
// LEDGERDESK_TEST_DATABASE_URL is set). Tokens come from the identity server's password grant, the
// way integrators get them.
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { DEMO_PASSWORD } from '../../platform/seed/demo-constants.ts'
import type { Store } from '../../platform/db/store.ts'
import { startPlatform, type Platform, type PlatformOptions } from '../../platform/server.ts'
import { databaseUrl, TEST_DATABASE_ENV, withAdmin, type Seed } from './templates.ts'

export interface TokenOptions {
  password?: string
  /** Selects the company of the token's `companykey` claim. */
  companyKey?: string
  scope?: string
}

export interface TestPlatform {
  urls: Platform['urls']
  store: Store
  platform: Platform
  /** The platform's data directory (database, identity keys, file store). */
  dataDir: string
  /** An access token for a user (password grant of `ledgerdesk-integration`). */
  token(email: string, opts?: TokenOptions): Promise<string>
  /** Stops the platform and starts it again on the same data (a new port, so a new issuer: fetch tokens again). */
  restart(): Promise<void>
  /** Stops answering (the port is closed) and keeps the data, as a platform that went away. */
  stop(): Promise<void>
  /** Starts a stopped platform again on its data and its old port: the same issuer, so sign-ins stay valid. */
  resume(): Promise<void>
  close(): Promise<void>
}

export async function startTestPlatform(
  options: { seed?: Seed; tokenTtl?: number; platformOptions?: Partial<PlatformOptions> } = {},
): Promise<TestPlatform> {
  const seed = options.seed ?? 'demo'
  // Projects without the global setup start from an empty directory (initdb and seeding per platform).
  const template = inject('platformTemplates')?.[seed]
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-test-'))
  if (template) cpSync(template.dataDir, dataDir, { recursive: true })
  const serverUrl = template?.database ? process.env[TEST_DATABASE_ENV] || undefined : undefined
  let database: string | undefined
  if (serverUrl && template?.database) {
    database = `ledgerdesk_test_${randomBytes(6).toString('hex')}`
    await withAdmin(serverUrl, async (c) => {
      // Concurrent clones of one template may collide briefly; try again.
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`create database ${database} template ${template.database}`)
          return
        } catch (err) {
          if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
        }
      }
    })
  }
  const start = (port = 0) =>
    startPlatform({
      ...options.platformOptions,
      port,
      host: '127.0.0.1',
      dataDir,
      seed,
      databaseUrl: database && serverUrl ? databaseUrl(serverUrl, database) : undefined,
      tokenTtl: options.tokenTtl,
      relaxedDurability: true,
    })
  let platform = await start()
  let stopped = false
  const tokens = new Map<string, string>()
  return {
    get urls() {
      return platform.urls
    },
    get store() {
      return platform.store
    },
    get platform() {
      return platform
    },
    dataDir,
    async restart() {
      await platform.close()
      platform = await start()
      tokens.clear()
    },
    async stop() {
      if (stopped) return
      stopped = true
      await platform.close()
    },
    async resume() {
      if (!stopped) return
      platform = await start(Number(new URL(platform.listenUrl).port))
      stopped = false
    },
    async token(email, opts = {}) {
      const cacheKey = JSON.stringify([email, opts])
      const cached = tokens.get(cacheKey)
      if (cached) return cached
      const form = new URLSearchParams({
        grant_type: 'password',
        client_id: 'ledgerdesk-integration',
        client_secret: 'local-integration-secret',
        username: email,
        password: opts.password ?? DEMO_PASSWORD,
        scope: opts.scope ?? 'openid profile AppFramework offline_access',
      })
      if (opts.companyKey) form.set('companykey', opts.companyKey)
      const res = await fetch(`${platform.urls.auth}/connect/token`, { method: 'POST', body: form })
      const body = (await res.json()) as { access_token?: string }
      if (!res.ok || !body.access_token)
        throw new Error(`token for ${email} failed: ${res.status} ${JSON.stringify(body)}`)
      tokens.set(cacheKey, body.access_token)
      return body.access_token
    },
    async close() {
      if (!stopped) await platform.close()
      rmSync(dataDir, { recursive: true, force: true })
      if (serverUrl && database) {
        await withAdmin(serverUrl, (c) => c.query(`drop database if exists ${database} with (force)`))
      }
    },
  }
}

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
}

/** One HTTP call to the platform's API with a token and company, answering status, headers and parsed body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
export async function api<T = any>(
  base: string,
  method: string,
  path: string,
  opts: {
    token?: string
    companyKey?: string
    body?: unknown
    rawBody?: string
    headers?: Record<string, string>
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`
  if (opts.companyKey) headers.CompanyKey = opts.companyKey
  let body: string | undefined
  if (opts.rawBody !== undefined) body = opts.rawBody
  else if (opts.body !== undefined) body = JSON.stringify(opts.body)
  if (body !== undefined) headers['Content-Type'] ??= 'application/json'
  const res = await fetch(new URL(path.replace(/^\//, ''), base), { method, headers, body })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed as T }
}

/** A reader of one company's routes over HTTP (`get('api/biz/vattypes')` answers the body); fails on a refusal. */
export function platformGet(baseUrl: string, token: string, companyKey: string) {
  return async <T>(path: string): Promise<T> => {
    const answer = await api<T>(baseUrl, 'GET', path, { token, companyKey })
    if (answer.status >= 300) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer.body
  }
}

export interface PlatformAs {
  readonly p: TestPlatform
  /** The user's bearer token. */
  readonly token: string
  /** A request as the user in a company (the file's own unless named), answered as it is. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  call(method: string, path: string, body?: unknown, companyKey?: string): Promise<ApiResponse<any>>
  /** A read of `api/biz/{path}` in a company that must answer 200: its body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  read(companyKey: string, path: string): Promise<any>
}

/**
 * A test file's own platform, started before its first test and closed after its last, and `email`'s
 * requests to it; `companyKey` is the company they go to unless one is named.
 */
export function usePlatformAs(email: string, companyKey?: string): PlatformAs {
  let platform: TestPlatform | undefined
  let token: string | undefined
  beforeAll(async () => {
    platform = await startTestPlatform()
    token = await platform.token(email)
  })
  afterAll(() => platform?.close())
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test platform is read before the file started it')
    return value
  }
  const as: PlatformAs = {
    get p() {
      return started(platform)
    },
    get token() {
      return started(token)
    },
    call: (method, path, body, company = companyKey) =>
      api(as.p.urls.base, method, path, { token: as.token, companyKey: company, body }),
    async read(company, path) {
      const r = await as.call('GET', `api/biz/${path}`, undefined, company)
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200)
      return r.body
    },
  }
  return as
}
