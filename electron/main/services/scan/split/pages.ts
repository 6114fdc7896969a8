// The scan station's page reader: a PDF's pages judged for the splitter (blank, separator sheet) or drawn
// as small pictures for the split view, in a worker thread (pages-worker.ts) with a time budget, one PDF
// at a time. A PDF that cannot be read, or takes too long, is answered as such: the file is then sent as
// it is, unsplit.
import type { Worker } from 'node:worker_threads'
import { spawnWorker, workerUrl } from '../../worker-thread.ts'
import type { PageMark } from './page-marks.ts'
import type { PagesReply, PagesRequest } from './pages-worker.ts'

/** The time one PDF's pages may take to be read. */
export const PAGES_TIMEOUT_MS = 60_000
/** A batch of more pages than this is not judged page by page (and not split by separators). */
export const MAX_SPLIT_PAGES = 300
/** The split view shows at most this many pages. */
export const MAX_THUMBNAIL_PAGES = 60

export type PagesAnswer<T> = { ok: true; pageCount: number; value: T } | { ok: false; error: string }

let turn: Promise<unknown> = Promise.resolve()
let nextId = 0

type Body = { op: 'marks'; maxPages: number } | { op: 'thumbnails'; maxPages: number; width: number }

/** One request in a thread of its own, ended when it answers or its time is up. */
function ask(bytes: Uint8Array, body: Body, timeoutMs: number): Promise<PagesReply> {
  const run = async () => {
    const url = workerUrl(import.meta.url, './pages-worker.ts', 'scan-pages.js')
    const thread: Worker = spawnWorker(url, { maxOldGenerationSizeMb: 512 })
    try {
      return await new Promise<PagesReply>((resolve) => {
        const id = ++nextId
        const timer = setTimeout(
          () => resolve({ id, ok: false, error: `reading the pages took longer than ${timeoutMs / 1000} s` }),
          timeoutMs,
        )
        thread.on('message', (message: PagesReply) => {
          if ('ready' in message) thread.postMessage({ id, bytes, ...body } as PagesRequest)
          else {
            clearTimeout(timer)
            resolve(message)
          }
        })
        const stopped = (error: string) => {
          clearTimeout(timer)
          resolve({ id, ok: false, error })
        }
        thread.on('error', (error) => stopped(`the page reader stopped: ${error.message}`))
        thread.on('exit', (code) => stopped(`the page reader ended (exit code ${code})`))
      })
    } finally {
      await thread.terminate()
    }
  }
  const mine = turn.then(run, run)
  turn = mine.catch(() => undefined)
  return mine
}

/** Each page of a PDF judged: blank, the separator sheet, or neither (empty for too many pages). */
export async function pageMarks(
  bytes: Uint8Array,
  options: { timeoutMs?: number } = {},
): Promise<PagesAnswer<PageMark[]>> {
  const reply = await ask(
    bytes,
    { op: 'marks', maxPages: MAX_SPLIT_PAGES },
    options.timeoutMs ?? PAGES_TIMEOUT_MS,
  )
  if ('ready' in reply || !reply.ok) return { ok: false, error: 'ready' in reply ? 'no answer' : reply.error }
  return { ok: true, pageCount: reply.pageCount, value: reply.marks ?? [] }
}

/** A PDF's first pages as small JPEG pictures (data: URLs), `width` pixels wide. */
export async function pageThumbnails(
  bytes: Uint8Array,
  width: number,
  options: { timeoutMs?: number } = {},
): Promise<PagesAnswer<string[]>> {
  const reply = await ask(
    bytes,
    { op: 'thumbnails', maxPages: MAX_THUMBNAIL_PAGES, width },
    options.timeoutMs ?? PAGES_TIMEOUT_MS,
  )
  if ('ready' in reply || !reply.ok) return { ok: false, error: 'ready' in reply ? 'no answer' : reply.error }
  return { ok: true, pageCount: reply.pageCount, value: reply.thumbnails ?? [] }
}
