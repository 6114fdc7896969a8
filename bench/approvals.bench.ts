// `npm run bench:approvals`: My approvals at office scale on the local platform over loopback. Per approves
// in 50 client companies with 20 active approvals each (flows started through the platform's own
// assign-to). Measured the way the app does it: main's sync service pulls the approvals, tasks, invoices,
// suppliers and users of every company into a Dexie workspace (fake-indexeddb), and the list is built from
// the cache; then 100 selected approvals are approved through the outbox and drained to the platform.
// Targets: refreshing my approvals across the 50 companies <= 5 s; approving 100 selected <= 20 s.
// BENCH_COMPANIES and BENCH_APPROVALS make a smaller run.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApprovalStatus, PaymentStatus, SupplierInvoiceStatus, UserStatus } from '../common/status.ts'
import { createSyncService } from '../electron/main/services/sync/sync-service.ts'
import { transitionEntities } from '../platform/domain/transitions.ts'
import { hooks } from '../platform/model/hooks.ts'
import { startPlatform } from '../platform/server.ts'
import { action, type CompanyScope } from '../platform/seed/demo-approvals.ts'
import { DEMO_USERS } from '../platform/seed/demo-constants.ts'
import { insertRows } from '../platform/seed/insert.ts'
import { drainCompany } from '../renderer/src/data/drain.ts'
import { pullEntity } from '../renderer/src/data/pull.ts'
import { openWorkspace, type CachedEntity, type WorkspaceDb } from '../renderer/src/data/schema.ts'
import type { SyncTransport } from '../renderer/src/data/sync-transport.ts'
import { approveRows } from '../renderer/src/features/approvals/decisions.ts'
import { loadMyApprovals } from '../renderer/src/features/approvals/my-approval-rows.ts'
import { signedInApi } from './signed-in-api.ts'

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 50)
const PER_COMPANY = Number(process.env.BENCH_APPROVALS ?? 20)
const TO_APPROVE = Math.min(100, COMPANIES * PER_COMPANY)
const CONCURRENCY = 6
const TARGETS = { refreshMs: 5_000, approveMs: 20_000 }

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const verdict = (ms: number, target: number) => (ms <= target ? 'ok' : 'OVER TARGET')

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-bench-approvals-'))
  const platform = await startPlatform({ dataDir, port: 0, relaxedDurability: true })
  try {
    const started = Date.now()
    const entities = await transitionEntities(platform.store)
    const keys: string[] = []
    for (let c = 0; c < COMPANIES; c++) {
      await platform.store.transaction(async (sql) => {
        const key = randomUUID()
        const [company] = await insertRows(sql, platform.registry, 'Company', 0, [
          {
            Name: `Benchklient ${String(c + 1).padStart(2, '0')} AS`,
            Key: key,
            IsTest: false,
            IsTemplate: false,
          },
        ])
        const companyId = Number(company!.ID)
        const insert = (entity: string, rows: Record<string, unknown>[]) =>
          insertRows(sql, platform.registry, entity, companyId, rows)
        const users = await insert(
          'User',
          [DEMO_USERS.anne, DEMO_USERS.per].map((u) => ({
            GlobalIdentity: u.globalIdentity,
            Email: u.email,
            DisplayName: u.displayName,
            UserName: u.email,
            StatusCode: UserStatus.Active,
          })),
        )
        const [anne, per] = users.map((u) => ({
          userId: Number(u.ID),
          globalIdentity: String(u.GlobalIdentity),
        }))
        const [supplier] = await insert('Supplier', [{ SupplierNumber: 20001, OrgNumber: '923609016' }])
        const invoices = await insert(
          'SupplierInvoice',
          Array.from({ length: PER_COMPANY }, (_, n) => ({
            SupplierID: supplier!.ID,
            InvoiceNumber: String(70000 + n),
            InvoiceDate: '2026-11-01',
            PaymentDueDate: `2026-12-${String(1 + (n % 28)).padStart(2, '0')}`,
            TaxInclusiveAmount: 1000 + n * 10,
            TaxInclusiveAmountCurrency: 1000 + n * 10,
            StatusCode: SupplierInvoiceStatus.Draft,
            PaymentStatus: PaymentStatus.NotPaid,
          })),
        )
        const scope: CompanyScope = {
          sql,
          registry: platform.registry,
          hooks,
          companyId,
          companyKey: key,
          transitionEntities: entities,
        }
        for (const invoice of invoices)
          await action(scope, anne!, 'SupplierInvoice', 'assign-to', Number(invoice.ID), {
            UserIDs: [per!.userId],
          })
        keys.push(key)
      })
    }
    console.log(
      `prepared ${COMPANIES} companies x ${PER_COMPANY} approvals for Per in ${seconds(Date.now() - started)}`,
    )

    const api = await signedInApi(platform.urls, DEMO_USERS.per.email)
    const service = createSyncService({ api: async () => api, fetch })
    const transport: SyncTransport = {
      probe: () => service.probe(),
      pull: (c, e, f, o) => service.pull(c, e, f, o),
      ids: (c, e, o) => service.ids(c, e, o),
      row: (c, e, id) => service.row(c, e, id),
      execute: (c, cmd) => service.execute(c, cmd),
      download: (c, id) => service.download(c, id),
      ocr: (c, id) => service.ocr(c, id),
    }
    const db: WorkspaceDb = openWorkspace('bench', randomUUID())
    const userIds = new Map<string, number>()
    await pool(keys, CONCURRENCY, async (key) => {
      const me = await api.get<{ ID: number }>('api/biz/users', {
        companyKey: key,
        query: { action: 'current-session' },
      })
      userIds.set(key, me.ID)
    })
    await db.companies.bulkPut(
      keys.map((Key, i) => ({
        Key,
        Name: `Benchklient ${String(i + 1).padStart(2, '0')} AS`,
        OrganizationNumber: null,
        offline: true,
        lastOpenedAt: null,
        syncState: 'idle' as const,
        lastSyncAt: null,
        lastError: null,
        userId: userIds.get(Key)!,
      })),
    )

    const refreshEntities: CachedEntity[] = ['User', 'Supplier', 'SupplierInvoice', 'Task', 'Approval']
    const refresh = async () => {
      const t0 = performance.now()
      // As the sync engine pulls a company: its entities at the same time, not one after the other.
      await pool(keys, CONCURRENCY, async (key) => {
        await Promise.all(
          refreshEntities.map((entity) =>
            pullEntity(db, transport, key, entity, {
              top: 1000,
              userId: userIds.get(key)!,
              journaledDays: 90,
            }),
          ),
        )
      })
      const rows = await loadMyApprovals(db)
      return { ms: performance.now() - t0, rows }
    }
    const first = await refresh()
    const again = await refresh()
    console.log(
      `refresh my approvals, ${COMPANIES} companies, first (empty cache): ${seconds(first.ms)} for ${first.rows.length} approvals (target <= ${seconds(TARGETS.refreshMs)}: ${verdict(first.ms, TARGETS.refreshMs)})`,
    )
    console.log(
      `refresh my approvals, ${COMPANIES} companies, no changes: ${seconds(again.ms)} (target <= ${seconds(TARGETS.refreshMs)}: ${verdict(again.ms, TARGETS.refreshMs)})`,
    )
    if (first.rows.length !== COMPANIES * PER_COMPANY)
      throw new Error(`expected ${COMPANIES * PER_COMPANY} approvals in the list, got ${first.rows.length}`)

    const selected = first.rows.slice(0, TO_APPROVE)
    const t0 = performance.now()
    await approveRows(db, selected)
    const touched = [...new Set(selected.map((r) => r.companyKey))]
    let done = 0
    await pool(touched, CONCURRENCY, async (key) => {
      const result = await drainCompany(db, transport, key)
      done += result.done
    })
    const approveMs = performance.now() - t0
    let approvedOnPlatform = 0
    for (const key of touched) {
      const rows = await api.get<unknown[]>('api/biz/approvals', {
        companyKey: key,
        query: { filter: `StatusCode eq ${ApprovalStatus.Approved}`, select: 'ID' },
      })
      approvedOnPlatform += rows.length
    }
    console.log(
      `approve ${selected.length} selected through the outbox: ${seconds(approveMs)}, ${done} done, ${approvedOnPlatform} approved on the platform (target <= ${seconds(TARGETS.approveMs)}: ${verdict(approveMs, TARGETS.approveMs)})`,
    )
    if (approvedOnPlatform !== selected.length)
      throw new Error(`expected ${selected.length} approved on the platform, found ${approvedOnPlatform}`)
    await db.delete()
  } finally {
    await platform.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
