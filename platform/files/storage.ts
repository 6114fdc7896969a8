// Content-addressed file bytes, in one of three places chosen by `--files`:
// - the data directory (default, one process): `<dataDir>/files/<first two hex digits>/<sha256>`;
// - PostgreSQL (`--files postgres`, several processes on one database): table file_blob, one row per content,
//   and its bytes in file_chunk rows of 256 KB, written in one transaction;
// - an S3-compatible object store (`--files s3://bucket/prefix`): one object per content (storage-s3.ts).
// An upload is always streamed to a temporary file of this process first (counted and hashed on the way,
// never buffered whole), then committed to the store: renamed into place, copied chunk by chunk in one
// transaction, or PUT as one object. So the same bytes are stored once, and a half-written upload is never
// visible to any process (a rename, a transaction and an S3 PUT are each all or nothing).
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Store } from '../db/store.ts'

export interface SpooledUpload {
  /** Temporary path; `commit` moves it into the store, `discard` removes it. */
  tempPath: string
  sha256: string
  size: number
  /** The stream ended early because it passed the size limit. */
  truncated: boolean
}

export interface FileStorage {
  /** Where the bytes live: the data directory, PostgreSQL or an S3-compatible store. */
  readonly kind: 'disk' | 'postgres' | 's3'
  /** Streams bytes to a temporary file, hashing and counting them. */
  spool(stream: Readable & { truncated?: boolean }): Promise<SpooledUpload>
  /** Moves a spooled upload into the store; answers whether these bytes were new to the store. */
  commit(upload: SpooledUpload): Promise<boolean>
  discard(upload: SpooledUpload): Promise<void>
  /** The whole content (what OCR reads); rejects when the store does not hold it. */
  read(sha256: string): Promise<Buffer>
  /** The content as a stream, a chunk at a time (downloads); rejects when the store does not hold it. */
  open(sha256: string): Promise<Readable>
  /** Stores bytes already in memory (the demo seed); answers their sha256. */
  put(bytes: Uint8Array): Promise<string>
  /** Path relative to the root, the File's `StorageReference`. */
  reference(sha256: string): string
}

/** What `--files` names: the data directory, PostgreSQL, or an S3 bucket and key prefix. */
export type FileStoreConfig =
  { kind: 'disk' } | { kind: 'postgres' } | { kind: 's3'; bucket: string; prefix: string }

const HEX64 = /^[0-9a-f]{64}$/

/** `disk` (or nothing), `postgres`, or `s3://bucket[/prefix]`; throws a worded error for anything else. */
export function parseFileStore(raw: string | undefined): FileStoreConfig {
  if (raw === undefined || raw === 'disk') return { kind: 'disk' }
  if (raw === 'postgres') return { kind: 'postgres' }
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw)
  if (!m) throw new Error(`must be disk, postgres or s3://bucket/prefix, got '${raw}'`)
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '')
  return { kind: 's3', bucket: m[1]!, prefix }
}

export function contentReference(sha256: string): string {
  if (!HEX64.test(sha256)) throw new Error(`not a sha256: ${sha256}`)
  return `${sha256.slice(0, 2)}/${sha256}`
}

/** Streams an upload into `dir`, hashing and counting it; the part file is removed when the stream fails. */
export async function spoolTo(
  dir: string,
  stream: Readable & { truncated?: boolean },
): Promise<SpooledUpload> {
  await mkdir(dir, { recursive: true })
  const tempPath = join(dir, `${randomUUID()}.part`)
  const hash = createHash('sha256')
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    await pipeline(stream, counter, createWriteStream(tempPath))
  } catch (err) {
    await rm(tempPath, { force: true })
    throw err
  }
  return { tempPath, sha256: hash.digest('hex'), size, truncated: stream.truncated === true }
}

/** Writes bytes in memory to a part file in `dir`, as if spooled. */
export async function spoolBytes(dir: string, bytes: Uint8Array): Promise<SpooledUpload> {
  await mkdir(dir, { recursive: true })
  const tempPath = join(dir, `${randomUUID()}.part`)
  await writeFile(tempPath, bytes)
  return {
    tempPath,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    truncated: false,
  }
}

/**
 * What the shared stores (PostgreSQL, S3) do alike: spool to `dir`, and commit through `store`, after which
 * the part file is removed whatever happened.
 */
export function spoolingStore(
  kind: FileStorage['kind'],
  dir: string,
  store: (upload: SpooledUpload) => Promise<boolean>,
  reads: Pick<FileStorage, 'read' | 'open'>,
): FileStorage {
  const storage: FileStorage = {
    kind,
    reference: contentReference,
    spool: (stream) => spoolTo(dir, stream),
    async commit(upload) {
      try {
        return await store(upload)
      } finally {
        await rm(upload.tempPath, { force: true })
      }
    },
    async discard(upload) {
      await rm(upload.tempPath, { force: true })
    },
    ...reads,
    async put(bytes) {
      const spooled = await spoolBytes(dir, bytes)
      await storage.commit(spooled)
      return spooled.sha256
    },
  }
  return storage
}

/** The bytes of the data directory's file store, `<dataDir>/files`. */
export function createFileStorage(dataDir: string): FileStorage {
  const root = join(dataDir, 'files')
  const tmp = join(root, 'tmp')
  const pathOf = (sha256: string) => join(root, contentReference(sha256))
  const storage: FileStorage = {
    kind: 'disk',
    reference: contentReference,
    spool: (stream) => spoolTo(tmp, stream),
    async commit(upload) {
      const target = pathOf(upload.sha256)
      const existing = await stat(target).catch(() => undefined)
      if (existing && existing.size === upload.size) {
        await rm(upload.tempPath, { force: true })
        return false
      }
      await mkdir(join(root, upload.sha256.slice(0, 2)), { recursive: true })
      await rename(upload.tempPath, target)
      return true
    },
    async discard(upload) {
      await rm(upload.tempPath, { force: true })
    },
    read: (sha256) => readFile(pathOf(sha256)),
    async open(sha256) {
      const path = pathOf(sha256)
      await stat(path)
      return createReadStream(path)
    },
    async put(bytes) {
      const spooled = await spoolBytes(tmp, bytes)
      await storage.commit(spooled)
      return spooled.sha256
    },
  }
  return storage
}

/** Bytes per file_chunk row: large enough that a 50 MB upload is 200 rows, small enough to never hold much. */
export const CHUNK_BYTES = 256 * 1024

class MissingContent extends Error {
  constructor(sha256: string) {
    super(`no stored content ${sha256}`)
  }
}

/**
 * File bytes in PostgreSQL, for several platform processes on one database. The spool is a temporary file of
 * this process (`<dataDir>/files/tmp`); `commit` copies it into file_chunk rows a chunk at a time inside one
 * transaction that first inserts the file_blob row, so a second process committing the same bytes waits on
 * that row and then finds it there (stored once), and nothing of an unfinished upload is ever visible.
 */
export function createPostgresFileStorage(store: Store, dataDir: string): FileStorage {
  const tmp = join(dataDir, 'files', 'tmp')
  async function exists(sha256: string): Promise<boolean> {
    const { rows } = await store.query('select 1 from file_blob where sha256 = $1', [sha256])
    return rows.length > 0
  }
  return spoolingStore(
    'postgres',
    tmp,
    async (upload) => {
      if (await exists(upload.sha256)) return false
      return store.transaction(async (tx) => {
        const { rows } = await tx.query(
          'insert into file_blob (sha256, size) values ($1, $2) on conflict (sha256) do nothing returning sha256',
          [upload.sha256, upload.size],
        )
        if (!rows.length) return false
        let seq = 0
        for await (const chunk of createReadStream(upload.tempPath, { highWaterMark: CHUNK_BYTES })) {
          await tx.query('insert into file_chunk (sha256, seq, data) values ($1, $2, $3)', [
            upload.sha256,
            seq++,
            chunk as Buffer,
          ])
        }
        return true
      })
    },
    {
      async read(sha256) {
        contentReference(sha256)
        if (!(await exists(sha256))) throw new MissingContent(sha256)
        const { rows } = await store.query<{ data: Buffer }>(
          'select data from file_chunk where sha256 = $1 order by seq',
          [sha256],
        )
        return Buffer.concat(rows.map((r) => r.data))
      },
      async open(sha256) {
        contentReference(sha256)
        if (!(await exists(sha256))) throw new MissingContent(sha256)
        async function* chunks() {
          for (let seq = 0; ; seq++) {
            const { rows } = await store.query<{ data: Buffer }>(
              'select data from file_chunk where sha256 = $1 and seq = $2',
              [sha256, seq],
            )
            if (!rows[0]) return
            yield rows[0].data
          }
        }
        return Readable.from(chunks(), { objectMode: false })
      },
    },
  )
}
