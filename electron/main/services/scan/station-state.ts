// What the scan station service holds while it runs: the folder mappings read from scan-folders.json,
// the signed-in user's queue (`active`) with its watched folders, and what the overview shows of it.
// The service's parts (folders.ts, activation.ts, drops.ts) share this one state.
import { BridgeError, type EventName } from '../../../../common/bridge/contract.ts'
import type { ScanFolderState } from '../../../../common/bridge/scan.ts'
import type { EmitEvent } from '../../events.ts'
import type { Logger } from '../../logger.ts'
import type { FileDialogs, Notifier } from '../../ports.ts'
import type { ApiClient } from '../api/client.ts'
import type { StagingOwner } from '../uploads/staging.ts'
import type { CompanyRef, ScanFoldersFile } from './config.ts'
import type { Pipeline } from './pipeline.ts'
import type { ScanLocalReader } from './station.ts'
import type { ScanLocale } from './reasons.ts'
import type { progressThrottle } from './rows.ts'
import type { createFolderWatcher, WatchState } from './watcher.ts'

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
  /** Reads each taken document on this computer before its upload (local-reading/). */
  localReading?: ScanLocalReader
  /** Test hooks: a shorter stable time and polling interval, a shorter wait between local retries. */
  stableMs?: number
  pollMs?: number
  localRetryMs?: number
}

export interface CompanyFolder {
  path: string
  companyKey: string
  companyName: string
  watcher: ReturnType<typeof createFolderWatcher>
  state: WatchState
  error: string | null
}

/** The queue of one user of one environment, with the folders it watches. */
export interface Active {
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

export interface ScanStationState {
  readonly deps: ScanServiceDeps
  config: ScanFoldersFile
  configError: string | null
  /** The last signed-in user's queue; it stays (paused) after they sign out. */
  active: Active | null
  locale: ScanLocale
  paused: boolean
  pausedReason: string | null
  /** Who is signed in now. */
  signedInAs: StagingOwner | null
  /** Tells the renderer an event. */
  emit<E extends EventName>(name: E, payload: Parameters<EmitEvent>[1] & object): void
  /** Which upload percentages are worth telling the renderer. */
  readonly progressShown: ReturnType<typeof progressThrottle>
  /** Tells the renderer the overview now. */
  publish(): Promise<void>
  /** Tells the renderer the overview soon (the counts change with every step: at most twice a second). */
  publishSoon(): void
}

/** A name safe as one folder's name. */
export const safe = (name: string) => name.replace(/[^\w-]/g, '_')

export function requireActive(state: ScanStationState): Active {
  if (!state.active) throw new BridgeError('SCAN_SIGNED_OUT', 'Sign in to use the scan station')
  return state.active
}

/** The active queue, only while its user is signed in: staged files are sent and taken for them alone. */
export function requireSignedIn(state: ScanStationState): Active {
  const a = requireActive(state)
  const now = state.signedInAs
  if (now?.environmentId !== a.environmentId || now.subject !== a.subject)
    throw new BridgeError('SCAN_SIGNED_OUT', 'Sign in to use the scan station')
  return a
}

/** One of the signed-in user's companies, or the bridge's refusal. */
export function companyOf(a: Active, companyKey: string): CompanyRef {
  const c = a.companies.find((x) => x.Key === companyKey)
  if (!c)
    throw new BridgeError('SCAN_UNKNOWN_COMPANY', "This company is not one of the signed-in user's companies")
  return c
}
