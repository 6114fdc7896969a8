// Files dropped on the window for a company: each is copied (or written, or staged by browser mode's
// upload endpoint and then moved) into the user's drop area, dropped/<company>/, and taken from there.
// The user's own file stays where it was.
import { copyFile, lstat, mkdir, readdir, rename, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import type { DroppedFile } from '../../../../common/bridge/scan.ts'
import { createStaging, type StagingOwner } from '../uploads/staging.ts'
import { stateDir } from './activation.ts'
import { FAILED, freePath, PROCESSED } from './files.ts'
import { DEFAULT_MAX_BYTES } from './sniff.ts'
import {
  companyOf,
  requireActive,
  requireSignedIn,
  safe,
  type Active,
  type ScanStationState,
} from './station-state.ts'
import { isIgnoredName } from './watcher.ts'

/** The staging folder's name inside a user's drop area (a dot name: no company folder can be called that). */
export const INCOMING = '.incoming'

/** Where a user's dropped files of one company are kept while they are taken. */
export const dropFolder = (state: ScanStationState, a: Active, companyKey: string) =>
  join(stateDir(state, a.environmentId, a.subject), 'dropped', safe(companyKey))

/** Writes a dropped file into the company's drop folder (`write` puts its bytes at `to`) and takes it. */
export async function takeDropped(
  state: ScanStationState,
  a: Active,
  companyKey: string,
  name: string,
  write: (to: string) => Promise<void>,
) {
  const folder = dropFolder(state, a, companyKey)
  await mkdir(folder, { recursive: true })
  const to = await freePath(folder, basename(name))
  await write(to)
  await a.pipeline.take({ companyKey, path: to, folder })
}

/** The files under a dropped path; symlinks are not followed (a loop must not copy a file forty times). */
export async function filesUnder(path: string, out: string[] = []): Promise<string[]> {
  const s = await lstat(path)
  if (s.isFile()) {
    if (!isIgnoredName(basename(path))) out.push(path)
    return out
  }
  if (!s.isDirectory()) return out
  for (const d of await readdir(path)) {
    if (isIgnoredName(d) || d === PROCESSED || d === FAILED) continue
    await filesUnder(join(path, d), out)
  }
  return out
}

/** The bridge's drop commands: files dropped as bytes, as browser-mode uploads, or as paths. */
export function dropCommands(state: ScanStationState) {
  const uploads = createStaging({
    maxBytes: DEFAULT_MAX_BYTES,
    codes: {
      TooLarge: 'SCAN_DROP_TOO_LARGE',
      NoLength: 'SCAN_DROP_NO_LENGTH',
      BadName: 'SCAN_DROP_BAD_NAME',
      Incomplete: 'SCAN_DROP_INCOMPLETE',
      UnknownUpload: 'SCAN_DROP_UNKNOWN_UPLOAD',
      SignedOut: 'SCAN_SIGNED_OUT',
    },
    words: { kind: 'a dropped file', again: 'drop it again' },
  })
  return {
    /** Files dropped by a user who is no longer signed in are theirs alone: they go unclaimed. */
    keepUploadsOf: (owner: StagingOwner | null) => uploads.keepOnly(owner),
    async dropFiles(companyKey: string, files: DroppedFile[]) {
      const a = requireActive(state)
      companyOf(a, companyKey)
      for (const f of files)
        await takeDropped(state, a, companyKey, f.name, (to) => writeFile(to, Buffer.from(f.data, 'base64')))
      return files.length
    },
    /**
     * Browser mode's upload endpoint: stages a dropped file's bytes for a company of the signed-in user
     * (see ../uploads/staging.ts); `dropUploads` takes the token.
     */
    async receiveUpload(
      companyKey: string,
      upload: { name: string; length: number | undefined; body: Readable },
    ) {
      const a = requireSignedIn(state)
      companyOf(a, companyKey)
      return uploads.receive({
        ...upload,
        // Beside the company folders of the drop area.
        dir: join(dirname(dropFolder(state, a, companyKey)), INCOMING),
        companyKey,
        environmentId: a.environmentId,
        subject: a.subject,
      })
    },
    async dropUploads(companyKey: string, tokens: string[]) {
      const a = requireSignedIn(state)
      companyOf(a, companyKey)
      const files = uploads.claim(tokens, companyKey, a)
      for (const f of files) await takeDropped(state, a, companyKey, f.name, (to) => rename(f.path, to))
      return files.length
    },
    async dropPaths(companyKey: string, paths: string[]) {
      const a = requireActive(state)
      companyOf(a, companyKey)
      let n = 0
      for (const p of paths) {
        for (const file of await filesUnder(p)) {
          // The user's own file stays where it was: a copy goes through the pipeline.
          await takeDropped(state, a, companyKey, basename(file), (to) => copyFile(file, to))
          n++
        }
      }
      return n
    },
  }
}
