// The harder corpus read whole: several pages with PageNo on candidates, pages turned by /Rotate or in the
// scan, and a sample of every text kind with each core property right.
import { afterAll, describe, expect, it } from 'vitest'
import { degrees, PDFDocument } from 'pdf-lib'
import { CORE_PROPERTIES, generateHardDocument, type HardKind } from './corpus/hard.ts'
import { analyse, closeOcr, pagesToRead, readDocument } from './index.ts'
import { linesRunVertically, parsePgm, rotateQuarter, uprightness } from './orient.ts'
import { tiffToPgm } from './image.ts'
import { openPdf, renderPage } from './pdf.ts'

afterAll(async () => {
  await closeOcr()
})

// A foreign supplier's VAT id is the truth's official number; the answer carries it apart from property 1
// (the Norwegian organisation number), with its country.
const core = (result: Awaited<ReturnType<typeof analyse>>) =>
  Object.fromEntries(
    CORE_PROPERTIES.map((id) => [
      id,
      result.InterpretedProperties.find((p) => p.OcrPropertyId === id)?.ProposedCandidate.Value ??
        (id === 1 ? result.ForeignSupplierIds?.[0]?.Value : null) ??
        null,
    ]),
  )

describe('several pages', () => {
  it('bounds the pages read to the first and last three', () => {
    expect(pagesToRead(2)).toEqual([1, 2])
    expect(pagesToRead(6)).toEqual([1, 2, 3, 4, 5, 6])
    expect(pagesToRead(10)).toEqual([1, 2, 3, 8, 9, 10])
  })

  it('reads the whole document and says on which page each value is', async () => {
    const doc = await generateHardDocument('multipage', 1001)
    expect(doc.pages).toBeGreaterThan(1)
    const result = await analyse(doc.bytes, { buyerOrgNumbers: [doc.buyerOrgNumber] })
    expect(result.PagesRead).toEqual(pagesToRead(doc.pages))
    expect(core(result)).toEqual(doc.truth.fields)
    const total = result.InterpretedProperties.find((p) => p.OcrPropertyId === 6)!.ProposedCandidate
    const number = result.InterpretedProperties.find((p) => p.OcrPropertyId === 5)!.ProposedCandidate
    expect(total.PageNo).toBe(doc.pages)
    expect(number.PageNo).toBe(1)
    // Asked for page 1 alone, the total on the last page is not there to be found.
    const first = await analyse(doc.bytes, { pageNo: 1 })
    expect(first.PagesRead).toEqual([1])
    expect(first.InterpretedProperties.find((p) => p.OcrPropertyId === 6)?.ProposedCandidate.Value).not.toBe(
      doc.truth.fields[6],
    )
  })
})

describe('orientation', () => {
  it('reads a text PDF turned by /Rotate upright, in the turned page image', async () => {
    const doc = await generateHardDocument('table', 1003)
    const pdf = await PDFDocument.load(doc.bytes)
    pdf.getPage(0).setRotation(degrees(90))
    const turned = await pdf.save()
    const [page] = await readDocument(turned)
    const [plain] = await readDocument(doc.bytes)
    // The words are the same and in the same reading order, boxes in the upright page.
    expect(page!.Words.map((w) => w.Text)).toEqual(plain!.Words.map((w) => w.Text))
    expect(page!.ImageWidth).toBe(plain!.ImageWidth)
    expect(core(await analyse(turned, { buyerOrgNumbers: [doc.buyerOrgNumber] }))).toEqual(doc.truth.fields)
  })

  it('tells a page whose lines run vertically from an upright one', async () => {
    const doc = await generateHardDocument('slip', 1002)
    const pdf = await openPdf(doc.bytes)
    const grey = parsePgm((await renderPage(pdf, 1, 100 / 72, 'pgm')).image)!
    await pdf.destroy()
    expect(linesRunVertically(grey)).toBe(false)
    expect(linesRunVertically(rotateQuarter(grey, 1))).toBe(true)
    expect(linesRunVertically(rotateQuarter(grey, 3))).toBe(true)
    expect(linesRunVertically(rotateQuarter(grey, 2))).toBe(false)
    // Four quarter turns give the same image back.
    const round = rotateQuarter(rotateQuarter(rotateQuarter(rotateQuarter(grey, 1), 1), 1), 1)
    expect(Buffer.compare(Buffer.from(round.data), Buffer.from(grey.data))).toBe(0)
  })

  it('tells an upside-down page from an upright one by the shape of its lines, before any reading', async () => {
    for (const [kind, seed] of [
      ['slip', 1002],
      ['fax', 1004],
      ['credit', 1001],
    ] as const) {
      const doc = await generateHardDocument(kind, seed)
      // A fax comes as a TIFF or an image-only PDF: the upright page is rendered from either at 200 dpi.
      const grey =
        doc.format === 'tiff'
          ? parsePgm((await tiffToPgm(doc.bytes))!.image)!
          : await (async () => {
              const pdf = await openPdf(doc.bytes)
              const page = parsePgm((await renderPage(pdf, 1, undefined, 'pgm')).image)!
              await pdf.destroy()
              return page
            })()
      expect(uprightness(grey), `${kind} ${seed}`).toBe('upright')
      expect(uprightness(rotateQuarter(grey, 2)), `${kind} ${seed} turned`).toBe('upside-down')
    }
    // A blank page says nothing.
    expect(uprightness({ width: 400, height: 600, data: new Uint8Array(400 * 600).fill(255) })).toBe('unsure')
  })

  it('reads a scan turned a quarter upright', { timeout: 240_000 }, async () => {
    // Seed 1001 of the rotated kind is a scan turned 90 degrees.
    const doc = await generateHardDocument('rotated', 1001)
    expect(doc.variant).toMatch(/scan-(90|270)/)
    const result = await analyse(doc.bytes, { buyerOrgNumbers: [doc.buyerOrgNumber] })
    const got = core(result)
    expect(got[5]).toBe(doc.truth.fields[5])
    expect(got[6]).toBe(doc.truth.fields[6])
    // The answer describes the upright (landscape-turned-portrait) page.
    expect(result.ImageHeight).toBeGreaterThan(result.ImageWidth)
  })
})

describe('every text kind of the harder corpus', () => {
  const kinds: HardKind[] = ['multipage', 'table', 'slip', 'wording', 'distractors', 'credit', 'foreign']
  it.each(kinds)('%s: two documents with every core property right', async (kind) => {
    for (const seed of [7, 8]) {
      const doc = await generateHardDocument(kind, seed)
      const result = await analyse(doc.bytes, {
        buyerOrgNumbers: [doc.buyerOrgNumber],
        buyerBankAccounts: [doc.buyerBankAccount],
      })
      expect(core(result), `${kind} ${seed} ${doc.variant}`).toEqual(doc.truth.fields)
      if (kind === 'foreign') {
        expect(result.InterpretedProperties.find((p) => p.OcrPropertyId === 1)).toBeUndefined()
        expect(result.ForeignSupplierIds?.[0]?.CountryCode).toBe(doc.truth.fields[1]!.slice(0, 2))
      }
    }
  })
})
