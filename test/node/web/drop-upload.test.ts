// Browser mode's upload of dropped files against the real host and the local platform: a file's bytes go
// to the host over an authenticated HTTP POST (the bridge socket keeps its 1 MiB message limit), are staged
// under the drop area, and the bridge call scan.dropUploads hands the staged file to the scan pipeline.
// Unauthenticated, foreign, over-size and cut-off uploads leave nothing behind.
import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ScanRow } from '../../../common/bridge/scan.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import {
  openSocket as openHostSocket,
  secretOf,
  signIn,
  until,
  upload as uploadTo,
  useSignedInHost,
} from './host-client.ts'

const MB = 1024 * 1024
const nordlys = DEMO_COMPANIES.nordlys.key
const web = useSignedInHost('drop')

const secret = () => secretOf(web.host)
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const openSocket = () => openHostSocket(web.host)
const upload = (
  body: Uint8Array | null,
  options: Omit<Parameters<typeof uploadTo>[2], 'company'> & { company?: string } = {},
) => uploadTo(web.host, body, { company: nordlys, ...options })

const safe = (name: string) => name.replace(/[^\w-]/g, '_')
/** Anne's drop area: scan state is kept per environment and signed-in user. */
const dropArea = (user: { globalIdentity: string } = DEMO_USERS.anne) =>
  join(web.dataDir, 'scan', safe(web.environmentId), 'users', safe(user.globalIdentity), 'dropped')
const incoming = () => join(dropArea(), '.incoming')
/** The staging folder's files; the folder itself must exist once a file was staged (else it reads as empty). */
const staged = () => readdir(incoming())
const dropFolder = () => join(dropArea(), safe(nordlys))

beforeAll(async () => {
  // The scan station follows the session on its own; it takes drops once it knows Anne's companies.
  await until(async () => (await web.bridge.call('scan.rows', nordlys)).result.ok)
}, 120_000)

describe('browser mode: dropped files go to the host over an authenticated upload', () => {
  it('takes a 40 MB file byte for byte, under a safe name, and scan.dropUploads hands it to the queue once', async () => {
    const bytes = randomBytes(40 * MB)
    const answer = await upload(bytes, { name: '..\\..\\Skann: mars/../faktura<1>.pdf' })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ name: 'faktura_1_.pdf', size: bytes.length })
    const token = answer.body.token!
    expect(token).toMatch(/^[\w-]{20,}$/)
    // Staged under the drop area, byte-identical, before any bridge call.
    expect(await staged()).toEqual([`${token}.part`])
    expect(sha(await readFile(join(incoming(), `${token}.part`)))).toBe(sha(bytes))

    expect(await web.bridge.value('scan.dropUploads', nordlys, [token])).toBe(1)
    // Random bytes are no document: the pipeline fails the file with its reason, byte for byte as sent.
    const row = (await until(() =>
      web.bridge.events
        .map((e) => e.payload as ScanRow)
        .find((r) => r.name === 'faktura_1_.pdf' && r.state === 'failed'),
    )) as ScanRow
    expect(row.reason?.code).toBe('unknownType')
    expect(row.companyKey).toBe(nordlys)
    expect(sha(await readFile(join(dropFolder(), 'failed', 'faktura_1_.pdf')))).toBe(sha(bytes))
    expect(await staged()).toEqual([])

    // A token is taken once.
    const again = await web.bridge.call('scan.dropUploads', nordlys, [token])
    expect(again.result).toMatchObject({ ok: false, error: { code: 'SCAN_DROP_UNKNOWN_UPLOAD' } })
  }, 60_000)

  it('refuses an upload without the session secret (401) or from another origin (403), and stores nothing', async () => {
    const bytes = randomBytes(64 * 1024)
    expect((await upload(bytes, { session: null })).status).toBe(401)
    const wrong = secret().slice(0, -1) + (secret().endsWith('A') ? 'B' : 'A')
    const refused = await upload(bytes, { session: wrong })
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('SCAN_DROP_UNAUTHENTICATED')
    expect((await upload(bytes, { origin: 'http://evil.example' })).status).toBe(403)
    expect((await upload(bytes, { origin: `http://localhost:${web.host.port}` })).status).toBe(403)
    expect(await staged()).toEqual([])
  })

  it("refuses a company that is not one of the signed-in user's companies", async () => {
    const answer = await upload(randomBytes(1024), { company: '7b1c0a4e-2d3f-4e5a-9b6c-0000000000ff' })
    expect(answer.status).toBe(403)
    expect(answer.body.code).toBe('SCAN_UNKNOWN_COMPANY')
    expect(await staged()).toEqual([])
  })

  it('refuses a file over 50 MB before taking a byte, with a message that says the limit', async () => {
    const answer = await upload(null, { name: 'stor-skann.pdf', declare: 60 * MB })
    expect(answer.status).toBe(413)
    expect(answer.body.code).toBe('SCAN_DROP_TOO_LARGE')
    expect(answer.body.message).toMatch(/stor-skann\.pdf is 60\.0 MB; a dropped file can be at most 50 MB/)
    expect(await staged()).toEqual([])
  })

  it('removes the part of a file whose upload was cut off', async () => {
    const req = request({
      host: '127.0.0.1',
      port: web.host.port,
      method: 'POST',
      path: `/scan/drop?company=${nordlys}&name=halv.pdf`,
      headers: {
        Origin: web.host.origin,
        'X-Ledgerdesk-Session': secret(),
        'Content-Length': String(10 * MB),
      },
    })
    req.on('error', () => undefined)
    req.write(randomBytes(2 * MB))
    // The part file exists while bytes arrive...
    await until(async () => (await staged()).some((n) => n.endsWith('.part')))
    req.destroy()
    // ...and is gone once the connection is cut.
    await until(async () => (await staged()).length === 0)
  })

  it('refuses a name that is nothing once made safe', async () => {
    const answer = await upload(randomBytes(16), { name: '../..' })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('SCAN_DROP_BAD_NAME')
  })

  it('closes a bridge socket that gets a message over 1 MiB with 1009 (message too big)', async () => {
    const ws = await openSocket()
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
    ws.send(JSON.stringify({ type: 'call', id: 1, name: 'app.about', args: ['x'.repeat(2 * MB)] }))
    expect(await closed).toBe(1009)
  })

  // Last: it signs Anne out.
  it("removes Anne's unclaimed file when she signs out; Per, signing in on the same station, cannot claim it", async () => {
    const answer = await upload(randomBytes(256 * 1024), { name: 'annes-skann.pdf' })
    expect(answer.status).toBe(201)
    const token = answer.body.token!
    expect(await staged()).toEqual([`${token}.part`])

    expect(await web.bridge.value('session.signOut')).toMatchObject({ status: 'signedOut' })
    await until(async () => (await staged()).length === 0)
    // Signed out, nothing is taken or claimed.
    expect((await upload(randomBytes(16))).status).toBe(409)
    expect((await web.bridge.call('scan.dropUploads', nordlys, [token])).result).toMatchObject({
      ok: false,
      error: { code: 'SCAN_SIGNED_OUT' },
    })

    const per = await signIn(web.bridge, web.environmentId, DEMO_USERS.per, nordlys)
    expect(per.user.GlobalIdentity).toBe(DEMO_USERS.per.globalIdentity)
    await until(async () => (await web.bridge.call('scan.rows', nordlys)).result.ok)
    expect((await web.bridge.call('scan.dropUploads', nordlys, [token])).result).toMatchObject({
      ok: false,
      error: { code: 'SCAN_DROP_UNKNOWN_UPLOAD' },
    })
  }, 60_000)
})
