// The PDFs of splitting: a part of a scanned batch as a PDF of its own pages (pdf-lib copies the pages
// as they are, images and text layer included), and the separator sheet the app prints. A part's bytes
// depend only on the batch's bytes and its pages (no creation date, no random id), so a part made again
// after a restart is the same content and the ledger knows it.
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import { embedFonts, PAGE_HEIGHT, PAGE_WIDTH } from '../../sales/pdf-canvas.ts'
import { MARK_INSET, MARK_SIZE, SEPARATOR_TEXT } from './page-marks.ts'

/** A PDF of the given pages (numbered from 1) of a PDF. */
export async function pdfOfPages(bytes: Uint8Array, pages: readonly number[]): Promise<Uint8Array> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false })
  const part = await PDFDocument.create({ updateMetadata: false })
  const copied = await part.copyPages(
    source,
    pages.map((p) => p - 1),
  )
  for (const page of copied) part.addPage(page)
  return part.save({ useObjectStreams: false })
}

/** How many pages a PDF has. */
export async function pageCountOf(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount()
}

const sheetWords = {
  nb: {
    title: 'Skilleark',
    lines: [
      'Legg dette arket mellom to fakturaer i skanneren.',
      'Ledgerdesk deler bunken her og lager én faktura av sidene før og én av sidene etter.',
      'Arket blir ikke med i noen av fakturaene. Slå på «Del ved skilleark» for skannemappen.',
    ],
  },
  en: {
    title: 'Separator sheet',
    lines: [
      'Put this sheet between two invoices in the scanner.',
      'Ledgerdesk splits the batch here and makes one invoice of the pages before and one of the pages after.',
      'The sheet is part of neither invoice. Turn on “Split on separator pages” for the scan folder.',
    ],
  },
} as const

/**
 * The separator sheet (A4): SEPARATOR_TEXT in large letters (read from the text layer of a printed-to-PDF
 * sheet) and a solid square in each corner (read from the pixels of a sheet that was printed and scanned).
 */
export async function separatorSheet(locale: 'nb' | 'en'): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Ledgerdesk – ${sheetWords[locale].title}`)
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT])
  const side = MARK_SIZE * PAGE_WIDTH
  const inset = MARK_INSET * PAGE_WIDTH
  const black = rgb(0, 0, 0)
  for (const [x, y] of [
    [inset, inset],
    [PAGE_WIDTH - inset - side, inset],
    [inset, PAGE_HEIGHT - inset - side],
    [PAGE_WIDTH - inset - side, PAGE_HEIGHT - inset - side],
  ] as const)
    page.drawRectangle({ x, y, width: side, height: side, color: black })
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const centred = (text: string, size: number, y: number, font = bold) =>
    page.drawText(text, {
      x: (PAGE_WIDTH - font.widthOfTextAtSize(text, size)) / 2,
      y,
      size,
      font,
      color: black,
    })
  const [first, second] = SEPARATOR_TEXT.split(' ') as [string, string]
  centred(first, 54, PAGE_HEIGHT / 2 + 40)
  centred(second, 54, PAGE_HEIGHT / 2 - 20)
  const fonts = await embedFonts(doc)
  const words = sheetWords[locale]
  centred(words.title, 20, PAGE_HEIGHT / 2 - 80, fonts.bold)
  words.lines.forEach((line, i) => centred(line, 9.5, PAGE_HEIGHT / 2 - 115 - i * 15, fonts.regular))
  return doc.save()
}
