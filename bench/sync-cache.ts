// Runs benchmark pages in Chromium: bundles a page script with esbuild, serves it on loopback (IndexedDB
// needs an origin), exposes main's calls to it, and reads the JS heap through the DevTools protocol.
import { build } from 'esbuild'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type CDPSession, type Page } from 'playwright-core'

export async function withBenchPage<T>(
  entry: string,
  exposed: Record<string, (...args: never[]) => unknown>,
  use: (page: Page, cdp: CDPSession) => Promise<T>,
): Promise<T> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    alias: {
      '@common': join(import.meta.dirname, '../common'),
      '@renderer': join(import.meta.dirname, '../renderer/src'),
    },
  })
  const script = bundle.outputFiles[0]!.text
  const server = createServer((req, res) => {
    if (req.url === '/bench.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      res.end(script)
    } else {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><title>bench</title><script type="module" src="/bench.js"></script>')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const profile = await mkdtemp(join(tmpdir(), 'ledgerdesk-bench-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    for (const [name, fn] of Object.entries(exposed)) await page.exposeFunction(name, fn)
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    return await use(page, await context.newCDPSession(page))
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
    server.close()
  }
}

export interface CacheFigures {
  p95: number
  median: number
  tabP95: number
  firstSearchMs: number
  readAllMs: number
  loadMs: number
  heapMb: number
  rows: number
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export async function measureCacheInChromium(count: number): Promise<CacheFigures> {
  return withBenchPage('sync-cache.page.ts', {}, async (page, cdp) => {
    await page.waitForFunction(() => 'benchCache' in globalThis)
    const figures = await page.evaluate(
      (n) =>
        (globalThis as unknown as { benchCache(n: number): Promise<Record<string, unknown>> }).benchCache(n),
      count,
    )
    // The rows the inbox holds stay referenced by the page; collect the rest, then read.
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    const result = figures as {
      times: number[]
      tabTimes: number[]
      firstSearchMs: number
      readAllMs: number
      loadMs: number
      rows: number
      found: number
    }
    if (result.rows !== count || result.found === 0)
      throw new Error(`the cache bench read ${result.rows} rows, found ${result.found}`)
    return {
      p95: percentile(result.times, 95),
      median: percentile(result.times, 50),
      tabP95: percentile(result.tabTimes, 95),
      firstSearchMs: result.firstSearchMs,
      readAllMs: result.readAllMs,
      loadMs: result.loadMs,
      heapMb: heap.usedSize / 1024 / 1024,
      rows: result.rows,
    }
  })
}

export interface OverviewFigures {
  p95: number
  median: number
  invoices: number
}

export async function measureOverviewInChromium(companies: number): Promise<OverviewFigures> {
  return withBenchPage('sync-cache.page.ts', {}, async (page) => {
    await page.waitForFunction(() => 'benchOverview' in globalThis)
    const result = await page.evaluate(
      (n) =>
        (
          globalThis as unknown as {
            benchOverview(n: number): Promise<{ times: number[]; counted: number; invoices: number }>
          }
        ).benchOverview(n),
      companies,
    )
    if (result.counted !== companies)
      throw new Error(`the overview counted ${result.counted} of ${companies} companies`)
    return {
      p95: percentile(result.times, 95),
      median: percentile(result.times, 50),
      invoices: result.invoices,
    }
  })
}
