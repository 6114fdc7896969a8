// Files dropped in browser mode reach the scan station over the host's upload endpoint, not the bridge
// socket (which carries messages of at most 1 MiB): a request's body streams into a staging file under the
// drop area, counted against the scan station's size cap as it arrives, and is named by a random token.
// The bridge call `scan.dropUploads` then claims the token and hands the file to the pipeline. A file that
// is too large, cut off or never claimed leaves nothing behind.
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BridgeError } from '../../../../common/bridge/contract.ts'

/** The staging folder's name inside the drop area (a dot name: no company folder can be called that). */
export const INCOMING = '.incoming'

export const DropUploadCode = {
  TooLarge: 'SCAN_DROP_TOO_LARGE',
  NoLength: 'SCAN_DROP_NO_LENGTH',
  BadName: 'SCAN_DROP_BAD_NAME',
  Incomplete: 'SCAN_DROP_INCOMPLETE',
  UnknownUpload: 'SCAN_DROP_UNKNOWN_UPLOAD',
} as const

export interface StagedDrop {
  token: string
  companyKey: string
  environmentId: string
  /** The safe file name the pipeline will show. */
  name: string
  path: string
  size: number
  at: number
}

export interface ReceiveInput {
  /** The staging folder (`dropped/.incoming` of the environment). */
  dir: string
  companyKey: string
  environmentId: string
  /** The name the page sent; made safe here. */
  name: string
  /** The declared length (Content-Length); required, so a file over the cap is refused before any byte. */
  length: number | undefined
  body: Readable
}

const MB = 1024 * 1024
const mb = (bytes: number) => (bytes / MB).toFixed(1)

/**
 * A file name safe to create in the drop folder on any system: the last path segment of what was sent
 * (either separator), without control characters, characters Windows forbids, leading dots (no hidden
 * files, no `..`) or trailing dots and spaces, at most 200 UTF-8 bytes with its extension kept. Null when
 * nothing is left.
 */
export function safeDropName(raw: string): string | null {
  let name = (raw.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
  if (!name) return null
  if (Buffer.byteLength(name) > 200) {
    const ext = extname(name).slice(0, 20)
    let stem = basename(name, extname(name))
    while (Buffer.byteLength(stem + ext) > 200) stem = [...stem].slice(0, -1).join('')
    name = stem + ext
  }
  // Device names Windows reserves (con, nul, com1 ...) cannot be file names there.
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name)) name = `_${name}`
  return name
}

export function createDropUploads(options: { maxBytes: number; ttlMs?: number; now?: () => number }) {
  const { maxBytes } = options
  const ttlMs = options.ttlMs ?? 30 * 60_000
  const now = options.now ?? Date.now
  const staged = new Map<string, StagedDrop>()
  const swept = new Set<string>()

  const tooLarge = (name: string, size: number) =>
    new BridgeError(
      DropUploadCode.TooLarge,
      `${name} is ${mb(size)} MB; a dropped file can be at most ${Math.round(maxBytes / MB)} MB. ` +
        'Split the document or scan at a lower resolution.',
      { name, size, maxBytes },
    )

  /** Removes staged files that were never claimed: expired ones, and at first use leftovers of an earlier run. */
  async function sweep(dir: string) {
    for (const [token, s] of staged) {
      if (now() - s.at < ttlMs) continue
      staged.delete(token)
      await rm(s.path, { force: true })
    }
    if (swept.has(dir)) return
    swept.add(dir)
    const known = new Set([...staged.values()].map((s) => basename(s.path)))
    for (const f of await readdir(dir).catch(() => [] as string[]))
      if (!known.has(f)) await rm(join(dir, f), { force: true, recursive: true })
  }

  return {
    /** Streams a dropped file's bytes to a staging file; resolves with its token once all arrived. */
    async receive(input: ReceiveInput): Promise<{ token: string; name: string; size: number }> {
      const name = safeDropName(input.name)
      if (!name)
        throw new BridgeError(
          DropUploadCode.BadName,
          `"${input.name.slice(0, 100)}" is not a usable file name; rename the file and drop it again`,
        )
      if (input.length === undefined || !Number.isSafeInteger(input.length) || input.length < 0)
        throw new BridgeError(
          DropUploadCode.NoLength,
          `${name}: the upload must state its size (Content-Length)`,
        )
      if (input.length > maxBytes) throw tooLarge(name, input.length)
      await mkdir(input.dir, { recursive: true })
      await sweep(input.dir)
      const token = randomBytes(24).toString('base64url')
      const path = join(input.dir, `${token}.part`)
      let size = 0
      const length = input.length
      // Counted as the bytes arrive: nothing beyond the declared length, and never beyond the cap.
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          if (size > maxBytes) done(tooLarge(name, size))
          else if (size > length)
            done(new BridgeError(DropUploadCode.Incomplete, `${name}: more bytes arrived than announced`))
          else done(null, chunk)
        },
      })
      try {
        await pipeline(input.body, counter, createWriteStream(path, { flags: 'wx' }))
        if (size !== length)
          throw new BridgeError(
            DropUploadCode.Incomplete,
            `${name} did not arrive whole (${size} of ${length} bytes); drop it again`,
          )
      } catch (error) {
        await rm(path, { force: true })
        if (error instanceof BridgeError) throw error
        throw new BridgeError(
          DropUploadCode.Incomplete,
          `${name} did not arrive whole (${size} of ${length} bytes): ${(error as Error).message}`,
        )
      }
      staged.set(token, {
        token,
        companyKey: input.companyKey,
        environmentId: input.environmentId,
        name,
        path,
        size,
        at: now(),
      })
      return { token, name, size }
    },

    /**
     * Claims staged files for a company of the environment: all or none (a token that is unknown, expired,
     * already claimed or another company's refuses the whole call, and the others stay staged).
     */
    claim(tokens: readonly string[], companyKey: string, environmentId: string): StagedDrop[] {
      const found = [...new Set(tokens)].map((token) => {
        const s = staged.get(token)
        if (!s || s.companyKey !== companyKey || s.environmentId !== environmentId || now() - s.at >= ttlMs)
          throw new BridgeError(
            DropUploadCode.UnknownUpload,
            'A dropped file is no longer waiting here (it was taken already, expired, or belongs to another company); drop it again',
          )
        return s
      })
      for (const s of found) staged.delete(s.token)
      return found
    },
  }
}
