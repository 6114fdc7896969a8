// Files sent to the browser-mode host over its upload endpoints, not the bridge socket (which carries
// messages of at most 1 MiB): a request's body streams into a staging file, counted against the cap as it
// arrives, and is named by a random token. A bridge call then claims the token and takes the file (the scan
// station's `scan.dropUploads`, the journal's `journal.uploadStaged`). A token belongs to the company, the
// environment and the signed-in user it was staged for: no one else can claim it, and a user's unclaimed
// files go when they sign out. A file that is too large, cut off or never claimed leaves nothing behind.
// One staging per use (its own folder, cap and error codes): a token staged for one is unknown to another.
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BridgeError } from '../../../../common/bridge/contract.ts'

/** The error codes of one staging: the same cases, each use with its own prefix. */
export interface StagingCodes {
  TooLarge: string
  NoLength: string
  BadName: string
  Incomplete: string
  UnknownUpload: string
  SignedOut: string
}

/** Who may claim a staged file: the signed-in user (GlobalIdentity) of an environment. */
export interface StagingOwner {
  environmentId: string
  subject: string
}

export interface StagedFile extends StagingOwner {
  token: string
  companyKey: string
  /** The safe file name. */
  name: string
  path: string
  size: number
  at: number
}

export interface ReceiveInput extends StagingOwner {
  /** The staging folder (inside the user's own state of the environment). */
  dir: string
  companyKey: string
  /** The name the page sent; made safe here. */
  name: string
  /** The declared length (Content-Length); required, so a file over the cap is refused before any byte. */
  length: number | undefined
  body: Readable
}

export interface StagingOptions {
  maxBytes: number
  codes: StagingCodes
  /** How a refusal names the file's kind and what to do: `a dropped file` / `drop it again`. */
  words: { kind: string; again: string }
  ttlMs?: number
  now?: () => number
}

const MB = 1024 * 1024
const mb = (bytes: number) => (bytes / MB).toFixed(1)

const sameOwner = (a: StagingOwner, b: StagingOwner | null) =>
  b !== null && a.environmentId === b.environmentId && a.subject === b.subject

/**
 * A file name safe to create in a folder on any system: the last path segment of what was sent (either
 * separator), without control characters, characters Windows forbids, leading dots (no hidden files, no
 * `..`) or trailing dots and spaces, at most 200 UTF-8 bytes with its extension kept. Null when nothing is
 * left.
 */
export function safeUploadName(raw: string): string | null {
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

export function createStaging(options: StagingOptions) {
  const { maxBytes, codes, words } = options
  const ttlMs = options.ttlMs ?? 30 * 60_000
  const now = options.now ?? Date.now
  const staged = new Map<string, StagedFile>()
  /** Files still arriving, by their part file; `dropped` once their owner signed out. */
  const arriving = new Map<string, StagingOwner & { dropped: boolean }>()
  const swept = new Set<string>()

  const tooLarge = (name: string, size: number) =>
    new BridgeError(
      codes.TooLarge,
      `${name} is ${mb(size)} MB; ${words.kind} can be at most ${Math.round(maxBytes / MB)} MB. ` +
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
    const known = new Set([...staged.values()].map((s) => s.path))
    for (const f of await readdir(dir).catch(() => [] as string[]))
      if (!known.has(join(dir, f)) && !arriving.has(join(dir, f)))
        await rm(join(dir, f), { force: true, recursive: true })
  }

  return {
    /** Streams a file's bytes to a staging file; resolves with its token once all arrived. */
    async receive(input: ReceiveInput): Promise<{ token: string; name: string; size: number }> {
      const name = safeUploadName(input.name)
      if (!name)
        throw new BridgeError(
          codes.BadName,
          `"${input.name.slice(0, 100)}" is not a usable file name; rename the file and ${words.again}`,
        )
      if (input.length === undefined || !Number.isSafeInteger(input.length) || input.length < 0)
        throw new BridgeError(codes.NoLength, `${name}: the upload must state its size (Content-Length)`)
      if (input.length > maxBytes) throw tooLarge(name, input.length)
      await mkdir(input.dir, { recursive: true })
      await sweep(input.dir)
      const token = randomBytes(24).toString('base64url')
      const path = join(input.dir, `${token}.part`)
      const owner = { environmentId: input.environmentId, subject: input.subject, dropped: false }
      arriving.set(path, owner)
      let size = 0
      const length = input.length
      // Counted as the bytes arrive: nothing beyond the declared length, and never beyond the cap.
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          if (size > maxBytes) done(tooLarge(name, size))
          else if (size > length)
            done(new BridgeError(codes.Incomplete, `${name}: more bytes arrived than announced`))
          else done(null, chunk)
        },
      })
      try {
        await pipeline(input.body, counter, createWriteStream(path, { flags: 'wx' }))
        if (size !== length)
          throw new BridgeError(
            codes.Incomplete,
            `${name} did not arrive whole (${size} of ${length} bytes); ${words.again}`,
          )
        // Its sender signed out while it arrived: it is theirs, and no one else's to take.
        if (owner.dropped)
          throw new BridgeError(codes.SignedOut, `${name} arrived after its user signed out; it was removed`)
      } catch (error) {
        await rm(path, { force: true })
        if (error instanceof BridgeError) throw error
        throw new BridgeError(
          codes.Incomplete,
          `${name} did not arrive whole (${size} of ${length} bytes): ${(error as Error).message}`,
        )
      } finally {
        arriving.delete(path)
      }
      staged.set(token, {
        token,
        companyKey: input.companyKey,
        environmentId: input.environmentId,
        subject: input.subject,
        name,
        path,
        size,
        at: now(),
      })
      return { token, name, size }
    },

    /**
     * Claims staged files for a company, for the user who staged them: all or none (a token that is
     * unknown, expired, already claimed, another company's or another user's refuses the whole call, and the
     * others stay staged).
     */
    claim(tokens: readonly string[], companyKey: string, owner: StagingOwner): StagedFile[] {
      const found = [...new Set(tokens)].map((token) => {
        const s = staged.get(token)
        if (!s || s.companyKey !== companyKey || !sameOwner(s, owner) || now() - s.at >= ttlMs)
          throw new BridgeError(
            codes.UnknownUpload,
            `A file sent here is no longer waiting (it was taken already, expired, or belongs to another company or user); ${words.again}`,
          )
        return s
      })
      for (const s of found) staged.delete(s.token)
      return found
    },

    /**
     * The session changed: files staged by anyone but the user now signed in (null: no one is) are removed,
     * and files still arriving for them are removed once they are in.
     */
    async keepOnly(owner: StagingOwner | null) {
      for (const a of arriving.values()) if (!sameOwner(a, owner)) a.dropped = true
      for (const [token, s] of staged) {
        if (sameOwner(s, owner)) continue
        staged.delete(token)
        await rm(s.path, { force: true })
      }
    },
  }
}

export type Staging = ReturnType<typeof createStaging>
