// Tesseract (tesseract.js, WASM) for rendered pages and images. One lazily created worker pool; language data
// and the WASM core come from installed npm packages, so nothing is downloaded at run time.
import { createRequire } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Worker } from 'tesseract.js'
import type { OcrWord } from '../common/ocr.ts'

const require = createRequire(import.meta.url)

const POOL_SIZE = 1
const RECOGNISE_TIMEOUT_MS = 60_000
const TIMED_OUT = new Error('Tesseract did not answer in time')

let pool: Promise<Worker[]> | null = null
let next = 0

/**
 * Norwegian and English. The Norwegian model alone read the scanned documents of the harder corpus about 15%
 * faster (faxes 91.7% -> 92.7% of fields right, photos 96.9% -> 94.8%), but the original corpus's scans fell
 * from at least 96% to 94.3% (bank accounts and organisation numbers lost), so both are kept.
 */
const LANGS = ['nor', 'eng'] as const

/**
 * tesseract.js reads every language from one folder; the npm data packages keep one language each, so a
 * folder of links to them is kept in the temporary directory.
 */
function languageFolder(): string {
  const dir = path.join(os.tmpdir(), 'ledgerdesk-tessdata')
  fs.mkdirSync(dir, { recursive: true })
  for (const code of LANGS) {
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`))
    // The LSTM-only "best_int" models: the engine runs in LSTM mode.
    const target = path.join(pkg, '4.0.0_best_int', `${code}.traineddata.gz`)
    const link = path.join(dir, `${code}.traineddata.gz`)
    let current: string | null = null
    try {
      current = fs.readlinkSync(link)
    } catch {
      // no link yet
    }
    if (current === target) continue
    if (current !== null) fs.rmSync(link, { force: true })
    try {
      fs.symlinkSync(target, link)
    } catch (err) {
      // Another process made the same link meanwhile.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  return dir
}

async function createPool(): Promise<Worker[]> {
  const { createWorker, OEM, PSM } = await import('tesseract.js')
  const corePath = path.dirname(require.resolve('tesseract.js-core/package.json'))
  const langPath = languageFolder()
  const workers: Worker[] = []
  for (let i = 0; i < POOL_SIZE; i++) {
    const worker = await createWorker([...LANGS], OEM.LSTM_ONLY, {
      corePath,
      langPath,
      cacheMethod: 'none',
      // Without a handler tesseract.js rethrows a failed job (a damaged image) outside any caller, which ends
      // the process; the job's own promise is rejected either way and the caller sees the error.
      errorHandler: () => {},
      gzip: true,
    })
    await worker.setParameters({
      // One column of text of varying sizes: a till receipt's lines are read whole, its large `SUMME 27,42`
      // included, where sparse-text mode split them and lost the amounts at the right edge; an invoice's
      // columns come out as words with their boxes all the same, and interpret.ts lays them out itself.
      // The figures behind the choice are in docs/benchmarks.md.
      tessedit_pageseg_mode: PSM.SINGLE_COLUMN,
      // Invoices carry no white-on-black text; skipping the inverted retry saves time on every line.
      tessedit_do_invert: '0',
      preserve_interword_spaces: '1',
      user_defined_dpi: '300',
    })
    workers.push(worker)
  }
  return workers
}

function workersReady(): Promise<Worker[]> {
  if (!pool) {
    pool = createPool()
    pool.catch(() => {
      pool = null
    })
  }
  return pool
}

/** The job each worker runs last: a worker reads one image at a time, in the order they came. */
const lastJob = new WeakMap<Worker, Promise<unknown>>()

/** Below this confidence (0–100) Tesseract's reading of a word is doubtful (see OcrPageResult.UnsureWords). */
export const UNSURE_CONFIDENCE = 50

/** A word as Tesseract read it: its box in the image's pixels and Tesseract's confidence in it (0–100). */
export type ReadWord = Omit<OcrWord, 'Id' | 'PageNo'> & { Confidence: number }

/** Words Tesseract reads from an image (PNG/JPEG/TIFF bytes), boxes in that image's pixels. */
export async function tesseractWords(image: Buffer): Promise<ReadWord[]> {
  const workers = await workersReady()
  const worker = workers[next++ % workers.length]!
  // Jobs wait for the worker here rather than in tesseract.js's own queue, so that the time limit below
  // measures reading this image and not the images queued before it (a burst of scans).
  const before = lastJob.get(worker) ?? Promise.resolve()
  const job = before.catch(() => undefined).then(() => recognise(worker, image))
  lastJob.set(worker, job)
  return job
}

async function recognise(worker: Worker, image: Buffer): Promise<ReadWord[]> {
  // A WASM abort on a damaged image ends the worker without answering: the pool is dropped after a while.
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(TIMED_OUT), RECOGNISE_TIMEOUT_MS)
  })
  let data: Awaited<ReturnType<Worker['recognize']>>['data']
  try {
    ;({ data } = await Promise.race([worker.recognize(image, {}, { blocks: true, text: false }), timeout]))
  } catch (err) {
    if (err === TIMED_OUT) await closeOcr()
    throw err instanceof Error ? err : new Error(String(err))
  } finally {
    clearTimeout(timer)
  }
  const words: ReadWord[] = []
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        for (const word of line.words) {
          const text = word.text.trim()
          if (!text) continue
          // Very low confidence words are mostly noise specks read as punctuation.
          if (word.confidence < 20 && !/[\p{L}\d]/u.test(text)) continue
          words.push({
            Text: text,
            Left: word.bbox.x0,
            Top: word.bbox.y0,
            Width: word.bbox.x1 - word.bbox.x0,
            Height: word.bbox.y1 - word.bbox.y0,
            Confidence: word.confidence,
          })
        }
      }
    }
  }
  return words
}

/** Terminates the Tesseract workers (they are created again on next use). */
export async function closeOcr(): Promise<void> {
  const current = pool
  pool = null
  if (!current) return
  const workers = await current.catch(() => [] as Worker[])
  await Promise.all(workers.map((w) => w.terminate()))
}
