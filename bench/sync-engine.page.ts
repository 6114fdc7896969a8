// Runs in Chromium (bundled by sync-cache.ts): the renderer's sync engine on Chromium's IndexedDB, its
// transport calling main's sync service in the benchmark process (as the bridge does), timed here.
import type { SyncTransport } from '../renderer/src/data/sync-transport.ts'
import { drainCompany } from '../renderer/src/data/drain.ts'
import { createRow, updateRow } from '../renderer/src/data/outbox.ts'
import { openWorkspace } from '../renderer/src/data/schema.ts'
import { createSyncEngine } from '../renderer/src/data/sync-engine.ts'

type Answer = { ok: unknown } | { error: { code: string; message: string } }
const page = globalThis as unknown as {
  mainCall(name: string, args: unknown[]): Promise<string>
  /** Tells the benchmark which part runs, so main's time is counted per part. */
  phase(name: string): Promise<void>
}
const main = page.mainCall

async function call<T>(name: keyof SyncTransport, ...args: unknown[]): Promise<T> {
  const answer = JSON.parse(await main(name, args)) as Answer
  if ('error' in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
  return answer.ok as T
}

const transport: SyncTransport = {
  probe: () => call('probe'),
  pull: (...args) => call('pull', ...args),
  ids: (...args) => call('ids', ...args),
  row: (...args) => call('row', ...args),
  execute: (...args) => call('execute', ...args),
  executeBatch: (...args) => call('executeBatch', ...args),
  download: (...args) => call('download', ...args),
  ocr: (...args) => call('ocr', ...args),
}

interface Plan {
  /** The company of the initial sync and the replay (its invoices seeded by the benchmark). */
  open: string
  /** Every company of the accountant: the rounds with no changes go over each of them once. */
  companies: string[]
  parts: { initial: boolean; rounds: boolean; replay: boolean }
  changes: number
  supplierId: number
}

async function run(plan: Plan) {
  const db = openWorkspace('bench-sync', String(Date.now()))
  for (const key of plan.companies)
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
  const engine = createSyncEngine({ db, transport })
  const lastError = async (key: string) => (await db.companies.get(key))?.lastError ?? null
  await page.phase('initial')
  let t = performance.now()
  await engine.syncCompany(plan.open, true)
  const initialMs = performance.now() - t
  const cached = await db.SupplierInvoice.where('companyKey').equals(plan.open).count()
  const error = await lastError(plan.open)

  const single: number[] = []
  let roundsMs = 0
  let roundErrors = 0
  if (plan.parts.rounds) {
    await page.phase('single')
    for (let i = 0; i < 10; i++) {
      t = performance.now()
      await engine.syncCompany(plan.open, false)
      single.push(performance.now() - t)
    }
    // Every company once in full first (what the background has done before a quiet round).
    const concurrency = engine.settings.concurrency
    await page.phase('setup')
    const others = plan.companies.filter((k) => k !== plan.open)
    for (let i = 0; i < others.length; i += concurrency)
      await Promise.all(others.slice(i, i + concurrency).map((k) => engine.syncCompany(k, true)))
    await page.phase('quiet')
    t = performance.now()
    for (let i = 0; i < plan.companies.length; i += concurrency)
      await Promise.all(plan.companies.slice(i, i + concurrency).map((key) => engine.syncCompany(key, false)))
    roundsMs = performance.now() - t
    for (const key of plan.companies) if (await lastError(key)) roundErrors++
  }

  let queued = 0
  let replay = { done: 0, failed: 0, conflicts: 0, interrupted: false }
  let replayMs = 0
  if (plan.parts.replay) {
    const drafts = await db.SupplierInvoice.where('[companyKey+StatusCode]')
      .equals([plan.open, 30101])
      .limit(plan.changes / 2)
      .toArray()
    if (drafts.length < plan.changes / 2)
      throw new Error(`the replay needs ${plan.changes / 2} cached drafts, ${drafts.length} are cached`)
    for (let i = 0; i < plan.changes / 2; i++) {
      await createRow(db, plan.open, 'SupplierInvoice', {
        SupplierID: plan.supplierId,
        InvoiceNumber: `REPLAY-${i}`,
      })
      await updateRow(db, plan.open, 'SupplierInvoice', drafts[i]!.ID, { InvoiceNumber: `REPLAYED-${i}` })
    }
    queued = await db.outbox.count()
    await page.phase('replay')
    t = performance.now()
    replay = await drainCompany(db, transport, plan.open)
    replayMs = performance.now() - t
  }
  await db.delete()
  return {
    initialMs,
    cached,
    error,
    single,
    roundsMs,
    roundErrors,
    concurrency: engine.settings.concurrency,
    queued,
    replay,
    replayMs,
  }
}

;(globalThis as unknown as { benchSync: typeof run }).benchSync = run
