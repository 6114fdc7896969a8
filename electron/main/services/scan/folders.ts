// The watched folders of the signed-in user's environment: each mapping of scan-folders.json becomes the
// company folders it names (a root's subfolders matched to companies by name), each watched until its
// files hold still and then taken; and the overview Settings shows of them.
import { readdir } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { PollingMode, ScanFolderState, ScanOverview } from '../../../../common/bridge/scan.ts'
import {
  mappingId,
  matchFolder,
  scanFoldersFileName,
  type CompanyRef,
  type FolderMapping,
  type FolderMatch,
} from './config.ts'
import { FAILED, PROCESSED } from './files.ts'
import type { Active, CompanyFolder, ScanStationState } from './station-state.ts'
import { createFolderWatcher, isIgnoredName } from './watcher.ts'

/** The mappings of the active environment. */
export const mappingsOf = (state: ScanStationState): FolderMapping[] =>
  state.active ? (state.config.environments[state.active.environmentId] ?? []) : []

export async function stopFolders(a: Active) {
  for (const list of a.folders.values()) for (const f of list) await f.watcher.stop()
  a.folders.clear()
}

function watchFolder(
  state: ScanStationState,
  a: Active,
  id: string,
  path: string,
  company: CompanyRef,
  polling: PollingMode,
  splitOnSeparators: boolean,
): CompanyFolder {
  const { deps } = state
  const { log } = deps
  const folder: CompanyFolder = {
    path,
    companyKey: company.Key,
    companyName: company.Name,
    state: 'starting',
    error: null,
    watcher: createFolderWatcher({
      folder: path,
      polling,
      stableMs: deps.stableMs ?? (state.config.stableSeconds ?? 2) * 1000,
      ...(deps.pollMs ? { pollMs: deps.pollMs, healthMs: deps.pollMs * 2 } : {}),
      log,
      onStable: (file) => {
        a.lastTaken.set(id, { name: basename(file), at: new Date().toISOString() })
        void a.pipeline
          .take({ companyKey: company.Key, path: file, folder: path, splitOnSeparators })
          .catch((error) => {
            folder.error = (error as Error).message
            log.error('scan: a file could not be taken', {
              companyKey: company.Key,
              file,
              error: String(error),
            })
          })
          .finally(() => void state.publish())
      },
      onState: (watchState, error) => {
        folder.state = watchState
        folder.error = error
        void state.publish()
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

/** Watches the folders of the environment's mappings anew, and resumes the companies' unfinished entries. */
export async function applyMappings(state: ScanStationState, a: Active) {
  await stopFolders(a)
  a.unmatched.clear()
  a.errors.clear()
  for (const m of mappingsOf(state)) {
    const id = mappingId(m)
    const polling = m.polling ?? 'auto'
    const split = m.splitOnSeparators === true
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
        if (match.ok) list.push(watchFolder(state, a, id, join(m.path, d.name), match.company, polling, split))
        else unmatched.push(refusal(d.name, match))
      }
      a.unmatched.set(id, unmatched)
    } else {
      const match = m.company ? matchFolder(m.company, a.companies) : null
      if (match?.ok) list.push(watchFolder(state, a, id, m.path, match.company, polling, split))
      else if (match?.reason === 'ambiguous') a.unmatched.set(id, [refusal(m.company!, match)])
      else a.errors.set(id, `No company matches "${m.company ?? ''}"`)
    }
    a.folders.set(id, list)
    for (const f of list) await f.watcher.start()
  }
  for (const c of a.companies) await a.pipeline.resumeCompany(c.Key)
  await state.publish()
}

/** One mapping as Settings shows it: its state, its last taken file, its company folders. */
function folderState(state: ScanStationState, m: FolderMapping): ScanFolderState {
  const { active } = state
  const id = mappingId(m)
  const list = active?.folders.get(id) ?? []
  const own = list[0]
  const last = active?.lastTaken.get(id)
  const unavailable = list.some((f) => f.state === 'unavailable')
  const watchState: ScanFolderState['state'] = m.root
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
  return {
    id,
    path: m.path,
    root: m.root === true,
    companyKey: m.root ? null : (own?.companyKey ?? null),
    companyName: m.root ? null : (own?.companyName ?? null),
    polling: m.polling ?? 'auto',
    splitOnSeparators: m.splitOnSeparators === true,
    state: watchState,
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
  }
}

export function overviewOf(state: ScanStationState): ScanOverview {
  return {
    folders: mappingsOf(state).map((m) => folderState(state, m)),
    paused: state.paused,
    pausedReason: state.pausedReason,
    configError: state.configError,
    inProgress: state.active?.pipeline.counts() ?? {},
    configFile: join(state.deps.dataDir, scanFoldersFileName),
  }
}
