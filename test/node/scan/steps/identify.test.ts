// The identify step alone: what a file just read and hashed is to this station (new, resumed, a
// duplicate of this user's or of another user's invoice, or no document at all).
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DuplicateRecord, LedgerEntry } from '../../../../electron/main/services/scan/ledger.ts'
import { identify } from '../../../../electron/main/services/scan/steps/identify.ts'
import { company, entryOf, standIns, tempFolder } from './stand-ins.ts'

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n')

function fileIn(folder: string, name: string, bytes: Uint8Array) {
  const path = join(folder, name)
  writeFileSync(path, bytes)
  return { companyKey: company, path, folder }
}

describe('the identify step', () => {
  it('queues a new document at upload, of the kind its bytes say', async () => {
    const folder = tempFolder()
    const s = standIns()
    const req = fileIn(folder, 'a.pdf', pdf)
    expect(await identify(s.station, req, 'sha-new', pdf)).toBe('queued')
    expect(s.ledger.get('sha-new')).toMatchObject({
      state: 'queued',
      step: 'upload',
      kind: 'pdf',
      originalPath: req.path,
      elsewhere: false,
    })
    expect(s.enqueued).toEqual(['sha-new'])
    expect(s.calls).toEqual([])
  })

  it('fails a file that is no document, with the reason sniffing gives', async () => {
    const folder = tempFolder()
    const s = standIns()
    const req = fileIn(folder, 'notes.txt', Buffer.from('just some text'))
    expect(await identify(s.station, req, 'sha-txt', Buffer.from('just some text'))).toBe('failed')
    expect(s.ledger.get('sha-txt')).toMatchObject({ state: 'failed', reason: { code: 'unknownType' } })
    expect(s.enqueued).toEqual([])
  })

  it("writes a failed file's note before the file leaves: a stop between the two is mended by the next start", async () => {
    const folder = tempFolder()
    const text = Buffer.from('just some text')
    const req = fileIn(folder, 'notes.txt', text)
    const stopped = standIns()
    // The station stops as it moves the file (the move never happens).
    stopped.station.ops.move = async () => {
      throw new Error('the station stopped')
    }
    await identify(stopped.station, req, 'sha-txt', text).catch(() => undefined)
    const note = join(folder, 'failed', 'notes.txt.reason.txt')
    expect(existsSync(note)).toBe(true)
    expect(existsSync(req.path)).toBe(true)
    // The next start finds the file in the folder, its entry failed and finished: it fails it again, whole.
    const next = standIns({ entries: [stopped.ledger.get('sha-txt')!] })
    expect(await identify(next.station, req, 'sha-txt', text)).toBe('failed')
    expect(readdirSync(join(folder, 'failed')).sort()).toEqual(['notes.txt', 'notes.txt.reason.txt'])
    expect(existsSync(req.path)).toBe(false)
  })

  it('sets the same content from another file aside as a duplicate of the entry', async () => {
    const folder = tempFolder()
    const first = fileIn(folder, 'first.pdf', pdf)
    const known = entryOf({
      sha256: 'sha-1',
      originalPath: first.path,
      folder,
      state: 'done',
      step: 'finished',
    })
    const s = standIns({ entries: [known] })
    const found: [DuplicateRecord, LedgerEntry | undefined][] = []
    s.station.events.duplicateFound = (_, dup, original) => void found.push([dup, original])
    const copy = fileIn(folder, 'copy.pdf', pdf)
    expect(await identify(s.station, copy, 'sha-1', pdf)).toBe('duplicate')
    expect(existsSync(copy.path)).toBe(false)
    expect(s.ledger.dups).toHaveLength(1)
    expect(s.ledger.dups[0]!.destination).toBe(join(folder, 'processed', 'duplicates', 'copy.pdf'))
    expect(found[0]![1]).toBe(known)
    expect(s.batches.get(company)?.duplicates).toBe(1)
  })

  it('calls the same bytes at the same path a duplicate once the first went to processed/', async () => {
    // A file dropped a second time under its name lands where the first one was taken from.
    const folder = tempFolder()
    const req = fileIn(folder, 'faktura.pdf', pdf)
    const moved = join(folder, 'processed', '2026-12', 'faktura.pdf')
    mkdirSync(join(folder, 'processed', '2026-12'), { recursive: true })
    writeFileSync(moved, pdf)
    const known = entryOf({
      sha256: 'sha-1',
      originalPath: req.path,
      folder,
      state: 'done',
      step: 'finished',
      invoiceId: 41,
      destination: moved,
    })
    const s = standIns({ entries: [known] })
    expect(await identify(s.station, req, 'sha-1', pdf)).toBe('duplicate')
    expect(s.ledger.dups[0]).toMatchObject({ name: 'faktura.pdf', originalPath: req.path })
    expect(existsSync(req.path)).toBe(false)
    expect(existsSync(moved)).toBe(true)
    // Dropped a third time: a row of its own, under a destination of its own.
    fileIn(folder, 'faktura.pdf', pdf)
    expect(await identify(s.station, req, 'sha-1', pdf)).toBe('duplicate')
    expect(new Set(s.ledger.dups.map((d) => d.destination)).size).toBe(2)
  })

  it('finishes the move of a finished entry whose original never reached processed/', async () => {
    const folder = tempFolder()
    const req = fileIn(folder, 'faktura.pdf', pdf)
    const meant = join(folder, 'processed', '2026-12', 'faktura.pdf')
    const known = entryOf({
      sha256: 'sha-1',
      originalPath: req.path,
      folder,
      state: 'done',
      step: 'finished',
      destination: meant,
    })
    const s = standIns({ entries: [known] })
    expect(await identify(s.station, req, 'sha-1', pdf)).toBe('already')
    expect(s.ledger.dups).toEqual([])
    expect(existsSync(meant)).toBe(true)
  })

  it('resumes a cancelled entry of the same file instead of taking it anew', async () => {
    const folder = tempFolder()
    const req = fileIn(folder, 'a.pdf', pdf)
    const s = standIns({
      entries: [
        entryOf({ sha256: 'sha-1', originalPath: req.path, folder, state: 'cancelled', step: 'link' }),
      ],
    })
    expect(await identify(s.station, req, 'sha-1', pdf)).toBe('queued')
    expect(s.ledger.get('sha-1')).toMatchObject({ state: 'queued', step: 'link' })
    expect(s.enqueued).toEqual(['sha-1'])
  })

  it('calls a content another user here made an invoice of a duplicate of theirs, asking if it may be opened', async () => {
    const folder = tempFolder()
    const s = standIns({ platform: { canSeeInvoice: async () => true } })
    s.station.elsewhereOf = async () => ({ invoiceId: 77 })
    const req = fileIn(folder, 'a.pdf', pdf)
    expect(await identify(s.station, req, 'sha-2', pdf)).toBe('duplicate')
    expect(s.ledger.dups[0]).toMatchObject({ sha256: 'sha-2', elsewhere: { invoiceId: 77, visible: true } })
    expect(s.ledger.entries()).toEqual([])
    expect(s.calls).toEqual(['canSeeInvoice'])
  })
})
