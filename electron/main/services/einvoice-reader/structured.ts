// A file's structured invoice as an OCR answer (common/einvoice): an XML invoice, or the invoice a PDF embeds
// (Factur-X, ZUGFeRD, XRechnung). Null for any other file, and for XML that cannot be read as an invoice (the
// platform's answer then says why).
//
// The file is anyone's (a supplier's PDF, a scan folder), and main's thread is the app's: so the reading runs
// in a worker thread (structured-worker.ts) with a time budget, STRUCTURED_TIMEOUT_MS. A reading that takes
// longer is ended with the thread (the next file starts a new one) and answers the reason `timeout`; one the
// budgets of common/einvoice/embedded.ts refuse answers theirs. Either way the file stays usable: its pages
// are read by the platform's OCR, as any other file's, and the reason is logged once, not tried again.
import type { Worker } from 'node:worker_threads'
import { structuredOcrAnswer } from '../../../../common/einvoice/ocr-answer.ts'
import type { Logger } from '../../logger.ts'
import { spawnWorker, workerUrl } from '../worker-thread.ts'
import { mayCarryInvoice, type StructuredReading } from './structured-read.ts'
import type { StructuredReply, StructuredRequest } from './structured-worker.ts'

export type { StructuredReading } from './structured-read.ts'

/**
 * The time one file's reading may take. Within the budgets of embedded.ts a hostile PDF is refused in well
 * under a second (bench/hostile.bench.ts); what takes longer is a PDF of tens of thousands of objects that
 * pdf-lib parses whole, or XML of many megabytes on a slow computer, and such a file is read by the platform.
 */
export const STRUCTURED_TIMEOUT_MS = 15_000
/** Idle time after which the reader thread ends (it starts again with the next file that needs it). */
export const STRUCTURED_IDLE_MS = 30_000
/** The reader thread's heap: a reading that needs more is ended as `tooLarge`. */
const READER_HEAP_MB = 512

/** The reader thread, on the source beside this file or the build's einvoice-reader.js. */
function spawn() {
  const url = workerUrl(import.meta.url, './structured-worker.ts', 'einvoice-reader.js')
  return spawnWorker(url, { maxOldGenerationSizeMb: READER_HEAP_MB })
}

interface Reader {
  thread: Worker
  ready: Promise<void>
  /** The reply of the file being read; one file at a time. */
  reply?: (reading: StructuredReading) => void
}

let reader: Reader | undefined
let idleTimer: ReturnType<typeof setTimeout> | undefined
let nextId = 0
/** Files wait their turn: one reading at a time, each with its own time budget once it is sent. */
let turn: Promise<unknown> = Promise.resolve()

const refusal = (code: 'timeout' | 'tooLarge' | 'malformed', message: string): StructuredReading => ({
  invoice: null,
  refused: { code, message },
})

function start(): Reader {
  const thread = spawn()
  const r: Reader = { thread, ready: Promise.resolve() }
  r.ready = new Promise<void>((resolve, reject) => {
    thread.once('message', () => resolve())
    thread.once('error', reject)
    thread.once('exit', (code) => reject(new Error(`the reader thread ended (exit code ${code})`)))
  })
  r.ready.catch(() => undefined)
  thread.on('message', (message: StructuredReply) => {
    if ('id' in message) r.reply?.(message.reading)
  })
  const ended = (reading: StructuredReading) => {
    if (reader === r) reader = undefined
    r.reply?.(reading)
  }
  thread.on('error', (err: Error & { code?: string }) =>
    ended(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? refusal('tooLarge', `Reading the file needed more than ${READER_HEAP_MB} MB`)
        : refusal('malformed', `The reader stopped: ${err.message}`),
    ),
  )
  thread.on('exit', (code) => ended(refusal('malformed', `The reader ended (exit code ${code})`)))
  return r
}

async function readOne(bytes: Uint8Array, timeoutMs: number): Promise<StructuredReading> {
  clearTimeout(idleTimer)
  const r = (reader ??= start())
  r.thread.ref()
  try {
    await r.ready
  } catch (err) {
    if (reader === r) reader = undefined
    return refusal('malformed', `The reader could not start: ${(err as Error).message}`)
  }
  const id = ++nextId
  let timer: ReturnType<typeof setTimeout> | undefined
  const reading = await new Promise<StructuredReading>((resolve) => {
    r.reply = resolve
    timer = setTimeout(() => {
      // The thread is busy with this file and cannot be asked to stop: it is ended, with what it holds.
      if (reader === r) reader = undefined
      resolve(refusal('timeout', `Reading the file took longer than ${timeoutMs / 1000} s`))
      void r.thread.terminate()
    }, timeoutMs)
    r.thread.postMessage({ id, bytes } satisfies StructuredRequest)
  })
  clearTimeout(timer)
  r.reply = undefined
  if (reader === r) {
    r.thread.unref()
    idleTimer = setTimeout(() => void closeStructuredReader(), STRUCTURED_IDLE_MS)
    idleTimer.unref()
  }
  return reading
}

/**
 * The structured invoice of a file's bytes, read in the reader thread within `timeoutMs`, with the reason
 * when one it carries was refused. A file that cannot be one (neither invoice XML nor a PDF with embedded
 * files) is answered at once, without the thread.
 */
export async function structuredInvoiceIn(
  bytes: Uint8Array,
  options: { timeoutMs?: number } = {},
): Promise<StructuredReading> {
  if (!mayCarryInvoice(bytes)) return { invoice: null, refused: null }
  const timeoutMs = options.timeoutMs ?? STRUCTURED_TIMEOUT_MS
  const mine = turn.then(() => readOne(bytes, timeoutMs))
  turn = mine.catch(() => undefined)
  return mine
}

/**
 * The OCR answer of a file's structured invoice, or null (the platform's OCR reads the file). A refusal is
 * logged, with `context` naming the file, once per reading.
 */
export async function structuredAnswerOf(
  bytes: Uint8Array,
  options: { log?: Logger; context?: Record<string, unknown>; timeoutMs?: number } = {},
): Promise<ReturnType<typeof structuredOcrAnswer> | null> {
  const { invoice, refused } = await structuredInvoiceIn(bytes, options)
  if (refused)
    options.log?.warn('a structured invoice the file carries was not read; its pages are read instead', {
      ...options.context,
      reason: refused.code,
      detail: refused.message,
    })
  return invoice ? structuredOcrAnswer(invoice) : null
}

/** Whether the reader thread is running. */
export const structuredReaderRunning = () => reader !== undefined

/** Ends the reader thread (tests, the app closing); the next file starts a new one. */
export async function closeStructuredReader(): Promise<void> {
  clearTimeout(idleTimer)
  const r = reader
  reader = undefined
  if (r) await r.thread.terminate()
}
