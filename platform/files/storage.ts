// Content-addressed file bytes under `<dataDir>/files/<first two hex digits>/<sha256>`: an upload is
// streamed to a temporary file (counted and hashed on the way, never buffered whole), then renamed into
// place, so the same bytes are stored once and a half-written upload is never visible.
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface SpooledUpload {
  /** Temporary path; `commit` moves it into the store, `discard` removes it. */
  tempPath: string
  sha256: string
  size: number
  /** The stream ended early because it passed the size limit. */
  truncated: boolean
}

export interface FileStorage {
  root: string
  /** Streams bytes to a temporary file, hashing and counting them. */
  spool(stream: Readable & { truncated?: boolean }): Promise<SpooledUpload>
  /** Moves a spooled upload into place; answers whether these bytes were new to the store. */
  commit(upload: SpooledUpload): Promise<boolean>
  discard(upload: SpooledUpload): Promise<void>
  read(sha256: string): Promise<Buffer>
  /** Path relative to the root, the File's `StorageReference`. */
  reference(sha256: string): string
  pathOf(sha256: string): string
}

const HEX64 = /^[0-9a-f]{64}$/

export function createFileStorage(dataDir: string): FileStorage {
  const root = join(dataDir, 'files')
  const tmp = join(root, 'tmp')
  const reference = (sha256: string) => {
    if (!HEX64.test(sha256)) throw new Error(`not a sha256: ${sha256}`)
    return `${sha256.slice(0, 2)}/${sha256}`
  }
  const pathOf = (sha256: string) => join(root, reference(sha256))
  return {
    root,
    reference,
    pathOf,
    async spool(stream) {
      await mkdir(tmp, { recursive: true })
      const tempPath = join(tmp, `${randomUUID()}.part`)
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
    },
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
  }
}
