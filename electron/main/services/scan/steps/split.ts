// Split: a scanned batch of several invoices becomes several files, each a PDF of its own pages, taken
// as files of their own (each then an entry, an upload and an invoice). Where to cut: at the blank and
// separator pages (the folder's "split on separator pages"; those pages belong to no part), or where the
// accountant chose in the queue. The parts are written (beside the batch, in processed/split/<content>/)
// and recorded with their SHA-256 before the first is taken: a restart takes the same parts, which the
// ledger knows by their content, and never makes a part twice. The batch itself then goes to
// processed/YYYY-MM/; its row says how many parts it became. A batch with nothing to cut is sent whole.
import { mkdir } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { exists, freePath, monthFolder, PROCESSED, writeDurably } from '../files.ts'
import type { LedgerEntry, SplitPart } from '../ledger.ts'
import { partsAtCuts, partsOf } from '../split/page-marks.ts'
import { pageCountOf, pdfOfPages } from '../split/split-pdf.ts'
import { messageOf, sha256Of, type Station } from '../station.ts'
import type { StepRun } from './run.ts'
import { bytesToUpload } from './upload.ts'

export type SplitStation = Pick<Station, 'log' | 'ops' | 'withLocalRetries' | 'take' | 'record' | 'pageMarks'>

/** The folder a batch's parts are written to: one per batch content, so a restart writes the same paths. */
export const partsFolder = (entry: Pick<LedgerEntry, 'folder' | 'sha256'>) =>
  join(entry.folder, PROCESSED, 'split', entry.sha256.slice(0, 16))

export async function split(station: SplitStation, run: StepRun): Promise<'stopped' | void> {
  const { companyKey, sha } = run
  await run.advance('split')
  let parts = run.entry.parts ?? null
  if (!parts) {
    const entry = run.entry
    const bytes = await station.withLocalRetries(() => bytesToUpload(station, entry), run.check)
    // Gone or rewritten since it was taken: the upload step says so, as for any file.
    if (typeof bytes === 'string') return void (await run.advance('upload'))
    const pages = await pagesOfParts(station, entry, bytes)
    if (!pages) return void (await run.advance('upload', { splitBy: null }))
    run.check()
    await run.record({ started: 'split' })
    parts = await writeParts(entry, bytes, pages)
    await run.record({ parts })
    station.log.info('scan: a scanned batch is split into parts', {
      companyKey,
      file: entry.originalPath,
      parts: parts.map((p) => p.pages),
    })
  }
  const entry = run.entry
  for (const [i, part] of parts.entries()) {
    run.check()
    await station.take({
      companyKey,
      path: part.path,
      folder: entry.folder,
      splitFrom: { sha256: sha, name: entry.name, part: i + 1, of: parts.length },
    })
  }
  const destination = entry.destination ?? (await freePath(monthFolder(entry.folder), entry.name))
  await run.record({ destination })
  if (await exists(entry.originalPath))
    await station.withLocalRetries(() => station.ops.move(entry.originalPath, destination), run.check)
  await run.record({ step: 'finished', state: 'done', started: null, readyAt: new Date().toISOString() })
  return 'stopped'
}

/** The pages of each part, or null when the batch is sent whole (nothing to cut, or it cannot be read). */
async function pagesOfParts(
  station: Pick<Station, 'log' | 'pageMarks'>,
  entry: LedgerEntry,
  bytes: Uint8Array,
): Promise<number[][] | null> {
  const by = entry.splitBy
  try {
    if (by && 'cuts' in by) return partsAtCuts(await pageCountOf(bytes), by.cuts)
    const marks = await station.pageMarks(bytes)
    if (!marks.ok) {
      station.log.warn('scan: the pages of a batch could not be read; it is sent whole', {
        companyKey: entry.companyKey,
        file: entry.originalPath,
        error: marks.error,
      })
      return null
    }
    const parts = partsOf(marks.value)
    return parts.length >= 2 ? parts : null
  } catch (error) {
    station.log.warn('scan: a batch could not be split; it is sent whole', {
      companyKey: entry.companyKey,
      file: entry.originalPath,
      error: messageOf(error),
    })
    return null
  }
}

/** Writes each part's PDF (fsynced) at its own path in the batch's parts folder. */
async function writeParts(entry: LedgerEntry, bytes: Uint8Array, pages: number[][]): Promise<SplitPart[]> {
  const dir = partsFolder(entry)
  await mkdir(dir, { recursive: true })
  const stem = basename(entry.name, extname(entry.name))
  const parts: SplitPart[] = []
  for (const [i, list] of pages.entries()) {
    const pdf = await pdfOfPages(bytes, list)
    const name = `${stem}-${i + 1}.pdf`
    const path = join(dir, name)
    await writeDurably(path, pdf)
    parts.push({ sha256: sha256Of(pdf), path, name, pages: list })
  }
  return parts
}
