// Offline workspace speed (`npm run bench:sync`): the sync engine against the local platform on loopback,
// and the cache in Chromium. Prints figures against the targets; a missed target does not fail it.
// - initial sync of a company with 10,000 supplier invoices (target <= 30 s)
// - a sync round with no changes (target <= 200 ms per company) and 50 such rounds, three companies at a
//   time as the background scheduler runs them (target <= 5 s)
// - replaying 1,000 outbox changes (target <= 30 s)
// - filter and search over 50,000 cached invoices in Chromium's IndexedDB (target <= 50 ms p95), and the
//   renderer's JS heap with them loaded
// The platform runs in this process (PGlite), like the tests; the renderer's Dexie runs on fake-indexeddb in
// Node for the sync figures, and on Chromium's IndexedDB for the cache figures.
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
import { drainCompany } from '../renderer/src/data/drain.ts'
import { createRow, updateRow } from '../renderer/src/data/outbox.ts'
import { openWorkspace, type WorkspaceDb } from '../renderer/src/data/schema.ts'
import { createSyncEngine, type SyncEngine } from '../renderer/src/data/sync-engine.ts'
import { measureCacheInChromium } from './sync-cache.ts'

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000)
const CACHED = Number(process.env.BENCH_CACHED ?? 50_000)
const CHANGES = 1000
const ROUNDS = 50

const line = (name: string, value: string, target: string, ok: boolean | null) =>
  console.log(
    `${name.padEnd(52)} ${value.padStart(12)}   target ${target.padEnd(10)} ${ok === null ? '' : ok ? 'ok' : 'MISSED'}`,
  )
const ms = (v: number) => `${v.toFixed(0)} ms`
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function companyRecord(db: WorkspaceDb, key: string): Promise<void> {
  await db.companies.put({
    Key: key,
    Name: key,
    OrganizationNumber: null,
    offline: true,
    lastOpenedAt: null,
    syncState: 'idle',
    lastSyncAt: null,
    lastError: null,
    userId: null,
  })
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
  const databases: WorkspaceDb[] = []
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
    const direct = directTransport(service)
    // Time spent waiting for main and the platform, apart from the time the cache takes to store rows.
    let inPlatform = 0
    const transport: typeof direct = {
      ...direct,
      pull: async (...args) => {
        const t0 = performance.now()
        try {
          return await direct.pull(...args)
        } finally {
          inPlatform += performance.now() - t0
        }
      },
    }
    const newEngine = async (): Promise<{ db: WorkspaceDb; engine: SyncEngine }> => {
      const db = openWorkspace('bench', crypto.randomUUID())
      databases.push(db)
      for (const c of DEMO_COMPANY_LIST) await companyRecord(db, c.key)
      return { db, engine: createSyncEngine({ db, transport }) }
    }

    console.log(
      `Offline workspace: ${INVOICES} invoices in ${company.name} on loopback, ${CACHED} cached in Chromium\n`,
    )
    // Initial sync.
    const { db, engine } = await newEngine()
    let t = performance.now()
    await engine.syncCompany(company.key, true)
    const initial = performance.now() - t
    const initialPlatform = inPlatform
    const cachedInvoices = await db.SupplierInvoice.where('companyKey').equals(company.key).count()
    const record = await db.companies.get(company.key)
    if (record?.lastError) throw new Error(`the initial sync failed: ${record.lastError.message}`)
    line(`initial sync, ${cachedInvoices} invoices cached`, ms(initial), '<= 30 s', initial <= 30_000)
    line('  of which waiting for main and the platform', ms(initialPlatform), '', null)

    // Rounds with no changes: the open company, then every seeded company.
    const rounds: number[] = []
    for (let i = 0; i < 10; i++) {
      t = performance.now()
      await engine.syncCompany(company.key, false)
      rounds.push(performance.now() - t)
    }
    line(
      'round with no changes, one company (median)',
      ms(percentile(rounds, 50)),
      '<= 200 ms',
      percentile(rounds, 50) <= 200,
    )
    for (const c of DEMO_COMPANY_LIST) await engine.syncCompany(c.key, true)
    const keys = DEMO_COMPANY_LIST.map((c) => c.key)
    t = performance.now()
    for (let i = 0; i < ROUNDS; i += engine.settings.concurrency)
      await Promise.all(
        Array.from({ length: Math.min(engine.settings.concurrency, ROUNDS - i) }, (_, j) =>
          engine.syncCompany(keys[(i + j) % keys.length]!, false),
        ),
      )
    const fifty = performance.now() - t
    line(
      `${ROUNDS} company rounds, no changes, ${engine.settings.concurrency} at a time`,
      ms(fifty),
      '<= 5 s',
      fifty <= 5000,
    )

    // Replaying the outbox: half creates, half updates of cached invoices.
    const cached = await db.SupplierInvoice.where('[companyKey+StatusCode]')
      .equals([company.key, SupplierInvoiceStatus.Draft])
      .limit(CHANGES / 2)
      .toArray()
    if (cached.length < CHANGES / 2)
      throw new Error(`only ${cached.length} drafts to change; BENCH_INVOICES >= 2500`)
    for (let i = 0; i < CHANGES / 2; i++) {
      await createRow(db, company.key, 'SupplierInvoice', {
        SupplierID: suppliers[0]!.ID,
        InvoiceNumber: `REPLAY-${i}`,
      })
      await updateRow(db, company.key, 'SupplierInvoice', cached[i]!.ID, { InvoiceNumber: `REPLAYED-${i}` })
    }
    t = performance.now()
    const replay = await drainCompany(db, transport, company.key)
    const replayed = performance.now() - t
    if (replay.done !== CHANGES) {
      const failed = await db.outbox.where('state').equals('failed').first()
      console.error('a failed change:', JSON.stringify(failed))
    }
    if (replay.done !== CHANGES)
      throw new Error(`replay sent ${replay.done} of ${CHANGES}: ${JSON.stringify(replay)}`)
    line(`replaying ${CHANGES} outbox changes`, ms(replayed), '<= 30 s', replayed <= 30_000)

    const cache = await measureCacheInChromium(CACHED)
    line(`filter + search over ${CACHED} cached invoices (p95)`, ms(cache.p95), '<= 50 ms', cache.p95 <= 50)
    line('  the same, median', ms(cache.median), '', null)
    line('  status tab count through its index (p95)', ms(cache.tabP95), '', null)
    line(`  reading the company's ${CACHED} invoices from IndexedDB`, ms(cache.readAllMs), '', null)
    line(`renderer JS heap with ${CACHED} invoices loaded`, `${cache.heapMb.toFixed(0)} MB`, 'printed', null)
    line(`  IndexedDB write of ${CACHED} invoices`, ms(cache.loadMs), '', null)
  } finally {
    for (const db of databases) await db.delete()
    await platform.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
