// Shared set-up for the browser end-to-end suite: the browser-mode host started in this process on a
// free port with a fresh data folder, and Debian's Chromium driven by playwright-core.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'
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
