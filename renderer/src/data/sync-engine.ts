// The sync engine of one workspace: knows the connection by probing the API through main (backoff with
// jitter while it is down), drains each company's outbox, pulls what changed, reconciles IDs now and then,
// and prefetches the files of the review and approval queues. The open company goes first; the others
// take turns in the background, a few at a time, each round bounded in pages so a company of 50,000
// invoices does not hold the rest back. Everything pauses while offline.
import type { ConnectionState, PullOptions } from '@common/bridge/sync'
import { drainCompany, isConnectionError } from './drain.ts'
import { prefetchFiles } from './files.ts'
import { pullEntity, reconcileEntity } from './pull.ts'
import { cachedEntities, type CachedEntity, type WorkspaceDb } from './schema.ts'
import type { SyncTransport } from './sync-transport.ts'

export interface SyncSettings {
  /** Companies synced at the same time in the background. */
  concurrency: number
  /** Between background rounds. */
  intervalMs: number
  /** Between ID reconciliations of a company. */
  reconcileEveryMs: number
  /** Journaled supplier invoices younger than this are cached. */
  journaledDays: number
  /** Cached PDF bytes above this are evicted, least recently used first. */
  fileCacheBytes: number
  /** Rows per page. */
  pageSize: number
  /** Probe backoff: first wait and the cap. */
  probeMinMs: number
  probeMaxMs: number
}

export const defaultSyncSettings: SyncSettings = {
  concurrency: 3,
  intervalMs: 60_000,
  reconcileEveryMs: 15 * 60_000,
  journaledDays: 90,
  fileCacheBytes: 1024 ** 3,
  pageSize: 1000,
  probeMinMs: 1_000,
  probeMaxMs: 60_000,
}

export interface EngineStatus {
  connection: ConnectionState
  syncing: boolean
  lastSyncAt: string | null
}

/** Entities in the order a company is pulled: what the views need first comes first. */
const pullOrder: readonly CachedEntity[] = [
  'CompanySettings',
  'SupplierInvoice',
  'Supplier',
  'Approval',
  'Task',
  'FileAttachment',
  'User',
  'Team',
  'Account',
  'VatType',
  'Department',
  'Project',
  'CurrencyCode',
]

export function createSyncEngine(options: {
  db: WorkspaceDb
  transport: SyncTransport
  settings?: Partial<SyncSettings>
  onStatus?: (status: EngineStatus) => void
  random?: () => number
}) {
  const { db, transport } = options
  const settings: SyncSettings = { ...defaultSyncSettings, ...options.settings }
  const random = options.random ?? Math.random
  const status: EngineStatus = { connection: 'offline', syncing: false, lastSyncAt: null }
  let running = false
  /** Set by stop(): work in progress ends at its next step. */
  let stopping = false
  let openKey: string | null = null
  let probeDelay = settings.probeMinMs
  let timer: ReturnType<typeof setTimeout> | undefined
  let cursor = 0
  const active = new Map<string, Promise<void>>()
  const lastReconciled = new Map<string, number>()

  const report = (change: Partial<EngineStatus>) => {
    Object.assign(status, change)
    options.onStatus?.({ ...status })
  }

  async function pullOptions(companyKey: string): Promise<PullOptions> {
    const company = await db.companies.get(companyKey)
    return { top: settings.pageSize, userId: company?.userId ?? null, journaledDays: settings.journaledDays }
  }

  /** Whether a company is kept offline: the open one always, the others by their setting. */
  async function syncedCompanies(): Promise<string[]> {
    const all = await db.companies.toArray()
    return all.filter((c) => c.offline || c.Key === openKey).map((c) => c.Key)
  }

  /** One round for one company: outbox first (the user's work), then what changed, then deletions. */
  async function syncCompany(companyKey: string, full: boolean): Promise<void> {
    const inFlight = active.get(companyKey)
    if (inFlight) return inFlight
    const work = (async () => {
      await db.companies.update(companyKey, { syncState: 'syncing' })
      try {
        const drained = await drainCompany(db, transport, companyKey, () => stopping)
        if (drained.interrupted)
          throw Object.assign(new Error('The platform cannot be reached'), { code: 'API_NETWORK' })
        const options = await pullOptions(companyKey)
        // A background round takes at most a few pages per entity, so no company starves the others.
        let pages = 0
        const stopAfter = full ? Infinity : 5
        for (const entity of pullOrder) {
          if (stopping) return
          if (entity === 'Approval' && options.userId === null) continue
          await pullEntity(db, transport, companyKey, entity, options, () => ++pages >= stopAfter || stopping)
          pages = 0
        }
        const reconciledAt = lastReconciled.get(companyKey) ?? 0
        if (Date.now() - reconciledAt >= settings.reconcileEveryMs) {
          for (const entity of pullOrder) {
            if (stopping) return
            if (entity === 'Approval' && options.userId === null) continue
            await reconcileEntity(db, transport, companyKey, entity, options)
          }
          lastReconciled.set(companyKey, Date.now())
        }
        await prefetchFiles(db, transport, companyKey, settings.fileCacheBytes)
        const at = new Date().toISOString()
        await db.companies.update(companyKey, { syncState: 'idle', lastSyncAt: at, lastError: null })
        report({ lastSyncAt: at })
      } catch (error) {
        const e = error as { code?: string; message?: string }
        const offline = isConnectionError(error)
        await db.companies.update(companyKey, {
          syncState: offline ? 'offline' : 'error',
          lastError: { code: e.code ?? 'INTERNAL', message: e.message ?? String(error) },
        })
        if (offline) connectionLost()
        else console.error(`Syncing ${companyKey} failed`, error)
      }
    })().finally(() => active.delete(companyKey))
    active.set(companyKey, work)
    return work
  }

  function connectionLost(): void {
    if (status.connection === 'online') report({ connection: 'offline' })
    schedule(0)
  }

  /** The background round: the open company, then the next few others in turn. */
  async function round(): Promise<void> {
    if (!running || status.connection !== 'online') return
    report({ syncing: true })
    try {
      if (openKey) await syncCompany(openKey, true)
      const others = (await syncedCompanies()).filter((k) => k !== openKey)
      const batch: string[] = []
      for (let i = 0; i < Math.min(settings.concurrency, others.length); i++)
        batch.push(others[(cursor + i) % others.length]!)
      cursor = others.length ? (cursor + batch.length) % others.length : 0
      await Promise.all(batch.map((k) => syncCompany(k, false)))
    } finally {
      report({ syncing: active.size > 0 })
    }
  }

  async function probe(): Promise<void> {
    try {
      const answer = await transport.probe()
      report({ connection: answer.state })
    } catch (error) {
      report({ connection: isConnectionError(error) ? 'offline' : 'serverError' })
    }
  }

  /** Probes while not online (backoff with jitter), runs rounds while online. */
  async function tick(): Promise<void> {
    if (!running) return
    const wasOnline = status.connection === 'online'
    await probe()
    if (status.connection === 'online') {
      probeDelay = settings.probeMinMs
      if (!wasOnline) lastReconciled.clear()
      await round()
      schedule(settings.intervalMs)
    } else {
      const wait = probeDelay * (0.5 + random())
      probeDelay = Math.min(probeDelay * 2, settings.probeMaxMs)
      schedule(wait)
    }
  }

  function schedule(ms: number): void {
    if (!running) return
    clearTimeout(timer)
    timer = setTimeout(() => void tick(), ms)
  }

  return {
    settings,
    status: () => ({ ...status }),
    start(): void {
      if (running) return
      running = true
      stopping = false
      schedule(0)
    },
    async stop(): Promise<void> {
      running = false
      stopping = true
      clearTimeout(timer)
      await Promise.allSettled([...active.values()])
    },
    /** The company this window has open: it is synced first, fully, and at once. */
    setOpenCompany(key: string | null): void {
      openKey = key
      if (key && running && status.connection === 'online') void syncCompany(key, true)
    },
    /** Syncs now: one company fully, or the open one and every offline company. */
    async syncNow(companyKey?: string): Promise<void> {
      await probe()
      if (status.connection !== 'online') {
        schedule(0)
        return
      }
      report({ syncing: true })
      try {
        if (companyKey) await syncCompany(companyKey, true)
        else {
          const keys = await syncedCompanies()
          for (let i = 0; i < keys.length; i += settings.concurrency)
            await Promise.all(keys.slice(i, i + settings.concurrency).map((k) => syncCompany(k, true)))
        }
      } finally {
        report({ syncing: active.size > 0 })
      }
    },
    /** Pushes a company's outbox now (after a change, a retry or a resolved conflict). */
    async push(companyKey: string): Promise<void> {
      if (!running || status.connection !== 'online') return
      const result = await drainCompany(db, transport, companyKey, () => !running)
      if (result.interrupted) connectionLost()
    },
    syncCompany,
  }
}

export type SyncEngine = ReturnType<typeof createSyncEngine>
export { cachedEntities }
