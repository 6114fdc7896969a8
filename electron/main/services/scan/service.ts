// The scan station service: reads scan-folders.json (and re-reads it when it changes), follows the
// session (the signed-in user's queue runs: activation.ts), watches the mapped folders of the signed-in
// environment (folders.ts), feeds stable files and dropped files (drops.ts) to the pipeline, and tells
// the renderer what happens. This file is the bridge's scan API composed of those parts. Plain Node:
// the Electron parts (folder dialog, notifications, "show in folder") arrive as ports.
import type { FSWatcher } from 'chokidar'
import type { ScanRow } from '../../../../common/bridge/scan.ts'
import type { StagingOwner } from '../uploads/staging.ts'
import { readScanFolders, watchScanFolders } from './config.ts'
import { activate, deactivate } from './activation.ts'
import { dropCommands } from './drops.ts'
import { folderSettings } from './folder-settings.ts'
import { splitCommands } from './split/commands.ts'
import { applyMappings, overviewOf } from './folders.ts'
import type { ScanLocale } from './reasons.ts'
import { duplicateRow, progressThrottle, rowOf } from './rows.ts'
import { companyOf, requireActive, type ScanServiceDeps, type ScanStationState } from './station-state.ts'

export type { ScanServiceDeps } from './station-state.ts'

export function createScanService(deps: ScanServiceDeps) {
  const { log } = deps
  let configWatcher: FSWatcher | null = null
  let switching: Promise<unknown> = Promise.resolve()
  /** The counts in progress change with every step: tell the renderer at most twice a second. */
  let publishTimer: NodeJS.Timeout | null = null

  const state: ScanStationState = {
    deps,
    config: { environments: {} },
    configError: null,
    active: null,
    locale: 'nb',
    paused: false,
    pausedReason: null,
    signedInAs: null,
    emit: (name, payload) => (deps.emit as (n: typeof name, p: unknown) => void)(name, payload),
    progressShown: progressThrottle(),
    publish: async () => state.emit('scan.overviewChanged', await overview()),
    publishSoon() {
      publishTimer ??= setTimeout(() => {
        publishTimer = null
        void state.publish()
      }, 500)
    },
  }
  const drops = dropCommands(state)

  async function loadConfig() {
    const read = await readScanFolders(deps.dataDir)
    if (read.ok) {
      state.config = read.config
      state.configError = null
    } else {
      state.configError = read.error
      log.warn('scan: scan-folders.json could not be read; keeping the last good mappings', {
        error: read.error,
      })
    }
  }

  const overview = async () => overviewOf(state)

  async function rows(companyKey: string): Promise<ScanRow[]> {
    const a = requireActive(state)
    companyOf(a, companyKey)
    const entries = await a.pipeline.entries(companyKey)
    const bySha = new Map(entries.map((e) => [e.sha256, e]))
    const all = [
      ...entries.map((e) => rowOf(e, null)),
      ...(await a.pipeline.duplicates(companyKey)).map((d) =>
        duplicateRow(companyKey, d, bySha.get(d.sha256)),
      ),
    ]
    return all.sort((x, y) => y.takenAt.localeCompare(x.takenAt)).slice(0, 500)
  }

  return {
    async start() {
      await loadConfig()
      configWatcher = watchScanFolders(deps.dataDir, () => {
        void (async () => {
          await loadConfig()
          if (state.active) await applyMappings(state, state.active)
          else await state.publish()
        })()
      })
    },
    /** Follows the session: folders of the signed-in environment run; signed out, the queue waits. */
    sessionChanged(session: { status: string; environmentId?: string; user?: { GlobalIdentity: string } }) {
      switching = switching
        .then(async () => {
          const owner: StagingOwner | null =
            session.status === 'signedIn' && session.environmentId
              ? {
                  environmentId: session.environmentId,
                  subject: session.user?.GlobalIdentity ?? 'unknown-user',
                }
              : null
          state.signedInAs = owner
          // Files dropped by a user who is no longer signed in are theirs alone: they go unclaimed.
          await drops.keepUploadsOf(owner)
          if (owner) await activate(state, owner.environmentId, owner.subject)
          else if (session.status === 'signedOut' && state.active) state.active.pipeline.pause('signed out')
        })
        .catch((error) =>
          log.error('scan: the session change could not be applied', { error: String(error) }),
        )
      return switching
    },
    preferencesChanged(next: { locale: ScanLocale | null }) {
      if (next.locale) state.locale = next.locale
    },
    overview,
    rows,
    ...folderSettings(state),
    retry: (companyKey: string, id: string) => requireActive(state).pipeline.retry(companyKey, id),
    ...splitCommands(state),
    cancel: (companyKey: string) => requireActive(state).pipeline.cancel(companyKey),
    dropFiles: drops.dropFiles,
    receiveUpload: drops.receiveUpload,
    dropUploads: drops.dropUploads,
    dropPaths: drops.dropPaths,
    async showInFolder(companyKey: string, id: string) {
      requireActive(state)
      const path = (await rows(companyKey)).find((r) => r.id === id)?.location ?? null
      if (path && deps.reveal) {
        deps.reveal(path)
        return { path, shown: true }
      }
      return { path, shown: false }
    },
    /** For tests: the pipeline of the signed-in environment. */
    get pipeline() {
      return state.active?.pipeline ?? null
    },
    async stop() {
      if (publishTimer) clearTimeout(publishTimer)
      await configWatcher?.close()
      await deactivate(state)
    },
  }
}
