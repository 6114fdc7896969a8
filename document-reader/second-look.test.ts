// A one-page scan (or the front of a receipt scanned with its back) whose first reading lacks its date or its
// total is read again one and a half times larger (index.ts, withMoreLooks, its first look): small print
// Tesseract misreads at the size it came is read at the larger size.
import { PDFDocument } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { generateInvoice } from './corpus/generate.ts'
import { closeOcr, interpret, readDocument, readForInterpretation } from './index.ts'
import { decodeImage, toPgm } from './orient.ts'
import { openPdf, renderPageCanvas } from './pdf.ts'
import { tesseractWords } from './tesseract.ts'
import { OcrPropertyId } from '../common/ocr.ts'
import type { OcrPageResult } from './types.ts'

afterAll(async () => {
  await closeOcr()
})

/** The generated document's first page as a PNG drawn at `dpi`. */
async function pagePng(pdf: Uint8Array, dpi: number): Promise<Uint8Array> {
  const doc = await openPdf(pdf)
  try {
    const { canvas } = await renderPageCanvas(doc, 1, dpi / 72)
    return new Uint8Array(await canvas.encode('png'))
  } finally {
    await doc.destroy()
  }
}

function proposed(page: OcrPageResult, id: number): string | null {
  return interpret(page).find((p) => p.OcrPropertyId === id)?.ProposedCandidate.Value ?? null
}

describe('second look', () => {
  it.each([
    [3, 'receipt'],
    [5, 'giro'],
  ])(
    'finds the date of a page drawn small (seed %i, %s) that the reading at its size misses',
    { timeout: 120_000 },
    async (seed) => {
      const invoice = await generateInvoice(seed)
      const png = await pagePng(invoice.pdf, 80)
      // The page read once, at the size it came: the total is read, the date is not.
      const grey = await decodeImage(png)
      const once = await tesseractWords(toPgm(grey))
      const first: OcrPageResult = {
        PageNo: 1,
        ImageWidth: grey.width,
        ImageHeight: grey.height,
        Source: 'tesseract',
        Words: once.map(({ Confidence: _, ...w }, i) => ({ ...w, Id: i + 1, PageNo: 1 })),
      }
      expect(proposed(first, OcrPropertyId.TotalAmount)).toBe(invoice.truth[OcrPropertyId.TotalAmount])
      expect(proposed(first, OcrPropertyId.InvoiceDate)).toBeNull()

      const [page] = await readDocument(png)
      expect(proposed(page!, OcrPropertyId.InvoiceDate)).toBe(invoice.truth[OcrPropertyId.InvoiceDate])
      expect(proposed(page!, OcrPropertyId.TotalAmount)).toBe(invoice.truth[OcrPropertyId.TotalAmount])
      // The words are answered in the pixels of the image as it came.
      for (const w of page!.Words) {
        expect(w.Left + w.Width).toBeLessThanOrEqual(grey.width + 1)
        expect(w.Top + w.Height).toBeLessThanOrEqual(grey.height + 1)
      }
    },
  )

  it(
    'gives the front of a receipt scanned with its blank back the looks a one-page scan gets',
    { timeout: 180_000 },
    async () => {
      const invoice = await generateInvoice(3)
      const png = await pagePng(invoice.pdf, 80)
      const empty = await PDFDocument.create()
      empty.addPage()
      const white = await pagePng(await empty.save(), 80)
      // Two scanned pages, each drawn at the reader's 200 dpi pixel for pixel: the receipt drawn small, and
      // its back, blank.
      const pdf = await PDFDocument.create()
      for (const image of [await pdf.embedPng(png), await pdf.embedPng(white)]) {
        const [width, height] = [(image.width * 72) / 200, (image.height * 72) / 200]
        pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height })
      }
      const pages = await readForInterpretation(await pdf.save())
      expect(pages.map((p) => p.Source)).toEqual(['tesseract', 'tesseract'])
      expect(proposed(pages[0]!, OcrPropertyId.InvoiceDate)).toBe(invoice.truth[OcrPropertyId.InvoiceDate])
      expect(proposed(pages[0]!, OcrPropertyId.TotalAmount)).toBe(invoice.truth[OcrPropertyId.TotalAmount])
    },
  )
})
