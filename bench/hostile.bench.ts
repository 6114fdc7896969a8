// `npm run bench:hostile`: the hostile files of issue 37 (test/support/hostile-cases.ts: decompression bombs,
// embedded files named again and again, billion laughs, deep nesting, `__proto__`, 400-digit amounts, XML at
// and over its 10 MB cap, truncated and polyglot files, links out of a scan folder), each run through the
// reader that meets it in the product, with the outcome, the time, how long this thread stood still, and how
// far memory peaked. The hostile-file suite (test/node/hostile-files.test.ts) asserts the same cases.
// BENCH_HOSTILE=word runs only the cases whose name or reader holds it.
import { closeReader } from '../document-reader/reader-host.ts'
import { closeStructuredReader } from '../electron/main/services/einvoice-reader/structured.ts'
import {
  figuresTable,
  hostileCases,
  measure,
  warmUp,
  type HostileCase,
  type Measured,
} from '../test/support/hostile-cases.ts'

const only = process.env.BENCH_HOSTILE?.toLowerCase()
const TARGETS = { ms: 5000, mb: 200 }

await warmUp()
const rows: { case: HostileCase; measured: Measured }[] = []
let failed = 0
for (const hostile of hostileCases()) {
  if (only && !`${hostile.reader} ${hostile.name}`.toLowerCase().includes(only)) continue
  const measured = await measure(await hostile.prepare())
  rows.push({ case: hostile, measured })
  const problems = [
    ...(hostile.expect.test(measured.outcome) ? [] : [`unexpected outcome: ${measured.outcome}`]),
    ...(measured.ms < (hostile.maxMs ?? TARGETS.ms) ? [] : [`took ${measured.ms.toFixed(0)} ms`]),
    ...(Math.max(measured.peakHeapMb, measured.peakRssMb, measured.maxRssRiseMb) <
    (hostile.maxMb ?? TARGETS.mb)
      ? []
      : [
          `memory peaked at ${Math.max(measured.peakHeapMb, measured.peakRssMb, measured.maxRssRiseMb).toFixed(0)} MB`,
        ]),
  ]
  if (problems.length) {
    failed++
    console.error(`${hostile.reader}: ${hostile.name}: ${problems.join('; ')}`)
  }
}
console.log(`\nHostile files (issue 37): time and peak memory per case\n${figuresTable(rows)}`)
console.log(
  `\n${rows.length - failed} of ${rows.length} cases within their bounds (default ${TARGETS.ms} ms, ${TARGETS.mb} MB)`,
)
await closeStructuredReader()
await closeReader(true)
process.exit(failed ? 1 : 0)
