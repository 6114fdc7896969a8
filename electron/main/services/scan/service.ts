// The scan station service: reads scan-folders.json (and re-reads it when it changes), watches the
// mapped folders of the signed-in environment, feeds stable files and dropped files to the pipeline,
// and tells the renderer what happens. Plain Node: the Electron parts (folder dialog, notifications,
// "show in folder") arrive as ports.
import { access, constants, copyFile, lstat, mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import type { FSWatcher } from 'chokidar'
import { BridgeError, type EventName } from '../../../../common/bridge/contract.ts'
import { scanMarkText } from '../../../../common/parties/scan-mark.ts'
import type {
  DroppedFile,
  NewScanFolder,
  PathCheck,
  PollingMode,
  ScanFolderState,
  ScanOverview,
  ScanRow,
} from '../../../../common/bridge/scan.ts'
import type { EmitEvent } from '../../events.ts'
import type { Logger } from '../../logger.ts'
import type { FileDialogs, Notifier } from '../../ports.ts'
import type { ApiClient } from '../api/client.ts'
import {
  mappingId,
  matchFolder,
  readScanFolders,
  scanFoldersFileName,
  watchScanFolders,
  writeScanFolders,
  type CompanyRef,
  type FolderMapping,
  type FolderMatch,
  type ScanFoldersFile,
} from './config.ts'
import { createStaging, type StagingOwner } from '../uploads/staging.ts'
import { FAILED, freePath, PROCESSED } from './files.ts'
import { isNetworkPath } from './network.ts'
import { createPipeline, type Pipeline } from './pipeline.ts'
import { createScanPlatform } from './platform.ts'
import { DEFAULT_MAX_BYTES } from './sniff.ts'
import type { ScanLocale } from './reasons.ts'
import { duplicateRow, progressThrottle, rowOf } from './rows.ts'
import { createFolderWatcher, isIgnoredName, type WatchState } from './watcher.ts'
import { adoptLegacyState } from './adopt.ts'
import { filesUrlOf } from '../api/files.ts'

export interface ScanServiceDeps {
  dataDir: string
  emit: EmitEvent
  log: Logger
  notifier: Notifier
  dialogs: FileDialogs
  /** Shows a file in the system's file manager (Electron); absent in browser mode. */
  reveal?(path: string): void
  api(): Promise<ApiClient>
  companies(): Promise<CompanyRef[]>
  locale(): Promise<ScanLocale>
  /** Test hooks: a shorter stable time and polling interval, a shorter wait between local retries. */
  stableMs?: number
  pollMs?: number
  localRetryMs?: number
}

interface CompanyFolder {
  path: string
  companyKey: string
  companyName: string
  watcher: ReturnType<typeof createFolderWatcher>
  state: WatchState
  error: string | null
}

interface Active {
  environmentId: string
  /** The signed-in user (GlobalIdentity): scan state is kept per environment and user. */
  subject: string
  pipeline: Pipeline
  folders: Map<string, CompanyFolder[]>
  unmatched: Map<string, ScanFolderState['unmatched']>
  errors: Map<string, string>
  lastTaken: Map<string, { name: string; at: string }>
  companies: CompanyRef[]
}

const text = {
  nb: {
    // The contacts register finds the suppliers a scan created by this comment (common/parties/scan-mark.ts).
    note: scanMarkText('nb'),
    unknown: 'Ukjent leverandør (skanning)',
    title: 'Skanning ferdig',
    ready: (n: number, company: string) =>
      `${n} ${n === 1 ? 'faktura' : 'fakturaer'} klar for kontroll i ${company}`,
    failed: (n: number) => `${n} feilet`,
    dups: (n: number) => `${n} ${n === 1 ? 'duplikat' : 'duplikater'}`,
  },
  en: {
    note: scanMarkText('en'),
    unknown: 'Unknown supplier (scan)',
    title: 'Scanning finished',
    ready: (n: number, company: string) =>
      `${n} ${n === 1 ? 'invoice' : 'invoices'} ready for review in ${company}`,
    failed: (n: number) => `${n} failed`,
    dups: (n: number) => `${n} ${n === 1 ? 'duplicate' : 'duplicates'}`,
  },
}

const safe = (name: string) => name.replace(/[^\w-]/g, '_')

/** The staging folder's name inside a user's drop area (a dot name: no company folder can be called that). */
const INCOMING = '.incoming'

export function createScanService(deps: ScanServiceDeps) {
  const { log } = deps
  let config: ScanFoldersFile = { environments: {} }
  let configError: string | null = null
  let configWatcher: FSWatcher | null = null
  let active: Active | null = null
  let locale: ScanLocale = 'nb'
  let paused = false
  let pausedReason: string | null = null
  let switching: Promise<unknown> = Promise.resolve()
  /** Who is signed in now; the queue of the last user stays `active` (paused) after they sign out. */
  let signedInAs: StagingOwner | null = null
  const progressShown = progressThrottle()
  const uploads = createStaging({
    maxBytes: DEFAULT_MAX_BYTES,
    codes: {
      TooLarge: 'SCAN_DROP_TOO_LARGE',
      NoLength: 'SCAN_DROP_NO_LENGTH',
      BadName: 'SCAN_DROP_BAD_NAME',
      Incomplete: 'SCAN_DROP_INCOMPLETE',
      UnknownUpload: 'SCAN_DROP_UNKNOWN_UPLOAD',
      SignedOut: 'SCAN_SIGNED_OUT',
    },
    words: { kind: 'a dropped file', again: 'drop it again' },
  })

  const emit = <E extends EventName>(name: E, payload: Parameters<EmitEvent>[1] & object) =>
    (deps.emit as (n: E, p: unknown) => void)(name, payload)

  async function loadConfig() {
    const read = await readScanFolders(deps.dataDir)
    if (read.ok) {
      config = read.config
      configError = null
    } else {
      configError = read.error
      log.warn('scan: scan-folders.json could not be read; keeping the last good mappings', {
        error: read.error,
      })
    }
  }

  const mappings = (): FolderMapping[] => (active ? (config.environments[active.environmentId] ?? []) : [])

  async function stopFolders(a: Active) {
    for (const list of a.folders.values()) for (const f of list) await f.watcher.stop()
    a.folders.clear()
  }

  function watchFolder(
    a: Active,
    id: string,
    path: string,
    company: CompanyRef,
    polling: PollingMode,
  ): CompanyFolder {
    const folder: CompanyFolder = {
      path,
      companyKey: company.Key,
      companyName: company.Name,
      state: 'starting',
      error: null,
      watcher: createFolderWatcher({
        folder: path,
        polling,
        stableMs: deps.stableMs ?? (config.stableSeconds ?? 2) * 1000,
        ...(deps.pollMs ? { pollMs: deps.pollMs, healthMs: deps.pollMs * 2 } : {}),
        log,
        onStable: (file) => {
          a.lastTaken.set(id, { name: basename(file), at: new Date().toISOString() })
          void a.pipeline
            .take({ companyKey: company.Key, path: file, folder: path })
            .catch((error) => {
              folder.error = (error as Error).message
              log.error('scan: a file could not be taken', {
                companyKey: company.Key,
                file,
                error: String(error),
              })
            })
            .finally(() => void publish())
        },
        onState: (state, error) => {
          folder.state = state
          folder.error = error
          void publish()
        },
      }),
    }
    return folder
  }

  /**
   * A folder no company was chosen for, as Settings lists it: the companies an ambiguous name fits, in
   * alphabetical order.
   */
  const refusal = (
    name: string,
    match: Exclude<FolderMatch, { ok: true }>,
  ): ScanFolderState['unmatched'][number] =>
    match.reason === 'ambiguous'
      ? {
          name,
          reason: 'ambiguous',
          candidates: match.candidates.map((c) => c.Name).sort((x, y) => x.localeCompare(y, 'nb')),
        }
      : { name, reason: 'none' }

  async function applyMappings(a: Active) {
    await stopFolders(a)
    a.unmatched.clear()
    a.errors.clear()
    for (const m of mappings()) {
      const id = mappingId(m)
      const polling = m.polling ?? 'auto'
      const list: CompanyFolder[] = []
      if (m.root) {
        const names = await readdir(m.path, { withFileTypes: true }).catch((error: Error) => {
          a.errors.set(id, error.message)
          return []
        })
        const unmatched: ScanFolderState['unmatched'] = []
        for (const d of names) {
          // A symlink is not a Dirent directory: a link in the root is never followed.
          if (!d.isDirectory() || isIgnoredName(d.name) || d.name === PROCESSED || d.name === FAILED) continue
          // A subfolder that fits two companies is not watched: its files stay where they are, never
          // uploaded to one client's books for a name that is also another's.
          const match = matchFolder(d.name, a.companies)
          if (match.ok) list.push(watchFolder(a, id, join(m.path, d.name), match.company, polling))
          else unmatched.push(refusal(d.name, match))
        }
        a.unmatched.set(id, unmatched)
      } else {
        const match = m.company ? matchFolder(m.company, a.companies) : null
        if (match?.ok) list.push(watchFolder(a, id, m.path, match.company, polling))
        else if (match?.reason === 'ambiguous') a.unmatched.set(id, [refusal(m.company!, match)])
        else a.errors.set(id, `No company matches "${m.company ?? ''}"`)
      }
      a.folders.set(id, list)
      for (const f of list) await f.watcher.start()
    }
    for (const c of a.companies) await a.pipeline.resumeCompany(c.Key)
    await publish()
  }

  /** Where one environment's scan state lives on this station. */
  const envDir = (environmentId: string) => join(deps.dataDir, 'scan', safe(environmentId))

  /** Where one user's scan state of one environment lives: ledgers and the copies of dropped files. */
  const stateDir = (environmentId: string, subject: string) =>
    join(envDir(environmentId), 'users', safe(subject))

  /**
   * The ledger folders of the environment's other users on this station, and the old shared one while no
   * user has taken it over: read by the pipeline so one file never becomes two users' two invoices.
   */
  async function otherLedgerDirs(environmentId: string, subject: string): Promise<string[]> {
    const users = await readdir(join(envDir(environmentId), 'users'), { withFileTypes: true }).catch(() => [])
    const dirs = users
      .filter((d) => d.isDirectory() && d.name !== safe(subject))
      .map((d) => join(envDir(environmentId), 'users', d.name, 'ledger'))
    const legacy = join(envDir(environmentId), 'ledger')
    if (
      await stat(legacy).then(
        (s) => s.isDirectory(),
        () => false,
      )
    )
      dirs.push(legacy)
    return dirs
  }

  async function activate(environmentId: string, subject: string) {
    if (active?.environmentId === environmentId && active.subject === subject) {
      active.pipeline.resume()
      return
    }
    // Another user (or environment): the last one's queue stops with its companies and rows, and waits
    // in that user's own ledger until they sign in again; nothing of it goes out with this user's token.
    if (active) await deactivate()
    locale = await deps.locale().catch(() => locale)
    // Before any ledger of this user opens: the state kept before it was per user becomes the first
    // signed-in user's (or finishes becoming theirs after a crash).
    await adoptLegacyState({
      envDir: envDir(environmentId),
      userDir: stateDir(environmentId, subject),
      subject: safe(subject),
      log,
    }).catch((error) =>
      log.error('scan: the scan state kept before it was per user could not be taken over', {
        environmentId,
        error: String(error),
      }),
    )
    // The file server comes from the session's client (kept per environment and user), never a copy here.
    const platform = createScanPlatform({
      api: deps.api,
      filesUrl: async () => filesUrlOf(await deps.api()),
    })
    const a: Active = {
      environmentId,
      subject,
      folders: new Map(),
      unmatched: new Map(),
      errors: new Map(),
      lastTaken: new Map(),
      companies: [],
      pipeline: createPipeline({
        platform,
        ledgerDir: join(stateDir(environmentId, subject), 'ledger'),
        otherLedgerDirs: () => otherLedgerDirs(environmentId, subject),
        ...(deps.localRetryMs !== undefined ? { localRetryMs: deps.localRetryMs } : {}),
        log,
        locale: () => locale,
        concurrency: config.concurrency ?? 3,
        supplierNote: () => text[locale].note,
        unknownSupplierName: () => text[locale].unknown,
        events: {
          entryChanged: (entry) => {
            // An uploading row starts at 0 % (its bytes are counted as they go: uploadProgress).
            emit('scan.rowChanged', rowOf(entry, entry.state === 'uploading' ? 0 : null))
            publishSoon()
          },
          uploadProgress: (entry, percent) => {
            if (progressShown.shouldTell(entry.sha256, percent))
              emit('scan.rowChanged', rowOf(entry, percent))
          },
          duplicateFound: (companyKey, dup, original) =>
            emit('scan.rowChanged', duplicateRow(companyKey, dup, original)),
          batchFinished: (b) => {
            const name = a.companies.find((c) => c.Key === b.companyKey)?.Name ?? b.companyKey
            const t = text[locale]
            const parts = [t.ready(b.ready, name)]
            if (b.failed) parts.push(t.failed(b.failed))
            if (b.duplicates) parts.push(t.dups(b.duplicates))
            deps.notifier.notify({ title: t.title, body: parts.join(', ') })
            emit('scan.batchFinished', { ...b, companyName: name })
            void publish()
          },
          pausedChanged: (p, reason) => {
            paused = p
            pausedReason = reason
            void publish()
          },
        },
      }),
    }
    active = a
    try {
      a.companies = await deps.companies()
    } catch (error) {
      log.warn('scan: the companies could not be listed; folders start when they can', {
        error: String(error),
      })
    }
    await applyMappings(a)
  }

  async function deactivate() {
    const a = active
    active = null
    if (!a) return
    await stopFolders(a)
    await a.pipeline.close()
  }

  async function overview(): Promise<ScanOverview> {
    const folders: ScanFolderState[] = []
    for (const m of mappings()) {
      const id = mappingId(m)
      const list = active?.folders.get(id) ?? []
      const own = list[0]
      const last = active?.lastTaken.get(id)
      const unavailable = list.some((f) => f.state === 'unavailable')
      const state: ScanFolderState['state'] = m.root
        ? active?.errors.has(id)
          ? 'unavailable'
          : list.length === 0
            ? 'unmatched'
            : unavailable
              ? 'unavailable'
              : (list[0]!.state as ScanFolderState['state'])
        : own
          ? (own.state as ScanFolderState['state'])
          : 'unmatched'
      folders.push({
        id,
        path: m.path,
        root: m.root === true,
        companyKey: m.root ? null : (own?.companyKey ?? null),
        companyName: m.root ? null : (own?.companyName ?? null),
        polling: m.polling ?? 'auto',
        state,
        lastTakenName: last?.name ?? null,
        lastTakenAt: last?.at ?? null,
        error: active?.errors.get(id) ?? list.find((f) => f.error)?.error ?? null,
        unmatched: active?.unmatched.get(id) ?? [],
        children: m.root
          ? list.map((f) => ({
              path: f.path,
              companyKey: f.companyKey,
              companyName: f.companyName,
              state: f.state,
            }))
          : [],
      })
    }
    return {
      folders,
      paused,
      pausedReason,
      configError,
      inProgress: active?.pipeline.counts() ?? {},
      configFile: join(deps.dataDir, scanFoldersFileName),
    }
  }

  async function publish() {
    emit('scan.overviewChanged', await overview())
  }

  /** The counts in progress change with every step: tell the renderer at most twice a second. */
  let publishTimer: NodeJS.Timeout | null = null
  function publishSoon() {
    publishTimer ??= setTimeout(() => {
      publishTimer = null
      void publish()
    }, 500)
  }

  function requireActive(): Active {
    if (!active) throw new BridgeError('SCAN_SIGNED_OUT', 'Sign in to use the scan station')
    return active
  }

  /** The active queue, only while its user is signed in: staged files are sent and taken for them alone. */
  function requireSignedIn(): Active {
    const a = requireActive()
    if (signedInAs?.environmentId !== a.environmentId || signedInAs.subject !== a.subject)
      throw new BridgeError('SCAN_SIGNED_OUT', 'Sign in to use the scan station')
    return a
  }

  async function changeMappings(change: (list: FolderMapping[]) => FolderMapping[]) {
    const a = requireActive()
    const next: ScanFoldersFile = {
      ...config,
      environments: {
        ...config.environments,
        [a.environmentId]: change(config.environments[a.environmentId] ?? []),
      },
    }
    await writeScanFolders(deps.dataDir, next)
    config = next
    configError = null
    await applyMappings(a)
    return overview()
  }

  function companyOf(a: Active, companyKey: string): CompanyRef {
    const c = a.companies.find((x) => x.Key === companyKey)
    if (!c)
      throw new BridgeError(
        'SCAN_UNKNOWN_COMPANY',
        "This company is not one of the signed-in user's companies",
      )
    return c
  }

  const dropFolder = (a: Active, companyKey: string) =>
    join(stateDir(a.environmentId, a.subject), 'dropped', safe(companyKey))

  async function takeDropped(
    a: Active,
    companyKey: string,
    name: string,
    write: (to: string) => Promise<void>,
  ) {
    const folder = dropFolder(a, companyKey)
    await mkdir(folder, { recursive: true })
    const to = await freePath(folder, basename(name))
    await write(to)
    await a.pipeline.take({ companyKey, path: to, folder })
  }

  /** The files under a dropped path; symlinks are not followed (a loop must not copy a file forty times). */
  async function filesUnder(path: string, out: string[] = []): Promise<string[]> {
    const s = await lstat(path)
    if (s.isFile()) {
      if (!isIgnoredName(basename(path))) out.push(path)
      return out
    }
    if (!s.isDirectory()) return out
    for (const d of await readdir(path)) {
      if (isIgnoredName(d) || d === PROCESSED || d === FAILED) continue
      await filesUnder(join(path, d), out)
    }
    return out
  }

  return {
    async start() {
      await loadConfig()
      configWatcher = watchScanFolders(deps.dataDir, () => {
        void (async () => {
          await loadConfig()
          if (active) await applyMappings(active)
          else await publish()
        })()
      })
    },
    /** Follows the session: folders of the signed-in environment run; signed out, the queue waits. */
    sessionChanged(state: { status: string; environmentId?: string; user?: { GlobalIdentity: string } }) {
      switching = switching
        .then(async () => {
          const owner: StagingOwner | null =
            state.status === 'signedIn' && state.environmentId
              ? { environmentId: state.environmentId, subject: state.user?.GlobalIdentity ?? 'unknown-user' }
              : null
          signedInAs = owner
          // Files dropped by a user who is no longer signed in are theirs alone: they go unclaimed.
          await uploads.keepOnly(owner)
          if (owner) await activate(owner.environmentId, owner.subject)
          else if (state.status === 'signedOut' && active) active.pipeline.pause('signed out')
        })
        .catch((error) =>
          log.error('scan: the session change could not be applied', { error: String(error) }),
        )
      return switching
    },
    preferencesChanged(next: { locale: ScanLocale | null }) {
      if (next.locale) locale = next.locale
    },
    overview,
    async rows(companyKey: string): Promise<ScanRow[]> {
      const a = requireActive()
      companyOf(a, companyKey)
      const entries = await a.pipeline.entries(companyKey)
      const bySha = new Map(entries.map((e) => [e.sha256, e]))
      const rows = [
        ...entries.map((e) => rowOf(e, null)),
        ...(await a.pipeline.duplicates(companyKey)).map((d) =>
          duplicateRow(companyKey, d, bySha.get(d.sha256)),
        ),
      ]
      return rows.sort((x, y) => y.takenAt.localeCompare(x.takenAt)).slice(0, 500)
    },
    async addFolder(input: NewScanFolder) {
      const path = resolve(input.path)
      const check = await this.checkPath(path)
      if (!check.exists || !check.readable || !check.writable)
        throw new BridgeError(
          'SCAN_FOLDER_UNUSABLE',
          `${path} cannot be used: it must exist, be readable and writable`,
        )
      const a = requireActive()
      const mapping: FolderMapping = input.root
        ? { path, root: true, polling: input.polling ?? 'auto' }
        : { path, company: companyOf(a, input.companyKey ?? '').Key, polling: input.polling ?? 'auto' }
      return changeMappings((list) => [...list.filter((m) => mappingId(m) !== mappingId(mapping)), mapping])
    },
    removeFolder: (id: string) => changeMappings((list) => list.filter((m) => mappingId(m) !== id)),
    setPolling: (id: string, mode: PollingMode) =>
      changeMappings((list) => list.map((m) => (mappingId(m) === id ? { ...m, polling: mode } : m))),
    async checkPath(path: string): Promise<PathCheck> {
      const full = resolve(path)
      const can = (mode: number) =>
        access(full, mode).then(
          () => true,
          () => false,
        )
      const exists = await stat(full).then(
        (s) => s.isDirectory(),
        () => false,
      )
      return {
        path: full,
        exists,
        readable: exists && (await can(constants.R_OK)),
        writable: exists && (await can(constants.W_OK)),
        network: isNetworkPath(full),
      }
    },
    chooseFolder: () => deps.dialogs.chooseFolder({}),
    async scanNow(id: string) {
      const a = requireActive()
      for (const f of a.folders.get(id) ?? []) await f.watcher.scanNow()
      for (const c of new Set((a.folders.get(id) ?? []).map((f) => f.companyKey))) {
        for (const e of await a.pipeline.entries(c))
          if (e.state === 'cancelled') await a.pipeline.retry(c, e.sha256)
      }
      a.pipeline.resume()
      return overview()
    },
    retry: (companyKey: string, id: string) => requireActive().pipeline.retry(companyKey, id),
    cancel: (companyKey: string) => requireActive().pipeline.cancel(companyKey),
    async dropFiles(companyKey: string, files: DroppedFile[]) {
      const a = requireActive()
      companyOf(a, companyKey)
      for (const f of files)
        await takeDropped(a, companyKey, f.name, (to) => writeFile(to, Buffer.from(f.data, 'base64')))
      return files.length
    },
    /**
     * Browser mode's upload endpoint: stages a dropped file's bytes for a company of the signed-in user
     * (see ../uploads/staging.ts); `dropUploads` takes the token.
     */
    async receiveUpload(
      companyKey: string,
      upload: { name: string; length: number | undefined; body: Readable },
    ) {
      const a = requireSignedIn()
      companyOf(a, companyKey)
      return uploads.receive({
        ...upload,
        // Beside the company folders of the drop area.
        dir: join(dirname(dropFolder(a, companyKey)), INCOMING),
        companyKey,
        environmentId: a.environmentId,
        subject: a.subject,
      })
    },
    async dropUploads(companyKey: string, tokens: string[]) {
      const a = requireSignedIn()
      companyOf(a, companyKey)
      const files = uploads.claim(tokens, companyKey, a)
      for (const f of files) await takeDropped(a, companyKey, f.name, (to) => rename(f.path, to))
      return files.length
    },
    async dropPaths(companyKey: string, paths: string[]) {
      const a = requireActive()
      companyOf(a, companyKey)
      let n = 0
      for (const p of paths) {
        for (const file of await filesUnder(p)) {
          // The user's own file stays where it was: a copy goes through the pipeline.
          await takeDropped(a, companyKey, basename(file), (to) => copyFile(file, to))
          n++
        }
      }
      return n
    },
    async showInFolder(companyKey: string, id: string) {
      const a = requireActive()
      const rows = await this.rows(companyKey)
      const path = rows.find((r) => r.id === id)?.location ?? null
      if (path && deps.reveal) {
        deps.reveal(path)
        return { path, shown: true }
      }
      void a
      return { path, shown: false }
    },
    /** For tests: the pipeline of the signed-in environment. */
    get pipeline() {
      return active?.pipeline ?? null
    },
    async stop() {
      if (publishTimer) clearTimeout(publishTimer)
      await configWatcher?.close()
      await deactivate()
    },
  }
}
