// The Local sandbox first (bench/platform-sandbox.ts): start-up times, idle memory and CPU, memory during and
// after an OCR burst, each measured on the platform's own process. Then platform speed over loopback HTTP: 100,000 supplier invoices in one company, then
// latency of a filtered, ordered, paged list, of GET by id and of a statistics aggregate, requests per
// second of GET by id with 20 concurrent connections, and resident memory. Prints figures and the
// targets; it is a benchmark, not a test, so a missed target does not fail it.
// BENCH_INVOICES=N changes the count (0 skips the speed part); BENCH_SANDBOX=0 skips the sandbox part;
// BENCH_IDLE_SECONDS, BENCH_BURST_DOCS and BENCH_AFTER_SECONDS shorten it while developing; BENCH_DATABASE_URL=postgres://... runs on an empty PostgreSQL
// database instead of the embedded one. BENCH_TEAM_DATABASE_URL=postgres://... adds the team server part
// (bench/platform-team.ts): one and two platform processes on one database behind a proxy, side by side.
// The data is loaded in this process; the measured server is then the platform's own CLI in a child
// process on the same data, so the load generator and the server do not share one event loop.
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateKid } from '../common/norwegian.ts'
import { PaymentStatus, SupplierInvoiceStatus } from '../common/status.ts'
import { startPlatform } from '../platform/server.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../platform/seed/demo-constants.ts'
import { insertRows } from '../platform/seed/insert.ts'
import { passwordToken, rssOf, startServer, stopServer } from './platform-process.ts'
import { measureSandbox, type Row } from './platform-sandbox.ts'
import { measureTeam } from './platform-team.ts'

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000)
const LIST_RUNS = 200
const GET_RUNS = 1000
const STATS_RUNS = 100
const CONCURRENCY = 20
const THROUGHPUT_MS = 5000
const SANDBOX = process.env.BENCH_SANDBOX !== '0'
const TEAM_DATABASE_URL = process.env.BENCH_TEAM_DATABASE_URL || undefined
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60)
const BURST_DOCS = Number(process.env.BENCH_BURST_DOCS ?? 50)
const AFTER_SECONDS = Number(process.env.BENCH_AFTER_SECONDS ?? 90)
/** The whole run is bounded: a hung server must not hold the machine. */
const DEADLINE_MS = 20 * 60_000

const LIST_QUERY = `filter=${encodeURIComponent("StatusCode eq 30102 and contains(InvoiceNumber,'12')")}&orderby=${encodeURIComponent('ID desc')}&top=50`
const STATS_QUERY =
  'model=SupplierInvoice' +
  `&select=${encodeURIComponent('StatusCode as StatusCode,count(ID) as Count,sum(TaxInclusiveAmount) as Total')}` +
  `&filter=${encodeURIComponent('Deleted eq 0')}`

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY })

interface Answer {
  status: number
  body: string
}

function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function timed(runs: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await fn(i)
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

function expectOk(what: string, a: Answer): void {
  if (a.status !== 200) throw new Error(`${what} answered ${a.status}: ${a.body.slice(0, 300)}`)
}

/** A small deterministic generator, so every run measures the same data. */
function prng(seed: number): () => number {
  let x = seed >>> 0
  return () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    return ((x ^ (x >>> 13)) >>> 0) / 0x100000000
  }
}

function printTable(table: string[][]): void {
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)))
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')
  console.log(line(table[0]!))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const r of table.slice(1)) console.log(line(r))
}

async function sandbox(): Promise<void> {
  const rows = await measureSandbox(
    { idleSeconds: IDLE_SECONDS, burstDocuments: BURST_DOCS, afterSeconds: AFTER_SECONDS },
    (l) => console.log(`  ${l}`),
  )
  console.log('Local sandbox (npm run platform, embedded database, demo seed; figures of its own process):')
  printTable([['measure', 'value', 'target', 'result'], ...rows] satisfies Row[])
  console.log('')
}

async function main(): Promise<void> {
  if (SANDBOX) await sandbox()
  if (INVOICES > 0) await speed()
  if (TEAM_DATABASE_URL) await measureTeam(TEAM_DATABASE_URL)
}

async function speed(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-bench-'))
  const t0 = performance.now()
  const platform = await startPlatform({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    seed: 'demo',
    relaxedDurability: true,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  })
  let server: ChildProcess | undefined
  try {
    const started = performance.now() - t0
    const { store, registry } = platform
    const company = DEMO_COMPANIES.nordlys
    const companyId = (
      await store.query<{ ID: number }>('select "ID" from "Company" where "Key" = $1', [company.key])
    ).rows[0]!.ID
    const suppliers = (
      await store.query<{ ID: number; OrgNumber: string }>(
        'select "ID", "OrgNumber" from "Supplier" where "CompanyID" = $1',
        [companyId],
      )
    ).rows
    const nok = (await store.query<{ ID: number }>(`select "ID" from "CurrencyCode" where "Code" = 'NOK'`))
      .rows[0]!.ID

    // Status mix of a busy inbox: mostly journaled, a share for approval, some drafts and the rest.
    const statuses = [
      ...Array<number>(40).fill(SupplierInvoiceStatus.Journaled),
      ...Array<number>(20).fill(SupplierInvoiceStatus.ForApproval),
      ...Array<number>(15).fill(SupplierInvoiceStatus.Draft),
      ...Array<number>(10).fill(SupplierInvoiceStatus.Approved),
      ...Array<number>(5).fill(SupplierInvoiceStatus.Rejected),
      ...Array<number>(5).fill(SupplierInvoiceStatus.Assigned),
      ...Array<number>(5).fill(SupplierInvoiceStatus.Archived),
    ]
    const rnd = prng(2026)
    const rows = Array.from({ length: INVOICES }, (_, i) => {
      const supplier = suppliers[Math.floor(rnd() * suppliers.length)]!
      const net = Math.round((200 + rnd() * 60_000) * 100) / 100
      const vat = Math.round(net * 25) / 100
      const day = new Date(Date.UTC(2022, 0, 1) + Math.floor(rnd() * 1700) * 86_400_000)
      const status = statuses[Math.floor(rnd() * statuses.length)]!
      return {
        SupplierID: supplier.ID,
        SupplierOrgNumber: supplier.OrgNumber,
        InvoiceNumber: String(100_000 + Math.floor(rnd() * 9_000_000)),
        InvoiceDate: day.toISOString().slice(0, 10),
        PaymentDueDate: new Date(day.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
        TaxExclusiveAmount: net,
        VatTotalsAmount: vat,
        TaxInclusiveAmount: net + vat,
        TaxInclusiveAmountCurrency: net + vat,
        CurrencyCodeID: nok,
        PaymentID: generateKid(i, 10),
        StatusCode: status,
        PaymentStatus:
          status === SupplierInvoiceStatus.Journaled ? PaymentStatus.Paid : PaymentStatus.NotPaid,
      }
    })
    const t1 = performance.now()
    const written = await insertRows(store, registry, 'SupplierInvoice', companyId, rows)
    // Fresh planner statistics after a bulk load, as after any restore.
    await store.query('analyze "SupplierInvoice"')
    const inserted = performance.now() - t1
    const ids = written.map((r) => r.ID as number)
    await platform.close()

    const t2 = performance.now()
    const running = await startServer(dataDir, process.env.BENCH_DATABASE_URL)
    server = running.child
    const restarted = performance.now() - t2
    const urls = { base: running.base, auth: running.auth }
    const token = await passwordToken(urls.auth, DEMO_USERS.anne.email, DEMO_PASSWORD, company.key)
    const headers = { authorization: `Bearer ${token}`, companykey: company.key, accept: 'application/json' }
    const biz = `${urls.base}api/biz/`

    // Check the answers once (a fast wrong answer is no result), then warm up.
    const list = await get(`${biz}supplierinvoices?${LIST_QUERY}`, headers)
    expectOk('list', list)
    const listed = JSON.parse(list.body) as { ID: number; StatusCode: number; InvoiceNumber: string }[]
    if (listed.length === 0 || listed.length > 50) throw new Error(`list answered ${listed.length} rows`)
    for (const r of listed) {
      if (r.StatusCode !== SupplierInvoiceStatus.ForApproval || !r.InvoiceNumber.includes('12'))
        throw new Error('list row does not match the filter')
    }
    if (listed.some((r, i) => i > 0 && r.ID > listed[i - 1]!.ID))
      throw new Error('list is not ordered by ID desc')
    const one = await get(`${biz}supplierinvoices/${ids[0]}`, headers)
    expectOk('get', one)
    if ((JSON.parse(one.body) as { ID: number }).ID !== ids[0])
      throw new Error('get answered another invoice')
    const stats = await get(`${urls.base}api/statistics?${STATS_QUERY}`, headers)
    expectOk('statistics', stats)
    const data = JSON.parse(stats.body) as { Success: boolean; Data: { Count: number }[] }
    const counted = data.Data.reduce((sum, r) => sum + Number(r.Count), 0)
    if (!data.Success || counted < INVOICES)
      throw new Error(`statistics counted ${counted}: ${stats.body.slice(0, 300)}`)
    for (let i = 0; i < 20; i++) {
      await get(`${biz}supplierinvoices?${LIST_QUERY}`, headers)
      await get(`${biz}supplierinvoices/${ids[i * 97]}`, headers)
    }

    const pick = prng(7)
    const randomId = () => ids[Math.floor(pick() * ids.length)]!
    const listTimes = await timed(LIST_RUNS, async () =>
      expectOk('list', await get(`${biz}supplierinvoices?${LIST_QUERY}`, headers)),
    )
    const getTimes = await timed(GET_RUNS, async () =>
      expectOk('get', await get(`${biz}supplierinvoices/${randomId()}`, headers)),
    )
    const statsTimes = await timed(STATS_RUNS, async () =>
      expectOk('statistics', await get(`${urls.base}api/statistics?${STATS_QUERY}`, headers)),
    )

    let done = 0
    const until = performance.now() + THROUGHPUT_MS
    const tStart = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          expectOk('get', await get(`${biz}supplierinvoices/${randomId()}`, headers))
          done++
        }
      }),
    )
    const rps = done / ((performance.now() - tStart) / 1000)
    const rssMb = rssOf(server.pid!) ?? Number.NaN

    const ms = (n: number) => `${n.toFixed(1)} ms`
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS')
    const table: [string, string, string, string, string][] = [
      ['measure', 'p50', 'p95', 'target', 'result'],
      [
        'list (filter, orderby, top 50)',
        ms(pct(listTimes, 50)),
        ms(pct(listTimes, 95)),
        'p95 < 30 ms',
        verdict(pct(listTimes, 95) < 30),
      ],
      [
        'GET by id',
        ms(pct(getTimes, 50)),
        ms(pct(getTimes, 95)),
        'p95 < 5 ms',
        verdict(pct(getTimes, 95) < 5),
      ],
      ['statistics (count, sum per status)', ms(pct(statsTimes, 50)), ms(pct(statsTimes, 95)), '', ''],
      [
        `GET by id, ${CONCURRENCY} connections`,
        `${Math.round(rps)} req/s`,
        '',
        '>= 1000 req/s',
        verdict(rps >= 1000),
      ],
      ['resident memory of the server', `${Math.round(rssMb)} MB`, '', '', ''],
    ]
    console.log(
      `platform benchmark: ${INVOICES.toLocaleString('en')} supplier invoices in ${company.name}, store ${store.kind}`,
    )
    console.log(
      `start with demo seed ${(started / 1000).toFixed(1)} s; bulk insert ${(inserted / 1000).toFixed(1)} s; ` +
        `server restart on the loaded data ${(restarted / 1000).toFixed(1)} s (own process)`,
    )
    console.log(
      `runs: list ${LIST_RUNS}, get ${GET_RUNS}, statistics ${STATS_RUNS}; list page ${listed.length} rows`,
    )
    printTable(table)
  } finally {
    agent.destroy()
    if (server) await stopServer(server)
    await platform.close().catch(() => {})
    await rm(dataDir, { recursive: true, force: true })
  }
}

const deadline = setTimeout(() => {
  console.error(`platform benchmark: gave up after ${DEADLINE_MS / 1000} s`)
  process.exit(1)
}, DEADLINE_MS)
deadline.unref()

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('platform benchmark failed:', err)
    process.exit(1)
  },
)
