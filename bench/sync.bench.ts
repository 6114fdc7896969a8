// Offline workspace speed (`npm run bench:sync`): the sync engine against the local platform on loopback,
// and the cache in Chromium. Prints figures against the targets; a missed target does not fail it.
// - initial sync of a company with 10,000 supplier invoices (target <= 30 s)
// - a sync round with no changes: one company (target <= 200 ms) and each of 50 real companies once,
//   three at a time as the background scheduler runs them (target <= 5 s)
// - replaying 1,000 outbox changes (target <= 30 s)
// - filter and search over 50,000 cached invoices in Chromium's IndexedDB (target <= 50 ms p95), and the
//   renderer's JS heap with them loaded
// - the office overview view for 100 companies from the cache (target: within 100 ms), and its counts
// The platform runs in this process (PGlite), like the tests, with main's sync service; the renderer's sync
// engine and Dexie run in Chromium on its IndexedDB, calling the service through an exposed function (the
// bridge's JSON round trip). Time spent in main's calls (platform included) is printed beside each figure.
// BENCH_PARTS=initial,rounds,replay,cache,overview runs some parts only (the initial sync always runs when
// rounds or replay do: they need its cache). BENCH_INVOICES, BENCH_COMPANIES, BENCH_CACHED and
// BENCH_OVERVIEW change the counts.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { directTransport, syncServiceOver } from '../test/support/sync.ts'
import { startPlatform } from '../platform/server.ts'
import {
  DEMO_COMPANIES,
  DEMO_COMPANY_LIST,
  DEMO_PASSWORD,
  DEMO_USERS,
} from '../platform/seed/demo-constants.ts'
import { measureCacheInChromium, measureOverviewInChromium, percentile, withBenchPage } from './sync-cache.ts'
import { insertInvoices, seedCompanies } from './sync-seed.ts'
import { measureOverviewView } from './overview-view.ts'

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000)
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 50)
const CACHED = Number(process.env.BENCH_CACHED ?? 50_000)
const OVERVIEW = Number(process.env.BENCH_OVERVIEW ?? 100)
const CHANGES = 1000
const allParts = ['initial', 'rounds', 'replay', 'cache', 'overview'] as const
const parts = new Set(
  (process.env.BENCH_PARTS ?? allParts.join(',')).split(',').map((p) => p.trim().toLowerCase()),
)
for (const part of parts)
  if (!(allParts as readonly string[]).includes(part))
    throw new Error(`BENCH_PARTS: unknown part '${part}' (parts: ${allParts.join(', ')})`)

const line = (name: string, value: string, target: string, ok: boolean | null) =>
  console.log(
    `${name.padEnd(56)} ${value.padStart(12)}   target ${target.padEnd(10)} ${ok === null ? '' : ok ? 'ok' : 'MISSED'}`,
  )
const ms = (v: number) => `${v.toFixed(0)} ms`

interface SyncFigures {
  initialMs: number
  cached: number
  error: { message: string } | null
  single: number[]
  roundsMs: number
  roundErrors: number
  concurrency: number
  queued: number
  replay: { done: number; failed: number; conflicts: number; interrupted: boolean }
  replayMs: number
}

/** Main's calls while a part ran: how many, and the time spent in them (the platform's included). */
type Spent = Record<string, { calls: number; ms: number }>
const inMain = (spent: Spent, names: string[]) => {
  const picked = names.map((n) => spent[n] ?? { calls: 0, ms: 0 })
  const calls = picked.reduce((a, s) => a + s.calls, 0)
  return `${calls} calls, ${ms(picked.reduce((a, s) => a + s.ms, 0))}`
}

async function syncParts(): Promise<void> {
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
    await insertInvoices(
      store,
      registry,
      companyId,
      suppliers.map((s) => s.ID),
      INVOICES,
      'BENCH',
    )
    const more = parts.has('rounds') ? Math.max(0, COMPANIES - DEMO_COMPANY_LIST.length) : 0
    const seeded = await seedCompanies(store, registry, more, 20)
    const companies = [...DEMO_COMPANY_LIST.map((c) => c.key), ...seeded]
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
    let spent: Spent = {}
    const phases: Record<string, Spent> = {}
    // The page's transport: each call goes to main's sync service here, as JSON, errors as { code, message }.
    const mainCall = async (name: keyof typeof transport, args: unknown[]) => {
      const t0 = performance.now()
      // As text, as the bridge carries it (JSON over the WebSocket): Playwright's own value serialisation
      // of large answers costs far more than the app's bridge does.
      try {
        return JSON.stringify({
          ok: await (transport[name] as (...a: unknown[]) => Promise<unknown>)(...args),
        })
      } catch (error) {
        const e = error as { code?: string; message?: string }
        return JSON.stringify({ error: { code: e.code ?? 'INTERNAL', message: e.message ?? String(error) } })
      } finally {
        const s = (spent[name] ??= { calls: 0, ms: 0 })
        s.calls++
        s.ms += performance.now() - t0
      }
    }
    // The page says when a part begins, so main's time is counted per part.
    const phase = (name: string) => {
      spent = phases[name] = {}
    }
    console.log(
      `Offline workspace: ${INVOICES} invoices in ${company.name}, ${companies.length} companies, on loopback\n`,
    )
    const sync = await withBenchPage('sync-engine.page.ts', { mainCall, phase }, async (page) => {
      await page.waitForFunction(() => 'benchSync' in globalThis)
      return page.evaluate(
        (plan) => (globalThis as unknown as { benchSync(p: unknown): Promise<SyncFigures> }).benchSync(plan),
        {
          companies,
          open: company.key,
          parts: { initial: true, rounds: parts.has('rounds'), replay: parts.has('replay') },
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
    line(
      '  of which in main (platform included)',
      inMain(phases.initial!, ['pull', 'ids', 'download', 'ocr']),
      '',
      null,
    )
    if (parts.has('rounds')) {
      const single = percentile(sync.single, 50)
      line('round with no changes, one company (median of 10)', ms(single), '<= 200 ms', single <= 200)
      line(
        `round with no changes, ${companies.length} companies, ${sync.concurrency} at a time`,
        ms(sync.roundsMs),
        '<= 5 s',
        sync.roundsMs <= 5000 && companies.length >= 50,
      )
      line(
        '  of which in main (platform included)',
        inMain(phases.quiet!, ['pull', 'ids', 'execute', 'executeBatch']),
        '',
        null,
      )
      if (sync.roundErrors > 0)
        throw new Error(`${sync.roundErrors} companies ended their round with an error`)
    }
    if (parts.has('replay')) {
      if (sync.replay.done !== CHANGES || sync.queued !== CHANGES)
        throw new Error(`replay sent ${sync.replay.done} of ${sync.queued}: ${JSON.stringify(sync.replay)}`)
      line(`replaying ${CHANGES} outbox changes`, ms(sync.replayMs), '<= 30 s', sync.replayMs <= 30_000)
      line(
        '  of which in main (platform included)',
        inMain(phases.replay!, ['execute', 'executeBatch']),
        '',
        null,
      )
    }
  } finally {
    await platform.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  if (parts.has('initial') || parts.has('rounds') || parts.has('replay')) await syncParts()
  if (parts.has('cache')) {
    const cache = await measureCacheInChromium(CACHED)
    line(
      `inbox tab + search over ${CACHED} cached invoices (p95)`,
      ms(cache.p95),
      '<= 50 ms',
      cache.p95 <= 50,
    )
    line('  the same, median', ms(cache.median), '', null)
    line('  the first letter typed (prepares the search text)', ms(cache.firstSearchMs), '', null)
    line('  status tab count through its index (p95)', ms(cache.tabP95), '', null)
    line(`  reading the inbox's ${CACHED} rows from IndexedDB`, ms(cache.readAllMs), '', null)
    line(`renderer JS heap with ${CACHED} invoices loaded`, `${cache.heapMb.toFixed(0)} MB`, 'printed', null)
    line(`  IndexedDB write of ${CACHED} invoices`, ms(cache.loadMs), '', null)
  }
  if (parts.has('overview')) {
    const view = await measureOverviewView(OVERVIEW)
    line(
      `office overview shown with its counts, ${OVERVIEW} companies, ${view.invoices} invoices (p95)`,
      ms(view.p95),
      '<= 100 ms',
      view.p95 <= 100,
    )
    line('  the same, median', ms(view.median), '', null)
    line('  the first showing (nothing shown before)', ms(view.firstMs), '<= 100 ms', view.firstMs <= 100)
    line('  opening the workspace database before it (at sign-in)', ms(view.openMs), '', null)
    const overview = await measureOverviewInChromium(OVERVIEW)
    line('  the counts alone, counted by IndexedDB (p95)', ms(overview.p95), '', null)
  }
}

await main()
