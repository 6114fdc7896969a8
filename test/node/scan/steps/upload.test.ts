// The upload step alone: the bytes proven to be the ones hashed go up, and the id the platform answers
// is recorded at once; a file rewritten since it was taken is taken again as new content, a file gone fails.
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { upload } from '../../../../electron/main/services/scan/steps/upload.ts'
import { entryOf, standIns, tempFolder } from './stand-ins.ts'

const bytes = Buffer.from('%PDF-1.4\n%%EOF\n')
const sha = createHash('sha256').update(bytes).digest('hex')

function fileEntry(change = {}) {
  const folder = tempFolder()
  const path = join(folder, 'invoice.pdf')
  writeFileSync(path, bytes)
  return entryOf({ sha256: sha, originalPath: path, folder, size: bytes.length, ...change })
}

describe('the upload step', () => {
  it('uploads the file, records its id and goes on to read', async () => {
    const sent: Uint8Array[] = []
    const s = standIns({
      entries: [fileEntry()],
      platform: {
        upload: async (_, file) => {
          sent.push(file.bytes)
          return 41
        },
      },
    })
    const run = s.runOf(sha)
    expect(await upload(s.station, run)).toBeUndefined()
    expect(Buffer.from(sent[0]!).equals(bytes)).toBe(true)
    expect(run.entry).toMatchObject({ fileId: 41, step: 'read', state: 'reading', started: null })
  })

  it('uploads nothing again when the id of an earlier upload is kept', async () => {
    const s = standIns({ entries: [fileEntry({ fileId: 9 })] })
    const run = s.runOf(sha)
    await upload(s.station, run)
    expect(s.calls).toEqual([])
    expect(run.entry).toMatchObject({ fileId: 9, step: 'read' })
  })

  it('takes a file rewritten since it was taken again, as new content, and uploads nothing', async () => {
    const entry = fileEntry()
    writeFileSync(entry.originalPath, Buffer.from('%PDF-1.4\nother\n%%EOF\n'))
    const s = standIns({ entries: [entry] })
    const run = s.runOf(sha)
    expect(await upload(s.station, run)).toBe('stopped')
    expect(s.calls).toEqual([])
    expect(run.entry).toMatchObject({ state: 'failed', step: 'finished', reason: { code: 'changed' } })
    expect(s.taken).toEqual([entry.originalPath])
  })

  it('fails an entry whose file is gone as unreadable', async () => {
    const s = standIns({ entries: [entryOf({ sha256: sha, originalPath: join(tempFolder(), 'gone.pdf') })] })
    const run = s.runOf(sha)
    expect(await upload(s.station, run)).toBe('stopped')
    expect(s.ledger.get(sha)).toMatchObject({ state: 'failed', reason: { code: 'unreadable' } })
    expect(s.calls).toEqual([])
  })

  it('stops at its boundary when the run was cancelled', async () => {
    const s = standIns({ entries: [fileEntry()] })
    const controller = new AbortController()
    controller.abort()
    await expect(upload(s.station, s.runOf(sha, controller))).rejects.toThrow()
    expect(s.calls).toEqual([])
    expect(s.ledger.get(sha)).toMatchObject({ step: 'upload', state: 'queued' })
  })
})
