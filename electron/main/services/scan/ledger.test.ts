// The scan ledger's journal: changes of one entry recorded at once each keep the others', in memory as on
// disk (the journal read again gives the same entry).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { UNSTARTED, openLedger, type LedgerEntry } from './ledger.ts'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const sha = 'a'.repeat(64)
const entry: Partial<LedgerEntry> = {
  ...UNSTARTED,
  companyKey: 'nordlys',
  state: 'queued',
  step: 'upload',
  originalPath: '/scans/faktura.pdf',
  name: 'faktura.pdf',
  folder: '/scans',
  kind: 'pdf',
  size: 1000,
  takenAt: '2026-12-05T10:00:00.000Z',
}

describe('the scan ledger', () => {
  it('keeps every change of an entry recorded at the same time, as the journal replays them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scan-ledger-'))
    dirs.push(dir)
    const path = join(dir, 'nordlys.jsonl')
    const ledger = await openLedger(path)
    await ledger.record(sha, entry)
    const [first, second, third] = await Promise.all([
      ledger.record(sha, { fileId: 7 }),
      ledger.record(sha, { state: 'uploading', attempts: 1 }),
      ledger.record(sha, { invoiceId: 9 }),
    ])
    expect(first).toMatchObject({ fileId: 7, state: 'queued' })
    expect(second).toMatchObject({ fileId: 7, state: 'uploading', attempts: 1 })
    expect(third).toMatchObject({ fileId: 7, state: 'uploading', attempts: 1, invoiceId: 9 })
    expect(ledger.get(sha)).toEqual(third)
    await ledger.close()

    const again = await openLedger(path)
    expect(again.get(sha)).toEqual(third)
    await again.close()
  })
})
