import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDropUploads, safeDropName } from './drop-uploads.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drop-uploads-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const body = (bytes: number) => Readable.from([Buffer.alloc(bytes, 7)])
const input = (
  folder: string,
  over: Partial<Parameters<ReturnType<typeof createDropUploads>['receive']>[0]>,
) => ({
  dir: folder,
  companyKey: 'nordlys',
  environmentId: 'local',
  name: 'faktura.pdf',
  length: 10,
  body: body(10),
  ...over,
})

describe('safe names for dropped files', () => {
  it('keeps the last path segment and replaces what no file system takes', () => {
    expect(safeDropName('faktura.pdf')).toBe('faktura.pdf')
    expect(safeDropName('C:\\Users\\anne\\Skann 1.pdf')).toBe('Skann 1.pdf')
    expect(safeDropName('../../etc/passwd')).toBe('passwd')
    expect(safeDropName('a<b>c:d"e|f?g*h\u0000.pdf')).toBe('a_b_c_d_e_f_g_h_.pdf')
    expect(safeDropName('.bashrc')).toBe('bashrc')
    expect(safeDropName('faktura.pdf. ')).toBe('faktura.pdf')
    expect(safeDropName('CON.pdf')).toBe('_CON.pdf')
  })

  it('refuses a name that is nothing once made safe, and shortens a long one keeping its extension', () => {
    for (const raw of ['', '..', '../..', ' . ', 'mappe/']) expect(safeDropName(raw), raw).toBeNull()
    const long = safeDropName(`${'ø'.repeat(300)}.pdf`)!
    expect(long.endsWith('.pdf')).toBe(true)
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(200)
  })
})

describe('staged drops', () => {
  it('hands each staged file to one claim, only for its own company, all or none', async () => {
    const folder = join(dir, 'claims')
    const uploads = createDropUploads({ maxBytes: 100 })
    const a = await uploads.receive(input(folder, {}))
    const b = await uploads.receive(input(folder, { name: 'kvittering.pdf' }))
    expect(() => uploads.claim([a.token], 'fjordbygg', 'local')).toThrow(/belongs to another company/)
    expect(() => uploads.claim([a.token, 'x'.repeat(32)], 'nordlys', 'local')).toThrow(
      expect.objectContaining({ code: 'SCAN_DROP_UNKNOWN_UPLOAD' }),
    )
    // Nothing was taken by the refused calls.
    expect(uploads.claim([a.token, b.token, a.token], 'nordlys', 'local').map((s) => s.name)).toEqual([
      'faktura.pdf',
      'kvittering.pdf',
    ])
    expect(() => uploads.claim([a.token], 'nordlys', 'local')).toThrow(/no longer waiting/)
  })

  it('refuses a body longer or shorter than announced, and removes what arrived', async () => {
    const folder = join(dir, 'lengths')
    const uploads = createDropUploads({ maxBytes: 100 })
    await expect(uploads.receive(input(folder, { length: 5 }))).rejects.toMatchObject({
      code: 'SCAN_DROP_INCOMPLETE',
    })
    await expect(uploads.receive(input(folder, { length: 20 }))).rejects.toMatchObject({
      code: 'SCAN_DROP_INCOMPLETE',
      message: expect.stringMatching(/10 of 20 bytes/),
    })
    await expect(uploads.receive(input(folder, { length: undefined }))).rejects.toMatchObject({
      code: 'SCAN_DROP_NO_LENGTH',
    })
    await expect(uploads.receive(input(folder, { length: 101 }))).rejects.toMatchObject({
      code: 'SCAN_DROP_TOO_LARGE',
    })
    expect(await readdir(folder)).toEqual([])
  })

  it('removes leftovers of an earlier run and files never claimed once they expire', async () => {
    const folder = join(dir, 'sweep')
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'old-run.part'), 'x')
    let now = 0
    const uploads = createDropUploads({ maxBytes: 100, ttlMs: 1000, now: () => now })
    const first = await uploads.receive(input(folder, {}))
    expect(await readdir(folder)).toEqual([`${first.token}.part`])
    now = 1000
    expect(() => uploads.claim([first.token], 'nordlys', 'local')).toThrow(/expired/)
    const second = await uploads.receive(input(folder, {}))
    expect(await readdir(folder)).toEqual([`${second.token}.part`])
  })
})
