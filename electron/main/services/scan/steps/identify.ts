// Identify: what a file just read and hashed is to this station. A content the ledger has seen at an
// unfinished step resumes at that step (also when that step had failed or was cancelled); the same
// content from another file is a duplicate, set aside in processed/duplicates/; a content another user on
// this station already made an invoice of is a duplicate of theirs; an XML invoice beside its PDF is left
// for the PDF's run (the pair rule, pair.ts). Any other file is sniffed, and queued or failed.
import { basename, join } from 'node:path'
import { isEInvoiceXml } from '../../../../../common/einvoice/index.ts'
import { DUPLICATES, exists, freePath, PROCESSED } from '../files.ts'
import { UNSTARTED, type DuplicateRecord, type Ledger, type LedgerEntry } from '../ledger.ts'
import { waitForPartner } from '../pair.ts'
import { sniff } from '../sniff.ts'
import { messageOf, type Station, type TakeOutcome, type TakeRequest } from '../station.ts'
import { failFile } from './fail.ts'
import { finishMove } from './move.ts'
import { pairLate, pdfEntryFor } from './partner.ts'

export type IdentifyStation = Pick<
  Station,
  | 'localReading'
  | 'platform'
  | 'log'
  | 'ops'
  | 'events'
  | 'maxBytes'
  | 'pairWaitMs'
  | 'locale'
  | 'ledger'
  | 'elsewhereOf'
  | 'record'
  | 'batch'
  | 'isQueued'
  | 'enqueue'
  | 'scheduleIdleCheck'
  | 'take'
>

export async function identify(
  station: IdentifyStation,
  req: TakeRequest,
  sha: string,
  bytes: Uint8Array,
): Promise<TakeOutcome> {
  const l = await station.ledger(req.companyKey)
  const known = l.get(sha)
  const paired = await pairedXml(station, req, sha, bytes, l)
  if (paired) return paired
  const stopped = known && (known.state === 'failed' || known.state === 'cancelled')
  // A failed or cancelled entry whose step is `finished` went to failed/: its content is taken anew.
  if (known && !(stopped && known.step === 'finished')) return seenBefore(station, req, known, l)
  const other = await station.elsewhereOf(req.companyKey, sha)
  if (other?.invoiceId != null) return duplicateOfElsewhere(station, req, sha, other.invoiceId, l)
  const sniffed = sniff(bytes, station.maxBytes)
  if (!sniffed.ok) {
    await failFile(station, { ...req, sha256: sha, size: bytes.length }, sniffed.reason)
    station.scheduleIdleCheck()
    return 'failed'
  }
  const splitting = req.splitOnSeparators === true && sniffed.kind === 'pdf'
  await station.record(req.companyKey, sha, {
    companyKey: req.companyKey,
    state: 'queued',
    step: splitting ? 'split' : 'upload',
    splitBy: splitting ? { separators: true } : null,
    splitFrom: req.splitFrom ?? null,
    originalPath: req.path,
    name: basename(req.path),
    folder: req.folder,
    kind: sniffed.kind,
    size: bytes.length,
    ...UNSTARTED,
    // Another user's run began this content and recorded no invoice: it may have made the file or
    // the draft all the same, so the platform is asked before each creating step.
    elsewhere: other !== undefined,
    takenAt: new Date().toISOString(),
  })
  // Read on this computer at once, online or not: the reading is kept and the read step (and the review)
  // find it by the content. A structured invoice is read from its XML instead (read.ts).
  if (sniffed.kind !== 'xml') station.localReading?.readAhead(req.companyKey, bytes, { file: req.path })
  station.enqueue(req.companyKey, sha)
  return 'queued'
}

/** A content the ledger knows at an unfinished step: the same file resumes, another file is a duplicate. */
async function seenBefore(
  station: IdentifyStation,
  req: TakeRequest,
  known: LedgerEntry,
  l: Ledger,
): Promise<TakeOutcome> {
  const sha = known.sha256
  const stopped = known.state === 'failed' || known.state === 'cancelled'
  const sameFile =
    known.state === 'done'
      ? await stillUnmoved(known, req.path)
      : known.originalPath === req.path ||
        (!station.isQueued(req.companyKey, sha) && !(await exists(known.originalPath)))
  if (sameFile) {
    // The same file again (a restart, Scan now, a second event): resume it, never duplicate it.
    if (known.state === 'done') {
      await finishMove(station, known)
      return 'already'
    }
    if (stopped || known.originalPath !== req.path) {
      await station.record(req.companyKey, sha, {
        state: 'queued',
        reason: null,
        originalPath: req.path,
        folder: req.folder,
      })
    }
    if (!station.isQueued(req.companyKey, sha)) station.enqueue(req.companyKey, sha)
    return stopped ? 'queued' : 'already'
  }
  const name = basename(req.path)
  const destination = await freePath(join(req.folder, PROCESSED, DUPLICATES), name)
  const dup = { sha256: sha, name, originalPath: req.path, destination, at: new Date().toISOString() }
  await l.recordDuplicate(dup)
  await station.ops.move(req.path, destination)
  station.batch(req.companyKey).duplicates++
  station.events.duplicateFound?.(req.companyKey, dup, known)
  station.scheduleIdleCheck()
  return 'duplicate'
}

/**
 * A finished entry's original still at its path, never moved to its destination (a kill between the
 * move and its record): the same file again. Once the original has gone to processed/, a file at the same
 * path (a drop of the same name again, a copy put back in the folder) is a new arrival: a duplicate.
 */
async function stillUnmoved(known: LedgerEntry, path: string) {
  return known.originalPath === path && known.destination !== null && !(await exists(known.destination))
}

/**
 * Another user on this station already made this content an invoice (their move may have failed, or they
 * dropped it too): a duplicate of it. Only its number is kept, and linked only when this user may open it.
 */
async function duplicateOfElsewhere(
  station: IdentifyStation,
  req: TakeRequest,
  sha: string,
  invoiceId: number,
  l: Ledger,
): Promise<TakeOutcome> {
  const visible = await station.platform.canSeeInvoice(req.companyKey, invoiceId).catch((error) => {
    station.log.warn('scan: whether an invoice of another user on this station may be opened is unknown', {
      companyKey: req.companyKey,
      invoiceId,
      error: messageOf(error),
    })
    return false
  })
  const name = basename(req.path)
  const destination = await freePath(join(req.folder, PROCESSED, DUPLICATES), name)
  const dup: DuplicateRecord = {
    sha256: sha,
    name,
    originalPath: req.path,
    destination,
    at: new Date().toISOString(),
    elsewhere: { invoiceId, visible },
  }
  await l.recordDuplicate(dup)
  await station.ops.move(req.path, destination)
  station.batch(req.companyKey).duplicates++
  station.events.duplicateFound?.(req.companyKey, dup, undefined)
  station.log.info('scan: a file another user on this station already made an invoice of is a duplicate', {
    companyKey: req.companyKey,
    file: req.path,
    invoiceId,
  })
  station.scheduleIdleCheck()
  return 'duplicate'
}

/**
 * An XML invoice that belongs to a PDF beside it (the pair rule, pair.ts) is not an invoice of its own:
 * the PDF's run reads it, attaches it and moves it, also when the XML comes after the PDF was taken
 * (partner.ts). One already taken with its PDF (a kill before its move, a copy put back) goes where its
 * PDF's run meant it to; one whose PDF failed and was set aside is taken alone (null), as is any other file.
 */
async function pairedXml(
  station: Pick<Station, 'ops' | 'log' | 'pairWaitMs' | 'record' | 'enqueue'>,
  req: TakeRequest,
  sha: string,
  bytes: Uint8Array,
  l: Ledger,
): Promise<TakeOutcome | null> {
  const owner = l.entries().find((e) => e.partner?.sha256 === sha)
  // A PDF that failed and went to failed/ leaves its XML to be an invoice of its own.
  const ownerFailed = owner && owner.step === 'finished' && owner.state !== 'done'
  if (owner && !ownerFailed) {
    if (owner.state !== 'done') return 'paired'
    // As its PDF: the same file again goes where it was meant to go, a copy elsewhere to duplicates/.
    const meant = owner.partner!.destination
    const to =
      meant && (req.path === owner.partner!.path || !(await exists(meant)))
        ? meant
        : await freePath(join(req.folder, PROCESSED, DUPLICATES), basename(req.path))
    if (req.path !== to) await station.ops.move(req.path, to)
    return 'already'
  }
  if (l.get(sha) || !isEInvoiceXml(bytes)) return null
  // Its PDF was taken before it: a run at its reading still reads it; a run past it takes it again as it
  // ends (move.ts); a finished one goes back to attach it.
  const taken = ownerFailed ? undefined : pdfEntryFor(l, req.path, req.folder)
  if (taken) {
    if (taken.state === 'done') await pairLate(station, taken, { sha256: sha, path: req.path })
    return 'paired'
  }
  if (ownerFailed) return null
  const pdf = await waitForPartner(req.path, 'pdf', station.pairWaitMs)
  if (!pdf) return null
  station.log.info('scan: an XML invoice beside its PDF is read with the PDF', {
    companyKey: req.companyKey,
    file: req.path,
    pdf,
  })
  return 'paired'
}
