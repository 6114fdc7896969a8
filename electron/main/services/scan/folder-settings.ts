// The folder mappings as Settings changes them: a folder added (checked first: it must exist and be
// readable and writable), removed, its polling mode set; each change is written to scan-folders.json and
// the folders are watched anew. And "Scan now", which looks at a mapping's folders at once.
import { access, constants, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { BridgeError } from '../../../../common/bridge/contract.ts'
import type { NewScanFolder, PathCheck, PollingMode } from '../../../../common/bridge/scan.ts'
import { mappingId, writeScanFolders, type FolderMapping, type ScanFoldersFile } from './config.ts'
import { applyMappings, overviewOf } from './folders.ts'
import { isNetworkPath } from './network.ts'
import { companyOf, requireActive, type ScanStationState } from './station-state.ts'

export async function checkPath(path: string): Promise<PathCheck> {
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
}

export function folderSettings(state: ScanStationState) {
  async function changeMappings(change: (list: FolderMapping[]) => FolderMapping[]) {
    const a = requireActive(state)
    const next: ScanFoldersFile = {
      ...state.config,
      environments: {
        ...state.config.environments,
        [a.environmentId]: change(state.config.environments[a.environmentId] ?? []),
      },
    }
    await writeScanFolders(state.deps.dataDir, next)
    state.config = next
    state.configError = null
    await applyMappings(state, a)
    return overviewOf(state)
  }

  return {
    async addFolder(input: NewScanFolder) {
      const path = resolve(input.path)
      const check = await checkPath(path)
      if (!check.exists || !check.readable || !check.writable)
        throw new BridgeError(
          'SCAN_FOLDER_UNUSABLE',
          `${path} cannot be used: it must exist, be readable and writable`,
        )
      const a = requireActive(state)
      const mapping: FolderMapping = input.root
        ? { path, root: true, polling: input.polling ?? 'auto' }
        : { path, company: companyOf(a, input.companyKey ?? '').Key, polling: input.polling ?? 'auto' }
      return changeMappings((list) => [...list.filter((m) => mappingId(m) !== mappingId(mapping)), mapping])
    },
    removeFolder: (id: string) => changeMappings((list) => list.filter((m) => mappingId(m) !== id)),
    setPolling: (id: string, mode: PollingMode) =>
      changeMappings((list) => list.map((m) => (mappingId(m) === id ? { ...m, polling: mode } : m))),
    setSplitOnSeparators: (id: string, on: boolean) =>
      changeMappings((list) =>
        list.map((m) => {
          if (mappingId(m) !== id) return m
          const { splitOnSeparators: _was, ...rest } = m
          // Off is the default, and is written as no setting at all.
          return on ? { ...rest, splitOnSeparators: true } : rest
        }),
      ),
    checkPath,
    chooseFolder: () => state.deps.dialogs.chooseFolder({}),
    async scanNow(id: string) {
      const a = requireActive(state)
      for (const f of a.folders.get(id) ?? []) await f.watcher.scanNow()
      for (const c of new Set((a.folders.get(id) ?? []).map((f) => f.companyKey))) {
        for (const e of await a.pipeline.entries(c))
          if (e.state === 'cancelled') await a.pipeline.retry(c, e.sha256)
      }
      a.pipeline.resume()
      return overviewOf(state)
    },
  }
}
