// Reading documents on this computer: the PDFs and images the scan station takes and the files the review
// shows are read by the same document reader the local platform uses (document-reader/: a PDF's text layer
// or embedded invoice XML, Tesseract with its language data from npm for a scan), offline and without the
// platform. A cloud platform's own OCR may answer little; the review then proposes what was read here.
//
// The file is anyone's, and main's thread is the app's: the reading runs in a reader thread of its own with a
// heap limit and a time budget (a file over either ends the thread and is answered as refused), files over
// LOCAL_READ_MAX_BYTES are refused unread, and one file is read at a time.
//
// Each answer is kept on disk, per company and by the file's content (SHA-256): a scan read before its upload
// is found again by the bytes the review later downloads, without knowing the file's ID in between, and one
// company's reading is never answered for another (each company has its own folder, named by a hash of its
// key). A refusal is kept too, so a hostile file is not read again. Each answer names the reader that read it
// (readerFingerprint, a hash of the reader's code): after an update that changes the reader, a file is read
// again when next asked for, a refused one too (the new reader may read it).
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { OcrError, sniffDocumentKind, type OcrAnalysis } from '../../../../document-reader/index.ts'
import {
  createReaderHost,
  readerFingerprint,
  ReaderTimeout,
  type ReaderHost,
} from '../../../../document-reader/reader-host.ts'
import type { LocalReading, LocalReadingRefusal } from '../../../../common/bridge/local-reading.ts'
import type { Logger } from '../../logger.ts'

/** Files larger than this are not read here (the platform's upload cap for a document is the same). */
export const LOCAL_READ_MAX_BYTES = 30 * 1024 * 1024
/** Time one file may take: a multi-page scan is a few seconds a page; a bomb is ended here. */
export const LOCAL_READ_TIMEOUT_MS = 120_000
/** The reader thread's heap; a reading that needs more is refused as `tooLarge`. */
const LOCAL_READ_HEAP_MB = 768
/** Files taken ahead of their run (scan station) whose reading may wait, their bytes held meanwhile. */
export const LOCAL_READ_AHEAD = 8
/** Version of the kept answers' form on disk (which reader read each one is kept in it: readerFingerprint). */
const CACHE_VERSION = 'v1'

export interface LocalReadingDeps {
  dataDir: string
  log?: Logger
  /** The reader thread (tests pass one with a short budget). */
  reader?: ReaderHost
  /** Which reader reads (readerFingerprint; tests name one). */
  readerVersion?: string
}

/** An answer as kept on disk: with the reader that read it. */
type KeptReading = LocalReading & { reader?: string }

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex')

export function createLocalReading(deps: LocalReadingDeps) {
  const reader =
    deps.reader ?? createReaderHost({ heapMb: LOCAL_READ_HEAP_MB, timeoutMs: LOCAL_READ_TIMEOUT_MS })
  const root = join(deps.dataDir, 'local-readings', CACHE_VERSION)
  // Asked when an answer is first looked up, not at start: the reader's code is read then, as for a reading.
  let version = deps.readerVersion
  const readerVersion = () => (version ??= readerFingerprint())
  /** Readings in flight by company and content, so a file asked twice is read once. */
  const inFlight = new Map<string, Promise<LocalReading>>()
  /**
   * One file at a time: a batch of scans never takes both cores from the app. A file someone is looking at
   * (the review asking) goes before files read ahead (downloads, scans just taken).
   */
  const queue: { key: string; urgent: boolean; run: () => void }[] = []
  let busy = false
  let waiting = 0
  function inTurn<T>(key: string, urgent: boolean, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const run = () => {
        busy = true
        job()
          .then(resolve, reject)
          .finally(() => {
            busy = false
            const next = queue.findIndex((q) => q.urgent)
            queue.splice(next < 0 ? 0 : next, 1)[0]?.run()
          })
      }
      if (!busy) run()
      else queue.push({ key, urgent, run })
    })
  }

  const companyDir = (companyKey: string) => join(root, sha256(`company:${companyKey}`).slice(0, 32))
  const pathOf = (companyKey: string, hash: string) => join(companyDir(companyKey), `${hash}.json`)
  /** Which content a platform file holds, recorded when main downloads it: `file-<id>` holds the hash. */
  const filePath = (companyKey: string, fileId: number) => join(companyDir(companyKey), `file-${fileId}`)

  async function fileHash(companyKey: string, fileId: number): Promise<string | null> {
    const hash = await readFile(filePath(companyKey, fileId), 'utf8').catch(() => null)
    return hash && /^[0-9a-f]{64}$/.test(hash) ? hash : null
  }

  /** Set by close: nothing more is read or kept (the app is closing; its data folder may be removed next). */
  let closed = false
  /** Files' contents being recorded: closing waits for them. */
  const recording = new Set<Promise<void>>()

  function recordFile(companyKey: string, fileId: number, hash: string): Promise<void> {
    if (closed) return Promise.resolve()
    const done = (async () => {
      try {
        await mkdir(companyDir(companyKey), { recursive: true })
        await writeFile(filePath(companyKey, fileId), hash)
      } catch (err) {
        deps.log?.warn('local reading: the file could not be recorded', { error: (err as Error).message })
      }
    })()
    recording.add(done)
    void done.finally(() => recording.delete(done))
    return done
  }

  /**
   * Answers being written to disk, by company and content. A reading is answered as soon as it is read and
   * written after (the review waits for the reading, not for the disk); a lookup meanwhile waits for the
   * write, and closing waits for all of them.
   */
  const writing = new Map<string, Promise<void>>()

  async function kept(companyKey: string, hash: string): Promise<LocalReading | null> {
    await writing.get(`${companyKey}\n${hash}`)
    try {
      const { reader, ...stored } = JSON.parse(
        await readFile(pathOf(companyKey, hash), 'utf8'),
      ) as KeptReading
      return stored.hash === hash && reader === readerVersion() ? { ...stored, cached: true } : null
    } catch {
      return null
    }
  }

  /** The company's folder, made once per run of the app (and again should it be removed meanwhile). */
  const folders = new Map<string, Promise<unknown>>()
  function companyFolder(companyKey: string): Promise<unknown> {
    const dir = companyDir(companyKey)
    let made = folders.get(dir)
    if (!made) {
      made = mkdir(dir, { recursive: true })
      folders.set(dir, made)
      made.catch(() => folders.delete(dir))
    }
    return made
  }

  async function keep(companyKey: string, reading: LocalReading): Promise<void> {
    const path = pathOf(companyKey, reading.hash)
    try {
      await companyFolder(companyKey)
      const json = JSON.stringify({ ...reading, reader: readerVersion() } satisfies KeptReading)
      await writeFile(`${path}.part`, json).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err
        folders.delete(companyDir(companyKey))
        await companyFolder(companyKey)
        await writeFile(`${path}.part`, json)
      })
      await rename(`${path}.part`, path)
    } catch (err) {
      deps.log?.warn('local reading: the answer could not be kept', { error: (err as Error).message })
    }
  }

  const refused = (hash: string, code: LocalReadingRefusal['code'], message: string): LocalReading => ({
    hash,
    answer: null,
    refused: { code, message },
    cached: false,
    ms: 0,
  })

  async function readNow(bytes: Uint8Array, hash: string): Promise<LocalReading> {
    if (closed) return refused(hash, 'unreadable', 'The app is closing')
    if (bytes.byteLength > LOCAL_READ_MAX_BYTES)
      return refused(hash, 'tooLarge', `The file is larger than ${LOCAL_READ_MAX_BYTES / 1024 / 1024} MB`)
    if (!sniffDocumentKind(bytes))
      return refused(hash, 'unsupported', 'The file is not a PDF, PNG, JPEG, TIFF or XML invoice')
    const started = performance.now()
    try {
      const answer: OcrAnalysis = await reader.analyseDocument(bytes, {})
      return { hash, answer, refused: null, cached: false, ms: Math.round(performance.now() - started) }
    } catch (err) {
      const e = err as Error
      if (err instanceof ReaderTimeout) return refused(hash, 'timeout', e.message)
      if (e.name === 'ReaderOutOfMemory') return refused(hash, 'tooLarge', e.message)
      if (err instanceof OcrError && err.code === 'unsupported-type')
        return refused(hash, 'unsupported', e.message)
      return refused(hash, 'unreadable', e.message)
    }
  }

  return {
    /**
     * The company's reading of a file: the kept one, or read now (after the files before it). Never throws
     * for the file's sake: a file that cannot be read answers why.
     */
    read(
      companyKey: string,
      bytes: Uint8Array,
      context: Record<string, unknown> = {},
      urgent = true,
    ): Promise<LocalReading> {
      const hash = sha256(bytes)
      const key = `${companyKey}\n${hash}`
      const pending = inFlight.get(key)
      if (pending) {
        // Someone looks at a file that was waiting to be read ahead: it goes first now.
        if (urgent) for (const q of queue) if (q.key === key) q.urgent = true
        return pending
      }
      const reading = (async () => {
        const found = await kept(companyKey, hash)
        if (found) return found
        waiting++
        // The company's folder is made while the file is read, so that it is there with the answer.
        const folder = companyFolder(companyKey).catch(() => undefined)
        const fresh = await inTurn(key, urgent, () => readNow(bytes, hash)).finally(() => waiting--)
        if (fresh.refused)
          deps.log?.info('local reading: file not read', { ...context, reason: fresh.refused.code })
        await folder
        // A reading cut short by closing is not kept: kept, the file would stay unreadable for good.
        if (closed) return fresh
        const write = keep(companyKey, fresh).finally(() => writing.delete(key))
        writing.set(key, write)
        return fresh
      })().finally(() => inFlight.delete(key))
      inFlight.set(key, reading)
      return reading
    },

    /**
     * Starts reading a file ahead of its use (a scan just taken), unless LOCAL_READ_AHEAD files already wait:
     * the one that needs it later reads it then.
     */
    readAhead(companyKey: string, bytes: Uint8Array, context: Record<string, unknown> = {}): boolean {
      if (waiting >= LOCAL_READ_AHEAD) return false
      void this.read(companyKey, bytes, context, false).catch((error: unknown) =>
        deps.log?.warn('local reading: the file could not be read', {
          ...context,
          error: (error as Error).message,
        }),
      )
      return true
    },

    /**
     * The reading of a platform file: the one kept for the content main downloaded under this ID, else the
     * file fetched (`download`) and read now.
     */
    async readFile(
      companyKey: string,
      fileId: number,
      download: () => Promise<Uint8Array>,
    ): Promise<LocalReading> {
      const hash = await fileHash(companyKey, fileId)
      const found = hash ? await kept(companyKey, hash) : null
      if (found) return found
      const bytes = await download()
      await recordFile(companyKey, fileId, sha256(bytes))
      return this.read(companyKey, bytes, { companyKey, fileId })
    },

    /** Records the content of a platform file just downloaded and starts reading it (see readAhead). */
    downloaded(companyKey: string, fileId: number, bytes: Uint8Array): void {
      void recordFile(companyKey, fileId, sha256(bytes))
      this.readAhead(companyKey, bytes, { companyKey, fileId })
    },

    /** Files waiting for the reader (the one being read included). */
    waiting: () => waiting,

    /** The kept reading of a file, without reading it. */
    kept(companyKey: string, bytes: Uint8Array): Promise<LocalReading | null> {
      return kept(companyKey, sha256(bytes))
    },

    /**
     * Ends the reader thread (the app closing): a file being read is given up and not kept, files waiting are
     * not read, and the answers already read and the files' records are written before it returns, so that
     * nothing is written into the data folder after.
     */
    async close(): Promise<void> {
      closed = true
      await reader.close(true)
      await Promise.allSettled(inFlight.values())
      await Promise.all([...writing.values(), ...recording])
    },
  }
}

export type LocalReadingService = ReturnType<typeof createLocalReading>
