// The XML invoice that comes to a scan folder after its PDF (the pair rule, pair.ts): the PDF's run may be
// past its reading, or finished, when the XML is taken. It is then paired with the PDF's invoice all the
// same: attached to it and moved beside the PDF. And a PDF whose run ends without its XML (the XML came too
// late for it, or the PDF failed and went to failed/) leaves no XML waiting in the folder: it is taken again,
// for the PDF's invoice or, when the PDF failed, as an invoice of its own.
import { basename, extname } from 'node:path'
import type { Ledger, LedgerEntry } from '../ledger.ts'
import { partnerPath } from '../pair.ts'
import { messageOf, type Station } from '../station.ts'

/**
 * How long after its PDF was taken an XML with its base name is still its partner. A file of the same name
 * much later (a name reused for another invoice) is not paired with an invoice made long ago.
 */
export const LATE_PARTNER_MS = 30 * 60 * 1000

const stem = (path: string) => basename(path, extname(path)).toLowerCase()

/**
 * The PDF entry an XML taken from `folder` belongs to by the pair rule: a PDF of the same base name (any
 * case) taken from the same folder within LATE_PARTNER_MS, not failed or cancelled, with no XML of its own
 * yet; the latest taken when several are.
 */
export function pdfEntryFor(
  l: Ledger,
  xmlPath: string,
  folder: string,
  now = Date.now(),
): LedgerEntry | undefined {
  const name = stem(xmlPath)
  return l
    .entries()
    .filter(
      (e) =>
        e.kind === 'pdf' &&
        e.folder === folder &&
        stem(e.name) === name &&
        !e.partner &&
        e.state !== 'failed' &&
        e.state !== 'cancelled' &&
        now - Date.parse(e.takenAt) <= LATE_PARTNER_MS,
    )
    .sort((a, b) => b.takenAt.localeCompare(a.takenAt))[0]
}

/**
 * Pairs a late XML with a finished PDF entry: the entry goes back to its link step, as a run interrupted
 * there (so the platform is asked before anything is linked again), with the XML as its partner; its run
 * attaches the XML to the invoice and moves it beside the PDF. The invoice keeps the fields read before.
 */
export async function pairLate(
  station: Pick<Station, 'record' | 'enqueue' | 'log'>,
  pdf: LedgerEntry,
  xml: { sha256: string; path: string },
) {
  await station.record(pdf.companyKey, pdf.sha256, {
    partner: {
      sha256: xml.sha256,
      path: xml.path,
      name: basename(xml.path),
      fileId: null,
      destination: null,
    },
    step: 'link',
    state: 'creating',
    started: 'link',
    reason: null,
  })
  station.log.info('scan: an XML invoice that came after its PDF is attached to the PDF’s invoice', {
    companyKey: pdf.companyKey,
    file: xml.path,
    invoiceId: pdf.invoiceId,
  })
  station.enqueue(pdf.companyKey, pdf.sha256)
}

/**
 * The XML beside a PDF whose run has ended (done, or failed and set aside) taken again when it is still in
 * the folder and is not the entry's attached partner: identify pairs it with the finished invoice or, the PDF
 * having failed, takes it as an invoice of its own. Never throws: the PDF's own outcome stands.
 */
export async function takeLeftPartner(
  station: Pick<Station, 'take' | 'log'>,
  companyKey: string,
  pdfPath: string,
  folder: string,
  partner?: LedgerEntry['partner'],
) {
  if (extname(pdfPath).toLowerCase() !== '.pdf') return
  try {
    const xml = await partnerPath(pdfPath, 'xml')
    if (!xml || (partner?.path === xml && partner.fileId !== null)) return
    await station.take({ companyKey, path: xml, folder })
  } catch (error) {
    station.log.warn('scan: the XML beside a PDF could not be taken again', {
      companyKey,
      file: pdfPath,
      error: messageOf(error),
    })
  }
}
