// Sales: the list over 20,000 cached customer invoices (tab switch and search), typing in a 100-line
// invoice in Chromium, invoicing 100 drafts through the outbox against the Local sandbox, and the customer's
// PDF of 1,000 lines of 500 characters (wrapping its texts, and the whole PDF). Each part
// runs in a process of its own, so one part's memory and timers never colour another's figures; each also
// runs alone (`npx tsx --tsconfig tsconfig.web.json bench/sales-<part>.ts`).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const parts = ['sales-list.ts', 'sales-editor.ts', 'sales-invoicing.ts', 'sales-pdf.ts']
let failed = 0
for (const part of parts) {
  console.log(`\n-- ${part}`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, part)], {
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: join(import.meta.dirname, '..', 'tsconfig.web.json') },
  })
  if (run.status !== 0) {
    failed++
    console.error(`${part} failed (exit ${run.status ?? run.signal})`)
  }
}
process.exit(failed > 0 ? 1 : 0)
