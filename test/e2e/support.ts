// Shared set-up for the browser end-to-end suite: `useApp`, the one fixture every test file opens its app
// with (the browser-mode host started in this process on a free port with a fresh data folder, Debian's
// Chromium driven by playwright-core, the route to the platform that a test can cut, sign-in and the open
// company), and what tests use besides: calls to the platform as a colleague, axe-core and screenshots.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import type { AxeResults, RunOptions } from 'axe-core'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, type TestContext } from 'vitest'
import { startWebHost, type WebHost } from '../../electron/web/host.ts'
import { DEMO_PASSWORD, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { FRONT_END_HEADER } from '../../platform/surface/enforce.ts'
import {
  companyOpen,
  companyOption,
  companySwitcher,
  languageOption,
  languageSelect,
  openView,
  workspace,
} from './find.ts'
import { signInWithSandbox } from './sign-in-steps.ts'

export const repoRoot = resolve(import.meta.dirname, '../..')
export const screenshotDir = join(repoRoot, 'test-results/e2e')

/** What the host's services logged, each entry with the time it was written. */
export type HostLog = ReturnType<typeof timedLogger>

function timedLogger() {
  const entries: { at: number; level: string; message: string; context?: unknown }[] = []
  const push = (level: string) => (message: string, context?: Record<string, unknown>) =>
    void entries.push({ at: Date.now(), level, message, context })
  return { entries, info: push('info'), warn: push('warn'), error: push('error') }
}

/**
 * Where a failed test leaves the last of its host's log: `npm test` prints it under the failed test's name,
 * so the end of a long log says what main was doing when the test gave up.
 */
export const hostLogDir = join(repoRoot, 'test-results/vitest/host-logs')

async function keepHostLog(log: HostLog, context: TestContext, last = 40) {
  const lines = log.entries.slice(-last).map((e) => {
    const context = e.context === undefined ? '' : ` ${JSON.stringify(e.context).slice(0, 300)}`
    return `${new Date(e.at).toISOString().slice(11, 23)} ${e.level} ${e.message}${context}`
  })
  const file = context.task.file.filepath
  await mkdir(hostLogDir, { recursive: true })
  await writeFile(join(hostLogDir, `${basename(file)}.log`), `${context.task.name}\n${lines.join('\n')}\n`)
}

export interface HostFixture {
  host: WebHost
  dataDir: string
  log: HostLog
  stop(): Promise<void>
}

/**
 * Starts the host on a fresh data folder, or on `dataDir` again (the app restarting on its data; give the
 * old `port` too, so the page keeps its origin and with it its workspace in IndexedDB).
 */
export async function startHost(
  options: { dataDir?: string; port?: number; now?: () => number } = {},
): Promise<HostFixture> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'ledgerdesk-e2e-data-')))
  const log = timedLogger()
  const host = await startWebHost({
    port: options.port ?? 0,
    dataDir,
    rendererDir: join(repoRoot, 'out/renderer'),
    log,
    ...(options.now ? { now: options.now } : {}),
  })
  return {
    host,
    dataDir,
    log,
    async stop() {
      await host.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export interface BrowserFixture {
  context: BrowserContext
  stop(): Promise<void>
}

export async function launchChromium(): Promise<BrowserFixture> {
  const profile = await mkdtemp(join(tmpdir(), 'ledgerdesk-e2e-chromium-'))
  await mkdir(screenshotDir, { recursive: true })
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  })
  return {
    context,
    async stop() {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}

/**
 * The route between the host's services and the platform. The services run in this process and reach the
 * platform with the global fetch, so failing it here is the network going away (a refused connection); the
 * test's own calls to the platform go through `platformApi`, which always uses the real fetch.
 */
// This module is loaded before any test replaces the global fetch.
const realFetch = globalThis.fetch

export interface PlatformRoute {
  /** True while the route is cut. */
  cut: boolean
  /** The platform's origin, known once the host has called it (sign-in does). */
  origin(): string
  /**
   * The host's writes to the platform as they went (time, method, path, status or failure, the body's start),
   * the last 200: what a test prints when the platform does not hold what the app should have sent.
   */
  readonly writes: string[]
  restore(): void
}

/**
 * `network` runs when a test cuts or restores the route: the app's pages hear that the network went or came
 * back, as they do when a computer's network goes or returns (the browser's `offline` and `online` events).
 */
export function interceptPlatformRoute(network: (online: boolean) => void = () => undefined): PlatformRoute {
  let origin: string | null = null
  let cut = false
  const writes: string[] = []
  const record = (line: string) => {
    writes.push(`${new Date().toISOString().slice(11, 23)} ${line}`)
    if (writes.length > 200) writes.shift()
  }
  const route: PlatformRoute = {
    get cut() {
      return cut
    },
    set cut(value: boolean) {
      const changed = cut !== value
      cut = value
      if (changed) network(!value)
    },
    origin() {
      if (!origin) throw new Error('the host has not called the platform yet')
      return origin
    },
    writes,
    restore() {
      globalThis.fetch = realFetch
    },
  }
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/identity')) origin ??= url.origin
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const write = method === 'GET' ? null : `${method} ${url.pathname}${url.search}`
    if (route.cut) {
      if (write) record(`${write} cut`)
      return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))
    }
    if (!write) return realFetch(input, init)
    const body = typeof init?.body === 'string' ? ` ${init.body.slice(0, 300)}` : ''
    return realFetch(input, init).then(
      (response) => {
        record(`${write} ${response.status}${body}`)
        return response
      },
      (error: unknown) => {
        record(`${write} failed${body}`)
        throw error
      },
    )
  }
  return route
}

/** A user's token through the integration client (password grant), as a colleague's script would get one. */
export async function platformToken(origin: string, username: string): Promise<string> {
  const response = await realFetch(`${origin}/identity/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'ledgerdesk-integration',
      client_secret: 'local-integration-secret',
      username,
      password: DEMO_PASSWORD,
      scope: 'openid profile AppFramework offline_access',
    }),
  })
  if (!response.ok) throw new Error(`token for ${username}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access_token: string }).access_token
}

/** A call to the platform's business API as `username` in one company, never through the app. */
export async function platformApi<T>(
  origin: string,
  username: string,
  companyKey: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const token = await platformToken(origin, username)
  const response = await realFetch(`${origin}/api/biz/${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${token}`,
      CompanyKey: companyKey,
      'Content-Type': 'application/json',
      // A colleague in the platform's own web front end, which uses the platform's whole API.
      [FRONT_END_HEADER]: '1',
      ...init.headers,
    },
  })
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/**
 * Serious and critical axe-core violations on the page, or inside the given selectors that exist. Colours
 * are judged as the user sees them: after dialogs and drawers have finished fading in. axe is evaluated
 * over the DevTools protocol and called through functions, because the app's CSP allows no injected
 * script and no string evaluation.
 */
export async function axeViolations(page: Page, include: readonly string[] = []): Promise<string[]> {
  await page.waitForFunction(() =>
    (
      globalThis as unknown as {
        document: {
          getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[]
        }
      }
    ).document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  await page.evaluate(await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))
  return page.evaluate(async (selectors) => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> }
      }
    ).axe
    const document = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document
    const present = selectors.filter((s) => document.querySelector(s))
    const context = selectors.length ? { include: present.map((s) => [s]) } : document
    const result = await axe.run(context, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }, include)
}

/**
 * Switches the app's language from a second tab of the same host: the preference reaches every window, so
 * the page under test keeps its open panel or dialog while its language changes.
 */
export function languageSwitch(context: BrowserContext, hostUrl: string, page: Page) {
  let other: Page | null = null
  return async function setLanguage(language: 'nb' | 'en'): Promise<void> {
    if (!other) {
      other = await context.newPage()
      await other.goto(hostUrl)
    }
    await openView(other, 'settings')
    // Settings redraws while its offline sizes are counted; the list is opened again if its option went.
    for (let attempt = 1; ; attempt++) {
      try {
        await languageSelect(other).click()
        await languageOption(other, language).click({ timeout: 5_000 })
        break
      } catch (error) {
        if (attempt === 3) throw error
        await other.keyboard.press('Escape')
      }
    }
    const deadline = Date.now() + 30_000
    while ((await documentLanguage(page)) !== language) {
      if (Date.now() > deadline) throw new Error(`the page did not switch to ${language}`)
      await page.waitForTimeout(100)
    }
  }
}

const documentLanguage = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement
        .lang,
  )

export const SCREEN_SIZES = [
  [1280, 800],
  [1920, 1080],
] as const

/** Screenshots of the page as it stands, in both languages and both window sizes, into `dir`. */
export async function shootBothLanguages(
  page: Page,
  setLanguage: (language: 'nb' | 'en') => Promise<void>,
  dir: string,
  name: string,
  sizes: readonly (readonly [number, number])[] = SCREEN_SIZES,
): Promise<void> {
  await mkdir(dir, { recursive: true })
  for (const language of ['nb', 'en'] as const) {
    await setLanguage(language)
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height })
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(dir, `${name}-${language}-${width}x${height}.png`) })
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** What `useApp` gives a test file; every part is there from the file's first test until its last. */
export interface E2eApp {
  /** The browser-mode host (its `url` opens the app, `port`, `close`). */
  readonly host: WebHost
  /** The host's data folder (tokens, preferences, scan folders of this file's app). */
  readonly dataDir: string
  /** What the host's services logged. */
  readonly log: HostLog
  readonly context: BrowserContext
  /** The page the tests drive. */
  readonly page: Page
  /** The page's uncaught errors (`pageerror: …`); a file asserts it stays empty where that is its point. */
  readonly pageErrors: string[]
  /** The route from the host's services to the platform: a test cuts it to take the network away. */
  readonly route: PlatformRoute
  /** Switches the app's language from a second tab, keeping what the page under test shows open. */
  setLanguage(language: 'nb' | 'en'): Promise<void>
  /**
   * Opens the app and signs in on the Local sandbox as a user of the demo office (Anne unless another is
   * named), in the file's page unless another is given. With `open: false` it signs in on the sign-in view
   * the page already shows (after signing out).
   */
  signIn(user?: { email: string }, options?: { page?: Page; open?: boolean }): Promise<void>
  /** Opens a company from the top bar's company switcher, or by its name in the overview's list. */
  openCompany(company: { key: string; name: string }, from?: 'switcher' | 'overview'): Promise<void>
  /** Screenshots of the page in both languages (and sizes) when LEDGERDESK_SCREENS_DIR names a folder. */
  shoot(name: string, sizes?: readonly (readonly [number, number])[]): Promise<void>
  /** The app stops and starts again on its data folder and port; `whileClosed` runs in between. */
  restartHost(whileClosed?: () => void | Promise<void>): Promise<void>
}

/** The folder LEDGERDESK_SCREENS_DIR names for screenshots, or null when none are taken. */
export const screensDir = process.env.LEDGERDESK_SCREENS_DIR ?? null

/**
 * The set-up of an end-to-end test file, called once at its top: the route to the platform intercepted, then
 * before its first test the host on a fresh data folder (with the clock `now` where given) and Chromium with
 * one page; after its last test everything is stopped and removed. Without Chromium for a file that talks to
 * the host directly.
 */
export function useApp(
  options: {
    now?: () => number
    chromium?: boolean
    /**
     * `full`: this file's Local sandbox answers the platform's whole surface even where the suite runs
     * against the documented one (npm test), because what the file shows needs a route the documents do not
     * name; its documented fallback is tested elsewhere, as the file says.
     */
    surface?: 'full'
  } = {},
): E2eApp {
  const route = interceptPlatformRoute((online) => {
    const event = online ? 'online' : 'offline'
    for (const open of browser?.context.pages() ?? [])
      void open.evaluate(`window.dispatchEvent(new Event('${event}'))`).catch(() => undefined)
  })
  let fixture: HostFixture | undefined
  let browser: BrowserFixture | undefined
  let page: Page | undefined
  let switchLanguage: ((language: 'nb' | 'en') => Promise<void>) | undefined
  const pageErrors: string[] = []
  const ready = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`The app's ${name} is there only while the file's tests run`)
    return part
  }
  const hostOptions = options.now ? { now: options.now } : {}

  beforeAll(async () => {
    if (options.surface === 'full') {
      // Each test file runs in a process of its own: this changes only this file's sandbox.
      delete process.env.LEDGERDESK_SANDBOX_SURFACE
      delete process.env.LEDGERDESK_SANDBOX_RECORD
    }
    fixture = await startHost(hostOptions)
    if (options.chromium === false) return
    browser = await launchChromium()
    page = await browser.context.newPage()
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`))
    switchLanguage = languageSwitch(browser.context, fixture.host.url, page)
  }, 120_000)
  beforeEach((context) => {
    context.onTestFailed(() => (fixture ? keepHostLog(fixture.log, context) : undefined))
  })
  afterAll(async () => {
    route.restore()
    await browser?.stop()
    await fixture?.stop()
  })

  const app: E2eApp = {
    get host() {
      return ready(fixture, 'host').host
    },
    get dataDir() {
      return ready(fixture, 'host').dataDir
    },
    get log() {
      return ready(fixture, 'host').log
    },
    get context() {
      return ready(browser, 'browser').context
    },
    get page() {
      return ready(page, 'page')
    },
    pageErrors,
    route,
    setLanguage: (language) => ready(switchLanguage, 'language switch')(language),
    async signIn(user = DEMO_USERS.anne, { page = app.page, open = true } = {}) {
      if (open) await page.goto(app.host.url)
      await signInWithSandbox(page, app.context, { email: user.email, password: DEMO_PASSWORD })
    },
    async openCompany(company, from = 'switcher') {
      const { page } = app
      if (from === 'switcher') {
        await companySwitcher(page).click()
        await companyOption(page, company.name).click()
      } else {
        await openView(page, 'overview')
        await workspace(page).getByRole('button', { name: company.name, exact: true }).click()
      }
      await waitUntil(`${company.name} to open`, () => companyOpen(page, company.name).isVisible())
    },
    async shoot(name, sizes = SCREEN_SIZES) {
      if (screensDir) await shootBothLanguages(app.page, app.setLanguage, screensDir, name, sizes)
    },
    async restartHost(whileClosed) {
      const { dataDir, host } = ready(fixture, 'host')
      const port = host.port
      await host.close()
      await whileClosed?.()
      fixture = await startHost({ ...hostOptions, dataDir, port })
    },
  }
  return app
}

/** Polls `check` every 250 ms for up to 60 s (a company's first sync can take that long on a busy machine). */
async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
