// The sync engine as the views see it: the connection, the last sync, whether a sync runs, and the user's
// actions on the outbox (sync now, retry, discard, resolve a conflict) and on offline data. Counts of
// pending, failed and conflicting changes the views read from the outbox table with useLiveQuery, and the
// per-company state from the companies table.
import Dexie from 'dexie'
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import type { ConnectionState } from '@common/bridge/sync'
import { useBridge } from '@renderer/bridge'
import type { CompanyRecord, OutboxEntry, WorkspaceDb, WorkspaceSetting } from '@renderer/data/schema'
import {
  createSyncEngine,
  defaultSyncSettings,
  type SyncEngine,
  type SyncSettings,
} from '@renderer/data/sync-engine'
import type { SyncTransport } from '@renderer/data/sync-transport'
import {
  companySize,
  discardEntry,
  removeCompanyData,
  resolveEntry,
  retryEntry,
} from '@renderer/data/outbox-actions'
import { useCompaniesStore } from './companies.ts'
import { onWorkspaceChange, useWorkspace } from './workspace.ts'

/**
 * Runs work on the open workspace that may race with signing out: when the workspace closes meanwhile, the
 * work is moot (the next workspace starts from its own state), so only that outcome is dropped.
 */
async function unlessClosed(work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    if ((error as { name?: string }).name === Dexie.errnames.DatabaseClosed) return
    throw error
  }
}

/** The app's transport: every call goes through the typed bridge to main, which holds the tokens. */
export function bridgeTransport(): SyncTransport {
  const bridge = useBridge()
  return {
    probe: () => bridge.call('connection.probe'),
    pull: (companyKey, entity, from, options) => bridge.call('sync.pull', companyKey, entity, from, options),
    ids: (companyKey, entity, options) => bridge.call('sync.ids', companyKey, entity, options),
    row: (companyKey, entity, id) => bridge.call('sync.row', companyKey, entity, id),
    execute: (companyKey, command) => bridge.call('outbox.execute', companyKey, command),
    executeBatch: (companyKey, commands) => bridge.call('outbox.executeBatch', companyKey, commands),
    download: (companyKey, fileId) => bridge.call('files.download', companyKey, fileId),
    ocr: (companyKey, fileId) => bridge.call('files.ocr', companyKey, fileId),
  }
}

/** Companies opened within this many days are kept offline unless the user says otherwise. */
const recentDays = 30

/** Allowed values of the offline settings. */
export const settingRanges: Record<WorkspaceSetting['name'], { min: number; max: number }> = {
  journaledDays: { min: 0, max: 3650 },
  fileCacheBytes: { min: 50 * 1024 ** 2, max: 100 * 1024 ** 3 },
}

export class SettingError extends Error {
  readonly code = 'SETTING_OUT_OF_RANGE'
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(message)
  }
}

export type RemoveOfflineResult = { removed: true } | { removed: false; unsynced: OutboxEntry[] }

/** What the views show: the probe's answer, or 'connecting' from opening the workspace until it answers. */
export type SyncConnection = ConnectionState | 'connecting'

/** The latest sync of any company the workspace knows: what was last known before this start. */
async function lastKnownSync(target: WorkspaceDb): Promise<string | null> {
  let latest: string | null = null
  await target.companies.each((c) => {
    if (c.lastSyncAt && (!latest || c.lastSyncAt > latest)) latest = c.lastSyncAt
  })
  return latest
}

export const useSyncStore = defineStore('sync', () => {
  const connection = ref<SyncConnection>('signedOut')
  const lastSyncAt = ref<string | null>(null)
  const syncing = ref(false)
  let engine: SyncEngine | null = null
  let db: WorkspaceDb | null = null
  /** Tests and benchmarks replace the bridge and the timings. */
  let transport: () => SyncTransport = bridgeTransport
  let settings: Partial<SyncSettings> = {}
  const companies = useCompaniesStore()

  async function knowCompanies(target: WorkspaceDb): Promise<void> {
    const cutoff = Date.now() - recentDays * 86_400_000
    await target.transaction('rw', target.companies, async () => {
      for (const company of companies.companies) {
        const known = await target.companies.get(company.Key)
        const opened =
          company.Key === companies.currentKey ? new Date().toISOString() : (known?.lastOpenedAt ?? null)
        const record: CompanyRecord = known
          ? {
              ...known,
              ID: company.ID,
              IsTest: company.IsTest,
              Name: company.Name,
              OrganizationNumber: company.OrganizationNumber,
              FileFlowEmail: company.FileFlowEmail ?? null,
              lastOpenedAt: opened,
            }
          : {
              Key: company.Key,
              ID: company.ID,
              IsTest: company.IsTest,
              Name: company.Name,
              OrganizationNumber: company.OrganizationNumber,
              FileFlowEmail: company.FileFlowEmail ?? null,
              offline:
                companies.recent.includes(company.Key) || (opened !== null && Date.parse(opened) >= cutoff),
              lastOpenedAt: opened,
              syncState: 'idle',
              lastSyncAt: null,
              lastError: null,
              userId: null,
            }
        await target.companies.put(record)
      }
    })
  }

  // The network coming and going is worth a probe at once (a laptop on and off its Wi-Fi).
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => engine?.networkBack())
    window.addEventListener('offline', () => engine?.networkLost())
  }

  onWorkspaceChange(async (next, owner) => {
    // Until the first probe answers, the indicator says it is connecting, with the last sync it knows.
    if (next) connection.value = 'connecting'
    await engine?.stop()
    engine = null
    db = next
    if (!next) {
      connection.value = 'signedOut'
      syncing.value = false
      lastSyncAt.value = null
      return
    }
    lastSyncAt.value = await lastKnownSync(next)
    await knowCompanies(next)
    engine = createSyncEngine({
      db: next,
      transport: transport(),
      settings,
      userIdentity: owner?.userIdentity,
      onStatus: (s) => {
        connection.value = s.connection
        syncing.value = s.syncing
        lastSyncAt.value = s.lastSyncAt ?? lastSyncAt.value
      },
    })
    engine.setOpenCompany(companies.currentKey)
    engine.start()
  })

  watch(
    () => [companies.companies, companies.currentKey] as const,
    async () => {
      const target = db
      if (!target) return
      await unlessClosed(async () => {
        await knowCompanies(target)
        engine?.setOpenCompany(companies.currentKey)
      })
    },
  )
  // Sessions opened from the workspace while offline are asked for again once the platform answers.
  watch(connection, (state, before) => {
    if (state === 'online' && before !== 'online') void companies.refreshCachedSessions()
  })
  watch(
    () => companies.currentSession,
    async (session) => {
      // The user's own User.ID in a company selects their approvals there.
      const target = db
      if (!target || !session) return
      await unlessClosed(async () => {
        const users = await target.User.where('companyKey').equals(session.companyKey).toArray()
        const me = users.find((u) => u.GlobalIdentity === session.user.GlobalIdentity)
        if (me) await target.companies.update(session.companyKey, { userId: me.ID })
      })
    },
  )

  // The user's actions go to the workspace open now: a view can act as soon as it opens, before the engine
  // of the previous one has stopped and this store has taken it over.
  const workspace = useWorkspace()
  function requireDb(): WorkspaceDb {
    const open = workspace.value ?? db
    if (!open) throw new Error('No workspace is open: sign in first')
    return open
  }

  async function pushSoon(companyKey: string): Promise<void> {
    await engine?.push(companyKey)
  }

  return {
    connection,
    lastSyncAt,
    syncing,
    /** Syncs one company now, or the open one and every company kept offline. */
    async syncNow(companyKey?: string): Promise<void> {
      await engine?.syncNow(companyKey)
    },
    /** Sends a failed change again (after the user edited the row). */
    async retry(seq: number): Promise<void> {
      const entry = await retryEntry(requireDb(), seq)
      if (entry) await pushSoon(entry.companyKey)
    },
    /** Drops the change and returns the row to the server's state. */
    async discard(seq: number): Promise<void> {
      await discardEntry(requireDb(), transport(), seq)
    },
    /** Picks, per conflicting field, the user's value or the server's; the result is sent again. */
    async resolveConflict(seq: number, choice: Record<string, 'mine' | 'theirs'>): Promise<void> {
      const entry = await resolveEntry(requireDb(), seq, choice)
      if (entry) await pushSoon(entry.companyKey)
    },
    async setOffline(companyKey: string, offline: boolean): Promise<void> {
      await requireDb().companies.update(companyKey, { offline })
      if (offline) void engine?.syncCompany(companyKey, true)
    },
    /** Removes the company's cached data from this computer; refused while it has unsynced changes. */
    async removeOfflineData(companyKey: string): Promise<RemoveOfflineResult> {
      return removeCompanyData(requireDb(), companyKey)
    },
    /** Bytes the company's cached rows and files take (an estimate for rows, exact for files). */
    async sizeOf(companyKey: string): Promise<number> {
      return companySize(requireDb(), companyKey)
    },
    /** The offline settings: journaled invoices kept for this many days, and the file cache's cap. */
    async settings(): Promise<Record<WorkspaceSetting['name'], number>> {
      const rows = await requireDb().settings.toArray()
      const value = (name: WorkspaceSetting['name'], fallback: number) =>
        rows.find((r) => r.name === name)?.value ?? fallback
      return {
        journaledDays: value('journaledDays', defaultSyncSettings.journaledDays),
        fileCacheBytes: value('fileCacheBytes', defaultSyncSettings.fileCacheBytes),
      }
    },
    /** Changes an offline setting; a value out of range is refused with the allowed range. */
    async setSetting(name: WorkspaceSetting['name'], value: number): Promise<void> {
      const range = settingRanges[name]
      if (!Number.isInteger(value) || value < range.min || value > range.max)
        throw new SettingError(name, `${name} must be a whole number from ${range.min} to ${range.max}`)
      const target = requireDb()
      const before = (await target.settings.get(name))?.value ?? defaultSyncSettings[name]
      await target.settings.put({ name, value })
      await engine?.scopeChanged(name === 'journaledDays' && value > before)
    },
    /** Replaces the bridge and the engine's timings (tests, benchmarks); before sign-in. */
    configure(options: { transport?: () => SyncTransport; settings?: Partial<SyncSettings> }): void {
      if (options.transport) transport = options.transport
      if (options.settings) settings = options.settings
    },
  }
})
