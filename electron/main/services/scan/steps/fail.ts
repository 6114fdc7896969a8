// A file that cannot become an invoice (too large, not a document, refused by the platform) goes to the
// folder's failed/ with a note beside it that says why, in the user's language; its entry says so too.
import { mkdir } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { FAILED, freePath, writeDurably } from '../files.ts'
import { UNSTARTED } from '../ledger.ts'
import { failedNote, type FailedFileReason } from '../reasons.ts'
import { messageOf, type Station } from '../station.ts'
import { takeLeftPartner } from './partner.ts'

export interface FailedFile {
  companyKey: string
  path: string
  folder: string
  sha256: string
  size: number
}

/**
 * Records the file as failed at `reason`, moves it to failed/ and writes the note beside it. A failed PDF's
 * XML partner, left in the folder for it, is taken again as an invoice of its own (partner.ts).
 */
export async function failFile(
  station: Pick<Station, 'record' | 'ops' | 'log' | 'locale' | 'batch' | 'take'>,
  req: FailedFile,
  reason: FailedFileReason,
) {
  const name = basename(req.path)
  const text = failedNote(reason, station.locale())
  const destination = await freePath(join(req.folder, FAILED), name)
  await station.record(req.companyKey, req.sha256, {
    ...UNSTARTED,
    companyKey: req.companyKey,
    state: 'failed',
    reason,
    destination,
    originalPath: req.path,
    name,
    folder: req.folder,
    size: req.size,
    takenAt: new Date().toISOString(),
    step: 'finished',
    kind: null,
  })
  await moveFailed(station, req.path, destination, text).catch((error) =>
    // The entry says why the file failed; the note beside it could not be written.
    station.log.error('scan: a failed file could not be moved to failed/', {
      companyKey: req.companyKey,
      file: req.path,
      error: messageOf(error),
    }),
  )
  station.batch(req.companyKey).failed++
  await takeLeftPartner(station, req.companyKey, req.path, req.folder)
}

/**
 * Writes the note into failed/ and moves the file beside it (one already gone is not an error). The note comes
 * first: a station stopped between the two leaves the file where it was, and the next start takes it again
 * and writes both; the other order could leave a file in failed/ that no start would explain.
 */
export async function moveFailed(
  station: Pick<Station, 'ops'>,
  from: string,
  destination: string,
  text: string,
) {
  await mkdir(dirname(destination), { recursive: true })
  await writeDurably(`${destination}.reason.txt`, text + '\n')
  await station.ops.move(from, destination).catch((error) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  })
}
