// A scanner's own OCR text layer (an image of the page with the scanner's text drawn invisibly under it) is
// told from a digital PDF's text layer by how the page is drawn, and such a page is read as a scan.
import { afterAll, describe, expect, it } from 'vitest'
import {
  PDFDocument,
  StandardFonts,
  TextRenderingMode,
  popGraphicsState,
  pushGraphicsState,
  setTextRenderingMode,
} from 'pdf-lib'
import { generateInvoice } from './corpus/generate.ts'
import { scanVariant } from './corpus/scan.ts'
import { closeOcr, interpret, readDocument } from './index.ts'
import { isScannerTextLayer, mayHoldPageScan, openPdf, pageScanScale } from './pdf.ts'

afterAll(async () => {
  await closeOcr()
})

/**
 * A scanned invoice (an image-only PDF) with text drawn over its image in the given render mode, as a
 * scanner's OCR writes it: here a wrong reading, so that which text the reader took shows in its answer.
 */
async function withTextLayer(
  scan: Uint8Array,
  mode: TextRenderingMode,
  lines: string[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(scan)
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.getPage(0)
  const { height } = page.getSize()
  page.pushOperators(pushGraphicsState(), setTextRenderingMode(mode))
  lines.forEach((line, i) => page.drawText(line, { x: 60, y: height - 80 - i * 14, size: 10, font }))
  page.pushOperators(popGraphicsState())
  return doc.save()
}

async function scannerLayer(bytes: Uint8Array): Promise<boolean> {
  const doc = await openPdf(bytes)
  try {
    return mayHoldPageScan(bytes) && (await isScannerTextLayer(doc, 1))
  } finally {
    await doc.destroy()
  }
}

const WRONG_LAYER = ['Rechnung Nr. 999999', 'Total 0.00', 'Saldo 0.00', 'Datum 01.01.2001']

describe("a scanner's OCR text layer", () => {
  it('is recognised under a page image and the page is read as a scan', { timeout: 180_000 }, async () => {
    const invoice = await generateInvoice(31, { layout: 'classic' })
    const scan = await scanVariant(invoice.pdf, 31, { dpi: 200, rotation: 0, noise: 20, format: 'png' })
    const layered = await withTextLayer(scan, TextRenderingMode.Invisible, WRONG_LAYER)
    expect(await scannerLayer(layered)).toBe(true)
    const [page] = await readDocument(layered)
    expect(page!.Source).toBe('tesseract')
    expect(page!.Words.some((w) => w.Text === '999999')).toBe(false)
    // The scanner's text is kept as the page's other reading, boxed in the pixels of the image Tesseract read
    // (drawn at x = 60 pt, the first line's baseline 80 pt from the top); its values, which Tesseract read otherwise, are
    // not taken (other-reading.ts).
    const scanner = page!.OtherReading!.find((w) => w.Text === '999999')!
    const toPixels = page!.ImageWidth / 595.28
    expect(page!.OtherReading!.find((w) => w.Text === 'Rechnung')!.Left).toBeCloseTo(60 * toPixels, -1)
    // The box's foot is the baseline and the descent below it.
    expect(Math.abs(scanner.Top + scanner.Height - 80 * toPixels)).toBeLessThan(12)
    const got = Object.fromEntries(
      interpret(page!, { buyerOrgNumbers: [invoice.buyerOrgNumber] }).map((p) => [
        p.OcrPropertyId,
        p.ProposedCandidate.Value,
      ]),
    )
    expect(got).toMatchObject({ 5: invoice.truth[5], 6: invoice.truth[6] })
  })

  it('is not seen in a digital PDF, nor in visible text printed over a picture', async () => {
    const invoice = await generateInvoice(32, { layout: 'classic' })
    expect(mayHoldPageScan(invoice.pdf)).toBe(false)
    const opened = await openPdf(invoice.pdf)
    try {
      expect(await isScannerTextLayer(opened, 1)).toBe(false)
    } finally {
      await opened.destroy()
    }
    const [digital] = await readDocument(invoice.pdf)
    expect(digital!.Source).toBe('text-layer')

    // Text drawn visibly over a full-page image (a letterhead, a digital form on a background) is the
    // document's own text: read from its layer.
    const scan = await scanVariant(invoice.pdf, 32, { dpi: 150, rotation: 0, noise: 0, format: 'png' })
    const visible = await withTextLayer(scan, TextRenderingMode.Fill, WRONG_LAYER)
    expect(mayHoldPageScan(visible)).toBe(true)
    expect(await scannerLayer(visible)).toBe(false)
    const [page] = await readDocument(visible)
    expect(page!.Source).toBe('text-layer')
    expect(page!.Words.some((w) => w.Text === '999999')).toBe(true)
  })

  it('needs the page image: invisible text on a page without one stays a text layer', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const page = doc.addPage([595, 842])
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible))
    page.drawText('Faktura 4711 Total 100,00', { x: 60, y: 700, size: 10, font })
    page.pushOperators(popGraphicsState())
    const bytes = await doc.save()
    const opened = await openPdf(bytes)
    try {
      expect(await isScannerTextLayer(opened, 1)).toBe(false)
    } finally {
      await opened.destroy()
    }
    const [read] = await readDocument(bytes)
    expect(read!.Source).toBe('text-layer')
  })
})

describe("a scanned page's own resolution", () => {
  it('is the pixels of the image covering the page per point it is drawn at, and null without one', async () => {
    const { createCanvas } = await import('@napi-rs/canvas')
    const canvas = createCanvas(1240, 1754)
    const ctx = canvas.getContext('2d')
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, 1240, 1754)
    const doc = await PDFDocument.create()
    const image = await doc.embedPng(await canvas.encode('png'))
    // 150 dpi: 1240 pixels drawn 595.2 points wide.
    doc.addPage([595.2, 841.92]).drawImage(image, { x: 0, y: 0, width: 595.2, height: 841.92 })
    // A logo of 1240 pixels drawn small is not a scan of the page.
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const text = doc.addPage([595.2, 841.92])
    text.drawImage(image, { x: 40, y: 700, width: 60, height: 85 })
    text.drawText('Faktura 1001', { x: 60, y: 600, size: 12, font })
    const pdf = await openPdf(await doc.save())
    try {
      expect(await pageScanScale(pdf, 1)).toBeCloseTo(1240 / 595.2, 6)
      expect(await pageScanScale(pdf, 2)).toBeNull()
    } finally {
      await pdf.destroy()
    }
  })
})
