// Runs in Chromium (bundled by sync-cache.ts): the renderer's sync engine on Chromium's IndexedDB, its
// transport calling main's sync service in the benchmark process (as the bridge does), timed here.
import type { SyncTransport } from '../renderer/src/data/sync-transport.ts'
import { drainCompany } from '../renderer/src/data/drain.ts'
import { createRow, updateRow } from '../renderer/src/data/outbox.ts'
import { openWorkspace } from '../renderer/src/data/schema.ts'
import { createSyncEngine } from '../renderer/src/data/sync-engine.ts'

type Answer = { ok: unknown } | { error: { code: string; message: string } }
const main = (globalThis as unknown as { mainCall(name: string, args: unknown[]): Promise<Answer> }).mainCall

async function call<T>(name: keyof SyncTransport, ...args: unknown[]): Promise<T> {
  const answer = await main(name, args)
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
  companies: string[]
  open: string
  rounds: number
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
  let t = performance.now()
  await engine.syncCompany(plan.open, true)
  const initialMs = performance.now() - t
  const cached = await db.SupplierInvoice.where('companyKey').equals(plan.open).count()
  const error = (await db.companies.get(plan.open))?.lastError ?? null

  const single: number[] = []
  for (let i = 0; i < 10; i++) {
    t = performance.now()
    await engine.syncCompany(plan.open, false)
    single.push(performance.now() - t)
  }
  for (const key of plan.companies) await engine.syncCompany(key, true)
  const concurrency = engine.settings.concurrency
  t = performance.now()
  for (let i = 0; i < plan.rounds; i += concurrency)
    await Promise.all(
      Array.from({ length: Math.min(concurrency, plan.rounds - i) }, (_, j) =>
        engine.syncCompany(plan.companies[(i + j) % plan.companies.length]!, false),
      ),
    )
  const roundsMs = performance.now() - t

  const drafts = await db.SupplierInvoice.where('[companyKey+StatusCode]')
    .equals([plan.open, 30101])
    .limit(plan.changes / 2)
    .toArray()
  for (let i = 0; i < plan.changes / 2; i++) {
    await createRow(db, plan.open, 'SupplierInvoice', {
      SupplierID: plan.supplierId,
      InvoiceNumber: `REPLAY-${i}`,
    })
    await updateRow(db, plan.open, 'SupplierInvoice', drafts[i]!.ID, { InvoiceNumber: `REPLAYED-${i}` })
  }
  const queued = await db.outbox.count()
  t = performance.now()
  const replay = await drainCompany(db, transport, plan.open)
  const replayMs = performance.now() - t
  await db.delete()
  return { initialMs, cached, error, single, roundsMs, concurrency, queued, replay, replayMs }
}

;(globalThis as unknown as { benchSync: typeof run }).benchSync = run
