// The take step alone: a file's size is checked before a byte is read, a link is never followed, a file
// gone before it is read is `missing`, and one path taken twice at once is taken once.
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTakeGate, take } from '../../../../electron/main/services/scan/steps/take.ts'
import { company, standIns, tempFolder } from './stand-ins.ts'

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n')

function takeStation(s: ReturnType<typeof standIns>, limit = 2) {
  const reads: string[] = []
  const station = {
    ...s.station,
    gate: createTakeGate(limit),
    ops: {
      ...s.station.ops,
      readFile: (path: string) => {
        reads.push(path)
        return s.station.ops.readFile(path)
      },
    },
  }
  return { station, reads }
}

describe('the take step', () => {
  it('fails a file over the size limit as too large without reading it, and sets it aside in failed/', async () => {
    const folder = tempFolder()
    const path = join(folder, 'big.pdf')
    writeFileSync(path, Buffer.alloc(2000, 1))
    const s = standIns()
    const { station, reads } = takeStation(s)
    expect(await take(station, { companyKey: company, path, folder })).toBe('failed')
    expect(reads).toEqual([])
    const [entry] = s.ledger.entries()
    expect(entry).toMatchObject({ state: 'failed', step: 'finished', reason: { code: 'tooLarge' } })
    expect(existsSync(path)).toBe(false)
    expect(readFileSync(`${entry!.destination}.reason.txt`, 'utf8')).not.toBe('')
    expect(s.batches.get(company)?.failed).toBe(1)
  })

  it('skips a link and answers a file gone before it is read as missing', async () => {
    const folder = tempFolder()
    writeFileSync(join(folder, 'real.pdf'), pdf)
    symlinkSync(join(folder, 'real.pdf'), join(folder, 'link.pdf'))
    const s = standIns()
    const { station, reads } = takeStation(s)
    expect(await take(station, { companyKey: company, path: join(folder, 'link.pdf'), folder })).toBe(
      'skipped',
    )
    expect(await take(station, { companyKey: company, path: join(folder, 'gone.pdf'), folder })).toBe(
      'missing',
    )
    expect(reads).toEqual([])
    expect(s.ledger.entries()).toEqual([])
  })

  it('takes a file to identify, and one path taken twice at once only once', async () => {
    const folder = tempFolder()
    const path = join(folder, 'invoice.pdf')
    writeFileSync(path, pdf)
    const s = standIns()
    const { station } = takeStation(s)
    const both = await Promise.all([
      take(station, { companyKey: company, path, folder }),
      take(station, { companyKey: company, path, folder }),
    ])
    expect(both).toEqual(['queued', 'already'])
    expect(s.ledger.entries()).toHaveLength(1)
    expect(s.enqueued).toHaveLength(1)
  })
})

describe('the take gate', () => {
  it('lets `limit` files in at once and the next one when one leaves', async () => {
    const gate = createTakeGate(1)
    expect(await gate.enter('a')).toBe(true)
    let second = false
    const waiting = gate.enter('b').then((v) => (second = v))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(second).toBe(false)
    expect(gate.size).toBe(2)
    gate.leave('a')
    await waiting
    expect(second).toBe(true)
    expect(gate.size).toBe(1)
  })
})
