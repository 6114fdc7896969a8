// The office overview as the accountant sees it: the real OverviewView (bundled with Vite and the Vue plugin,
// as the app's renderer is) mounted in Chromium over a workspace of `companies` companies, timed from mount
// until every row shows its counts. Part `overview` of `npm run bench:sync`.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { chromium } from 'playwright-core'
import { build, type Rollup } from 'vite'
import { percentile } from './sync-cache.ts'

/** A page script of the benches (and the components it imports) bundled for Chromium, with its CSS. */
export async function bundle(
  entry = join(import.meta.dirname, 'overview-view.page.ts'),
): Promise<{ script: string; css: string }> {
  const root = join(import.meta.dirname, '..')
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [vue()],
    resolve: {
      alias: { '@renderer': join(root, 'renderer/src'), '@common': join(root, 'common') },
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['es'], fileName: 'bench' },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[]
  const output = (Array.isArray(out) ? out[0]! : out).output
  const script = output.find((o): o is Rollup.OutputChunk => o.type === 'chunk')!.code
  const css = output
    .filter((o): o is Rollup.OutputAsset => o.type === 'asset' && o.fileName.endsWith('.css'))
    .map((o) => String(o.source))
    .join('\n')
  return { script, css }
}

export interface OverviewViewFigures {
  openMs: number
  firstMs: number
  p95: number
  median: number
  invoices: number
}

export async function measureOverviewView(companies: number, mounts = 21): Promise<OverviewViewFigures> {
  const { script, css } = await bundle()
  const server = createServer((req, res) => {
    if (req.url === '/bench.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      res.end(script)
    } else {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(
        `<!doctype html><html lang="nb"><title>bench</title><style>${css}</style>` +
          '<script type="module" src="/bench.js"></script>',
      )
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const profile = await mkdtemp(join(tmpdir(), 'ledgerdesk-bench-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    viewport: { width: 1920, height: 1080 },
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    await page.waitForFunction(() => 'benchOverviewView' in globalThis)
    const result = await page.evaluate(
      ([n, m]) =>
        (
          globalThis as unknown as {
            benchOverviewView(
              n: number,
              m: number,
            ): Promise<{ openMs: number; first: number; again: number[]; invoices: number }>
          }
        ).benchOverviewView(n, m),
      [companies, mounts] as const,
    )
    return {
      openMs: result.openMs,
      firstMs: result.first,
      p95: percentile(result.again, 95),
      median: percentile(result.again, 50),
      invoices: result.invoices,
    }
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
    server.close()
  }
}
