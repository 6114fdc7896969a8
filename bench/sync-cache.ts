// Measures the workspace cache in Chromium: bundles sync-cache.page.ts with esbuild, serves it on loopback
// (IndexedDB needs an origin) and reads the JS heap through the DevTools protocol after a garbage collection.
import { build } from 'esbuild'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

export interface CacheFigures {
  p95: number
  median: number
  tabP95: number
  readAllMs: number
  loadMs: number
  heapMb: number
  rows: number
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export async function measureCacheInChromium(count: number): Promise<CacheFigures> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'sync-cache.page.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
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
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    await page.waitForFunction(() => 'benchCache' in window)
    const cdp = await context.newCDPSession(page)
    const figures = await page.evaluate(
      (n) => (window as unknown as { benchCache(n: number): Promise<Record<string, unknown>> }).benchCache(n),
      count,
    )
    // The rows the inbox holds stay referenced by the page until here; collect the rest, then read.
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    const result = figures as {
      times: number[]
      tabTimes: number[]
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
      readAllMs: result.readAllMs,
      loadMs: result.loadMs,
      heapMb: heap.usedSize / 1024 / 1024,
      rows: result.rows,
    }
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
    server.close()
  }
}
