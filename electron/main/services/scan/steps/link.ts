// Link: the uploaded file is linked to its draft, once (after an interrupted run the platform is asked
// first), and the XML invoice beside a PDF is attached after it. Then the destinations in
// processed/YYYY-MM/ are chosen and recorded, so that a restart moves the file where this run meant to.
import { freePath, monthFolder } from '../files.ts'
import type { LedgerEntry } from '../ledger.ts'
import { readPartnerXml } from '../pair.ts'
import { SCAN_CONTENT_TYPES } from '../sniff.ts'
import { sha256Of, type Station } from '../station.ts'
import type { StepRun } from './run.ts'

export type LinkStation = Pick<Station, 'platform' | 'log'>

export async function link(station: LinkStation, run: StepRun) {
  const { platform, log } = station
  const { companyKey, sha } = run
  const resumed = run.interrupted('link')
  if (run.entry.started !== 'link') await run.record({ started: 'link' })
  let entry = run.entry
  if (!resumed || !(await platform.isLinked(companyKey, entry.fileId!, entry.invoiceId!))) {
    // A draft another user's run on this station made may hold this content already, uploaded by
    // that run: taken for this entry's file only once its bytes are proven to be this content.
    const onDraft = entry.elsewhere ? await platform.findAttached(companyKey, entry.invoiceId!, sha) : null
    if (onDraft !== null) {
      log.info('scan: the draft already holds this content; its file is kept, this upload is not linked', {
        companyKey,
        sha,
        invoiceId: entry.invoiceId,
        fileId: onDraft,
        unlinked: entry.fileId,
      })
      entry = await run.record({ fileId: onDraft })
    } else await platform.link(companyKey, entry.fileId!, entry.invoiceId!)
  }
  // The PDF first: the review shows an invoice's lowest file id as its document.
  if (entry.partner) entry = await attachPartner(station, run, resumed)
  const partner = entry.partner
  await run.advance('move', {
    started: null,
    destination: entry.destination ?? (await freePath(monthFolder(entry.folder), entry.name)),
    ...(partner
      ? {
          partner: {
            ...partner,
            destination: partner.destination ?? (await freePath(monthFolder(entry.folder), partner.name)),
          },
        }
      : {}),
  })
}

/**
 * Attaches the entry's XML partner to its invoice, once. Its id is kept as its upload answers; a run
 * that began this step without one looks among the invoice's attachments for a file with its bytes.
 */
async function attachPartner(station: LinkStation, run: StepRun, resumed: boolean): Promise<LedgerEntry> {
  const { platform } = station
  const { companyKey } = run
  const entry = run.entry
  const partner = entry.partner!
  // Looked for on this invoice only, and only when an earlier run began this step: checked by its bytes.
  let fileId =
    partner.fileId ??
    (resumed ? await platform.findAttached(companyKey, entry.invoiceId!, partner.sha256) : null)
  if (fileId === null) {
    // Read as its fields were: the folder's own file, never through a link, up to the cap.
    const read = await readPartnerXml(partner.path, entry.folder).catch(() => null)
    const bytes = read?.ok ? read.bytes : null
    if (!bytes || sha256Of(bytes) !== partner.sha256) {
      // Its fields are read; only the attachment is lost, and the log says so.
      station.log.warn(
        'scan: the XML beside a PDF is gone or changed; its invoice keeps the fields it gave',
        {
          companyKey,
          file: partner.path,
        },
      )
      return entry
    }
    fileId = await platform.upload(
      companyKey,
      { bytes, name: partner.name, contentType: SCAN_CONTENT_TYPES.xml },
      run.signal,
    )
  }
  const linked = await run.record({ partner: { ...partner, fileId } })
  if (!(await platform.isLinked(companyKey, fileId, linked.invoiceId!)))
    await platform.link(companyKey, fileId, linked.invoiceId!)
  return linked
}
