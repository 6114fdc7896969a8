// Main's side of the offline workspace, composed of its parts: the pull reads pages of platform rows for
// the renderer's cache and lists IDs for reconciliation (./pull.ts), the outbox's entries run with the API
// client (main holds the tokens) from one table of executors (./execute.ts), files and OCR results come
// for the cache (./files.ts), and the probe asks whether the platform answers (./probe.ts). The company
// travels with every call.
import type { Logger } from '../../logger.ts'
import type { Fetch } from '../../ports.ts'
import type { ApiClient } from '../api/client.ts'
import { createOutboxExecution } from './execute.ts'
import { createFiles } from './files.ts'
import { createProbe } from './probe.ts'
import { createPull } from './pull.ts'

export interface SyncServiceDeps {
  api(): Promise<ApiClient>
  fetch: Fetch
  now?: () => Date
  log?: Logger
  /** Tells main's local reading of a downloaded document (local-reading/). */
  downloaded?(companyKey: string, fileId: number, bytes: Uint8Array): void
}

export function createSyncService(deps: SyncServiceDeps) {
  const now = deps.now ?? (() => new Date())
  const { pull, ids, row } = createPull({ api: deps.api, now })
  const { execute, executeBatch } = createOutboxExecution({ api: deps.api })
  const { download, ocr, bytes } = createFiles({
    api: deps.api,
    log: deps.log,
    ...(deps.downloaded ? { downloaded: deps.downloaded } : {}),
  })
  return {
    pull,
    ids,
    row,
    execute,
    executeBatch,
    download,
    ocr,
    bytes,
    probe: createProbe({ api: deps.api, now }),
  }
}

export type SyncService = ReturnType<typeof createSyncService>
