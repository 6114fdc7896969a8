// An invoice number Tesseract doubted is read again, cut out of the page at other sizes (number-reread.ts): taken
// as every reading reads it, else left doubtful and not proposed.
import { afterAll, describe, expect, it } from 'vitest'
import { printedLine } from '../test/support/printed-line.ts'
import { OcrPropertyId } from '../common/ocr.ts'
import { TUNED_FAMILIES } from './corpus/families.ts'
import { analyse, closeOcr } from './index.ts'
import { interpretInvoice } from './interpret.ts'
import { readingOf, withInvoiceNumberReadAgain } from './number-reread.ts'
import { toPgm } from './orient.ts'
import { tesseractWords } from './tesseract.ts'
import type { OcrPageResult } from './types.ts'

afterAll(async () => {
  await closeOcr()
})

const printed = (line: string) => printedLine(line, 900)

const numberOf = (analysis: Awaited<ReturnType<typeof analyse>>) =>
  analysis.InterpretedProperties.find((p) => p.OcrPropertyId === OcrPropertyId.InvoiceNumber)
    ?.ProposedCandidate.Value

describe('an invoice number read again', () => {
  it(
    'is taken as every reading reads it where the first reading doubted it',
    { timeout: 60_000 },
    async () => {
      const image = await printed('Fakturanummer 2026/203889')
      const read = await tesseractWords(toPgm(image))
      const number = read.find((w) => w.Text === '2026/203889')!
      expect(number).toBeDefined()
      // The first reading as a fax reads it: the slash read as a 1, and doubted.
      const first = read.map((w) => (w === number ? { ...w, Text: '20261203889', Confidence: 12 } : w))
      const again = await withInvoiceNumberReadAgain(image, first, { ...number, Value: '20261203889' })
      const taken = again.find((w) => w.Text.startsWith('2026'))!
      expect(taken.Text).toBe('2026/203889')
      // In the page's pixels, where the number is printed.
      expect(Math.abs(taken.Left - number.Left)).toBeLessThan(5)
      expect(Math.abs(taken.Top - number.Top)).toBeLessThan(5)
      expect(taken.Confidence).toBeGreaterThanOrEqual(50)
      expect(again.map((w) => w.Text)).toEqual(read.map((w) => w.Text))
    },
  )

  it('is left as it was read where Tesseract read it sure', async () => {
    const image = await printed('Fakturanummer 2026/203889')
    const sure = [
      { Text: 'Fakturanummer', Left: 30, Top: 30, Width: 230, Height: 30, Confidence: 95 },
      { Text: '20261203889', Left: 280, Top: 30, Width: 180, Height: 30, Confidence: 91 },
    ]
    // Not read again: the page's print would say otherwise.
    expect(await withInvoiceNumberReadAgain(image, sure, { ...sure[1]!, Value: '20261203889' })).toBe(sure)
  })
})

describe('readingOf', () => {
  it('finds the number in a reading of its print, a label read with it glued or apart', () => {
    expect(readingOf('RgNr:AR1316347', 'AR1316347')).toBe('AR1316347')
    expect(readingOf('RaNr:AR1313445', 'AR1313445')).toBe('AR1313445')
    expect(readingOf('2026/203889', '20261203889')).toBe('2026/203889')
    expect(readingOf('240521-02-20015', '240521-62-20015')).toBe('240521-02-20015')
    // Not a number at all, or too far from the first reading.
    expect(readingOf('Rechnung', 'AR1313445')).toBeNull()
    expect(readingOf('4711', '20261203889')).toBeNull()
  })
})

describe('a doubted invoice number', () => {
  const page = (unsure: number[]): OcrPageResult => ({
    PageNo: 1,
    ImageWidth: 1200,
    ImageHeight: 1600,
    Source: 'tesseract',
    Words: [
      { Id: 1, PageNo: 1, Text: 'Fakturanr.', Left: 100, Top: 100, Width: 150, Height: 24 },
      { Id: 2, PageNo: 1, Text: '20261203889', Left: 270, Top: 100, Width: 170, Height: 24 },
      { Id: 3, PageNo: 1, Text: 'Fakturadato', Left: 100, Top: 140, Width: 160, Height: 24 },
      { Id: 4, PageNo: 1, Text: '21.11.2026', Left: 270, Top: 140, Width: 150, Height: 24 },
    ],
    UnsureWords: unsure,
  })
  const number = (p: OcrPageResult) =>
    interpretInvoice([p]).properties.find((x) => x.OcrPropertyId === OcrPropertyId.InvoiceNumber)
      ?.ProposedCandidate.Value

  it('is not proposed from a scan; the same number read sure is', () => {
    expect(number(page([]))).toBe('20261203889')
    expect(number(page([2]))).toBeUndefined()
    // The date beside it stays.
    expect(
      interpretInvoice([page([2])]).properties.find((x) => x.OcrPropertyId === OcrPropertyId.InvoiceDate)
        ?.ProposedCandidate.Value,
    ).toBe('2026-11-21')
  })
})

describe('faxes whose invoice number Tesseract doubted', () => {
  it(
    'read the number right where the readings agree, and propose none where only one reading finds it',
    { timeout: 180_000 },
    async () => {
      const family = (name: string) => TUNED_FAMILIES.find((f) => f.name === name)!
      // `2026/203889`, read `20261203889` and doubted; read again alike at every size.
      const agreed = await family('own-label-above-nb-fax').generate(1005)
      expect(agreed.truth.fields[OcrPropertyId.InvoiceNumber]).toBe('2026/203889')
      expect(numberOf(await analyse(agreed.bytes))).toBe('2026/203889')
      // `INV-351190`, doubted; read again, one size finds nothing, one `INV:351190` (no invoice number), one
      // `TINV-351160`: one reading is no agreement, and the number is not proposed.
      const alone = await family('own-beside-de-fax').generate(1007)
      expect(alone.truth.fields[OcrPropertyId.InvoiceNumber]).toBe('INV-351190')
      const analysis = await analyse(alone.bytes)
      expect(numberOf(analysis)).toBeUndefined()
      const date = analysis.InterpretedProperties.find((p) => p.OcrPropertyId === OcrPropertyId.InvoiceDate)
      expect(date?.ProposedCandidate.Value).toBe(alone.truth.fields[OcrPropertyId.InvoiceDate])
    },
  )
})
