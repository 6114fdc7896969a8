// A scanned page's other reading (the scanner's own OCR layer): a field Tesseract's reading lacks is taken
// from it where Tesseract's words read the same characters, and nowhere else.
import { describe, expect, it } from 'vitest'
import { OcrPropertyId as P } from '../common/ocr.ts'
import { interpretInvoice } from './interpret.ts'
import { changedPhrases, phrasePage } from './phrase-page.ts'
import type { OcrPageResult } from './types.ts'

type Phrases = [number, number, string][]

/** A page Tesseract read as `tesseract`, the scanner's layer reading it as `scanner`. */
function scannedPage(tesseract: Phrases, scanner: Phrases): OcrPageResult {
  return { ...phrasePage(tesseract, 'tesseract'), OtherReading: phrasePage(scanner, 'tesseract').Words }
}

function read(page: OcrPageResult) {
  const { properties, foreignSupplierIds } = interpretInvoice([page])
  return {
    values: Object.fromEntries(properties.map((p) => [p.OcrPropertyId, p.ProposedCandidate.Value])),
    properties,
    foreign: foreignSupplierIds.map((f) => f.Value),
  }
}

// A Croatian hotel bill: Tesseract read the number but garbled its label; the scanner's layer read both.
const tesseractBill: Phrases = [
  [100, 100, 'Raéun br. 891-001010-1'],
  [100, 160, 'Datum računa: 29.08.2021'],
  [100, 700, 'Ukupno za naplatu'],
  [900, 700, '1.232,74'],
]
const scannerBill: Phrases = [
  [100, 100, 'Račun br. 891-001010-1'],
  [100, 160, 'Datum računa: 29.08.2021'],
  [100, 700, 'Ukupno za naplatu'],
  [900, 700, '1.232,74'],
]

describe("a scanned page's other reading", () => {
  it("takes a field Tesseract's reading lacks where Tesseract read the same characters", () => {
    expect(read(phrasePage(tesseractBill, 'tesseract')).values[P.InvoiceNumber]).toBeUndefined()
    const { values, properties } = read(scannedPage(tesseractBill, scannerBill))
    expect(values[P.InvoiceNumber]).toBe('891-001010-1')
    expect(values[P.InvoiceDate]).toBe('2021-08-29')
    expect(values[P.TotalAmount]).toBe('1232.74')
    const number = properties.find((p) => p.OcrPropertyId === P.InvoiceNumber)!
    // One candidate, boxed where the layer read it; no word of the answer's reading is claimed for it.
    expect(number.InterpretationCandidates).toHaveLength(1)
    expect(number.ProposedCandidate).toMatchObject({ HitWordId: 0, Left: 184, Top: 100 })
    // Candidate ids stay unique across the properties.
    const ids = properties.flatMap((p) => p.InterpretationCandidates.map((c) => c.Id))
    expect(new Set(ids).size).toBe(ids.length)
    // Properties keep the order of the property ids.
    const order = Object.values(P) as number[]
    const got = properties.map((p) => order.indexOf(p.OcrPropertyId))
    expect(got).toEqual([...got].sort((a, b) => a - b))
  })

  it('takes nothing the scanner alone read: digits Tesseract read otherwise, or not at all', () => {
    const otherDigits = changedPhrases(tesseractBill, '891-001010-1', '891-001016-1')
    expect(read(scannedPage(otherDigits, scannerBill)).values[P.InvoiceNumber]).toBeUndefined()
    // Part of a word is not the word: `891-001010-12` does not print `891-001010-1`.
    const longer = changedPhrases(tesseractBill, '891-001010-1', '891-001010-12')
    expect(read(scannedPage(longer, scannerBill)).values[P.InvoiceNumber]).toBeUndefined()
    // A total only the scanner's layer prints (a hotel bill's `60.00` where Tesseract read `1871.00`).
    const noTotal: Phrases = [[100, 100, 'Invoice 3854615']]
    const scannerTotal: Phrases = [
      [100, 100, 'Invoice 3854615'],
      [100, 700, 'Total'],
      [900, 700, '60.00'],
    ]
    expect(read(scannedPage(noTotal, scannerTotal)).values[P.TotalAmount]).toBeUndefined()
  })

  it("keeps every value Tesseract's reading has, however the scanner read it", () => {
    const scannerOtherwise = changedPhrases(
      changedPhrases(scannerBill, '29.08.2021', '28.08.2021'),
      '1.232,74',
      '1.282,74',
    )
    const { values } = read(scannedPage(tesseractBill, [...scannerOtherwise, [100, 800, '28.08.2021']]))
    expect(values[P.InvoiceDate]).toBe('2021-08-29')
    expect(values[P.TotalAmount]).toBe('1232.74')
  })

  it('takes the seller VAT id where Tesseract found none and read its characters', () => {
    // Tesseract split the id's country code (`D E297308020`) and found no id; the scanner read it whole.
    const scanner: Phrases = [[100, 100, 'USt-IdNr.: DE297308020']]
    const split: Phrases = [[100, 100, 'USt-IdNr.: D E297308020']]
    expect(read(phrasePage(split, 'tesseract')).foreign).toEqual([])
    expect(read(scannedPage(split, scanner)).foreign).toEqual(['DE297308020'])
    // A letter read otherwise (`DF`) is another reading of the id: nothing is taken.
    const misread: Phrases = [[100, 100, 'UStldNr DF 297308020']]
    expect(read(phrasePage(misread, 'tesseract')).foreign).toEqual([])
    expect(read(scannedPage(misread, scanner)).foreign).toEqual([])
    // Beside a Norwegian organisation number Tesseract's reading proposes, no foreign id is added.
    const norwegian: Phrases = [[100, 300, 'Org.nr. 923 609 016 MVA']]
    const both = read(scannedPage([...split, ...norwegian], [...scanner, ...norwegian]))
    expect(both.values[P.OfficialNumber]).toBe('923609016')
    expect(both.foreign).toEqual([])
  })
})
