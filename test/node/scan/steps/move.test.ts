// The move step alone: the original goes where the link step meant it to and the entry is done; an
// original someone already took away leaves the invoice whole.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { move } from '../../../../electron/main/services/scan/steps/move.ts'
import { company, entryOf, standIns, tempFolder } from './stand-ins.ts'

describe('the move step', () => {
  it('moves the original to its destination and counts the invoice ready', async () => {
    const folder = tempFolder()
    const originalPath = join(folder, 'invoice.pdf')
    writeFileSync(originalPath, 'x')
    const destination = join(folder, 'processed', '2026-01', 'invoice.pdf')
    const s = standIns({ entries: [entryOf({ step: 'move', folder, originalPath, destination })] })
    const run = s.runOf()
    await move(s.station, run)
    expect(existsSync(originalPath)).toBe(false)
    expect(existsSync(destination)).toBe(true)
    expect(run.entry).toMatchObject({ step: 'finished', state: 'done', destination })
    expect(run.entry.readyAt).not.toBeNull()
    expect(s.batches.get(company)?.ready).toBe(1)
  })

  it('moves nothing when the original is gone from its folder, and forgets the destination', async () => {
    const folder = tempFolder()
    mkdirSync(join(folder, 'processed'))
    const s = standIns({
      entries: [
        entryOf({
          step: 'move',
          folder,
          originalPath: join(folder, 'gone.pdf'),
          destination: join(folder, 'processed', 'gone.pdf'),
        }),
      ],
    })
    const run = s.runOf()
    await move(s.station, run)
    expect(s.moves).toEqual([])
    expect(run.entry).toMatchObject({ state: 'done', destination: null })
  })

  it('takes again an XML with the PDF’s name that came after the PDF was read, to pair it', async () => {
    const folder = tempFolder()
    const originalPath = join(folder, 'invoice.pdf')
    writeFileSync(originalPath, 'x')
    writeFileSync(join(folder, 'Invoice.XML'), '<Invoice/>')
    const destination = join(folder, 'processed', '2026-01', 'invoice.pdf')
    const s = standIns({ entries: [entryOf({ step: 'move', folder, originalPath, destination })] })
    await move(s.station, s.runOf())
    expect(s.taken).toEqual([join(folder, 'Invoice.XML')])
  })

  it('counts an invoice ready once when it comes back to attach a late XML', async () => {
    const folder = tempFolder()
    const destination = join(folder, 'processed', '2026-01', 'invoice.pdf')
    mkdirSync(join(folder, 'processed', '2026-01'), { recursive: true })
    writeFileSync(destination, 'x')
    writeFileSync(join(folder, 'invoice.xml'), '<Invoice/>')
    const partner = {
      sha256: 'sha-x',
      path: join(folder, 'invoice.xml'),
      name: 'invoice.xml',
      fileId: 7,
      destination: join(folder, 'processed', '2026-01', 'invoice.xml'),
    }
    const entry = entryOf({
      step: 'move',
      folder,
      originalPath: join(folder, 'invoice.pdf'),
      destination,
      partner,
      readyAt: '2026-01-01T00:00:00.000Z',
    })
    const s = standIns({ entries: [entry] })
    const run = s.runOf()
    await move(s.station, run)
    expect(existsSync(partner.destination)).toBe(true)
    expect(run.entry).toMatchObject({ state: 'done', destination, readyAt: '2026-01-01T00:00:00.000Z' })
    expect(s.batches.get(company)?.ready ?? 0).toBe(0)
    expect(s.taken).toEqual([])
  })
})
