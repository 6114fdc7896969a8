// The scan pipeline: a file taken from a folder (or dropped on the window) becomes exactly one draft
// supplier invoice. Its steps, each a module of steps/: take and identify the file, then upload, read
// (OCR), find or create the supplier, create the draft, link the file, move the original to
// processed/YYYY-MM/. Each step is recorded in the company's ledger before and after; a restart resumes
// at the first unfinished step, and before each step that creates something the platform is asked
// whether an earlier run already created it. An uploaded file's id is the ledger's the moment the
// platform answers: a file is never looked for among the company's files.
import { readFile } from 'node:fs/promises'
import type { Logger } from '../../logger.ts'
import { scanMarkText } from '../../../../common/parties/scan-mark.ts'
import { exists, moveTo } from './files.ts'
import { createLedgers } from './ledgers.ts'
import { PAIR_WAIT_MS } from './pair.ts'
import type { ScanPlatform } from './platform.ts'
import { createScanQueue } from './queue.ts'
import type { ScanLocale } from './reasons.ts'
import { DEFAULT_MAX_BYTES } from './sniff.ts'
import { pageMarks } from './split/pages.ts'
import { isLocalFileError, type PipelineEvents, type ScanFileOps, type Station } from './station.ts'
import { isSplittable } from './rows.ts'
import { runEntry, type RunStation } from './steps/index.ts'
import { bytesToUpload } from './steps/upload.ts'
import { settleBroken } from './steps/settle.ts'
import { createTakeGate, take } from './steps/take.ts'
import { createKeyedTurns } from '../keyed-turns.ts'

import type { ScanLocalReader } from './station.ts'

export type { BatchSummary, PipelineEvents, ScanFileOps, TakeOutcome, TakeRequest } from './station.ts'

export interface PipelineOptions {
  platform: ScanPlatform
  /** Where the per-company ledgers live. */
  ledgerDir: string
  /**
   * The ledger folders of the other users of this environment on this station (and the old shared one
   * not yet taken over). Read, never written: a file one of them already made an invoice of is not made
   * into a second one.
   */
  otherLedgerDirs?(): Promise<string[]>
  events: Partial<PipelineEvents>
  log: Logger
  locale(): ScanLocale
  concurrency?: number
  maxBytes?: number
  /** How long a paused queue (signed out, offline) waits before it tries again. */
  retryMs?: number
  /** A local file error (a move refused by the file system, antivirus holding the file) is tried again
   * this many times, waiting `localRetryMs`, then twice that, ... before the entry fails at its step. */
  localRetries?: number
  localRetryMs?: number
  files?: Partial<ScanFileOps>
  /** The note on a supplier created from a scan (in the user's language). */
  supplierNote?(): string
  unknownSupplierName?(): string
  /** How long an XML invoice waits for its PDF to appear beside it (default PAIR_WAIT_MS). */
  pairWaitMs?: number
  /** The splitter's judge of a PDF's pages (default: pdf.js in a worker thread, split/pages.ts). */
  pageMarks?: Station['pageMarks']
  /** Reads each taken document on this computer at once, before its upload (local-reading/). */
  localReading?: ScanLocalReader
}

export type Pipeline = ReturnType<typeof createPipeline>

export function createPipeline(options: PipelineOptions) {
  const concurrency = Math.max(1, options.concurrency ?? 3)
  const localRetries = options.localRetries ?? 5
  const localRetryMs = options.localRetryMs ?? 500
  const ledgers = createLedgers(options)
  // Reading and hashing is bounded too: 500 files dropped at once must not all be in memory together.
  const gate = createTakeGate(Math.max(2, concurrency * 2))
  const cancelled = new Set<string>()
  const withSupplierLock = createKeyedTurns()
  const queue = createScanQueue({
    concurrency,
    retryMs: options.retryMs ?? 5000,
    events: options.events,
    run: (companyKey, sha, signal) => runEntry(station, companyKey, sha, signal),
    broken: (companyKey, sha, error) => settleBroken(station, companyKey, sha, error),
    taking: () => gate.size,
  })

  const station: RunStation & { gate: typeof gate } = {
    platform: options.platform,
    log: options.log,
    ops: {
      readFile: options.files?.readFile ?? ((path) => readFile(path)),
      move: options.files?.move ?? moveTo,
    },
    events: options.events,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    pairWaitMs: options.pairWaitMs ?? PAIR_WAIT_MS,
    ...(options.localReading ? { localReading: options.localReading } : {}),
    locale: options.locale,
    supplierNote: options.supplierNote ?? (() => scanMarkText('nb')),
    unknownName: options.unknownSupplierName ?? (() => 'Ukjent leverandør (skanning)'),
    ledger: ledgers.ledger,
    elsewhereOf: ledgers.elsewhereOf,
    async record(companyKey, sha, change) {
      const entry = await (await ledgers.ledger(companyKey)).record(sha, change)
      options.events.entryChanged?.(entry)
      return entry
    },
    batch: queue.batch,
    withLocalRetries: async (fn, check) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await fn()
        } catch (error) {
          if (!isLocalFileError(error) || attempt >= localRetries) throw error
          check()
          await new Promise((resolve) => setTimeout(resolve, localRetryMs * 2 ** attempt))
          check()
        }
      }
    },
    withSupplierLock,
    isQueued: queue.isQueued,
    enqueue: queue.enqueue,
    scheduleIdleCheck: queue.scheduleIdleCheck,
    take: (req) => take(station, req),
    pageMarks: options.pageMarks ?? ((bytes) => pageMarks(bytes)),
    gate,
    cancelled,
    closed: () => queue.closed,
    pause: queue.pause,
  }

  return {
    take: station.take,
    /** Resumes every unfinished entry of a company's ledger (at start and after a restart). */
    async resumeCompany(companyKey: string) {
      const l = await ledgers.ledger(companyKey)
      for (const e of l.entries()) {
        if (e.state === 'done' || e.state === 'failed' || e.state === 'cancelled') continue
        if (!queue.isQueued(companyKey, e.sha256)) queue.enqueue(companyKey, e.sha256)
      }
    },
    /** Retry a failed or cancelled entry from the step it stopped at. */
    async retry(companyKey: string, sha256: string) {
      const l = await ledgers.ledger(companyKey)
      const e = l.get(sha256)
      // A file whose content changed was taken again as new content; this entry has nothing left to do.
      if (!e || e.state === 'done' || e.reason?.code === 'changed' || queue.isQueued(companyKey, sha256))
        return false
      if (e.step === 'finished' && e.destination && (await exists(e.destination))) {
        // A file that went to failed/ comes back to its folder and is taken again, uploaded anew.
        await station.ops.move(e.destination, e.originalPath)
        await station.record(companyKey, sha256, {
          state: 'queued',
          step: 'upload',
          fileId: null,
          started: null,
          destination: null,
          reason: null,
        })
      } else await station.record(companyKey, sha256, { state: 'queued', reason: null })
      queue.enqueue(companyKey, sha256)
      return true
    },
    /** Cancel: queued files of the company leave the queue and running ones stop at their next step. */
    async cancel(companyKey: string) {
      const dropped = queue.dropQueued(companyKey)
      for (const d of dropped) await station.record(companyKey, d.sha256, { state: 'cancelled' })
      queue.abortRunning(companyKey, cancelled)
      queue.scheduleIdleCheck()
      return dropped.length
    },
    /**
     * The accountant's split of a PDF waiting in the queue, before its upload: it runs from the split step
     * with the parts beginning at `cuts`. False when the entry is running, uploaded already or no PDF.
     */
    async split(companyKey: string, sha256: string, cuts: number[]) {
      const e = (await ledgers.ledger(companyKey)).get(sha256)
      if (!e || !isSplittable(e) || !queue.takeOut(companyKey, sha256)) return false
      await station.record(companyKey, sha256, {
        state: 'queued',
        step: 'split',
        splitBy: { cuts },
        reason: null,
      })
      queue.enqueue(companyKey, sha256)
      return true
    },
    /** A waiting PDF's bytes as taken (null when it is gone, changed or no longer splittable). */
    async waitingPdf(companyKey: string, sha256: string) {
      const e = (await ledgers.ledger(companyKey)).get(sha256)
      if (!e || !isSplittable(e)) return null
      const bytes = await bytesToUpload(station, e)
      return typeof bytes === 'string' ? null : bytes
    },
    async entries(companyKey: string) {
      return (await ledgers.ledger(companyKey)).entries()
    },
    async duplicates(companyKey: string) {
      return (await ledgers.ledger(companyKey)).duplicates()
    },
    pause: queue.pause,
    resume: queue.resume,
    get paused() {
      return queue.paused
    },
    /** Resolves when nothing is queued, running or being taken. */
    idle: queue.idle,
    counts: queue.counts,
    async close() {
      queue.close()
      await ledgers.close()
    },
  }
}
