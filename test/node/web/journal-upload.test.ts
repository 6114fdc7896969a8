// Browser mode's journal attachments against the real host and the local platform: a document's bytes go to
// the host's journal upload endpoint (the bridge socket carries at most 1 MiB per message), are staged in the
// signed-in user's own folder, and journal.uploadStaged uploads them to the company's files on the
// platform's file server and removes the staged copy. The endpoint keeps the journal's 30 MB cap, a token
// is taken only by the call of its own endpoint, and only by the user who sent it.
import { createHash, randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DownloadedFile } from '../../../common/bridge/sync.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { grownPdf } from '../../support/documents.ts'
import { signIn, until, upload, useSignedInHost } from './host-client.ts'

const MB = 1024 * 1024
const nordlys = DEMO_COMPANIES.nordlys.key
const web = useSignedInHost('journal-upload')
const path = '/journal/document'

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const safe = (name: string) => name.replace(/[^\w-]/g, '_')
const staged = (user: { globalIdentity: string } = DEMO_USERS.anne) =>
  readdir(
    join(web.dataDir, 'journal', safe(web.environmentId), 'users', safe(user.globalIdentity), 'incoming'),
  ).catch(() => [] as string[])
const send = (body: Uint8Array | null, options: { name?: string; declare?: number; session?: null } = {}) =>
  upload(web.host, body, { path, company: nordlys, ...options })

describe('browser mode: a journal attachment goes to the host over an authenticated upload', () => {
  it("uploads a 20 MB PDF to the company's files byte for byte, and removes the staged copy", async () => {
    const pdf = await grownPdf(20 * MB)
    const answer = await send(pdf, { name: 'Kvittering mars.pdf' })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ name: 'Kvittering mars.pdf', size: pdf.length })
    expect(await staged()).toEqual([`${answer.body.token}.part`])

    const done = await web.bridge.value<{ fileId: number; name: string; size: number }>(
      'journal.uploadStaged',
      nordlys,
      answer.body.token,
    )
    expect(done).toEqual({ fileId: expect.any(Number), name: 'Kvittering mars.pdf', size: pdf.length })
    expect(await staged()).toEqual([])

    // What the platform's file server holds is what was sent.
    const file = await web.bridge.value<DownloadedFile>('files.download', nordlys, done.fileId)
    expect(file.name).toBe('Kvittering mars.pdf')
    expect(sha(Buffer.from(file.base64, 'base64'))).toBe(sha(pdf))

    // A token is taken once.
    expect((await web.bridge.call('journal.uploadStaged', nordlys, answer.body.token)).result).toMatchObject({
      ok: false,
      error: { code: 'JOURNAL_UPLOAD_UNKNOWN_UPLOAD' },
    })
  }, 90_000)

  it('refuses a document over 30 MB before taking a byte, with a message that says the limit', async () => {
    const answer = await send(null, { name: 'stor.pdf', declare: 31 * MB })
    expect(answer.status).toBe(413)
    expect(answer.body.code).toBe('JOURNAL_UPLOAD_TOO_LARGE')
    expect(answer.body.message).toMatch(/stor\.pdf is 31\.0 MB; a journal document can be at most 30 MB/)
    expect(await staged()).toEqual([])
  })

  it('refuses an upload without the session secret', async () => {
    const answer = await send(randomBytes(1024), { session: null })
    expect(answer.status).toBe(401)
    expect(answer.body.code).toBe('JOURNAL_UPLOAD_UNAUTHENTICATED')
  })

  it('refuses a staged file that is not a document, and removes it', async () => {
    const answer = await send(Buffer.from('PK\u0003\u0004 a spreadsheet'), { name: 'lønn.xlsx' })
    expect(answer.status).toBe(201)
    expect((await web.bridge.call('journal.uploadStaged', nordlys, answer.body.token)).result).toMatchObject({
      ok: false,
      error: { code: 'JOURNAL_NOT_A_DOCUMENT' },
    })
    expect(await staged()).toEqual([])
  })

  it("takes a token only with its own endpoint's call: a scan drop is no journal document, nor the reverse", async () => {
    const pdf = await grownPdf(64 * 1024)
    const journalToken = (await send(pdf)).body.token
    const scanToken = (await upload(web.host, pdf, { company: nordlys })).body.token
    expect(journalToken && scanToken).toBeTruthy()
    expect((await web.bridge.call('journal.uploadStaged', nordlys, scanToken)).result).toMatchObject({
      ok: false,
      error: { code: 'JOURNAL_UPLOAD_UNKNOWN_UPLOAD' },
    })
    expect((await web.bridge.call('scan.dropUploads', nordlys, [journalToken])).result).toMatchObject({
      ok: false,
      error: { code: 'SCAN_DROP_UNKNOWN_UPLOAD' },
    })
    // Each is still there for its own call.
    expect(
      (await web.bridge.value<{ name: string }>('journal.uploadStaged', nordlys, journalToken)).name,
    ).toBe('faktura.pdf')
  })

  // Last: it signs Anne out.
  it("removes Anne's unclaimed document when she signs out; Per, signing in on the same station, cannot take it", async () => {
    const answer = await send(await grownPdf(128 * 1024), { name: 'annes-kvittering.pdf' })
    const token = answer.body.token
    expect(await staged()).toEqual([`${token}.part`])
    await web.bridge.value('session.signOut')
    await until(async () => (await staged()).length === 0)
    expect((await send(randomBytes(16))).status).toBe(409)

    await signIn(web.bridge, web.environmentId, DEMO_USERS.per, nordlys)
    expect((await web.bridge.call('journal.uploadStaged', nordlys, token)).result).toMatchObject({
      ok: false,
      error: { code: 'JOURNAL_UPLOAD_UNKNOWN_UPLOAD' },
    })
  }, 60_000)
})
