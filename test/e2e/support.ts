// Shared set-up for the browser end-to-end suite: the browser-mode host started in this process on a
// free port with a fresh data folder, and Debian's Chromium driven by playwright-core.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { memoryLogger } from '../../electron/main/logger.ts'
import { startWebHost, type WebHost } from '../../electron/web/host.ts'

export const repoRoot = resolve(import.meta.dirname, '../..')
export const screenshotDir = join(repoRoot, 'test-results/e2e')

export interface HostFixture {
  host: WebHost
  dataDir: string
  log: ReturnType<typeof memoryLogger>
  stop(): Promise<void>
}

export async function startHost(): Promise<HostFixture> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-e2e-data-'))
  const log = memoryLogger()
  const host = await startWebHost({ port: 0, dataDir, rendererDir: join(repoRoot, 'out/renderer'), log })
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
 * Serious and critical axe-core findings inside the first of `selectors` found on the page (all of them when
 * several match). axe is evaluated as a function source, which the app's CSP allows (no injected <script>).
 */
export async function axeFindings(page: Page, selectors: string[]): Promise<string[]> {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  await page.evaluate(source)
  return page.evaluate(async (wanted) => {
    type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] }
    const g = globalThis as unknown as {
      axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Violation[] }> }
      document: { querySelector(s: string): unknown }
    }
    const include = wanted.filter((s) => g.document.querySelector(s))
    const result = await g.axe.run({ include: include.map((s) => [s]) }, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }, selectors)
}
