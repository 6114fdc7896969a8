// Runs every benchmark in this folder (`*.bench.ts`), one after the other in its own process so one
// benchmark's memory and timers never colour another's figures. Exits non-zero when one fails.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()

let failed = 0
for (const file of benches) {
  console.log(`\n== ${file}`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], { stdio: 'inherit' })
  if (run.status !== 0) {
    failed++
    console.error(`${file} failed (exit ${run.status ?? run.signal})`)
  }
}
console.log(`\n${benches.length - failed} of ${benches.length} benchmarks completed`)
process.exit(failed > 0 ? 1 : 0)
