// Offline workspace speed (`npm run bench:sync`): the sync engine against the local platform on loopback,
// and the cache in Chromium. Prints figures against the targets; a missed target does not fail it.
// - initial sync of a company with 10,000 supplier invoices (target <= 30 s)
// - a sync round with no changes (target <= 200 ms per company) and 50 such rounds, three companies at a
//   time as the background scheduler runs them (target <= 5 s)
// - replaying 1,000 outbox changes (target <= 30 s)
// - filter and search over 50,000 cached invoices in Chromium's IndexedDB (target <= 50 ms p95), and the
//   renderer's JS heap with them loaded
// The platform runs in this process (PGlite), like the tests, with main's sync service; the renderer's sync
// engine and Dexie run in Chromium on its IndexedDB, calling the service through an exposed function (the
// bridge's JSON round trip).
// BENCH_INVOICES=N and BENCH_CACHED=N change the counts.
import { directTransport, syncServiceOver } from '../test/support/sync.ts'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SupplierInvoiceStatus } from '../common/status.ts'
import { startPlatform } from '../platform/server.ts'
import {
  DEMO_COMPANIES,
  DEMO_COMPANY_LIST,
  DEMO_PASSWORD,
  DEMO_USERS,
} from '../platform/seed/demo-constants.ts'
import { insertRows } from '../platform/seed/insert.ts'
import { measureCacheInChromium, percentile, withBenchPage } from './sync-cache.ts'

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000)
const CACHED = Number(process.env.BENCH_CACHED ?? 50_000)
const CHANGES = 1000
const ROUNDS = 50

const line = (name: string, value: string, target: string, ok: boolean | null) =>
  console.log(
    `${name.padEnd(52)} ${value.padStart(12)}   target ${target.padEnd(10)} ${ok === null ? '' : ok ? 'ok' : 'MISSED'}`,
  )
const ms = (v: number) => `${v.toFixed(0)} ms`
interface SyncFigures {
  initialMs: number
  cached: number
  error: { message: string } | null
  single: number[]
  roundsMs: number
  concurrency: number
  queued: number
  replay: { done: number; failed: number; conflicts: number; interrupted: boolean }
  replayMs: number
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-bench-sync-'))
  const platform = await startPlatform({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    seed: 'demo',
    relaxedDurability: true,
  })
  try {
    const { store, registry } = platform
    const company = DEMO_COMPANIES.nordlys
    const companyId = (
      await store.query<{ ID: number }>('select "ID" from "Company" where "Key" = $1', [company.key])
    ).rows[0]!.ID
    const suppliers = (
      await store.query<{ ID: number }>('select "ID" from "Supplier" where "CompanyID" = $1', [companyId])
    ).rows
    const statuses = [
      SupplierInvoiceStatus.Draft,
      SupplierInvoiceStatus.ForApproval,
      SupplierInvoiceStatus.Approved,
      SupplierInvoiceStatus.Journaled,
      SupplierInvoiceStatus.Rejected,
    ]
    await insertRows(
      store,
      registry,
      'SupplierInvoice',
      companyId,
      Array.from({ length: INVOICES }, (_, i) => ({
        SupplierID: suppliers[i % suppliers.length]!.ID,
        InvoiceNumber: `BENCH-${i}`,
        InvoiceDate: '2026-10-01',
        PaymentDueDate: '2026-10-15',
        TaxInclusiveAmount: 1000 + i,
        StatusCode: statuses[i % statuses.length],
      })),
    )
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: 'ledgerdesk-integration',
      client_secret: 'local-integration-secret',
      username: DEMO_USERS.anne.email,
      password: DEMO_PASSWORD,
      scope: 'openid profile AppFramework offline_access',
    })
    const tokenAnswer = await fetch(`${platform.urls.auth}/connect/token`, { method: 'POST', body: form })
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string }
    const { service } = syncServiceOver(platform.urls.base, token)
    const transport = directTransport(service)
    // The page's transport: each call goes to main's sync service here, as JSON, errors as { code, message }.
    const mainCall = async (name: keyof typeof transport, args: unknown[]) => {
      try {
        return { ok: await (transport[name] as (...a: unknown[]) => Promise<unknown>)(...args) }
      } catch (error) {
        const e = error as { code?: string; message?: string }
        return { error: { code: e.code ?? 'INTERNAL', message: e.message ?? String(error) } }
      }
    }
    console.log(`Offline workspace: ${INVOICES} invoices in ${company.name} on loopback, ${CACHED} cached\n`)
    const sync = await withBenchPage('sync-engine.page.ts', { mainCall }, async (page) => {
      await page.waitForFunction(() => 'benchSync' in globalThis)
      return page.evaluate(
        (plan) => (globalThis as unknown as { benchSync(p: unknown): Promise<SyncFigures> }).benchSync(plan),
        {
          companies: DEMO_COMPANY_LIST.map((c) => c.key),
          open: company.key,
          rounds: ROUNDS,
          changes: CHANGES,
          supplierId: suppliers[0]!.ID,
        },
      )
    })
    if (sync.error) throw new Error(`the initial sync failed: ${sync.error.message}`)
    line(
      `initial sync, ${sync.cached} invoices cached`,
      ms(sync.initialMs),
      '<= 30 s',
      sync.initialMs <= 30_000,
    )
    const single = percentile(sync.single, 50)
    line('round with no changes, one company (median)', ms(single), '<= 200 ms', single <= 200)
    line(
      `${ROUNDS} company rounds, no changes, ${sync.concurrency} at a time`,
      ms(sync.roundsMs),
      '<= 5 s',
      sync.roundsMs <= 5000,
    )
    if (sync.replay.done !== CHANGES || sync.queued !== CHANGES)
      throw new Error(`replay sent ${sync.replay.done} of ${sync.queued}: ${JSON.stringify(sync.replay)}`)
    line(`replaying ${CHANGES} outbox changes`, ms(sync.replayMs), '<= 30 s', sync.replayMs <= 30_000)

    const cache = await measureCacheInChromium(CACHED)
    line(`filter + search over ${CACHED} cached invoices (p95)`, ms(cache.p95), '<= 50 ms', cache.p95 <= 50)
    line('  the same, median', ms(cache.median), '', null)
    line('  status tab count through its index (p95)', ms(cache.tabP95), '', null)
    line(`  reading the company's ${CACHED} invoices from IndexedDB`, ms(cache.readAllMs), '', null)
    line(`renderer JS heap with ${CACHED} invoices loaded`, `${cache.heapMb.toFixed(0)} MB`, 'printed', null)
    line(`  IndexedDB write of ${CACHED} invoices`, ms(cache.loadMs), '', null)
  } finally {
    await platform.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
