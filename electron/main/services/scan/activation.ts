// Whose queue runs: the signed-in user of an environment gets their own queue, ledgers and drop area
// under scan/<environment>/users/<user>/; another user signing in stops the last one's queue, which
// waits in that user's ledger until they sign in again. Nothing of it goes out with another's token.
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { filesUrlOf } from '../api/files.ts'
import { adoptLegacyState } from './adopt.ts'
import { applyMappings, stopFolders } from './folders.ts'
import { createBatchNotices, scanWords } from './notice.ts'
import { createPipeline } from './pipeline.ts'
import { createScanPlatform } from './platform.ts'
import { duplicateRow, rowOf } from './rows.ts'
import { safe, type Active, type ScanStationState } from './station-state.ts'

/** Where one environment's scan state lives on this station. */
const envDir = (state: ScanStationState, environmentId: string) =>
  join(state.deps.dataDir, 'scan', safe(environmentId))

/** Where one user's scan state of one environment lives: ledgers and the copies of dropped files. */
export const stateDir = (state: ScanStationState, environmentId: string, subject: string) =>
  join(envDir(state, environmentId), 'users', safe(subject))

/**
 * The ledger folders of the environment's other users on this station, and the old shared one while no
 * user has taken it over: read by the pipeline so one file never becomes two users' two invoices.
 */
async function otherLedgerDirs(state: ScanStationState, environmentId: string, subject: string) {
  const env = envDir(state, environmentId)
  const users = await readdir(join(env, 'users'), { withFileTypes: true }).catch(() => [])
  const dirs = users
    .filter((d) => d.isDirectory() && d.name !== safe(subject))
    .map((d) => join(env, 'users', d.name, 'ledger'))
  const legacy = join(env, 'ledger')
  if (
    await stat(legacy).then(
      (s) => s.isDirectory(),
      () => false,
    )
  )
    dirs.push(legacy)
  return dirs
}

/** The queue of one user: a pipeline whose events tell the renderer and the notifier. */
function activeQueue(state: ScanStationState, environmentId: string, subject: string): Active {
  const { deps } = state
  const { emit, progressShown } = state
  const batchNotices = createBatchNotices()
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
      ledgerDir: join(stateDir(state, environmentId, subject), 'ledger'),
      otherLedgerDirs: () => otherLedgerDirs(state, environmentId, subject),
      ...(deps.localRetryMs !== undefined ? { localRetryMs: deps.localRetryMs } : {}),
      ...(deps.localReading ? { localReading: deps.localReading } : {}),
      log: deps.log,
      locale: () => state.locale,
      concurrency: state.config.concurrency ?? 3,
      supplierNote: () => scanWords[state.locale].note,
      unknownSupplierName: () => scanWords[state.locale].unknown,
      events: {
        entryChanged: (entry) => {
          // An uploading row starts at 0 % (its bytes are counted as they go: uploadProgress).
          emit('scan.rowChanged', rowOf(entry, entry.state === 'uploading' ? 0 : null))
          state.publishSoon()
        },
        uploadProgress: (entry, percent) => {
          if (progressShown.shouldTell(entry.sha256, percent)) emit('scan.rowChanged', rowOf(entry, percent))
        },
        duplicateFound: (companyKey, dup, original) =>
          emit('scan.rowChanged', duplicateRow(companyKey, dup, original)),
        batchFinished: (b) => {
          const name = a.companies.find((c) => c.Key === b.companyKey)?.Name ?? b.companyKey
          deps.notifier.notify(batchNotices(b, name, state.locale))
          emit('scan.batchFinished', { ...b, companyName: name })
          void state.publish()
        },
        pausedChanged: (p, reason) => {
          state.paused = p
          state.pausedReason = reason
          void state.publish()
        },
      },
    }),
  }
  return a
}

/** Runs the queue of `subject` in `environmentId` (the one running already resumes). */
export async function activate(state: ScanStationState, environmentId: string, subject: string) {
  const { deps } = state
  const { log } = deps
  if (state.active?.environmentId === environmentId && state.active.subject === subject) {
    state.active.pipeline.resume()
    return
  }
  // Another user (or environment): the last one's queue stops with its companies and rows, and waits
  // in that user's own ledger until they sign in again; nothing of it goes out with this user's token.
  if (state.active) await deactivate(state)
  state.locale = await deps.locale().catch(() => state.locale)
  // Before any ledger of this user opens: the state kept before it was per user becomes the first
  // signed-in user's (or finishes becoming theirs after a crash).
  await adoptLegacyState({
    envDir: envDir(state, environmentId),
    userDir: stateDir(state, environmentId, subject),
    subject: safe(subject),
    log,
  }).catch((error) =>
    log.error('scan: the scan state kept before it was per user could not be taken over', {
      environmentId,
      error: String(error),
    }),
  )
  const a = activeQueue(state, environmentId, subject)
  state.active = a
  try {
    a.companies = await deps.companies()
  } catch (error) {
    log.warn('scan: the companies could not be listed; folders start when they can', {
      error: String(error),
    })
  }
  await applyMappings(state, a)
}

/** Stops the active queue and its folders. */
export async function deactivate(state: ScanStationState) {
  const a = state.active
  state.active = null
  if (!a) return
  await stopFolders(a)
  await a.pipeline.close()
}
