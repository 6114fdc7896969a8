// Scanned batches for the splitter's tests: generated invoices (document-reader/corpus), blank pages as a
// scanner delivers them (speckle, a slight turn, no text layer), the separator sheet printed to PDF or
// printed and scanned, joined into one PDF in the order given.
import { PageSizes, PDFDocument } from 'pdf-lib'
import { generateInvoice } from '../../document-reader/corpus/generate.ts'
import { scanVariant } from '../../document-reader/corpus/scan.ts'
import { separatorSheet } from '../../electron/main/services/scan/split/split-pdf.ts'

/** An empty A4 page scanned: speckle noise (`noise` specks per million pixels), turned a little. */
export async function blankScan(seed: number, noise = 300): Promise<Uint8Array> {
  const empty = await PDFDocument.create()
  empty.addPage(PageSizes.A4)
  return scanVariant(await empty.save(), seed, { noise, dpi: 150, rotation: 0.8, format: 'jpeg' })
}

/** The separator sheet as the app saves it (`printed`), or printed and scanned back (`scanned`). */
export async function separatorPage(how: 'printed' | 'scanned', seed = 1): Promise<Uint8Array> {
  const sheet = await separatorSheet('nb')
  return how === 'printed' ? sheet : scanVariant(sheet, seed, { noise: 150, dpi: 150, rotation: -1.2 })
}

/** A generated invoice: as its PDF is made, or scanned (an image, no text layer). */
export async function invoicePage(seed: number, scanned = false) {
  const invoice = await generateInvoice(seed, { layout: 'classic' })
  return { invoice, pdf: scanned ? await scanVariant(invoice.pdf, seed) : invoice.pdf }
}

/** The pages of the PDFs one after the other, as one PDF. */
export async function joinPdfs(pdfs: readonly Uint8Array[]): Promise<Uint8Array> {
  const out = await PDFDocument.create()
  for (const pdf of pdfs) {
    const source = await PDFDocument.load(pdf)
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page)
  }
  return out.save({ useObjectStreams: false })
}
