// The scan station reads an OCR-proposed IBAN with the one IBAN check (common/iban.ts): as printed, with
// spaces, dots or dashes; a draft keeps a Norwegian IBAN whose account passes MOD11, and nothing that fails.
import { describe, expect, it } from 'vitest'
import { readFields } from './read-fields.ts'

const ocrIban = (value: string) =>
  readFields({ InterpretedProperties: [{ OcrPropertyId: 2, ProposedCandidate: { Value: value } }] })

describe('an IBAN read by OCR', () => {
  it('is kept as printed with dots or dashes, with its account', () => {
    expect(ocrIban('NO93 8601.11.17947')).toMatchObject({
      iban: 'NO9386011117947',
      bankAccount: '86011117947',
    })
    expect(ocrIban('NO93-8601-1117-947')).toMatchObject({
      iban: 'NO9386011117947',
      bankAccount: '86011117947',
    })
  })

  it('is dropped when its check pair, length or characters fail', () => {
    for (const value of ['NO94 8601 1117 947', 'NO93 8601 1117 94', 'NO93 8601 1117 94X'])
      expect(ocrIban(value), value).toMatchObject({ iban: null, bankAccount: null })
  })
})

describe("a foreign supplier's id read by OCR", () => {
  const foreign = (Value: string, ProbabilityFactor: number, org?: string) =>
    readFields({
      InterpretedProperties: org ? [{ OcrPropertyId: 1, ProposedCandidate: { Value: org } }] : [],
      ForeignSupplierIds: [{ CountryCode: Value.slice(0, 2), Value, Kind: 'vat', ProbabilityFactor }],
    })

  it('is the supplier number, with its country, when no Norwegian one was read', () => {
    expect(foreign('SE556036079301', 0.9)).toMatchObject({
      orgNumber: 'SE556036079301',
      supplierCountry: 'SE',
    })
  })

  it('is left out when unsure, when its check fails, or when a Norwegian number was read', () => {
    expect(foreign('SE556036079301', 0.5)).toMatchObject({ orgNumber: null, supplierCountry: null })
    expect(foreign('SE556036079401', 0.9)).toMatchObject({ orgNumber: null, supplierCountry: null })
    expect(foreign('SE556036079301', 0.9, '924956488')).toMatchObject({
      orgNumber: '924956488',
      supplierCountry: null,
    })
  })
})
