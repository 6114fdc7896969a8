// How a run that threw ends, alone: a cancel, a platform out of reach, a local file error and the
// platform's refusal of the content each leave the entry and the file where the station says.
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Cancelled } from '../../../../electron/main/services/scan/station.ts'
import { settleFailure, type SettleStation } from '../../../../electron/main/services/scan/steps/settle.ts'
import { company, entryOf, standIns, tempFolder } from './stand-ins.ts'

function settleStandIns(change = {}) {
  const s = standIns({ entries: [entryOf({ step: 'upload', state: 'uploading', ...change })] })
  const pauses: string[] = []
  const fronts: boolean[] = []
  const station: SettleStation = {
    ...s.station,
    enqueue: (_, __, front) => void fronts.push(front === true),
    cancelled: new Set(),
    closed: () => false,
    pause: (reason) => void pauses.push(reason),
  }
  return { ...s, station, pauses, fronts }
}

describe('a failed run', () => {
  it('is recorded as cancelled when the run was cancelled', async () => {
    const s = settleStandIns()
    await settleFailure(s.station, s.runOf(), new Cancelled())
    expect(s.ledger.get('sha-1')?.state).toBe('cancelled')
  })

  it('waits at the front of the queue, paused, while the platform cannot be reached', async () => {
    const s = settleStandIns()
    await settleFailure(s.station, s.runOf(), Object.assign(new Error('no network'), { code: 'API_NETWORK' }))
    expect(s.fronts).toEqual([true])
    expect(s.pauses).toEqual(['no network'])
    expect(s.ledger.get('sha-1')).toMatchObject({ state: 'queued', reason: { code: 'waiting' } })
  })

  it('leaves the file where it is after a local file error, to be retried at its step', async () => {
    const s = settleStandIns()
    await settleFailure(s.station, s.runOf(), Object.assign(new Error('busy'), { code: 'EBUSY' }))
    expect(s.ledger.get('sha-1')).toMatchObject({
      state: 'failed',
      step: 'upload',
      reason: { code: 'localFile' },
    })
    expect(s.batches.get(company)?.failed).toBe(1)
  })

  it("sends a file whose content the platform refused to failed/, with the platform's words", async () => {
    const folder = tempFolder()
    const originalPath = join(folder, 'invoice.pdf')
    writeFileSync(originalPath, 'x')
    const s = settleStandIns({ folder, originalPath })
    await settleFailure(s.station, s.runOf(), new Error('not a readable document'))
    const entry = s.ledger.get('sha-1')!
    expect(entry).toMatchObject({ state: 'failed', step: 'finished', reason: { code: 'refused' } })
    expect(entry.destination).toBe(join(folder, 'failed', 'invoice.pdf'))
    expect(existsSync(originalPath)).toBe(false)
    expect(existsSync(`${entry.destination}.reason.txt`)).toBe(true)
  })

  it('leaves the file where it is when a later step is refused', async () => {
    const folder = tempFolder()
    const originalPath = join(folder, 'invoice.pdf')
    writeFileSync(originalPath, 'x')
    const s = settleStandIns({ folder, originalPath, step: 'invoice', state: 'creating' })
    await settleFailure(s.station, s.runOf(), new Error('refused'))
    expect(s.ledger.get('sha-1')).toMatchObject({
      state: 'failed',
      step: 'invoice',
      reason: { code: 'refused' },
    })
    expect(existsSync(originalPath)).toBe(true)
  })
})
