// A structured invoice's lines as cost-line proposals: the VAT category and rate of each line mapped to the
// company's purchase VAT code (SAF-T), never a wrong one, and the amounts including VAT adding up to the
// invoice's total to the øre. The company's VAT types are the demo office's (platform/seed/demo-ledger.ts).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseEInvoice, type EInvoice } from '../../../common/einvoice/index.ts'
import {
  companyVatType,
  purchaseVatCode,
  type PurchaseVatType,
} from '../../../common/einvoice/purchase-vat.ts'
import { toOre } from '../../../common/money.ts'
import { DEMO_VAT_TYPES } from '../../../platform/seed/demo-ledger.ts'
import { structuredLines } from '../../../renderer/src/features/review/logic/structured-lines.ts'
import { makeUbl } from '../../support/einvoice-files.ts'

const vatTypes: PurchaseVatType[] = DEMO_VAT_TYPES.map((v, i) => ({
  ID: 100 + i,
  Name: v.name,
  VatCode: v.vatCode,
  VatPercent: v.percent,
  OutputVat: v.outputVat,
  ReversedTaxDutyVat: 'reversed' in v && v.reversed === true,
  IncomingAccountID: 'incoming' in v ? (v.incoming ?? null) : null,
  OutgoingAccountID: 'outgoing' in v ? (v.outgoing ?? null) : null,
}))
const codeOf = (id: number | null) => vatTypes.find((v) => v.ID === id)?.VatCode ?? null

const norwegian: EInvoice['supplier'] = {
  name: 'Fjordkontor Rekvisita AS',
  orgNumber: '923609016',
  registrationId: '923609016',
  registrationScheme: '0192',
  vatId: 'NO923609016MVA',
  country: 'NO',
  address: [],
}
const swedish: EInvoice['supplier'] = {
  ...norwegian,
  name: 'Molnvärd AB',
  orgNumber: null,
  registrationId: '5566778899',
  registrationScheme: '0007',
  vatId: 'SE556677889901',
  country: 'SE',
}

const fixture = (name: string) =>
  parseEInvoice(readFileSync(new URL(`../../fixtures/einvoice/peppol-bis-3/${name}`, import.meta.url)))
const sum = (lines: { amount: number }[]) => lines.reduce((s, l) => s + l.amount, 0)

describe('the purchase VAT code of a structured invoice line', () => {
  it('maps a Norwegian supplier’s standard rates to input VAT high, medium and low (1, 11, 13)', () => {
    expect(purchaseVatCode('S', 25, norwegian)).toEqual({ code: '1' })
    expect(purchaseVatCode('S', 15, norwegian)).toEqual({ code: '11' })
    expect(purchaseVatCode('S', 12, norwegian)).toEqual({ code: '13' })
    expect(purchaseVatCode('s', 25, norwegian)).toEqual({ code: '1' })
  })

  it('maps zero-rated, exempt and out-of-scope lines of a Norwegian supplier to no VAT treatment (0)', () => {
    for (const category of ['Z', 'E', 'O'])
      expect(purchaseVatCode(category, 0, norwegian)).toEqual({ code: '0' })
  })

  it('maps reverse charge to services bought abroad (86), or domestic reverse charge (91) from a Norwegian supplier', () => {
    expect(purchaseVatCode('AE', 0, swedish)).toEqual({ code: '86' })
    expect(purchaseVatCode('AE', 0, norwegian)).toEqual({ code: '91' })
  })

  it('leaves the code empty, saying why, where a code would be a guess', () => {
    expect(purchaseVatCode('S', 19, norwegian)).toEqual({ code: null, gap: 'rate' })
    // Swedish VAT at 25 % is no Norwegian input VAT, though the rate matches.
    expect(purchaseVatCode('S', 25, swedish)).toEqual({ code: null, gap: 'foreignVat' })
    expect(purchaseVatCode('E', 0, swedish)).toEqual({ code: null, gap: 'foreignNoVat' })
    expect(purchaseVatCode('Z', 12, norwegian)).toEqual({ code: null, gap: 'rate' })
    for (const category of ['K', 'G', 'L', 'M', 'B', null])
      expect(purchaseVatCode(category, 0, norwegian)).toEqual({ code: null, gap: 'category' })
  })

  it('finds the company’s VAT type for the code only when its kind and rate match the line', () => {
    const found = companyVatType({ code: '1' }, 25, vatTypes, '2026-03-02')
    expect(found.vatType?.VatCode).toBe('1')
    expect(companyVatType({ code: '86' }, 0, vatTypes, '2026-03-02').vatType?.VatCode).toBe('86')
    // The demo office has no domestic reverse charge type (91).
    expect(companyVatType({ code: '91' }, 0, vatTypes, '2026-03-02')).toEqual({
      vatType: null,
      gap: 'notInCompany',
    })
    // A company whose code 1 has another rate on the date is not given it.
    const changed = vatTypes.map((v) => (v.VatCode === '1' ? { ...v, VatPercent: 24 } : v))
    expect(companyVatType({ code: '1' }, 25, changed, '2026-03-02')).toEqual({
      vatType: null,
      gap: 'notInCompany',
    })
  })
})

describe('a structured invoice’s lines as cost lines', () => {
  it('gives each line of a Norwegian EHF invoice its VAT code and its amount including VAT, adding up to the total', async () => {
    const invoice = parseEInvoice(await makeUbl())
    const lines = structuredLines(invoice, vatTypes, invoice.issueDate)
    expect(lines.map((l) => [l.description, codeOf(l.vatTypeId), l.amount, l.gap])).toEqual([
      ['Kopipapir A4, eske', '1', 150_000, null],
      // 566.67 + 15 % = 651.67 (85.00 VAT rounded from 85.0005).
      ['Kaffe og frukt, møte', '11', 65_167, null],
    ])
    expect(sum(lines)).toBe(toOre(invoice.totals.total))
  })

  it('turns a credit note’s lines negative and keeps the rounding to the øre of its VAT breakdown', async () => {
    const invoice = parseEInvoice(await makeUbl({ credit: true }))
    const lines = structuredLines(invoice, vatTypes, invoice.issueDate)
    expect(lines.every((l) => l.amount < 0)).toBe(true)
    expect(sum(lines)).toBe(toOre(invoice.totals.total))
  })

  it('proposes document allowances and charges as lines of their own, and a foreign supplier’s VAT as a gap', () => {
    const invoice = fixture('Allowance-example.xml')
    const lines = structuredLines(invoice, vatTypes, invoice.issueDate)
    expect(lines.map((l) => [l.description, l.amount, l.gap])).toEqual([
      ['item name', 500_000, 'foreignVat'],
      ['item name', 100_000, 'foreignNoVat'],
      ['item name', 112_500, 'foreignVat'],
      ['Cleaning', 25_000, 'foreignVat'],
      ['Discount', -25_000, 'foreignVat'],
    ])
    expect(lines.every((l) => l.vatTypeId === null)).toBe(true)
    // Before the prepaid 1000.00: what the supplier charged.
    expect(sum(lines)).toBe(toOre(invoice.totals.total))
  })

  it('adds a credit note’s lines up to its negative total', () => {
    const invoice = fixture('base-creditnote-correction.xml')
    const lines = structuredLines(invoice, vatTypes, invoice.issueDate)
    expect(lines).toHaveLength(3)
    expect(sum(lines)).toBe(toOre(invoice.totals.total))
  })
})
