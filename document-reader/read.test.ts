import { afterAll, describe, expect, it } from 'vitest'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { generateInvoice } from './corpus/generate.ts'
import { scanVariant } from './corpus/scan.ts'
import { TUNED_FAMILIES } from './corpus/families.ts'
import type { HardTruth } from './corpus/hard.ts'
import { tiffToPgm } from './image.ts'
import { parsePgm } from './orient.ts'
import { openPdf, pageScanScale, renderPage } from './pdf.ts'
import { isBilevel, markHeight, SMALL_MARKS } from './bilevel.ts'
import { OcrAnswer, OcrRawData, OcrWord } from '../common/ocr.ts'
import {
  analyse,
  closeOcr,
  interpret,
  OcrError,
  readDocument,
  readForInterpretation,
  RENDER_DPI,
  sniffDocumentKind,
} from './index.ts'

afterAll(async () => {
  await closeOcr()
})

const proposed = (props: ReturnType<typeof interpret>) =>
  Object.fromEntries(props.map((p) => [p.OcrPropertyId, p.ProposedCandidate.Value]))

/** A fax test's fields: the supplier's id (foreign or Norwegian), the invoice number and both dates. */
const faxFields = (analysis: Awaited<ReturnType<typeof analyse>>) => {
  const got = proposed(analysis.InterpretedProperties)
  return {
    official: analysis.ForeignSupplierIds?.[0]?.Value ?? got[1] ?? null,
    number: got[5] ?? null,
    date: got[7] ?? null,
    due: got[8] ?? null,
  }
}
const faxTruth = (fields: HardTruth['fields']) => ({
  official: fields[1],
  number: fields[5],
  date: fields[7],
  due: fields[8],
})

describe('text layer', () => {
  it('gives every word a box in pixels of the page image, top-left origin', async () => {
    const doc = await PDFDocument.create()
    const page = doc.addPage([595, 842])
    const font = await doc.embedFont(StandardFonts.Helvetica)
    // 10 pt text whose baseline is 100 pt below the top edge, starting 72 pt (one inch) from the left.
    page.drawText('Fakturanummer: 10234', { x: 72, y: 842 - 100, size: 10, font })
    const [result] = await readDocument(await doc.save())
    const scale = RENDER_DPI / 72
    expect(result!.Source).toBe('text-layer')
    expect(result!.ImageWidth).toBe(Math.round(595 * scale))
    expect(result!.ImageHeight).toBe(Math.round(842 * scale))
    expect(result!.Words.map((w) => w.Text)).toEqual(['Fakturanummer:', '10234'])
    const [label, value] = result!.Words
    expect(label!.Left).toBeCloseTo(72 * scale, -1)
    expect(label!.Top).toBeCloseTo((100 - 8) * scale, -1)
    expect(label!.Height).toBeCloseTo(10 * scale, 0)
    const labelWidth = font.widthOfTextAtSize('Fakturanummer:', 10) * scale
    expect(Math.abs(label!.Width - labelWidth)).toBeLessThan(labelWidth * 0.25)
    expect(value!.Left).toBeGreaterThan(label!.Left + label!.Width)
    expect(value!.Top).toBe(label!.Top)
    expect(result!.Words.map((w) => [w.Id, w.PageNo])).toEqual([
      [1, 1],
      [2, 1],
    ])
  })

  it('gives the day the PDF says it was made with its pages, and none a clock never set gives', async () => {
    const made = async (creation: Date) => {
      const doc = await PDFDocument.create()
      const page = doc.addPage([595, 842])
      page.drawText('Kvittering 2021-11-26', {
        x: 72,
        y: 742,
        size: 10,
        font: await doc.embedFont(StandardFonts.Helvetica),
      })
      doc.setCreationDate(creation)
      return (await readForInterpretation(await doc.save())).map((p) => p.Made)
    }
    expect(await made(new Date('2021-12-11T08:38:28Z'))).toEqual(['2021-12-11'])
    // A scanner's clock never set stamps its epoch; nor is a file made in the future.
    expect(await made(new Date('2000-01-01T00:00:00Z'))).toEqual([undefined])
    expect(await made(new Date(Date.now() + 7 * 86_400_000))).toEqual([undefined])
  })

  it('refuses bytes that are not a PDF or image', async () => {
    await expect(readDocument(new TextEncoder().encode('hello'))).rejects.toBeInstanceOf(OcrError)
  })

  it('tells documents by their content and refuses a damaged TIFF before any OCR runs', async () => {
    const tiffHeader = new Uint8Array([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 0xff, 0xff])
    expect(sniffDocumentKind(tiffHeader)).toBe('tiff')
    expect(sniffDocumentKind(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf')
    expect(sniffDocumentKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    await expect(readDocument(tiffHeader)).rejects.toMatchObject({ code: 'unreadable-document' })
  })

  it('reads a small generated corpus of every layout with every field right', async () => {
    const wrong: string[] = []
    for (let seed = 1; seed <= 12; seed++) {
      const invoice = await generateInvoice(seed)
      const [page] = await readDocument(invoice.pdf)
      const got = proposed(interpret(page!, { buyerOrgNumbers: seed % 2 ? [] : [invoice.buyerOrgNumber] }))
      for (const [prop, want] of Object.entries(invoice.truth)) {
        if ((got[Number(prop)] ?? null) !== want)
          wrong.push(`seed ${seed} ${invoice.layout} #${prop}: ${want} != ${got[Number(prop)]}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('answers the spec 2.13 result with the raw words as a JSON string', async () => {
    const invoice = await generateInvoice(4, { layout: 'classic' })
    const result = await analyse(invoice.pdf, { buyerOrgNumbers: [invoice.buyerOrgNumber] })
    expect(result.PageNo).toBe(1)
    expect(result.Language).toBe('no')
    const raw = JSON.parse(result.OcrRawData) as { AllWords: { Text: string }[] }
    expect(raw.AllWords.length).toBeGreaterThan(40)
    const total = result.InterpretedProperties.find((p) => p.OcrPropertyId === 6)!
    expect(total.ProposedCandidate.Value).toBe(invoice.truth[6])
    expect(total.ProposedCandidateId).toBe(total.ProposedCandidate.Id)
    expect(total.InterpretationCandidates).toContainEqual(total.ProposedCandidate)
  })

  it('answers exactly the shape common/ocr.ts declares for every client, its raw data too', async () => {
    const invoice = await generateInvoice(7, { layout: 'giro' })
    const result = await analyse(invoice.pdf)
    // Parsing keeps only declared fields: equal means every field answered is declared, and valid.
    expect(OcrAnswer.parse(result)).toEqual(result)
    const raw: unknown = JSON.parse(result.OcrRawData)
    expect(OcrRawData.parse(raw)).toEqual(raw)
    expect(result.InterpretedProperties.length).toBeGreaterThan(5)
  })
})

describe('scanned page', () => {
  it('reads an image-only PDF with Tesseract', { timeout: 180_000 }, async () => {
    const invoice = await generateInvoice(21, { layout: 'classic' })
    const scan = await scanVariant(invoice.pdf, 21, { dpi: 200, rotation: 0.8, noise: 60, format: 'png' })
    const [page] = await readDocument(scan)
    expect(page!.Source).toBe('tesseract')
    expect(page!.Words.some((w) => w.Text.includes(invoice.truth[5]!))).toBe(true)
    // Tesseract's confidence stays in the reader: the words answered have the documented shape, and the
    // words it doubted are named by their Ids, a few of a page this clean.
    for (const w of page!.Words) expect(OcrWord.strict().parse(w)).toEqual(w)
    const ids = new Set(page!.Words.map((w) => w.Id))
    expect(page!.UnsureWords!.every((id) => ids.has(id))).toBe(true)
    expect(page!.UnsureWords!.length).toBeLessThan(page!.Words.length / 4)
    const got = proposed(interpret(page!, { buyerOrgNumbers: [invoice.buyerOrgNumber] }))
    expect(got).toMatchObject({ 5: invoice.truth[5], 6: invoice.truth[6], 3: invoice.truth[3] })
  })

  it(
    "reads a fax sent as a black-and-white TIFF of 150 dpi, answering boxes in the TIFF's pixels",
    { timeout: 180_000 },
    async () => {
      // A TUNED family's fax whose org number, invoice number and dates Tesseract misses on the specked
      // 150-dpi page as it came, and reads once the specks are gone and the page is doubled (bilevel.ts).
      const family = TUNED_FAMILIES.find((f) => f.name === 'own-header-table-sv-fax')!
      const doc = await family.generate(1004)
      expect(doc.format).toBe('tiff')
      const tiff = parsePgm((await tiffToPgm(doc.bytes))!.image)!
      expect(isBilevel(tiff) && markHeight(tiff)! <= SMALL_MARKS).toBe(true)
      const analysis = await analyse(doc.bytes)
      expect([analysis.ImageWidth, analysis.ImageHeight]).toEqual([tiff.width, tiff.height])
      const raw = OcrRawData.parse(JSON.parse(analysis.OcrRawData))
      expect(raw.AllWords.length).toBeGreaterThan(30)
      for (const w of raw.AllWords) {
        expect(w.Left + w.Width).toBeLessThanOrEqual(tiff.width)
        expect(w.Top + w.Height).toBeLessThanOrEqual(tiff.height)
      }
      expect(faxFields(analysis)).toEqual(faxTruth(doc.truth.fields))
    },
  )

  it(
    'reads a fax sent as a PDF of its black-and-white page pixel for pixel, as it reads the TIFF',
    { timeout: 180_000 },
    async () => {
      // A TUNED family's fax PDF whose org number and dates Tesseract missed when its 150-dpi page was drawn
      // at 200 dpi, greys and blots where the page had black and white pixels.
      const family = TUNED_FAMILIES.find((f) => f.name === 'own-header-table-sv-fax')!
      const doc = await family.generate(1006)
      expect(doc.format).toBe('pdf')
      const pdf = await openPdf(doc.bytes, {})
      const own = (await pageScanScale(pdf, 1))!
      const page = parsePgm((await renderPage(pdf, 1, own, 'pgm')).image)!
      await pdf.destroy()
      expect(isBilevel(page) && markHeight(page)! <= SMALL_MARKS).toBe(true)
      const analysis = await analyse(doc.bytes)
      // The boxes are in the scan's own pixels.
      expect([analysis.ImageWidth, analysis.ImageHeight]).toEqual([page.width, page.height])
      const { number: _number, ...truth } = faxTruth(doc.truth.fields)
      expect(faxFields(analysis)).toMatchObject(truth)
    },
  )
})
