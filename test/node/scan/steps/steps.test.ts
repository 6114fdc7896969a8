// The steps composed: a run takes its entry from the step it is at through the rest, in order, and a
// step that throws ends the run as settle.ts says.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runEntry, steps, type RunStation } from '../../../../electron/main/services/scan/steps/index.ts'
import { STEPS } from '../../../../electron/main/services/scan/ledger.ts'
import { entryOf, standIns, tempFolder } from './stand-ins.ts'

function runStandIns(change = {}, platform = {}) {
  const folder = tempFolder()
  const originalPath = join(folder, 'invoice.pdf')
  writeFileSync(originalPath, 'x')
  const s = standIns({ entries: [entryOf({ folder, originalPath, ...change })], platform })
  const station: RunStation = { ...s.station, cancelled: new Set(), closed: () => false, pause: () => {} }
  return { ...s, station }
}

describe('the scan steps', () => {
  it("are the ledger's steps in the ledger's order", () => {
    expect(steps.map(([name]) => name)).toEqual([...STEPS])
  })

  it('run an entry from the step it is at to done, counting the attempt', async () => {
    const s = runStandIns(
      { step: 'invoice', state: 'creating', fileId: 4, supplierId: 5, fields: { orgNumber: null } },
      { createInvoice: async () => 70, link: async () => {} },
    )
    await runEntry(s.station, 'c1', 'sha-1', new AbortController().signal)
    expect(s.calls).toEqual(['createInvoice', 'link'])
    expect(s.ledger.get('sha-1')).toMatchObject({
      state: 'done',
      step: 'finished',
      invoiceId: 70,
      attempts: 1,
    })
  })

  it('end a run whose step throws as that failure, at that step', async () => {
    const s = runStandIns(
      { step: 'invoice', state: 'creating', fileId: 4, supplierId: 5, fields: { orgNumber: null } },
      { createInvoice: async () => Promise.reject(new Error('no such supplier')) },
    )
    await runEntry(s.station, 'c1', 'sha-1', new AbortController().signal)
    expect(s.ledger.get('sha-1')).toMatchObject({
      state: 'failed',
      step: 'invoice',
      reason: { code: 'refused' },
    })
  })

  it('leave a done or failed entry alone', async () => {
    const s = runStandIns({ state: 'done', step: 'finished' })
    await runEntry(s.station, 'c1', 'sha-1', new AbortController().signal)
    expect(s.ledger.get('sha-1')?.attempts).toBe(0)
  })
})
