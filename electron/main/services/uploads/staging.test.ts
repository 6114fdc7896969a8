import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaging, safeUploadName, type StagingOptions } from './staging.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drop-uploads-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function until(what: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await what()); i++) await new Promise((r) => setTimeout(r, 10))
}

const body = (bytes: number) => Readable.from([Buffer.alloc(bytes, 7)])
const anne = { environmentId: 'local', subject: 'anne-global-id' }
const bjorn = { environmentId: 'local', subject: 'bjorn-global-id' }
const input = (
  folder: string,
  over: Partial<Parameters<ReturnType<typeof createStaging>['receive']>[0]>,
) => ({
  dir: folder,
  companyKey: 'nordlys',
  ...anne,
  name: 'faktura.pdf',
  length: 10,
  body: body(10),
  ...over,
})

/** The scan station's staging of dropped files, as the scan service configures it. */
const createDropUploads = (options: Pick<StagingOptions, 'maxBytes' | 'ttlMs' | 'now'>) =>
  createStaging({
    ...options,
    codes: {
      TooLarge: 'SCAN_DROP_TOO_LARGE',
      NoLength: 'SCAN_DROP_NO_LENGTH',
      BadName: 'SCAN_DROP_BAD_NAME',
      Incomplete: 'SCAN_DROP_INCOMPLETE',
      UnknownUpload: 'SCAN_DROP_UNKNOWN_UPLOAD',
      SignedOut: 'SCAN_SIGNED_OUT',
    },
    words: { kind: 'a dropped file', again: 'drop it again' },
  })

describe('safe names for uploaded files', () => {
  it('keeps the last path segment and replaces what no file system takes', () => {
    expect(safeUploadName('faktura.pdf')).toBe('faktura.pdf')
    expect(safeUploadName('C:\\Users\\anne\\Skann 1.pdf')).toBe('Skann 1.pdf')
    expect(safeUploadName('../../etc/passwd')).toBe('passwd')
    expect(safeUploadName('a<b>c:d"e|f?g*h\u0000.pdf')).toBe('a_b_c_d_e_f_g_h_.pdf')
    expect(safeUploadName('.bashrc')).toBe('bashrc')
    expect(safeUploadName('faktura.pdf. ')).toBe('faktura.pdf')
    expect(safeUploadName('CON.pdf')).toBe('_CON.pdf')
  })

  it('refuses a name that is nothing once made safe, and shortens a long one keeping its extension', () => {
    for (const raw of ['', '..', '../..', ' . ', 'mappe/']) expect(safeUploadName(raw), raw).toBeNull()
    const long = safeUploadName(`${'ø'.repeat(300)}.pdf`)!
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
    expect(() => uploads.claim([a.token], 'fjordbygg', anne)).toThrow(/belongs to another company/)
    expect(() => uploads.claim([a.token, 'x'.repeat(32)], 'nordlys', anne)).toThrow(
      expect.objectContaining({ code: 'SCAN_DROP_UNKNOWN_UPLOAD' }),
    )
    // Nothing was taken by the refused calls.
    expect(uploads.claim([a.token, b.token, a.token], 'nordlys', anne).map((s) => s.name)).toEqual([
      'faktura.pdf',
      'kvittering.pdf',
    ])
    expect(() => uploads.claim([a.token], 'nordlys', anne)).toThrow(/no longer waiting/)
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
    expect(() => uploads.claim([first.token], 'nordlys', anne)).toThrow(/expired/)
    const second = await uploads.receive(input(folder, {}))
    expect(await readdir(folder)).toEqual([`${second.token}.part`])
  })

  it('hands a staged file only to the user who sent it, not to another user of the same environment', async () => {
    const folder = join(dir, 'owners')
    const uploads = createDropUploads({ maxBytes: 100 })
    const a = await uploads.receive(input(folder, {}))
    expect(() => uploads.claim([a.token], 'nordlys', bjorn)).toThrow(
      expect.objectContaining({ code: 'SCAN_DROP_UNKNOWN_UPLOAD', message: expect.stringMatching(/user/) }),
    )
    expect(() => uploads.claim([a.token], 'nordlys', { ...anne, environmentId: 'prod' })).toThrow(
      /no longer waiting/,
    )
    expect(uploads.claim([a.token], 'nordlys', anne).map((s) => s.name)).toEqual(['faktura.pdf'])
  })

  it("removes a signed-out user's unclaimed files, and keeps those of the user still signed in", async () => {
    const folder = join(dir, 'sign-out')
    const uploads = createDropUploads({ maxBytes: 100 })
    const anne1 = await uploads.receive(input(folder, {}))
    const bjorn1 = await uploads.receive(input(folder, { ...bjorn, name: 'bjorn.pdf' }))
    await uploads.keepOnly(bjorn)
    expect(await readdir(folder)).toEqual([`${bjorn1.token}.part`])
    expect(() => uploads.claim([anne1.token], 'nordlys', anne)).toThrow(/no longer waiting/)
    await uploads.keepOnly(null)
    expect(await readdir(folder)).toEqual([])
    expect(() => uploads.claim([bjorn1.token], 'nordlys', bjorn)).toThrow(/no longer waiting/)
  })

  it('removes a file that was still arriving when its user signed out, and refuses it', async () => {
    const folder = join(dir, 'sign-out-arriving')
    const uploads = createDropUploads({ maxBytes: 100 })
    const body = new PassThrough()
    const arriving = uploads.receive(input(folder, { body }))
    body.write(Buffer.alloc(4, 7))
    await until(async () => (await readdir(folder).catch(() => [])).length === 1)
    await uploads.keepOnly(null)
    body.end(Buffer.alloc(6, 7))
    await expect(arriving).rejects.toMatchObject({ code: 'SCAN_SIGNED_OUT' })
    expect(await readdir(folder)).toEqual([])
  })
})
