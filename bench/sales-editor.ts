// Typing in a 100-line invoice: the real invoice editor (SalesEditor.vue, bundled with Vite and the Vue
// plugin as the app's renderer is) mounted in Chromium over a workspace holding a draft of BENCH_SALES_LINES
// (100) lines; each of BENCH_SALES_KEYSTROKES (500) keystrokes types a quantity into a line and is timed
// from the input event until the invoice's total shows the new sum, layout done (sales-editor.page.ts).
// Target p95 <= 16 ms (one frame). Figures are printed; nothing here fails on a slow run.
// `npm run bench:sales` runs it with the list's and invoicing's figures; it also runs alone:
// `npx tsx --tsconfig tsconfig.web.json bench/sales-editor.ts`.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { launchChromium } from '../test/e2e/support.ts'
import { bundle } from './overview-view.ts'
import { percentile } from './sync-cache.ts'

const LINES = Number(process.env.BENCH_SALES_LINES ?? 100)
const KEYSTROKES = Number(process.env.BENCH_SALES_KEYSTROKES ?? 500)
const TARGET_P95_MS = 16
const ms = (value: number) => `${value.toFixed(1)} ms`

export async function run(): Promise<void> {
  const { script, css } = await bundle(join(import.meta.dirname, 'sales-editor.page.ts'))
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
  const browser = await launchChromium()
  try {
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    await page.waitForFunction(() => 'benchSalesEditor' in globalThis)
    const result = await page.evaluate(
      ([lines, keystrokes]) =>
        (
          globalThis as unknown as {
            benchSalesEditor(lines: number, keystrokes: number): Promise<{ times: number[]; lines: number }>
          }
        ).benchSalesEditor(lines, keystrokes),
      [LINES, KEYSTROKES] as const,
    )
    // The first keystrokes warm the page's code up; the figures are of the typing that follows.
    const times = result.times.slice(Math.min(20, Math.floor(result.times.length / 10)))
    const p95 = percentile(times, 95)
    console.log(
      `sales editor: typing in a ${result.lines}-line invoice, keystroke to totals shown: ` +
        `p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...times))} ` +
        `over ${times.length} keystrokes (target p95 <= ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'ok' : 'OVER TARGET'})`,
    )
  } finally {
    await browser.stop()
    server.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run()
