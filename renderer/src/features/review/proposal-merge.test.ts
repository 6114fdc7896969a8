import { describe, expect, it } from 'vitest'
import { makeKid, generateBankAccount, generateOrgNumber } from '@common/norwegian'
import type { FieldProposal, OcrCandidate, OcrReading, OcrWordBox } from './ocr-proposals.ts'
import { amountsOnPage, mergeField, mergeReadings, passesCheck, totalAddsUp } from './proposal-merge.ts'

let nextId = 1
function candidate(value: string, probability: number): OcrCandidate {
  const id = nextId++
  return {
    id,
    value,
    text: value,
    probability,
    box: { id: `candidate-${id}`, page: 1, left: 10, top: 10, width: 50, height: 12 },
  }
}
const proposal = (...candidates: OcrCandidate[]): FieldProposal => ({
  proposed: candidates[0] ?? null,
  candidates,
})
function word(text: string, left: number, top: number): OcrWordBox {
  return { id: `word-${nextId++}`, page: 1, text, left, top, width: 40, height: 12 }
}
const reading = (proposals: OcrReading['proposals'], words: OcrWordBox[] = []): OcrReading => ({
  pages: words.length ? [{ pageNo: 1, width: 1000, height: 1400 }] : [],
  proposals,
  words,
  foreignSupplierId: null,
})

const goodKid = makeKid('1234567', 'mod10')
const badKid = `${goodKid.slice(0, -1)}${(Number(goodKid.slice(-1)) + 1) % 10}`

describe('checks of a proposed value', () => {
  it('passes a KID, an organisation number and an account by their check digits, and fails a misread one', () => {
    expect(passesCheck('PaymentID', { value: goodKid }, [])).toBe(true)
    expect(passesCheck('PaymentID', { value: badKid }, [])).toBe(false)
    const org = generateOrgNumber(7)
    expect(passesCheck('SupplierOrgNumber', { value: org }, [])).toBe(true)
    expect(
      passesCheck('SupplierOrgNumber', { value: `${org.slice(0, 8)}${(Number(org[8]) + 1) % 10}` }, []),
    ).toBe(false)
    const account = generateBankAccount(3)
    expect(passesCheck('BankAccount', { value: account }, [])).toBe(true)
    expect(
      passesCheck('BankAccount', { value: `${account.slice(0, 10)}${(Number(account[10]) + 1) % 10}` }, []),
    ).toBe(false)
    expect(passesCheck('BankAccount', { value: 'NO9386011117947' }, [])).toBe(true)
  })

  it('passes a total only when a net amount and its VAT on the page add up to it', () => {
    const words = [
      word('Netto', 10, 100),
      word('10', 80, 100),
      word('000,00', 110, 100),
      word('2500,00', 80, 120),
    ]
    const amounts = amountsOnPage(words)
    expect(amounts).toContain(1_000_000)
    expect(totalAddsUp(1_250_000, amounts)).toBe(true)
    expect(passesCheck('TaxInclusiveAmount', { value: '12500.00' }, amounts)).toBe(true)
    expect(passesCheck('TaxInclusiveAmount', { value: '12800.00' }, amounts)).toBe(false)
    // Two amounts that add up without one being the other's VAT are no arithmetic of an invoice.
    expect(totalAddsUp(1_500_000, [1_000_000, 500_000])).toBe(false)
  })

  it('has no check for an invoice number, and fails a date that is none', () => {
    expect(passesCheck('InvoiceNumber', { value: '10023' }, [])).toBeNull()
    expect(passesCheck('InvoiceDate', { value: '2026-11-03' }, [])).toBeNull()
    expect(passesCheck('InvoiceDate', { value: '2026-13-45' }, [])).toBe(false)
  })
})

describe('the better of two proposals per field', () => {
  it('proposes the value that passes its check over a more probable one that fails', () => {
    const platform = proposal(candidate(badKid, 0.95))
    const local = proposal(candidate(goodKid, 0.6))
    const merged = mergeField('PaymentID', platform, local, [])!
    expect(merged.proposed?.value).toBe(goodKid)
    expect(merged.proposed?.source).toBe('local')
    expect(merged.candidates.map((c) => [c.value, c.source])).toEqual([
      [goodKid, 'local'],
      [badKid, 'platform'],
    ])
    // And the other way round: the platform's value wins when it is the one that passes.
    const back = mergeField(
      'PaymentID',
      proposal(candidate(goodKid, 0.4)),
      proposal(candidate(badKid, 0.99)),
      [],
    )!
    expect(back.proposed).toMatchObject({ value: goodKid, source: 'platform' })
  })

  it('proposes the total the arithmetic agrees with', () => {
    const amounts = [1_000_000, 250_000]
    const merged = mergeField(
      'TaxInclusiveAmount',
      proposal(candidate('12800.00', 0.9)),
      proposal(candidate('12500.00', 0.5)),
      amounts,
    )!
    expect(merged.proposed).toMatchObject({ value: '12500.00', source: 'local' })
  })

  it('proposes the more probable of two plausible values and keeps the other as an alternative', () => {
    const merged = mergeField(
      'InvoiceNumber',
      proposal(candidate('10023', 0.55)),
      proposal(candidate('10028', 0.8)),
      [],
    )!
    expect(merged.proposed).toMatchObject({ value: '10028', source: 'local' })
    expect(merged.candidates.map((c) => c.value)).toEqual(['10028', '10023'])
    const other = mergeField(
      'InvoiceNumber',
      proposal(candidate('10023', 0.9)),
      proposal(candidate('10028', 0.8)),
      [],
    )!
    expect(other.proposed).toMatchObject({ value: '10023', source: 'platform' })
  })

  it('keeps the platform value when both read the same, listed once', () => {
    const merged = mergeField(
      'InvoiceNumber',
      proposal(candidate('A-7', 0.5)),
      proposal(candidate('A7', 0.9)),
      [],
    )!
    expect(merged.proposed).toMatchObject({ value: 'A-7', source: 'platform' })
    expect(merged.candidates).toHaveLength(1)
  })

  it('fills a field the platform did not answer from the local reading, with its own box id', () => {
    const local = proposal(candidate('2026-11-03', 0.7))
    const merged = mergeField('InvoiceDate', undefined, local, [])!
    expect(merged.proposed?.source).toBe('local')
    expect(merged.proposed?.box.id).toBe(`local-${local.proposed!.box.id}`)
    // Without a local reading the platform's proposal is the field's, unchanged.
    const platformOnly = proposal(candidate('2026-11-03', 0.7))
    expect(mergeField('InvoiceDate', platformOnly, undefined, [])).toBe(platformOnly)
  })

  it('takes the local words and pages when the platform answered none', () => {
    const words = [word('Faktura', 10, 10)]
    const merged = mergeReadings(
      reading({}),
      reading({ InvoiceNumber: proposal(candidate('55', 0.8)) }, words),
    )
    expect(merged.words).toEqual(words)
    expect(merged.pages).toHaveLength(1)
    expect(merged.proposals.InvoiceNumber?.proposed?.source).toBe('local')
    const platformOnly = reading({ InvoiceNumber: proposal(candidate('56', 0.8)) }, [word('x', 1, 1)])
    expect(mergeReadings(platformOnly, null)).toBe(platformOnly)
  })
})
