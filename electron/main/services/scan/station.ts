// What the scan station's steps share: the request that takes a file, the outcomes, the events the
// station tells, and the station's parts a step may use (the platform, the ledger, the queue's hooks).
// Each step names the parts it needs (`Pick<Station, ...>`), so a test drives one step with stand-ins.
import type { LocalReading } from '../../../../common/bridge/local-reading.ts'
import { createHash } from 'node:crypto'
import type { Logger } from '../../logger.ts'
import { ApiError } from '../api/errors.ts'
import type { DuplicateRecord, Ledger, LedgerEntry } from './ledger.ts'
import { isTransient, type ScanPlatform } from './platform.ts'
import type { ScanLocale } from './reasons.ts'
import type { PageMark } from './split/page-marks.ts'
import type { PagesAnswer } from './split/pages.ts'

export interface TakeRequest {
  companyKey: string
  path: string
  /** The folder whose processed/ and failed/ receive the original. */
  folder: string
  /** A PDF is cut at its blank and separator pages (the folder's "split on separator pages"). */
  splitOnSeparators?: boolean
  /** This file is a part of a split PDF. */
  splitFrom?: LedgerEntry['splitFrom']
}

/** `skipped`: not a regular file (a symlink is never followed, a folder is not a document). */
/** `paired`: an XML invoice beside its PDF, left for the PDF's run, which reads, attaches and moves it. */
export type TakeOutcome = 'queued' | 'duplicate' | 'failed' | 'already' | 'missing' | 'skipped' | 'paired'

/** The pipeline's own file operations; tests replace them to inject faults (EACCES, EBUSY, EXDEV). */
export interface ScanFileOps {
  readFile(path: string): Promise<Uint8Array>
  move(from: string, to: string): Promise<void>
}

export interface BatchSummary {
  companyKey: string
  ready: number
  failed: number
  duplicates: number
}

export interface PipelineEvents {
  entryChanged(entry: LedgerEntry): void
  /** The share of an uploading file's bytes sent so far, in per cent. */
  uploadProgress(entry: LedgerEntry, percent: number): void
  /** `original` is this user's entry; a duplicate of another user's file has none (`dup.elsewhere`). */
  duplicateFound(companyKey: string, dup: DuplicateRecord, original: LedgerEntry | undefined): void
  batchFinished(summary: BatchSummary): void
  pausedChanged(paused: boolean, reason: string | null): void
}

/** What another user's ledger on this station says of a content: no more than this leaves it. */
export interface ElsewhereFact {
  invoiceId: number | null
}

/** The station's parts the steps use. */
export interface Station {
  platform: ScanPlatform
  log: Logger
  ops: ScanFileOps
  events: Partial<PipelineEvents>
  /** The largest file taken (larger ones fail as `tooLarge`). */
  maxBytes: number
  /** How long an XML invoice waits for its PDF to appear beside it. */
  pairWaitMs: number
  locale(): ScanLocale
  /** The note on a supplier created from a scan (in the user's language). */
  supplierNote(): string
  unknownName(): string
  ledger(companyKey: string): Promise<Ledger>
  /** What another user's ledger on this station says of a content, if anything. */
  elsewhereOf(companyKey: string, sha: string): Promise<ElsewhereFact | undefined>
  /** Records a change of an entry in the ledger and tells the renderer. */
  record(companyKey: string, sha: string, change: Partial<LedgerEntry>): Promise<LedgerEntry>
  /** The counts of the company's batch (the files taken since the queue was last idle). */
  batch(companyKey: string): BatchSummary
  /** Runs a local file operation, trying again with a growing wait while the file system refuses it. */
  withLocalRetries<T>(fn: () => Promise<T>, check: () => void): Promise<T>
  /** One supplier per organisation number even when several files of one supplier run at once. */
  withSupplierLock<T>(key: string, fn: () => Promise<T>): Promise<T>
  isQueued(companyKey: string, sha: string): boolean
  enqueue(companyKey: string, sha: string, front?: boolean): void
  /** Tells the waiters and the batch's summary once nothing is queued, running or being taken. */
  scheduleIdleCheck(): void
  /** Takes a file (again): a file whose content changed before its upload is new content. */
  take(req: TakeRequest): Promise<TakeOutcome>
  /** Each page of a PDF judged for the splitter (blank, separator sheet), off main's thread. */
  pageMarks(bytes: Uint8Array): Promise<PagesAnswer<PageMark[]>>
  /** Reads a file on this computer (local-reading/), kept by company and content; absent in some tests. */
  localReading?: ScanLocalReader
}

/** The part of main's local reading the scan station uses. */
export interface ScanLocalReader {
  read(companyKey: string, bytes: Uint8Array, context?: Record<string, unknown>): Promise<LocalReading>
  /** Starts a reading without waiting for it; false when too many wait already (read later by `read`). */
  readAhead(companyKey: string, bytes: Uint8Array, context?: Record<string, unknown>): boolean
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Thrown at a step's boundary when the run was cancelled. */
export class Cancelled extends Error {}

/** A file-system error on this computer (EACCES, EBUSY, EXDEV, ENOTDIR, ...), not the platform's answer. */
export function isLocalFileError(error: unknown): boolean {
  if (error instanceof ApiError || isTransient(error)) return false
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^E[A-Z]+$/.test(code)
}
