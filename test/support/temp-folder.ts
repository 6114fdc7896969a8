// Vitest global setup: every temporary folder a test makes goes under one folder of the run, removed when the
// run ends. A test that leaves its folder behind (a scan station's ledger, a vault, a browser profile) then
// leaves nothing in the machine's temp folder. Node's os.tmpdir() reads TMPDIR, which the test processes
// inherit from this one.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export default function setup(): () => void {
  const before = process.env.TMPDIR
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-tests-'))
  process.env.TMPDIR = dir
  return () => {
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
  }
}
