// The sync engine of one workspace: knows the connection by probing the API through main (backoff with
// jitter while it is down), drains each company's outbox, pulls what changed, reconciles IDs now and then,
// and prefetches the files of the review and approval queues. The open company goes first; the others
// take turns in the background, a few at a time, each round bounded in pages so a company of 50,000
// invoices does not hold the rest back. Everything pauses while offline.
import Dexie, { type CreatingHookContext } from 'dexie'
import type { ConnectionState, PullOptions } from '@common/bridge/sync'
import { drainCompany, isConnectionError } from './drain.ts'
import { evict, filesMissingOcr, prefetchFiles } from './files.ts'
import { pullEntity, reconcileEntity } from './pull.ts'
import { cachedEntityDeclarations } from '@common/entities/declarations'
import { cachedEntities, type CachedEntity, type OutboxEntry, type WorkspaceDb } from './schema.ts'
import type { SyncTransport } from './sync-transport.ts'

export interface SyncSettings {
  /** Companies synced at the same time in the background. */
  concurrency: number
  /**
   * Companies whose approval data (approvals, tasks, supplier invoices) is refreshed at the same time in
   * every round's approvals pass; 0 turns the pass off.
   */
  approvalsConcurrency: number
  /** Between background rounds. */
  intervalMs: number
  /** Between ID reconciliations of a company. */
  reconcileEveryMs: number
  /** Between refreshes of a company's reference data (accounts, VAT types, users...). */
  referenceEveryMs: number
  /** Journaled supplier invoices younger than this are cached. */
  journaledDays: number
  /** Cached PDF bytes above this are evicted, least recently used first. */
  fileCacheBytes: number
  /** Rows per page. */
  pageSize: number
  /** Probe backoff: first wait and the cap. */
  probeMinMs: number
  probeMaxMs: number
  /** A change queued while online goes out this soon (changes within it travel together). */
  pushDelayMs: number
}

export const defaultSyncSettings: SyncSettings = {
  concurrency: 3,
  approvalsConcurrency: 5,
  intervalMs: 60_000,
  reconcileEveryMs: 15 * 60_000,
  referenceEveryMs: 10 * 60_000,
  journaledDays: 90,
  fileCacheBytes: 1024 ** 3,
  pageSize: 1000,
  probeMinMs: 1_000,
  probeMaxMs: 60_000,
  pushDelayMs: 250,
}

export interface EngineStatus {
  connection: ConnectionState
  syncing: boolean
  lastSyncAt: string | null
}

const pullRule = (entity: CachedEntity) => cachedEntityDeclarations[entity].pull

/** Entities in the order a company is pulled (common/entities/declarations.ts): those the engine pulls. */
const pullOrder = cachedEntities.filter((entity) => pullRule(entity) !== 'never')

/** Reference data that rarely changes: refreshed every `referenceEveryMs` and on "Sync now", not every round. */
const referenceEntities = new Set(pullOrder.filter((entity) => pullRule(entity) === 'reference'))

/** Entities pulled for the signed-in user only: asked for once their User.ID in the company is known. */
const perUser = new Set(pullOrder.filter((entity) => pullRule(entity) === 'perUser'))

/** Entities whose cached rows follow the journaled-days setting. */
const followJournaledDays = new Set(
  pullOrder.filter((entity) => cachedEntityDeclarations[entity].scopeSetting === 'journaledDays'),
)

/** Entities pulled at the same time within one company. */
const pullConcurrency = 5

/**
 * What approvals show (the approval, its task with the plan, the invoice): every round refreshes these in
 * every company kept offline, not only the few the round takes in full, so an approval is never older than
 * one round. Each is an incremental pull (changed since the checkpoint): a company where nothing changed
 * costs one small request per entity.
 */
const approvalEntities = pullOrder.filter((e) => ['Approval', 'Task', 'SupplierInvoice'].includes(e))

export function createSyncEngine(options: {
  db: WorkspaceDb
  transport: SyncTransport
  settings?: Partial<SyncSettings>
  onStatus?: (status: EngineStatus) => void
  /** The signed-in user's GlobalIdentity: their approvals are pulled in every company. */
  userIdentity?: string
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
  /** Rounds (background or "Sync now") under way: while one runs, it reports the end of syncing itself. */
  let rounds = 0
  const lastReconciled = new Map<string, number>()
  const lastReference = new Map<string, number>()
  /** Companies whose files were prefetched since the engine started (again only when rows change). */
  const prefetched = new Set<string>()

  // A change the user queues while online goes out at once, not with the next background round: the
  // outbox's new entries are seen as their transaction commits, whichever view wrote them.
  const pushTimers = new Map<string, ReturnType<typeof setTimeout>>()
  function pushSoon(companyKey: string): void {
    if (!running || pushTimers.has(companyKey)) return
    pushTimers.set(
      companyKey,
      setTimeout(() => {
        pushTimers.delete(companyKey)
        void pushAfterChange(companyKey)
      }, settings.pushDelayMs),
    )
  }
  /** Drains sent outside a round (a change made while the company's round pulls or fetches files). */
  let pushes = 0
  async function pushAfterChange(companyKey: string): Promise<void> {
    if (!running || status.connection !== 'online') return
    if (!active.has(companyKey)) {
      await syncCompany(companyKey, false)
      return
    }
    // A round under way may be pulling or fetching files for a long while: the change (an approval, a
    // review) goes out now, after the round's own drain, which may have read the outbox before it.
    pushes++
    try {
      const drained = await drainInTurn(companyKey, () => stopping)
      if (drained.interrupted) connectionLost()
    } catch (error) {
      if (!isClosed(error)) console.error(`Sending ${companyKey}'s changes failed`, error)
    } finally {
      pushes--
      if (active.size === 0 && rounds === 0 && pushes === 0 && status.syncing) report({ syncing: false })
    }
  }
  function onOutboxCreating(
    this: CreatingHookContext<OutboxEntry, number>,
    _key: number | undefined,
    entry: OutboxEntry,
  ): void {
    const companyKey = entry.companyKey
    this.onsuccess = () => pushSoon(companyKey)
  }

  // One drain of a company's outbox at a time: a push (a retry, a resolved conflict) that comes while a
  // round is sending waits for it and then takes what is left, so no entry goes out twice.
  const drains = new Map<string, Promise<unknown>>()
  function drainInTurn(companyKey: string, shouldStop: () => boolean) {
    const before = drains.get(companyKey) ?? Promise.resolve()
    const mine = before.then(() => drainCompany(db, transport, companyKey, shouldStop))
    const settled = mine.catch(() => undefined)
    drains.set(companyKey, settled)
    void settled.then(() => {
      if (drains.get(companyKey) === settled) drains.delete(companyKey)
    })
    return mine
  }

  const report = (change: Partial<EngineStatus>) => {
    Object.assign(status, change)
    options.onStatus?.({ ...status })
  }

  /** The user's settings (Settings → Offline data) over the defaults. */
  async function userSettings(): Promise<{ journaledDays: number; fileCacheBytes: number }> {
    const rows = await db.settings.toArray()
    const value = (name: string, fallback: number) => rows.find((r) => r.name === name)?.value ?? fallback
    return {
      journaledDays: value('journaledDays', settings.journaledDays),
      fileCacheBytes: value('fileCacheBytes', settings.fileCacheBytes),
    }
  }

  async function pullOptions(companyKey: string): Promise<PullOptions> {
    let company = await db.companies.get(companyKey)
    // The user's own User.ID differs per company: found among the company's users once they are cached.
    if (company && company.userId === null && options.userIdentity) {
      const me = await db.User.where('companyKey')
        .equals(companyKey)
        .filter((u) => u.GlobalIdentity === options.userIdentity)
        .first()
      if (me) {
        await db.companies.update(companyKey, { userId: me.ID })
        company = { ...company, userId: me.ID }
      }
    }
    const { journaledDays } = await userSettings()
    return { top: settings.pageSize, userId: company?.userId ?? null, journaledDays }
  }

  /** Whether a company is kept offline: the open one always, the others by their setting. */
  async function syncedCompanies(): Promise<string[]> {
    const all = await db.companies.toArray()
    return all.filter((c) => c.offline || c.Key === openKey).map((c) => c.Key)
  }

  /** One round for one company: outbox first (the user's work), then what changed, then deletions. */
  async function syncCompany(companyKey: string, full: boolean, everything = false): Promise<void> {
    const inFlight = active.get(companyKey)
    if (inFlight) return inFlight
    const work = (async () => {
      await db.companies.update(companyKey, { syncState: 'syncing' })
      try {
        const drained = await drainInTurn(companyKey, () => stopping)
        if (drained.interrupted)
          throw Object.assign(new Error('The platform cannot be reached'), { code: 'API_NETWORK' })
        const options = await pullOptions(companyKey)
        // A background round takes at most a few pages per entity, so no company starves the others;
        // entities are pulled a few at a time, so a round costs a few round trips, not one per entity.
        const stopAfter = full ? Infinity : 5
        const withReference =
          everything || Date.now() - (lastReference.get(companyKey) ?? 0) >= settings.referenceEveryMs
        const entities = pullOrder.filter(
          (e) => (!perUser.has(e) || options.userId !== null) && (withReference || !referenceEntities.has(e)),
        )
        let changed = !prefetched.has(companyKey)
        for (let i = 0; i < entities.length && !stopping; i += pullConcurrency) {
          const taken = await Promise.all(
            entities.slice(i, i + pullConcurrency).map((entity) => {
              let pages = 0
              return pullEntity(
                db,
                transport,
                companyKey,
                entity,
                options,
                () => ++pages >= stopAfter || stopping,
              )
            }),
          )
          changed ||= taken.some((n) => n > 0)
        }
        if (stopping) return
        if (options.userId === null) {
          // The user's User row arrived with this round: their approvals follow at once.
          const again = await pullOptions(companyKey)
          if (again.userId !== null)
            for (const entity of perUser) await pullEntity(db, transport, companyKey, entity, again)
        }
        if (withReference) lastReference.set(companyKey, Date.now())
        const reconciledAt = lastReconciled.get(companyKey) ?? 0
        if (Date.now() - reconciledAt >= settings.reconcileEveryMs) {
          const all = pullOrder.filter((e) => !perUser.has(e) || options.userId !== null)
          for (let i = 0; i < all.length && !stopping; i += pullConcurrency)
            await Promise.all(
              all
                .slice(i, i + pullConcurrency)
                .map((entity) => reconcileEntity(db, transport, companyKey, entity, options)),
            )
          lastReconciled.set(companyKey, Date.now())
        }
        // A file whose OCR answer did not arrive last time (a scan still being read) is asked again.
        if (changed || (await filesMissingOcr(db, companyKey))) {
          await prefetchFiles(db, transport, companyKey, (await userSettings()).fileCacheBytes)
          prefetched.add(companyKey)
        }
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
    })()
      .catch((error: unknown) => {
        // Signed out while the company synced: the workspace closed under the round, which is moot now.
        if (!isClosed(error)) throw error
      })
      .finally(() => {
        active.delete(companyKey)
        // A company synced outside a round (a push, the company just opened) can outlast the round that
        // reported it: the last one to end says syncing is over.
        if (active.size === 0 && rounds === 0 && pushes === 0 && status.syncing) report({ syncing: false })
      })
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
    rounds++
    report({ syncing: true })
    try {
      if (openKey) await syncCompany(openKey, true)
      const others = (await syncedCompanies()).filter((k) => k !== openKey)
      const batch: string[] = []
      for (let i = 0; i < Math.min(settings.concurrency, others.length); i++)
        batch.push(others[(cursor + i) % others.length]!)
      cursor = others.length ? (cursor + batch.length) % others.length : 0
      await Promise.all(batch.map((k) => syncCompany(k, false)))
      await approvalsPass(others.filter((k) => !batch.includes(k)))
    } finally {
      rounds--
      report({ syncing: active.size > 0 || pushes > 0 })
    }
  }

  /** The approval data of `keys`, a few companies at a time, one page per entity (the rest next round). */
  async function approvalsPass(keys: string[]): Promise<void> {
    const at = settings.approvalsConcurrency
    if (at <= 0) return
    let next = 0
    const one = async (companyKey: string) => {
      if (active.has(companyKey)) return
      try {
        const options = await pullOptions(companyKey)
        for (const entity of approvalEntities) {
          if (stopping) return
          if (perUser.has(entity) && options.userId === null) continue
          let pages = 0
          await pullEntity(db, transport, companyKey, entity, options, () => ++pages >= 1 || stopping)
        }
      } catch (error) {
        if (isConnectionError(error)) connectionLost()
        else if (!isClosed(error))
          console.warn(`The approvals of ${companyKey} could not be refreshed`, error)
      }
    }
    const worker = async () => {
      for (let i = next++; i < keys.length && !stopping; i = next++) await one(keys[i]!)
    }
    await Promise.all(Array.from({ length: Math.min(at, keys.length) }, worker))
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
    timer = setTimeout(
      () =>
        void tick().catch((error: unknown) => {
          if (!isClosed(error)) console.error('A sync round failed', error)
        }),
      ms,
    )
  }

  return {
    settings,
    status: () => ({ ...status }),
    start(): void {
      if (running) return
      running = true
      stopping = false
      db.outbox.hook('creating', onOutboxCreating)
      schedule(0)
    },
    async stop(): Promise<void> {
      running = false
      stopping = true
      clearTimeout(timer)
      db.outbox.hook('creating').unsubscribe(onOutboxCreating)
      for (const pending of pushTimers.values()) clearTimeout(pending)
      pushTimers.clear()
      await Promise.allSettled([...active.values()])
    },
    /** The company this window has open: it is synced first, fully, and at once. */
    setOpenCompany(key: string | null): void {
      openKey = key
      if (key && running && status.connection === 'online')
        syncCompany(key, true).catch((error: unknown) => console.error(`Syncing ${key} failed`, error))
    },
    /**
     * The computer says its network is back (the browser's `online` event): the next probe goes now, not
     * after the backoff's wait, which may have grown to a minute while the network was away.
     */
    networkBack(): void {
      if (!running || status.connection === 'online') return
      probeDelay = settings.probeMinMs
      schedule(0)
    },
    /**
     * The computer says its network is gone (the browser's `offline` event): the platform is probed now, so
     * the indicator says offline at once instead of at the next round. A false alarm (the probe answers)
     * just runs that round early.
     */
    networkLost(): void {
      if (!running || status.connection !== 'online') return
      schedule(0)
    },
    /** Syncs now: one company fully, or the open one and every offline company. */
    async syncNow(companyKey?: string): Promise<void> {
      await probe()
      if (status.connection !== 'online') {
        schedule(0)
        return
      }
      rounds++
      report({ syncing: true })
      try {
        if (companyKey) await syncCompany(companyKey, true, true)
        else {
          const keys = await syncedCompanies()
          for (let i = 0; i < keys.length; i += settings.concurrency)
            await Promise.all(keys.slice(i, i + settings.concurrency).map((k) => syncCompany(k, true, true)))
        }
      } finally {
        rounds--
        report({ syncing: active.size > 0 || pushes > 0 })
      }
    },
    /**
     * After the user changed what is kept: a longer window of journaled invoices pulls the entities that
     * follow it (supplier invoices) again from the start (the older ones were never asked for); a shorter
     * one is applied by the next reconciliation, which runs at the next round.
     */
    async scopeChanged(widened: boolean): Promise<void> {
      if (widened)
        await db.checkpoints
          .filter((c) => followJournaledDays.has(c.entity))
          .modify({ updatedAt: null, id: 0 })
      lastReconciled.clear()
      await evict(db, (await userSettings()).fileCacheBytes)
    },
    /** Pushes a company's outbox now (after a change, a retry or a resolved conflict). */
    async push(companyKey: string): Promise<void> {
      if (!running || status.connection !== 'online') return
      const result = await drainInTurn(companyKey, () => !running)
      if (result.interrupted) connectionLost()
    },
    syncCompany,
  }
}

export type SyncEngine = ReturnType<typeof createSyncEngine>
export { cachedEntities }

/** The workspace database was closed (the user signed out): work on it has no one left to serve. */
function isClosed(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === Dexie.errnames.DatabaseClosed
}
