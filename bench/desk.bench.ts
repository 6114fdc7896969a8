// `npm run bench:desk`: the office's day in figures. An office of 30 client companies with 300 cached
// supplier invoices each, in Chromium's IndexedDB (desk.page.ts): the review desk opened (target 300 ms)
// and the review's next invoice shown where it is another company's (p95 target 50 ms, moves back to back
// and with a pause between), read from the cache as the review reads it; then the straight-through decision
// for 1,000 incoming invoices (straight-through.bench.ts). The figure for the next invoice
// is the cache's part (the invoice, its supplier, document and OCR answer, that company's lookups); drawing
// the document's first page is measured by `npm run bench:review`.
// BENCH_DESK_COMPANIES and BENCH_DESK_INVOICES change the office's size.
import { percentile, withBenchPage } from './sync-cache.ts'

const companies = Number(process.env.BENCH_DESK_COMPANIES ?? 30)
const perCompany = Number(process.env.BENCH_DESK_INVOICES ?? 300)
const moves = 200

interface DeskFigures {
  seedMs: number
  firstOpenMs: number
  openTimes: number[]
  nextTimes: number[]
  rows: number
  spanned: number
  shown: number
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const verdict = (value: number, target: number) => (value <= target ? 'within' : 'OVER')

async function measureDesk(): Promise<DeskFigures> {
  return withBenchPage('desk.page.ts', {}, async (page) => {
    await page.waitForFunction(() => 'benchDesk' in globalThis)
    return page.evaluate(
      ([c, n, m]) =>
        (
          globalThis as unknown as { benchDesk(c: number, n: number, m: number): Promise<DeskFigures> }
        ).benchDesk(c, n, m),
      [companies, perCompany, moves] as const,
    )
  })
}

const desk = await measureDesk()
if (desk.spanned !== companies || desk.rows === 0 || desk.shown !== desk.nextTimes.length)
  throw new Error(
    `the desk spanned ${desk.spanned} of ${companies} companies, listed ${desk.rows} invoices and showed ${desk.shown} of ${desk.nextTimes.length} moved to`,
  )
const openMedian = percentile(desk.openTimes, 50)
const nextP95 = percentile(desk.nextTimes, 95)
console.log(
  `Review desk: ${companies} companies × ${perCompany} cached invoices (${desk.rows} in the desk's queue; cache filled in ${(desk.seedMs / 1000).toFixed(1)} s)`,
)
console.log(
  `  open the desk: first ${ms(desk.firstOpenMs)}, again median ${ms(openMedian)}, p95 ${ms(percentile(desk.openTimes, 95))} (target 300 ms: ${verdict(Math.max(desk.firstOpenMs, openMedian), 300)})`,
)
console.log(
  `  next invoice, another company's: p95 ${ms(nextP95)}, median ${ms(percentile(desk.nextTimes, 50))}, worst ${ms(Math.max(...desk.nextTimes))} over ${desk.nextTimes.length} moves (target p95 50 ms: ${verdict(nextP95, 50)})`,
)

if (desk.firstOpenMs > 300 || openMedian > 300 || nextP95 > 50) process.exitCode = 1

// Straight-through decision for 1,000 incoming invoices (target 1 s): the straight-through rules' own bench
// (`npm run bench:straight`), run here beside the desk's figures; it sets the exit code when over target.
console.log('')
await import('./straight-through.bench.ts')
