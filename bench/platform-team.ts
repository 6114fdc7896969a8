// The team server part of `npm run bench:platform` (docs/team-server.md): the demo office on one PostgreSQL
// database served by one and then by two platform processes behind a round-robin proxy (test/support/team.ts),
// file bytes in PostgreSQL (`--files postgres`) both times. Measured through the proxy, side by side:
// requests per second of a small list with 20 concurrent connections, and upload + OCR throughput (text PDF
// invoices, each uploaded and then read with `ocranalyse`, 4 at a time).
// BENCH_TEAM_DATABASE_URL=postgres://... names a server where the benchmark may create and drop databases;
// BENCH_TEAM_SECONDS (default 10) and BENCH_TEAM_DOCS (default 24) size it.
import { randomBytes } from 'node:crypto'
import { Agent, request } from 'node:http'
import { generateInvoice } from '../document-reader/corpus/generate.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../platform/seed/demo-constants.ts'
import { startRoundRobinProxy, startTeamProcess, type TeamProcess } from '../test/support/team.ts'
import { databaseUrl, withAdmin } from '../test/support/templates.ts'
import { passwordToken } from './platform-process.ts'

const SECONDS = Number(process.env.BENCH_TEAM_SECONDS ?? 10)
const DOCS = Number(process.env.BENCH_TEAM_DOCS ?? 24)
const CONCURRENCY = 20
const OCR_CONCURRENCY = 4
const LIST_PATH = 'api/biz/supplierinvoices?top=20&orderby=ID%20desc'

export interface TeamFigures {
  processes: number
  requestsPerSecond: number
  documentsPerMinute: number
  /** Requests each process answered during the request run. */
  spread: number[]
}

function get(agent: Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function uploadAndRead(base: string, token: string, bytes: Uint8Array, name: string): Promise<void> {
  const company = DEMO_COMPANIES.nordlys.key
  const form = new FormData()
  form.set('Key', company)
  form.set('File', new Blob([bytes]), name)
  const up = await fetch(`${base}files/api/file`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  })
  if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${await up.text()}`)
  const { ID } = (await up.json()) as { ID: number }
  const ocr = await fetch(`${base}api/biz/files/${ID}?action=ocranalyse`, {
    headers: { Authorization: `Bearer ${token}`, CompanyKey: company },
  })
  if (ocr.status !== 200) throw new Error(`ocranalyse answered ${ocr.status}: ${await ocr.text()}`)
  await ocr.arrayBuffer()
}

async function measureWith(serverUrl: string, processes: number, docs: Uint8Array[]): Promise<TeamFigures> {
  const database = `ledgerdesk_bench_team_${processes}_${randomBytes(4).toString('hex')}`
  await withAdmin(serverUrl, (c) => c.query(`create database ${database}`))
  const proxy = await startRoundRobinProxy()
  const running: TeamProcess[] = []
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  try {
    const args = [
      '--database',
      databaseUrl(serverUrl, database),
      '--public-url',
      proxy.url,
      '--files',
      'postgres',
    ]
    // The first process seeds the demo office; the others start on the seeded database.
    running.push(await startTeamProcess(args))
    for (let i = 1; i < processes; i++) running.push(await startTeamProcess(args))
    proxy.backends = running.map((p) => p.listen)
    const token = await passwordToken(
      `${proxy.url}identity`,
      DEMO_USERS.anne.email,
      DEMO_PASSWORD,
      DEMO_COMPANIES.nordlys.key,
    )
    const headers = { Authorization: `Bearer ${token}`, CompanyKey: DEMO_COMPANIES.nordlys.key }
    for (let i = 0; i < 20; i++) await get(agent, `${proxy.url}${LIST_PATH}`, headers)
    proxy.answered.clear()
    let done = 0
    const until = performance.now() + SECONDS * 1000
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const status = await get(agent, `${proxy.url}${LIST_PATH}`, headers)
          if (status !== 200) throw new Error(`the list answered ${status}`)
          done++
        }
      }),
    )
    const requestsPerSecond = done / SECONDS
    const spread = proxy.backends.map((b) => proxy.answered.get(b) ?? 0)
    let next = 0
    const t = performance.now()
    await Promise.all(
      Array.from({ length: OCR_CONCURRENCY }, async () => {
        for (let i = next++; i < docs.length; i = next++)
          await uploadAndRead(proxy.url, token, docs[i]!, `bench-${i}.pdf`)
      }),
    )
    const documentsPerMinute = docs.length / ((performance.now() - t) / 60_000)
    return { processes, requestsPerSecond, documentsPerMinute, spread }
  } finally {
    agent.destroy()
    for (const p of running) await p.stop().catch(() => {})
    await proxy.close()
    await withAdmin(serverUrl, (c) => c.query(`drop database if exists ${database} with (force)`))
  }
}

/** Measures one and two processes and prints them side by side. */
export async function measureTeam(serverUrl: string): Promise<TeamFigures[]> {
  const docs = await Promise.all(
    Array.from({ length: DOCS }, async (_, i) => (await generateInvoice(500 + i)).pdf),
  )
  const figures: TeamFigures[] = []
  for (const processes of [1, 2]) figures.push(await measureWith(serverUrl, processes, docs))
  console.log(
    `team server: the demo office on one PostgreSQL database, --files postgres, through a round-robin proxy ` +
      `(${SECONDS} s of GET ${LIST_PATH} with ${CONCURRENCY} connections; ${DOCS} text PDF invoices uploaded ` +
      `and read, ${OCR_CONCURRENCY} at a time)`,
  )
  console.log(['processes', 'requests/s', 'upload + OCR docs/min', 'requests per process'].join(' | '))
  for (const f of figures)
    console.log(
      [
        String(f.processes),
        f.requestsPerSecond.toFixed(0),
        f.documentsPerMinute.toFixed(1),
        f.spread.join(' / '),
      ].join(' | '),
    )
  return figures
}
