// What the review reads from a real OCR answer: the platform's OCR on a generated invoice PDF, turned into
// per-field proposals with alternatives and boxes on the words they were read from.
import { describe, expect, it } from 'vitest'
import { analyse } from '../../document-reader/index.ts'
import { generateHardDocument } from '../../document-reader/corpus/hard.ts'
import { demoInvoicePdf } from '../../platform/seed/demo-approvals.ts'
import { generateKid } from '../../common/norwegian.ts'
import { readOcr } from '../../renderer/src/features/review/ocr-proposals.ts'
import { shownCandidate } from '../../renderer/src/features/review/review-form.ts'

const facts = {
  supplier: 'Havbris Catering AS',
  buyer: 'Nordlys Bakeri AS',
  invoiceNumber: '71001',
  invoiceDate: '2026-02-27',
  dueDate: '2026-03-13',
  description: 'Rengjøring av bakeri',
  net: 8400,
  vat: 2100,
  kid: generateKid(4711, 10, 'mod10'),
  account: '86011117947',
}

describe('OCR proposals of the review', () => {
  it('proposes each field from the OCR answer with its box on the word it was read from', async () => {
    const answer = await analyse(await demoInvoicePdf(facts))
    const reading = readOcr(answer)
    expect(reading.pages[0]!.width).toBeGreaterThan(0)
    const number = reading.proposals.InvoiceNumber!
    expect(number.proposed!.value).toBe(facts.invoiceNumber)
    const word = reading.words.find((w) => w.text.includes(facts.invoiceNumber))!
    const box = number.proposed!.box
    // The candidate's box overlaps the word's box on the same page.
    expect(box.page).toBe(word.page)
    expect(box.left < word.left + word.width && word.left < box.left + box.width).toBe(true)
    expect(box.top < word.top + word.height && word.top < box.top + box.height).toBe(true)
    expect(reading.proposals.PaymentID!.proposed!.value).toBe(facts.kid)
    expect(reading.proposals.InvoiceDate!.proposed!.value).toBe(facts.invoiceDate)
    expect(shownCandidate('InvoiceDate', reading.proposals.InvoiceDate!.proposed!, 'nb')).toBe('27.02.2026')
    expect(shownCandidate('TaxInclusiveAmount', reading.proposals.TaxInclusiveAmount!.proposed!, 'nb')).toBe(
      '10\u00a0500,00',
    )
    expect(shownCandidate('BankAccount', reading.proposals.BankAccount!.proposed!, 'en')).toBe(
      '8601.11.17947',
    )
    // Alternatives come most probable first, the proposal among them.
    for (const proposal of Object.values(reading.proposals)) {
      const probabilities = proposal!.candidates.map((c) => c.probability)
      expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a))
      expect(proposal!.candidates).toContainEqual(proposal!.proposed)
    }
  }, 60_000)

  it('reads nothing from an answer it cannot read, rather than guessing', () => {
    expect(readOcr(null)).toEqual({ pages: [], proposals: {}, words: [], foreignSupplierId: null })
    const reading = readOcr({
      PageNo: 1,
      ImageWidth: 10,
      ImageHeight: 10,
      OcrRawData: '{not json',
      InterpretedProperties: [{ OcrPropertyId: 99 }],
    })
    expect(reading.words).toEqual([])
    expect(reading.proposals).toEqual({})
    // A foreign id whose check fails, or read unsurely, is not the supplier's.
    const foreign = (Value: string, ProbabilityFactor: number) =>
      readOcr({ ForeignSupplierIds: [{ CountryCode: 'SE', Value, Kind: 'vat', ProbabilityFactor }] })
        .foreignSupplierId
    expect(foreign('SE556036079401', 0.95)).toBeNull()
    expect(foreign('SE556036079301', 0.5)).toBeNull()
    expect(foreign('SE556036079301', 0.95)).toBe('SE556036079301')
  })

  it("carries a foreign supplier's VAT id read from the document, apart from the organisation number", async () => {
    const doc = await generateHardDocument('foreign', 8)
    const reading = readOcr(await analyse(doc.bytes))
    expect(reading.proposals.SupplierOrgNumber).toBeUndefined()
    expect(reading.foreignSupplierId).toBe(doc.truth.fields[1])
  }, 60_000)
})
