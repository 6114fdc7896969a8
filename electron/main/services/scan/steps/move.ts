// Move: the original (and the XML invoice beside a PDF) goes to processed/YYYY-MM/, where the link step
// meant it to, and the entry is done. A move the file system refuses is tried again a few times; an
// original someone already took away leaves the invoice whole, and the log says so.
import { exists } from '../files.ts'
import type { LedgerEntry } from '../ledger.ts'
import type { Station } from '../station.ts'
import { takeLeftPartner } from './partner.ts'
import type { StepRun } from './run.ts'

export type MoveStation = Pick<Station, 'ops' | 'log' | 'withLocalRetries' | 'batch' | 'take'>

export async function move(station: MoveStation, run: StepRun) {
  const { companyKey } = run
  const entry = run.entry
  // Neither in its folder nor moved: someone took the original away (another user's scan of the
  // shared folder set it aside as a duplicate of this very invoice). The invoice is whole.
  const gone = !(await exists(entry.originalPath)) && !(await exists(entry.destination!))
  if (gone)
    station.log.warn('scan: the original of a finished invoice is gone from its folder; nothing to move', {
      companyKey,
      file: entry.originalPath,
      invoiceId: entry.invoiceId,
    })
  else
    await station.withLocalRetries(() => station.ops.move(entry.originalPath, entry.destination!), run.check)
  const partner = entry.partner
  if (partner?.destination && (await exists(partner.path)) && !(await exists(partner.destination)))
    await station.withLocalRetries(() => station.ops.move(partner.path, partner.destination!), run.check)
  // An entry back here to attach a late XML (partner.ts) was counted ready when it first finished.
  const again = entry.readyAt !== null
  await run.record({
    step: 'finished',
    state: 'done',
    readyAt: entry.readyAt ?? new Date().toISOString(),
    ...(gone ? { destination: null } : {}),
  })
  if (!again) station.batch(companyKey).ready++
  // An XML with the PDF's name that came after the PDF was read is paired with the invoice now.
  await takeLeftPartner(station, companyKey, entry.originalPath, entry.folder, run.entry.partner)
}

/** A done entry whose original is still in the folder (a kill before the move was recorded). */
export async function finishMove(station: Pick<Station, 'ops'>, entry: LedgerEntry) {
  if (entry.destination && (await exists(entry.originalPath)))
    await station.ops.move(entry.originalPath, entry.destination)
}
