// The scan pipeline: a file taken from a folder (or dropped on the window) becomes exactly one draft
// supplier invoice. Steps: upload, read (OCR), find or create the supplier, create the draft, link the
// file, move the original to processed/YYYY-MM/. Each step is recorded in the company's ledger before
// and after; a restart resumes at the first unfinished step, and before each step that creates
// something the platform is asked whether an earlier run already created it. An uploaded file's id is
// the ledger's the moment the platform answers: a file is never looked for among the company's files.
import { createHash } from 'node:crypto'
import { lstat, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { Logger } from '../../logger.ts'
import {
  DUPLICATES,
  FAILED,
  freePath,
  monthFolder,
  moveTo,
  PROCESSED,
  writeDurably,
  exists,
} from './files.ts'
import {
  openLedger,
  readLedgerFile,
  type DuplicateRecord,
  type Ledger,
  type LedgerEntry,
  type ScanStep,
} from './ledger.ts'
import { scanMarkText } from '../../../../common/parties/scan-mark.ts'
import { ApiError } from '../api/errors.ts'
import { isTransient, type ScanPlatform } from './platform.ts'
import { readFields } from './read-fields.ts'
import { failedNote, type FailedFileReason, type ScanLocale } from './reasons.ts'
import { DEFAULT_MAX_BYTES, SCAN_CONTENT_TYPES, sniff, type ScanKind } from './sniff.ts'
import { structuredAnswerOf } from '../einvoice-reader/structured.ts'
import { isEInvoiceXml, parseEInvoice } from '../../../../common/einvoice/index.ts'
import { structuredOcrAnswer } from '../../../../common/einvoice/ocr-answer.ts'
import {
  heldStill,
  PAIR_WAIT_MS,
  PARTNER_SETTLE_MS,
  partnerPath,
  readPartnerXml,
  waitForPartner,
  type PartnerRefusal,
} from './pair.ts'

export interface TakeRequest {
  companyKey: string
  path: string
  /** The folder whose processed/ and failed/ receive the original. */
  folder: string
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
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const stateOfStep: Record<ScanStep, LedgerEntry['state']> = {
  upload: 'uploading',
  read: 'reading',
  supplier: 'creating',
  invoice: 'creating',
  link: 'creating',
  move: 'creating',
  finished: 'done',
}

class Cancelled extends Error {}

/** A file-system error on this computer (EACCES, EBUSY, EXDEV, ENOTDIR, ...), not the platform's answer. */
function isLocalFileError(error: unknown): boolean {
  if (error instanceof ApiError || isTransient(error)) return false
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^E[A-Z]+$/.test(code)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** What another user's ledger on this station says of a content: no more than this leaves it. */
interface ElsewhereFact {
  invoiceId: number | null
}

export type Pipeline = ReturnType<typeof createPipeline>

export function createPipeline(options: PipelineOptions) {
  const { platform, log } = options
  const concurrency = Math.max(1, options.concurrency ?? 3)
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const retryMs = options.retryMs ?? 5000
  const localRetries = options.localRetries ?? 5
  const localRetryMs = options.localRetryMs ?? 500
  const ops: ScanFileOps = {
    readFile: options.files?.readFile ?? ((path) => readFile(path)),
    move: options.files?.move ?? moveTo,
  }
  // Reading and hashing is bounded too: 500 files dropped at once must not all be in memory together.
  const takeLimit = Math.max(2, concurrency * 2)
  let takeSlots = takeLimit
  const slotWaiters: (() => void)[] = []
  const takeSlot = async () => {
    if (takeSlots > 0) takeSlots--
    else await new Promise<void>((resolve) => slotWaiters.push(resolve))
  }
  const freeSlot = () => {
    const next = slotWaiters.shift()
    if (next) next()
    else takeSlots++
  }
  const supplierNote = options.supplierNote ?? (() => scanMarkText('nb'))
  const unknownName = options.unknownSupplierName ?? (() => 'Ukjent leverandør (skanning)')
  const ledgers = new Map<string, Promise<Ledger>>()
  const queue: { companyKey: string; sha256: string }[] = []
  const active = new Map<string, AbortController>()
  /** Files being read and hashed, so one path taken twice at once is taken once. */
  const taking = new Set<string>()
  const supplierLocks = new Map<string, Promise<unknown>>()
  const batches = new Map<string, BatchSummary>()
  let paused = false
  let pauseTimer: NodeJS.Timeout | null = null
  let closed = false
  const idleWaiters: (() => void)[] = []

  // Other users' ledgers do not change while this user is signed in (one user at a time per station):
  // read once per company, on first need.
  const elsewhere = new Map<string, Promise<Map<string, ElsewhereFact>>>()
  const elsewhereOf = (companyKey: string, sha: string): Promise<ElsewhereFact | undefined> => {
    let facts = elsewhere.get(companyKey)
    if (!facts) {
      facts = (async () => {
        const out = new Map<string, ElsewhereFact>()
        const file = `${companyKey.replace(/[^\w-]/g, '_')}.jsonl`
        for (const dir of (await options.otherLedgerDirs?.()) ?? []) {
          for (const e of (await readLedgerFile(join(dir, file))).entries.values()) {
            // An entry that neither uploaded nor began a creating step left nothing on the platform.
            if (e.invoiceId == null && e.fileId == null && !e.started) continue
            const before = out.get(e.sha256)
            if (!before || (before.invoiceId === null && e.invoiceId != null))
              out.set(e.sha256, { invoiceId: e.invoiceId ?? null })
          }
        }
        return out
      })()
      facts.catch(() => elsewhere.delete(companyKey))
      elsewhere.set(companyKey, facts)
    }
    return facts.then((f) => f.get(sha))
  }

  const ledger = (companyKey: string) => {
    let l = ledgers.get(companyKey)
    if (!l) {
      l = openLedger(join(options.ledgerDir, `${companyKey.replace(/[^\w-]/g, '_')}.jsonl`))
      ledgers.set(companyKey, l)
    }
    return l
  }

  const batchOf = (companyKey: string) => {
    let b = batches.get(companyKey)
    if (!b) batches.set(companyKey, (b = { companyKey, ready: 0, failed: 0, duplicates: 0 }))
    return b
  }

  async function record(companyKey: string, sha: string, change: Partial<LedgerEntry>) {
    const entry = await (await ledger(companyKey)).record(sha, change)
    options.events.entryChanged?.(entry)
    return entry
  }
  /** The note on a supplier this run created, recorded once posted (ledger.ts `supplierNoted`). */
  async function noteSupplier(companyKey: string, sha: string, id: number, fresh: boolean) {
    await platform.markSupplier(companyKey, id, supplierNote(), fresh)
    await record(companyKey, sha, { supplierNoted: true })
  }

  const keyOf = (companyKey: string, sha: string) => `${companyKey}/${sha}`
  const isQueued = (companyKey: string, sha: string) =>
    active.has(keyOf(companyKey, sha)) || queue.some((q) => q.companyKey === companyKey && q.sha256 === sha)

  async function failFile(
    req: { companyKey: string; path: string; folder: string; sha256: string; size: number },
    reason: FailedFileReason,
  ) {
    const name = basename(req.path)
    const text = failedNote(reason, options.locale())
    const destination = await freePath(join(req.folder, FAILED), name)
    await record(req.companyKey, req.sha256, {
      companyKey: req.companyKey,
      state: 'failed',
      reason,
      destination,
      originalPath: req.path,
      name,
      folder: req.folder,
      size: req.size,
      takenAt: new Date().toISOString(),
      step: 'finished',
      attempts: 0,
      fileId: null,
      invoiceId: null,
      supplierId: null,
      supplierCreated: false,
      started: null,
      fields: null,
      kind: null,
      readyAt: null,
    })
    await moveFailed(req.path, destination, text).catch((error) =>
      // The entry says why the file failed; the note beside it could not be written.
      log.error('scan: a failed file could not be moved to failed/', {
        companyKey: req.companyKey,
        file: req.path,
        error: messageOf(error),
      }),
    )
    batchOf(req.companyKey).failed++
  }

  async function moveFailed(from: string, destination: string, text: string) {
    await ops.move(from, destination).catch((error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    })
    await writeDurably(`${destination}.reason.txt`, text + '\n')
  }

  /**
   * Takes a stable file: its size is checked before a byte is read, then it is read and hashed, and
   * queued, failed or set aside as a duplicate. A file the ledger has seen at an unfinished step resumes
   * at that step, also when that step had failed or was cancelled.
   */
  async function take(req: TakeRequest): Promise<TakeOutcome> {
    const takingKey = `${req.companyKey}\n${req.path}`
    if (taking.has(takingKey)) return 'already'
    taking.add(takingKey)
    await takeSlot()
    try {
      let info: Awaited<ReturnType<typeof lstat>>
      let bytes: Uint8Array
      try {
        // lstat: a symlink is never followed (a loop or a link out of the folder is not a document).
        info = await lstat(req.path)
        if (!info.isFile()) return 'skipped'
        if (info.size > maxBytes) {
          // Keyed by where and what it is, since its content is not read to be hashed.
          const key = sha256Of(Buffer.from(`over-size\n${req.path}\n${info.size}\n${info.mtimeMs}`))
          await failFile({ ...req, sha256: key, size: info.size }, { code: 'tooLarge', params: {} })
          scheduleIdleCheck()
          return 'failed'
        }
        bytes = await ops.readFile(req.path)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT') return 'missing'
        throw error
      }
      const sha = sha256Of(bytes)
      const l = await ledger(req.companyKey)
      const known = l.get(sha)
      const name = basename(req.path)
      const paired = await pairedXml(req, sha, bytes, l)
      if (paired) return paired
      const stopped = known && (known.state === 'failed' || known.state === 'cancelled')
      // A failed or cancelled entry whose step is `finished` went to failed/: its content is taken anew.
      if (known && !(stopped && known.step === 'finished')) {
        const sameFile =
          known.originalPath === req.path ||
          (known.state !== 'done' && !isQueued(req.companyKey, sha) && !(await exists(known.originalPath)))
        if (sameFile) {
          // The same file again (a restart, Scan now, a second event): resume it, never duplicate it.
          if (known.state === 'done') {
            await finishMove(known)
            return 'already'
          }
          if (stopped || known.originalPath !== req.path) {
            await record(req.companyKey, sha, {
              state: 'queued',
              reason: null,
              originalPath: req.path,
              folder: req.folder,
            })
          }
          if (!isQueued(req.companyKey, sha)) enqueue(req.companyKey, sha)
          return stopped ? 'queued' : 'already'
        }
        const destination = await freePath(join(req.folder, PROCESSED, DUPLICATES), name)
        const dup = { sha256: sha, name, originalPath: req.path, destination, at: new Date().toISOString() }
        await l.recordDuplicate(dup)
        await ops.move(req.path, destination)
        batchOf(req.companyKey).duplicates++
        options.events.duplicateFound?.(req.companyKey, dup, known)
        scheduleIdleCheck()
        return 'duplicate'
      }
      const other = await elsewhereOf(req.companyKey, sha)
      if (other?.invoiceId != null) {
        // Another user on this station already made this content an invoice (their move may have
        // failed, or they dropped it too): a duplicate of it. Only its number is kept, and linked only
        // when this user may open it.
        const invoiceId = other.invoiceId
        const visible = await platform.canSeeInvoice(req.companyKey, invoiceId).catch((error) => {
          log.warn('scan: whether an invoice of another user on this station may be opened is unknown', {
            companyKey: req.companyKey,
            invoiceId,
            error: messageOf(error),
          })
          return false
        })
        const destination = await freePath(join(req.folder, PROCESSED, DUPLICATES), name)
        const dup: DuplicateRecord = {
          sha256: sha,
          name,
          originalPath: req.path,
          destination,
          at: new Date().toISOString(),
          elsewhere: { invoiceId, visible },
        }
        await l.recordDuplicate(dup)
        await ops.move(req.path, destination)
        batchOf(req.companyKey).duplicates++
        options.events.duplicateFound?.(req.companyKey, dup, undefined)
        log.info('scan: a file another user on this station already made an invoice of is a duplicate', {
          companyKey: req.companyKey,
          file: req.path,
          invoiceId,
        })
        scheduleIdleCheck()
        return 'duplicate'
      }
      const sniffed = sniff(bytes, maxBytes)
      if (!sniffed.ok) {
        await failFile({ ...req, sha256: sha, size: bytes.length }, sniffed.reason)
        scheduleIdleCheck()
        return 'failed'
      }
      await record(req.companyKey, sha, {
        companyKey: req.companyKey,
        state: 'queued',
        step: 'upload',
        originalPath: req.path,
        name,
        folder: req.folder,
        kind: sniffed.kind,
        size: bytes.length,
        fileId: null,
        invoiceId: null,
        supplierId: null,
        supplierCreated: false,
        started: null,
        // Another user's run began this content and recorded no invoice: it may have made the file or
        // the draft all the same, so the platform is asked before each creating step.
        elsewhere: other !== undefined,
        fields: null,
        destination: null,
        reason: null,
        attempts: 0,
        takenAt: new Date().toISOString(),
        readyAt: null,
      })
      enqueue(req.companyKey, sha)
      return 'queued'
    } finally {
      freeSlot()
      taking.delete(takingKey)
    }
  }

  /**
   * An XML invoice that belongs to a PDF beside it (the pair rule, pair.ts) is not an invoice of its own:
   * the PDF's run reads it, attaches it and moves it. One already taken with its PDF (a kill before its
   * move, a copy put back) goes where its PDF's run meant it to; null for any other file.
   */
  async function pairedXml(
    req: TakeRequest,
    sha: string,
    bytes: Uint8Array,
    l: Ledger,
  ): Promise<TakeOutcome | null> {
    const owner = l.entries().find((e) => e.partner?.sha256 === sha)
    if (owner) {
      if (owner.state !== 'done') return 'paired'
      // As its PDF: the same file again goes where it was meant to go, a copy elsewhere to duplicates/.
      const meant = owner.partner!.destination
      const to =
        meant && (req.path === owner.partner!.path || !(await exists(meant)))
          ? meant
          : await freePath(join(req.folder, PROCESSED, DUPLICATES), basename(req.path))
      if (req.path !== to) await ops.move(req.path, to)
      return 'already'
    }
    if (l.get(sha) || !isEInvoiceXml(bytes)) return null
    const pdf = await waitForPartner(req.path, 'pdf', options.pairWaitMs ?? PAIR_WAIT_MS)
    if (!pdf) return null
    log.info('scan: an XML invoice beside its PDF is read with the PDF', {
      companyKey: req.companyKey,
      file: req.path,
      pdf,
    })
    return 'paired'
  }

  /**
   * The XML invoice beside a PDF entry, once it holds still: its answer gives the fields, and it is
   * recorded as the entry's partner. Null without one, or when it is no invoice that can be read.
   */
  async function partnerOf(entry: LedgerEntry) {
    if (entry.kind !== 'pdf') return null
    const path = entry.partner?.path ?? (await partnerPath(entry.originalPath, 'xml'))
    if (!path || !(await heldStill(path, PARTNER_SETTLE_MS))) return null
    try {
      const read = await readPartnerXml(path, entry.folder)
      if (!read) return null
      if (!read.ok) {
        await refusePartner(entry, path, read.reason)
        return null
      }
      const bytes = read.bytes
      if (!isEInvoiceXml(bytes)) return null
      const answer = structuredOcrAnswer(parseEInvoice(bytes))
      const partner = { sha256: sha256Of(bytes), path, name: basename(path), fileId: null, destination: null }
      return { answer, partner }
    } catch (error) {
      log.warn('scan: the XML beside a PDF could not be read as its invoice; the PDF is read alone', {
        companyKey: entry.companyKey,
        file: path,
        error: messageOf(error),
      })
      return null
    }
  }

  /**
   * The XML beside a PDF that is refused (a link to a file elsewhere, larger than an invoice's XML): the PDF
   * is read alone, and the XML is recorded and set aside as any refused file is (failFile: an entry of its
   * own, failed/ with the note), so it is neither read nor taken again for its PDF. Its content is not read,
   * so it is keyed by where and what it is, as an oversized file is in take().
   */
  async function refusePartner(entry: LedgerEntry, path: string, reason: PartnerRefusal) {
    log.warn('scan: the XML beside a PDF is refused; the PDF is read alone', {
      companyKey: entry.companyKey,
      file: path,
      pdf: entry.originalPath,
      reason: reason.code,
    })
    const info = await lstat(path)
    const key = sha256Of(Buffer.from(`${reason.code}\n${path}\n${info.size}\n${info.mtimeMs}`))
    await failFile(
      { companyKey: entry.companyKey, path, folder: entry.folder, sha256: key, size: info.size },
      reason,
    )
  }

  /**
   * Attaches the entry's XML partner to its invoice, once. Its id is kept as its upload answers; a run
   * that began this step without one looks among the invoice's attachments for a file with its bytes.
   */
  async function attachPartner(
    companyKey: string,
    sha: string,
    entry: LedgerEntry,
    resumed: boolean,
    signal: AbortSignal,
  ) {
    const partner = entry.partner!
    // Looked for on this invoice only, and only when an earlier run began this step: checked by its bytes.
    let fileId =
      partner.fileId ??
      (resumed ? await platform.findAttached(companyKey, entry.invoiceId!, partner.sha256) : null)
    if (fileId === null) {
      // Read as its fields were: the folder's own file, never through a link, up to the cap.
      const read = await readPartnerXml(partner.path, entry.folder).catch(() => null)
      const bytes = read?.ok ? read.bytes : null
      if (!bytes || sha256Of(bytes) !== partner.sha256) {
        // Its fields are read; only the attachment is lost, and the log says so.
        log.warn('scan: the XML beside a PDF is gone or changed; its invoice keeps the fields it gave', {
          companyKey,
          file: partner.path,
        })
        return entry
      }
      fileId = await platform.upload(
        companyKey,
        {
          bytes,
          name: partner.name,
          contentType: SCAN_CONTENT_TYPES.xml,
        },
        signal,
      )
    }
    entry = await record(companyKey, sha, { partner: { ...partner, fileId } })
    if (!(await platform.isLinked(companyKey, fileId, entry.invoiceId!)))
      await platform.link(companyKey, fileId, entry.invoiceId!)
    return entry
  }

  /**
   * The bytes to upload, read again and proven to be the ones hashed and sniffed when the file was taken:
   * 'gone' when the file is no longer there, 'changed' when a scanner or a person rewrote it since.
   */
  async function bytesToUpload(entry: LedgerEntry): Promise<Uint8Array | 'gone' | 'changed'> {
    try {
      const info = await lstat(entry.originalPath)
      if (!info.isFile()) return 'gone'
      if (info.size !== entry.size) return 'changed'
      const bytes = await ops.readFile(entry.originalPath)
      return sha256Of(bytes) === entry.sha256 ? bytes : 'changed'
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone'
      throw error
    }
  }

  /**
   * The OCR answer of a structured invoice read from the original still on this computer (an XML file, a PDF
   * that embeds one); null for other kinds, or when the original is gone or changed (the platform then reads it).
   */
  async function structuredAnswerOfEntry(entry: LedgerEntry) {
    if (entry.kind !== 'xml' && entry.kind !== 'pdf') return null
    const bytes = await bytesToUpload(entry).catch(() => 'gone' as const)
    if (typeof bytes === 'string') return null
    // Read off main's thread within a time budget; one refused (einvoice-reader/structured.ts) is logged and the
    // platform reads the file's pages, as it reads a PDF that carries no invoice.
    return structuredAnswerOf(bytes, {
      log,
      context: { companyKey: entry.companyKey, file: entry.originalPath },
    })
  }

  /** Runs a local file operation, trying again with a growing wait while the file system refuses it. */
  async function withLocalRetries<T>(fn: () => Promise<T>, check: () => void): Promise<T> {
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
  }

  function enqueue(companyKey: string, sha256: string, front = false) {
    if (front) queue.unshift({ companyKey, sha256 })
    else queue.push({ companyKey, sha256 })
    batchOf(companyKey)
    pump()
  }

  function pump() {
    while (!paused && !closed && active.size < concurrency && queue.length) {
      const next = queue.shift()!
      const key = keyOf(next.companyKey, next.sha256)
      if (active.has(key)) continue
      const controller = new AbortController()
      active.set(key, controller)
      void run(next.companyKey, next.sha256, controller.signal)
        .catch((error) => settleBroken(next.companyKey, next.sha256, error))
        .finally(() => {
          active.delete(key)
          pump()
          scheduleIdleCheck()
        })
    }
  }

  /** A run whose own failure handling failed still ends in a recorded terminal state, and is logged. */
  async function settleBroken(companyKey: string, sha: string, error: unknown) {
    const message = messageOf(error)
    log.error('scan: a file could not be settled', { companyKey, sha, error: message })
    if (closed) return
    try {
      const code = isLocalFileError(error) ? 'localFile' : 'refused'
      await record(companyKey, sha, { state: 'failed', reason: { code, params: { detail: message } } })
      batchOf(companyKey).failed++
    } catch (again) {
      log.error('scan: the ledger could not record a failed file', {
        companyKey,
        sha,
        error: messageOf(again),
      })
    }
  }

  function scheduleIdleCheck() {
    queueMicrotask(() => {
      if (active.size || queue.length || taking.size) return
      for (const summary of batches.values()) {
        if (summary.ready + summary.failed + summary.duplicates > 0) options.events.batchFinished?.(summary)
      }
      batches.clear()
      for (const resolve of idleWaiters.splice(0)) resolve()
    })
  }

  function pause(reason: string) {
    if (!paused) {
      paused = true
      options.events.pausedChanged?.(true, reason)
    }
    if (pauseTimer) clearTimeout(pauseTimer)
    pauseTimer = setTimeout(resume, retryMs)
    pauseTimer.unref?.()
  }

  function resume() {
    if (pauseTimer) clearTimeout(pauseTimer)
    pauseTimer = null
    if (paused) {
      paused = false
      options.events.pausedChanged?.(false, null)
    }
    pump()
  }

  /** One supplier per organisation number even when several files of one supplier run at once. */
  async function withSupplierLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = supplierLocks.get(key) ?? Promise.resolve()
    const mine = before.then(fn, fn)
    supplierLocks.set(
      key,
      mine.catch(() => undefined),
    )
    return mine
  }

  async function run(companyKey: string, sha: string, signal: AbortSignal) {
    const l = await ledger(companyKey)
    let entry = l.get(sha)
    if (!entry || entry.state === 'done' || entry.state === 'failed') return
    const check = () => {
      if (signal.aborted) throw new Cancelled()
    }
    const step = async (name: ScanStep, change: Partial<LedgerEntry> = {}) => {
      check()
      entry = await record(companyKey, sha, { step: name, state: stateOfStep[name], ...change })
    }
    try {
      entry = await record(companyKey, sha, { attempts: entry.attempts + 1, reason: null })
      // Asked before a creating step only when an earlier run began it without recording its end, or
      // another user's run on this station may have done it.
      const interrupted = (name: ScanStep) => entry!.started === name || entry!.elsewhere === true
      if (entry.step === 'upload') {
        // The id kept when the upload answered (a cancel or a failure may have come right after it).
        let fileId = entry.fileId ?? null
        if (fileId === null) {
          if (entry.started === 'upload')
            // Begun without an answer recorded: whatever the platform may have kept of it is linked to
            // nothing and cannot be told from another file of the company, so the file goes up again.
            log.info('scan: an upload begun earlier left no file id; the file is uploaded again', {
              companyKey,
              sha,
            })
          await step('upload', { started: 'upload' })
          const bytes = await withLocalRetries(() => bytesToUpload(entry!), check)
          if (bytes === 'gone') {
            await failFile(
              { ...entry, path: entry.originalPath, sha256: sha },
              { code: 'unreadable', params: { detail: 'the file is gone' } },
            )
            return
          }
          if (bytes === 'changed') {
            // What was hashed is what is uploaded: new content is a file of its own, taken again.
            await record(companyKey, sha, {
              state: 'failed',
              step: 'finished',
              started: null,
              reason: { code: 'changed', params: {} },
            })
            void take({ companyKey, path: entry.originalPath, folder: entry.folder }).catch((error) =>
              log.error('scan: a changed file could not be taken again', {
                companyKey,
                file: entry!.originalPath,
                error: messageOf(error),
              }),
            )
            return
          }
          check()
          const uploading = entry
          const contentType = SCAN_CONTENT_TYPES[entry.kind as ScanKind] as string | undefined
          fileId = await platform.upload(
            companyKey,
            { bytes, name: entry.name, ...(contentType ? { contentType } : {}) },
            signal,
            (percent) => options.events.uploadProgress?.(uploading, percent),
          )
          // Kept at once, before a cancel or a stop can end the run: a later run goes on with this file.
          entry = await record(companyKey, sha, { fileId })
        }
        await step('read', { started: null })
      }
      if (entry.step === 'read') {
        // A structured invoice (an XML file, a PDF embedding one) is read from its XML on this computer:
        // the platform's OCR (spec 2.13) says nothing of XML.
        // A PDF that embeds none takes its fields from the XML invoice beside it (the pair rule).
        const own = await structuredAnswerOfEntry(entry)
        const pair = own ? null : await partnerOf(entry)
        const answer = own ?? pair?.answer ?? (await platform.read(companyKey, entry.fileId!, signal))
        await step('supplier', { fields: readFields(answer), ...(pair ? { partner: pair.partner } : {}) })
      }
      if (entry.step === 'supplier') {
        const fields = entry.fields!
        const ctx = entry
        const { supplierId, created } = await withSupplierLock(
          `${companyKey}/${fields.orgNumber ?? ''}`,
          async () => {
            if (!fields.orgNumber)
              return { supplierId: await platform.unknownSupplier(companyKey, unknownName()), created: false }
            const found = await platform.findSupplier(companyKey, fields.orgNumber)
            if (found !== null) {
              // An interrupted run may have created it without its note: add the note once.
              if (ctx.supplierCreated && !ctx.supplierNoted) await noteSupplier(companyKey, sha, found, false)
              return { supplierId: found, created: ctx.supplierCreated }
            }
            await record(companyKey, sha, { supplierCreated: true })
            const id = await platform.createSupplier(companyKey, fields, supplierNote())
            // Null: the platform creates it with the draft (the invoice step), and it is noted then.
            if (id !== null) await noteSupplier(companyKey, sha, id, true)
            return { supplierId: id, created: true }
          },
        )
        await step('invoice', { supplierId, supplierCreated: created })
      }
      if (entry.step === 'invoice') {
        // Another user may have made this content an invoice since this entry was taken (this user's
        // queue waited while they were signed in): then the platform is asked for it by its scan mark.
        const resumed = interrupted('invoice') || (await elsewhereOf(companyKey, sha)) !== undefined
        if (entry.started !== 'invoice') entry = await record(companyKey, sha, { started: 'invoice' })
        let invoiceId = resumed ? await platform.findInvoice(companyKey, sha) : null
        check()
        const current = entry
        const create = (supplierId: number | null) =>
          platform.createInvoice(companyKey, {
            supplierId,
            ...(supplierId === null
              ? { unknownSupplierName: unknownName(), supplierNote: supplierNote() }
              : {}),
            fields: current.fields!,
            sha256: sha,
            fileName: current.name,
          })
        if (current.supplierId !== null) invoiceId ??= await create(current.supplierId)
        else {
          // The platform creates suppliers only inside a draft: under the supplier's lock, so that two files
          // of one new supplier make one supplier (the second finds the one the first draft created).
          const fields = current.fields!
          const { made, byThisDraft } = await withSupplierLock(
            `${companyKey}/${fields.orgNumber ?? ''}`,
            async () => {
              const existing = fields.orgNumber
                ? await platform.findSupplier(companyKey, fields.orgNumber)
                : await platform.unknownSupplier(companyKey, unknownName())
              invoiceId ??= await create(existing)
              if (existing !== null) return { made: existing, byThisDraft: false }
              return { made: await platform.supplierOfInvoice(companyKey, invoiceId), byThisDraft: true }
            },
          )
          entry = await record(companyKey, sha, { supplierId: made })
          // Noted as the station notes the suppliers it makes (an interrupted run's draft: asked first).
          if (made !== null && byThisDraft && current.supplierCreated && !entry.supplierNoted)
            await noteSupplier(companyKey, sha, made, !resumed)
        }
        await step('link', { invoiceId: invoiceId!, started: null })
      }
      if (entry.step === 'link') {
        const resumed = interrupted('link')
        if (entry.started !== 'link') entry = await record(companyKey, sha, { started: 'link' })
        if (!resumed || !(await platform.isLinked(companyKey, entry.fileId!, entry.invoiceId!))) {
          // A draft another user's run on this station made may hold this content already, uploaded by
          // that run: taken for this entry's file only once its bytes are proven to be this content.
          const onDraft = entry.elsewhere
            ? await platform.findAttached(companyKey, entry.invoiceId!, sha)
            : null
          if (onDraft !== null) {
            log.info(
              'scan: the draft already holds this content; its file is kept, this upload is not linked',
              {
                companyKey,
                sha,
                invoiceId: entry.invoiceId,
                fileId: onDraft,
                unlinked: entry.fileId,
              },
            )
            entry = await record(companyKey, sha, { fileId: onDraft })
          } else await platform.link(companyKey, entry.fileId!, entry.invoiceId!)
        }
        // The PDF first: the review shows an invoice's lowest file id as its document.
        if (entry.partner) entry = await attachPartner(companyKey, sha, entry, resumed, signal)
        const partner = entry.partner
        await step('move', {
          started: null,
          destination: entry.destination ?? (await freePath(monthFolder(entry.folder), entry.name)),
          ...(partner
            ? {
                partner: {
                  ...partner,
                  destination:
                    partner.destination ?? (await freePath(monthFolder(entry.folder), partner.name)),
                },
              }
            : {}),
        })
      }
      if (entry.step === 'move') {
        const move = entry
        // Neither in its folder nor moved: someone took the original away (another user's scan of the
        // shared folder set it aside as a duplicate of this very invoice). The invoice is whole.
        const gone = !(await exists(move.originalPath)) && !(await exists(move.destination!))
        if (gone)
          log.warn('scan: the original of a finished invoice is gone from its folder; nothing to move', {
            companyKey,
            file: move.originalPath,
            invoiceId: move.invoiceId,
          })
        else await withLocalRetries(() => ops.move(move.originalPath, move.destination!), check)
        const partner = move.partner
        if (partner?.destination && (await exists(partner.path)) && !(await exists(partner.destination)))
          await withLocalRetries(() => ops.move(partner.path, partner.destination!), check)
        entry = await record(companyKey, sha, {
          step: 'finished',
          state: 'done',
          readyAt: new Date().toISOString(),
          ...(gone ? { destination: null } : {}),
        })
        batchOf(companyKey).ready++
      }
    } catch (error) {
      if (error instanceof Cancelled || (signal.aborted && cancelled.has(keyOf(companyKey, sha)))) {
        cancelled.delete(keyOf(companyKey, sha))
        await record(companyKey, sha, { state: 'cancelled' })
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      if (isTransient(error) && !closed) {
        log.warn('scan: the platform cannot be reached; the queue waits', { companyKey, sha, error: message })
        await record(companyKey, sha, { reason: { code: 'waiting', params: { detail: message } } })
        enqueue(companyKey, sha, true)
        pause(message)
        return
      }
      if (closed) return
      log.error('scan: a file failed', { companyKey, sha, step: entry?.step, error: message })
      if (isLocalFileError(error)) {
        // This computer's file system refused (after the retries): the file stays where it is, nothing
        // the platform holds is touched, and Retry, Scan now or a restart resumes at this step.
        await record(companyKey, sha, {
          state: 'failed',
          reason: { code: 'localFile', params: { detail: message } },
        })
      } else if (entry && (entry.step === 'upload' || entry.step === 'read')) {
        // The platform refused the content: the file goes to failed/ with the platform's words.
        const destination = await freePath(join(entry.folder, FAILED), entry.name)
        const reason = { code: 'refused', params: { detail: message } } as const
        await record(companyKey, sha, { state: 'failed', reason, destination, step: 'finished' })
        await moveFailed(entry.originalPath, destination, failedNote(reason, options.locale()))
      } else {
        // A later step failed: the file stays where it is, and Retry resumes at this step.
        await record(companyKey, sha, {
          state: 'failed',
          reason: { code: 'refused', params: { detail: message } },
        })
      }
      batchOf(companyKey).failed++
    }
  }

  /** A done entry whose original is still in the folder (a kill before the move was recorded). */
  async function finishMove(entry: LedgerEntry) {
    if (entry.destination && (await exists(entry.originalPath)))
      await ops.move(entry.originalPath, entry.destination)
  }

  const cancelled = new Set<string>()

  return {
    take,
    /** Resumes every unfinished entry of a company's ledger (at start and after a restart). */
    async resumeCompany(companyKey: string) {
      const l = await ledger(companyKey)
      for (const e of l.entries()) {
        if (e.state === 'done' || e.state === 'failed' || e.state === 'cancelled') continue
        if (!isQueued(companyKey, e.sha256)) enqueue(companyKey, e.sha256)
      }
    },
    /** Retry a failed or cancelled entry from the step it stopped at. */
    async retry(companyKey: string, sha256: string) {
      const l = await ledger(companyKey)
      const e = l.get(sha256)
      // A file whose content changed was taken again as new content; this entry has nothing left to do.
      if (!e || e.state === 'done' || e.reason?.code === 'changed' || isQueued(companyKey, sha256))
        return false
      if (e.step === 'finished' && e.destination && (await exists(e.destination))) {
        // A file that went to failed/ comes back to its folder and is taken again, uploaded anew.
        await ops.move(e.destination, e.originalPath)
        await record(companyKey, sha256, {
          state: 'queued',
          step: 'upload',
          fileId: null,
          started: null,
          destination: null,
          reason: null,
        })
      } else await record(companyKey, sha256, { state: 'queued', reason: null })
      enqueue(companyKey, sha256)
      return true
    },
    /** Cancel: queued files of the company leave the queue and running ones stop at their next step. */
    async cancel(companyKey: string) {
      const dropped = queue.filter((q) => q.companyKey === companyKey)
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.companyKey === companyKey) queue.splice(i, 1)
      for (const d of dropped) await record(companyKey, d.sha256, { state: 'cancelled' })
      for (const [key, controller] of active) {
        if (key.startsWith(`${companyKey}/`)) {
          cancelled.add(key)
          controller.abort()
        }
      }
      scheduleIdleCheck()
      return dropped.length
    },
    async entries(companyKey: string) {
      return (await ledger(companyKey)).entries()
    },
    async duplicates(companyKey: string) {
      return (await ledger(companyKey)).duplicates()
    },
    pause,
    resume,
    get paused() {
      return paused
    },
    /** Resolves when nothing is queued, running or being taken. */
    idle(): Promise<void> {
      if (!active.size && !queue.length && !taking.size) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    counts() {
      const byCompany: Record<string, number> = {}
      for (const q of queue) byCompany[q.companyKey] = (byCompany[q.companyKey] ?? 0) + 1
      for (const key of active.keys()) {
        const c = key.split('/')[0]!
        byCompany[c] = (byCompany[c] ?? 0) + 1
      }
      return byCompany
    },
    async close() {
      closed = true
      if (pauseTimer) clearTimeout(pauseTimer)
      for (const c of active.values()) c.abort()
      for (const l of ledgers.values()) await (await l).close()
    },
  }
}
