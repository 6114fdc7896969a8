// Document reading off the server's thread and out of its memory: pdf.js (about 30 MB of code and heap once
// loaded, far more under a TypeScript loader) and Tesseract (a WebAssembly engine with its language models)
// are loaded only when a document is read, in a worker thread that ends after READER_IDLE_MS without work.
// An idle platform therefore holds neither; the first document after a pause pays the start-up again.
//
// The platform uses the module's own reader (the functions below); main's local reading makes its own with
// createReaderHost, with a heap limit and a time budget per document (a hostile file ends its thread), so
// that ending it never touches a platform that runs in the same process (tests, browser mode).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'
import { OcrError, type AnalyseOptions, type OcrAnalysis } from './index.ts'
import { collectGarbage } from './memory.ts'
import type { ReaderReply, ReaderRequest } from './reader-worker.ts'

/** Idle time after which the reader thread (pdf.js, Tesseract) is ended. */
export const READER_IDLE_MS = 60_000
/** Time the reader thread gets to end its Tesseract workers before it is terminated. */
const CLOSE_GRACE_MS = 5_000

type Request = ReaderRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

/**
 * The worker's module: the TypeScript source next to this file when the platform runs from source, else the
 * `ocr-reader.js` the app's build emits beside the platform's entry (or one folder up from a chunk).
 */
function workerUrl(): URL {
  if (import.meta.url.endsWith('.ts')) return new URL('./reader-worker.ts', import.meta.url)
  for (const rel of ['./ocr-reader.js', '../ocr-reader.js']) {
    const url = new URL(rel, import.meta.url)
    if (existsSync(fileURLToPath(url))) return url
  }
  throw new Error('the document reader (ocr-reader.js) is missing from the build')
}

let fingerprint: string | null = null

/**
 * Which reader reads: a hash of its code, the built `ocr-reader.js` (the reader and every library it bundles),
 * or from sources the TypeScript of `document-reader/` and `common/` (tests left out). A reading kept by
 * another reader is read again (electron/main/services/local-reading/): an update that reads or proposes
 * otherwise is not hidden behind the answers of the reader before it.
 */
export function readerFingerprint(): string {
  if (fingerprint) return fingerprint
  const hash = createHash('sha256')
  const url = workerUrl()
  if (!url.pathname.endsWith('.ts')) hash.update(readFileSync(fileURLToPath(url)))
  else {
    const here = dirname(fileURLToPath(url))
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory()
            ? sources(join(dir, e.name))
            : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
              ? [join(dir, e.name)]
              : [],
        )
        .sort()
    for (const file of [...sources(here), ...sources(join(here, '..', 'common'))])
      hash.update(file.slice(here.length)).update(readFileSync(file))
  }
  fingerprint = hash.digest('hex').slice(0, 16)
  return fingerprint
}

/**
 * A reader thread. From TypeScript sources (`npm run platform`, tests) the thread first registers tsx's
 * loader, as a worker thread does not inherit the loader of the thread that started it.
 */
function spawnThread(resourceLimits: ResourceLimits | undefined): Worker {
  const url = workerUrl()
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { resourceLimits })
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href
  // Without Node keeping tsx's source maps: pdf.js's alone hold about 90 MB (167 -> 80 MB for its import).
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); process.setSourceMapsEnabled(false); return import(${JSON.stringify(url.href)}) })`
  return new Worker(code, { eval: true, resourceLimits })
}

/** A reading over its time budget: its thread was ended with whatever it held. */
export class ReaderTimeout extends Error {
  override name = 'ReaderTimeout'
}

export interface ReaderHostOptions {
  /** Idle time after which the thread ends (READER_IDLE_MS). */
  idleMs?: number
  /** The thread's JavaScript heap: a reading that needs more ends the thread (an Error of the reply). */
  heapMb?: number
  /** Time one request may take; over it the thread is ended and the request rejects with ReaderTimeout. */
  timeoutMs?: number
}

interface Reader {
  thread: Worker
  waiting: Map<number, { resolve(v: unknown): void; reject(e: Error): void }>
}

/** A document reader thread of its own, started on the first document and ended when idle. */
export function createReaderHost(options: ReaderHostOptions = {}) {
  let reader: Reader | undefined
  let nextId = 0
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let idleMs = options.idleMs ?? READER_IDLE_MS
  const resourceLimits = options.heapMb ? { maxOldGenerationSizeMb: options.heapMb } : undefined

  function start(): Reader {
    const r: Reader = { thread: spawnThread(resourceLimits), waiting: new Map() }
    const failAll = (err: Error) => {
      for (const w of r.waiting.values()) w.reject(err)
      r.waiting.clear()
    }
    r.thread.on('message', (reply: ReaderReply) => {
      const entry = r.waiting.get(reply.id)
      if (!entry) return
      r.waiting.delete(reply.id)
      if (reply.ok) entry.resolve(reply.value)
      else if (reply.ocrCode) entry.reject(new OcrError(reply.ocrCode, reply.message))
      else entry.reject(Object.assign(new Error(reply.message), { name: reply.name }))
      if (r.waiting.size === 0) r.thread.unref()
      if (reader === r && r.waiting.size === 0) armIdleTimer()
    })
    r.thread.on('error', (err: Error & { code?: string }) => {
      if (reader === r) reader = undefined
      failAll(
        Object.assign(new Error(`the document reader stopped: ${err.message}`), {
          name: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'ReaderOutOfMemory' : 'Error',
        }),
      )
    })
    r.thread.on('exit', (code) => {
      if (reader === r) reader = undefined
      failAll(new Error(`the document reader ended (exit code ${code})`))
    })
    // The reader keeps the process alive only while it has work.
    return r
  }

  function armIdleTimer(): void {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => void close(), idleMs)
    idleTimer.unref()
  }

  function send<T>(r: Reader, req: Request): Promise<T> {
    const id = ++nextId
    return new Promise<T>((resolve, reject) => {
      r.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject })
      r.thread.ref()
      r.thread.postMessage({ ...req, id })
    })
  }

  function call<T>(req: Request): Promise<T> {
    clearTimeout(idleTimer)
    const r = (reader ??= start())
    const reply = send<T>(r, req)
    const budget = options.timeoutMs
    if (!budget) return reply
    let timer: ReturnType<typeof setTimeout> | undefined
    const over = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // The thread is busy with this document and cannot be asked to stop: it is ended, with what it holds.
        if (reader === r) reader = undefined
        reject(new ReaderTimeout(`Reading the document took longer than ${budget / 1000} s`))
        void r.thread.terminate()
      }, budget)
    })
    return Promise.race([reply, over]).finally(() => clearTimeout(timer))
  }

  /**
   * Ends the reader thread (it starts again on the next document). Without `force` a reader with work in
   * flight is kept; with it (the platform closing) that work is refused.
   */
  async function close(force = false): Promise<void> {
    clearTimeout(idleTimer)
    const r = reader
    if (!r) return
    if (r.waiting.size && !force) {
      armIdleTimer()
      return
    }
    // New documents from now on start a new reader.
    reader = undefined
    // The reader ends its Tesseract workers first; a reader that does not answer is ended anyway.
    let grace: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      send(r, { op: 'close' }).catch(() => undefined),
      new Promise((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS))),
    ])
    clearTimeout(grace)
    await r.thread.terminate()
    // What the burst of documents left in this thread (upload bodies, pages and answers passed to and from the
    // reader) is garbage now. Measured after a 20-document burst (4 scans), 80 s later: 306 -> 257 MB resident.
    collectGarbage()
  }

  return {
    /** The OCR result of a document or one page (see `analyse` in index.ts), read in the reader thread. */
    analyseDocument: (bytes: Uint8Array, opts: AnalyseOptions): Promise<OcrAnalysis> =>
      call<OcrAnalysis>({ op: 'analyse', bytes, opts }),
    /** The page count of a PDF as pdf.js reads it; rejects with pdf.js's error name (`PasswordException`, ...). */
    pdfPageCount: (bytes: Uint8Array): Promise<number> => call<number>({ op: 'pdfPages', bytes }),
    /** Reads an XML upload as a structured invoice; rejects with the EInvoiceError's name and words when it is none. */
    checkXmlInvoice: (bytes: Uint8Array): Promise<void> => call<void>({ op: 'xmlInvoice', bytes }),
    /** Whether the reader thread is running (pdf.js and Tesseract loaded). */
    running: (): boolean => reader !== undefined,
    /** Sets the idle time after which the reader ends (tests); answers the previous one. */
    setIdleMs(ms: number): number {
      const previous = idleMs
      idleMs = ms
      return previous
    },
    close,
  }
}

export type ReaderHost = ReturnType<typeof createReaderHost>

/** The platform's reader. */
const platformReader = createReaderHost()

/** The OCR result of a document or one page (see `analyse` in index.ts), read in the reader thread. */
export function analyseDocument(bytes: Uint8Array, opts: AnalyseOptions): Promise<OcrAnalysis> {
  return platformReader.analyseDocument(bytes, opts)
}

/** The page count of a PDF as pdf.js reads it; rejects with pdf.js's error name (`PasswordException`, ...). */
export function pdfPageCount(bytes: Uint8Array): Promise<number> {
  return platformReader.pdfPageCount(bytes)
}

/**
 * Reads an XML upload as a structured invoice in the reader thread (issue 37: within its cap of 10 MB the
 * XML parser takes seconds over a hostile file, which the server's thread must not spend). Rejects with the
 * EInvoiceError's name and words when it is none.
 */
export function checkXmlInvoice(bytes: Uint8Array): Promise<void> {
  return platformReader.checkXmlInvoice(bytes)
}

/** Whether the reader thread is running (pdf.js and Tesseract loaded). */
export function readerRunning(): boolean {
  return platformReader.running()
}

/** Sets the idle time after which the reader ends (tests); answers the previous one. */
export function setReaderIdleMs(ms: number): number {
  return platformReader.setIdleMs(ms)
}

/** Ends the platform's reader thread (see ReaderHost.close). */
export function closeReader(force = false): Promise<void> {
  return platformReader.close(force)
}
