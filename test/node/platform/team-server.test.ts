// The local platform as a team server (docs/team-server.md): two platform processes on one PostgreSQL
// database behind one address (a round-robin proxy), with file bytes in PostgreSQL and in an S3-compatible
// store. An upload to one process is read and downloaded on the other and stored once; a webhook is
// delivered once; a bulk-permission request is applied once; a process killed in the middle of reading a
// document leaves the job to the other, which finishes it once.
// Needs PostgreSQL: runs with LEDGERDESK_TEST_DATABASE_URL (scripts/with-postgres.sh), skipped without it.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openStore, type Store } from '../../../platform/db/store.ts'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { scanVariant } from '../../../document-reader/corpus/scan.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { passwordToken as benchPasswordToken } from '../../../bench/platform-process.ts'
import { api } from '../../support/platform.ts'
import {
  startMinimalS3,
  startRoundRobinProxy,
  startTeamProcess,
  type MinimalS3,
  type RoundRobinProxy,
  type TeamProcess,
} from '../../support/team.ts'
import { databaseUrl, TEST_DATABASE_ENV, withAdmin } from '../../support/templates.ts'
import { startReceiver, type Receiver } from './webhooks-receiver.ts'
import { sha256 } from './files-helpers.ts'

const serverUrl = process.env[TEST_DATABASE_ENV] || undefined
const nordlys = DEMO_COMPANIES.nordlys.key
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const passwordToken = (auth: string, email: string, companyKey: string) =>
  benchPasswordToken(auth, email, DEMO_PASSWORD, companyKey)

async function uploadTo(base: string, token: string, bytes: Uint8Array, name: string): Promise<number> {
  const form = new FormData()
  form.set('Key', nordlys)
  form.set('File', new Blob([bytes]), name)
  const res = await fetch(new URL('files/api/file', base), {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  })
  const body = (await res.json()) as { ID: number }
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body.ID
}

async function downloadFrom(base: string, token: string, fileId: number): Promise<Buffer> {
  const res = await fetch(new URL(`files/api/download/${fileId}`, base), {
    headers: { Authorization: `Bearer ${token}`, CompanyKey: nordlys },
  })
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

for (const files of ['postgres', 's3'] as const) {
  describe.skipIf(!serverUrl)(`two platform processes on one database, file bytes in ${files}`, () => {
    const database = `ledgerdesk_team_${files}_${randomBytes(4).toString('hex')}`
    let proxy: RoundRobinProxy
    let s3: MinimalS3 | undefined
    let hook: Receiver
    let a: TeamProcess
    let b: TeamProcess
    let store: Store
    let anne: string

    // Each process reads documents in a thread of its own; on a busy machine a reading takes a while.
    vi.setConfig({ testTimeout: 180_000 })

    beforeAll(async () => {
      await withAdmin(serverUrl!, (c) => c.query(`create database ${database}`))
      const url = databaseUrl(serverUrl!, database)
      proxy = await startRoundRobinProxy()
      hook = await startReceiver()
      let env: Record<string, string> = {}
      let filesFlag: string = files
      if (files === 's3') {
        s3 = await startMinimalS3()
        filesFlag = 's3://ledgerdesk-test/office'
        env = {
          AWS_ENDPOINT_URL_S3: s3.endpoint,
          AWS_REGION: 'eu-north-1',
          AWS_ACCESS_KEY_ID: 'test',
          AWS_SECRET_ACCESS_KEY: 'test-secret',
        }
      }
      const args = [
        '--database',
        url,
        '--public-url',
        proxy.url,
        '--files',
        filesFlag,
        '--job-lease-seconds',
        '2',
        '--webhook-allow-hosts',
        '127.0.0.1',
      ]
      // Both start at once on the empty database: one migrates and seeds the demo office, then the other.
      ;[a, b] = await Promise.all([startTeamProcess(args, env), startTeamProcess(args, env)])
      proxy.backends = [a.listen, b.listen]
      store = await openStore({ databaseUrl: url })
      anne = await passwordToken(`${proxy.url}identity`, DEMO_USERS.anne.email, nordlys)
    }, 300_000)

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()])
      await store?.close()
      await proxy?.close()
      await hook?.close()
      await s3?.close()
      await withAdmin(serverUrl!, (c) => c.query(`drop database if exists ${database} with (force)`))
    }, 60_000)

    it('announce one address, and a token signed by one process is good on the other', async () => {
      for (const p of [a, b]) {
        const r = await api(`${p.listen}/`, 'GET', 'api/endpoints')
        expect(r.body.AppFramework).toBe(proxy.url)
        const me = await api(`${p.listen}/`, 'GET', 'api/biz/teams', { token: anne, companyKey: nordlys })
        expect(me.status).toBe(200)
      }
    })

    it('read and download an upload to one process on the other, and keep the same bytes once', async () => {
      const invoice = await generateInvoice(11)
      const fileId = await uploadTo(`${a.listen}/`, anne, invoice.pdf, 'invoice-11.pdf')
      expect(await downloadFrom(`${b.listen}/`, anne, fileId)).toEqual(Buffer.from(invoice.pdf))
      // The signed link names the public address; through the proxy it reaches either process.
      const link = await api(`${b.listen}/`, 'GET', `api/biz/files/${fileId}?action=download`, {
        token: anne,
        companyKey: nordlys,
      })
      expect(String(link.body).startsWith(`${proxy.url}files/api/download/${fileId}?`)).toBe(true)
      for (let i = 0; i < 2; i++) {
        const res = await fetch(String(link.body))
        expect(res.status).toBe(200)
        expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(invoice.pdf))
      }
      const ocr = await api(`${b.listen}/`, 'GET', `api/biz/files/${fileId}?action=ocranalyse`, {
        token: anne,
        companyKey: nordlys,
      })
      expect(ocr.status, JSON.stringify(ocr.body)).toBe(200)
      expect(JSON.parse(ocr.body.OcrRawData).AllWords.length).toBeGreaterThan(20)
      // The same bytes uploaded again, to the other process: a second File, the bytes stored once.
      const again = await uploadTo(`${b.listen}/`, anne, invoice.pdf, 'again.pdf')
      expect(again).not.toBe(fileId)
      const sha = sha256(invoice.pdf)
      if (files === 'postgres') {
        const { rows } = await store.query<{ n: number }>(
          'select count(*)::int as n from file_chunk c join file_blob f on f.sha256 = c.sha256 where f.sha256 = $1',
          [sha],
        )
        expect(rows[0]!.n).toBe(Math.ceil(invoice.pdf.length / (256 * 1024)))
      } else {
        expect(s3!.puts.get(`ledgerdesk-test/office/${sha.slice(0, 2)}/${sha}`)).toBe(1)
      }
    })

    it('serve the files of the demo office seeded by one process from both', async () => {
      const { rows } = await store.query<{ ID: number; ContentLength: number }>(
        `select f."ID", f."ContentLength" from "File" f join "Company" c on c."ID" = f."CompanyID"
          where c."Key" = $1 and f."Deleted" = false order by f."ID" limit 3`,
        [nordlys],
      )
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows)
        for (const p of [a, b])
          expect((await downloadFrom(`${p.listen}/`, anne, row.ID)).length).toBe(Number(row.ContentLength))
    })

    it('deliver each webhook once, whichever process took the write', async () => {
      const plan = await api(proxy.url, 'POST', 'api/biz/eventplans', {
        token: anne,
        companyKey: nordlys,
        body: {
          Name: `team ${files}`,
          Active: true,
          PlanType: 0,
          ModelFilter: 'Team',
          OperationFilter: 'C',
          Subscribers: [{ Name: 'test endpoint', Endpoint: `${hook.url}/${files}`, Active: true }],
        },
      })
      expect(plan.status, JSON.stringify(plan.body)).toBe(201)
      const ids: number[] = []
      for (let i = 0; i < 6; i++) {
        const team = await api(proxy.url, 'POST', 'api/biz/teams', {
          token: anne,
          companyKey: nordlys,
          body: { Name: `Shift ${files} ${i}` },
        })
        expect(team.status).toBe(201)
        ids.push(team.body.ID)
      }
      const mine = (h: { path: string }) => h.path === `/hooks/${files}`
      await hook.waitFor(ids.length, mine, 30_000)
      // Every delivery answered, none left to send again: then count what arrived.
      await until('the deliveries to settle', async () => {
        const { rows } = await store.query<{ n: number }>(
          `select (select count(*) from change_event where not dispatched)
                + (select count(*) from outbound_delivery where status = 'pending') as n`,
        )
        return Number(rows[0]!.n) === 0 ? true : undefined
      })
      const received = hook.received.filter(mine).map((h) => h.body.EntityID as number)
      expect(received.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y))
      const { rows } = await store.query<{ attempts: number; status: string }>(
        `select attempts, status from outbound_delivery where url = $1`,
        [`${hook.url}/${files}`],
      )
      expect(rows).toHaveLength(ids.length)
      expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true)
    })

    it('apply a bulk-permission request once', async () => {
      const lars = await passwordToken(`${proxy.url}identity`, DEMO_USERS.lars.email, nordlys)
      const admin = `${proxy.url}license-admin/`
      const users = await api(admin, 'GET', `api/users?email=${encodeURIComponent(DEMO_USERS.per.email)}`, {
        token: lars,
      })
      expect(users.status).toBe(200)
      const companies = await store.query<{ ID: number }>('select "ID" from "Company" where "Key" = $1', [
        DEMO_COMPANIES.test.key,
      ])
      const r = await api(admin, 'POST', 'api/companies/v2/update-permissions', {
        token: lars,
        body: {
          CompanyIds: [companies.rows[0]!.ID],
          UserIds: [users.body[0].Id],
          Roles: ['Payroll.Payroll'],
        },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const job = await until('the request to be applied', async () => {
        const { rows } = await store.query<{ status: string; attempts: number }>(
          'select status, attempts from license_queue',
        )
        return rows[0]?.status === 'done' ? rows : undefined
      })
      expect(job).toEqual([{ status: 'done', attempts: 1 }])
      const { rows: roles } = await store.query<{ name: string }>(
        `select ur."SharedRoleName" as name from "UserRole" ur join "User" u
            on u."CompanyID" = ur."CompanyID" and u."ID" = ur."UserID"
          where ur."CompanyID" = $1 and lower(u."Email") = lower($2) and ur."Deleted" = false`,
        [companies.rows[0]!.ID, DEMO_USERS.per.email],
      )
      expect(roles.map((x) => x.name)).toEqual(['Payroll.Payroll'])
    })

    it('finish, once and on the other process, a document reading whose process was killed', async () => {
      const invoice = await generateInvoice(7, { layout: 'classic' })
      const scanned = await scanVariant(invoice.pdf, 7, { dpi: 200, rotation: 0.8, noise: 80, format: 'png' })
      const fileId = await uploadTo(`${b.listen}/`, anne, scanned, 'scan-7.png')
      const path = `api/biz/files/${fileId}?action=ocranalyse`
      // Process a starts reading; it is killed once the job is its own, in the middle of the reading.
      const first = api(`${a.listen}/`, 'GET', path, { token: anne, companyKey: nordlys }).catch(
        (err: unknown) => err,
      )
      await until('process a to claim the reading', async () => {
        const { rows } = await store.query<{ owner: string; status: string }>(
          'select owner, status from ocr_job where file_id = $1',
          [fileId],
        )
        return rows[0]?.status === 'running' && rows[0].owner.includes(`:${a.pid}:`) ? true : undefined
      })
      a.child.kill('SIGKILL')
      expect(await first).toBeInstanceOf(Error)
      // The client asks again at the one address; the proxy finds only process b.
      const again = await api(proxy.url, 'GET', path, { token: anne, companyKey: nordlys })
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      expect(JSON.parse(again.body.OcrRawData).AllWords.length).toBeGreaterThan(20)
      const { rows: jobs } = await store.query<{ owner: string; status: string; attempts: number }>(
        'select owner, status, attempts from ocr_job where file_id = $1',
        [fileId],
      )
      expect(jobs).toHaveLength(1)
      expect(jobs[0]).toMatchObject({ status: 'done', attempts: 2 })
      expect(jobs[0]!.owner).toContain(`:${b.pid}:`)
      const { rows: results } = await store.query('select id from ocr_result where file_id = $1', [fileId])
      expect(results).toHaveLength(1)
      expect(again.body.Id).toBe(results[0]!.id)
    })
  })
}
