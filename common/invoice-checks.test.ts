import { describe, expect, it } from 'vitest'
import { checkCostLines, checkInvoiceFields, checkInvoiceTotal, costLineFigures } from './invoice-checks.ts'
import type { VatTypeRule } from './vat.ts'

const code = (result: { code: string } | null) => result?.code ?? null

describe('the invoice total', () => {
  it('reads the total as every amount is read', () => {
    expect(checkInvoiceTotal('kr 18 419,-')).toBeNull()
    expect(checkInvoiceTotal('18 419,- kr')).toBeNull()
    expect(checkInvoiceTotal('')).toBeNull()
    expect(code(checkInvoiceTotal('tolv kroner'))).toBe('amountFormat')
  })

  it('warns, without refusing, about a total of zero or less', () => {
    expect(checkInvoiceTotal('0,00')).toEqual({
      level: 'warning',
      code: 'amountNotPositive',
      params: { amount: '0,00' },
    })
    expect(checkInvoiceTotal('-250')).toMatchObject({ level: 'warning', params: { amount: '-250,00' } })
    expect(checkInvoiceTotal('(250,00)')).toMatchObject({ level: 'warning', params: { amount: '-250,00' } })
  })
})

const vat = (ID: number, VatPercent: number, extra: Partial<VatTypeRule> = {}): [number, VatTypeRule] => [
  ID,
  {
    ID,
    Name: `${VatPercent}%`,
    VatPercent,
    OutputVat: false,
    ReversedTaxDutyVat: false,
    IncomingAccountID: 2710,
    OutgoingAccountID: 2700,
    ...extra,
  },
]
const vatTypes = new Map([
  vat(1, 25),
  vat(11, 15),
  vat(13, 12),
  vat(0, 0),
  vat(86, 25, { ReversedTaxDutyVat: true }),
  vat(99, 25, { VatPercentages: [{ VatPercent: 24, ValidFrom: '2027-01-01', ValidTo: null }] }),
])

describe('cost lines against the total', () => {
  it('accepts gross lines that add up to the total to the øre, and splits out their VAT', () => {
    const lines = [
      { amount: 1250000, VatTypeID: 1 },
      { amount: 57500, VatTypeID: 11 },
      { amount: 10000, VatTypeID: null },
    ]
    expect(checkCostLines('13 175,00', lines, vatTypes, '2026-03-01')).toBeNull()
    const figures = costLineFigures(lines, vatTypes, '2026-03-01')
    expect(figures.lines.map((l) => l.vat)).toEqual([250000, 7500, 0])
    expect(figures).toMatchObject({ net: 1060000, vat: 257500, gross: 1317500, problems: [] })
  })

  it('refuses a total one øre away and says the difference', () => {
    const lines = [{ amount: 1250000, VatTypeID: 1 }]
    expect(checkCostLines(12500.01, lines, vatTypes, '2026-03-01')).toEqual({
      level: 'error',
      code: 'costLinesMismatch',
      params: { total: '12\u00a0500,01', sum: '12\u00a0500,00', difference: '0,01' },
    })
  })

  it('adds VAT on top of net lines, rounded half away from zero per line', () => {
    // 0,02 * 25% = 0,005 -> 0,01; 3 lines: 0,06 net + 0,03 VAT = 0,09.
    const lines = [1, 2, 3].map(() => ({ amount: 2, VatTypeID: 1 }))
    const figures = costLineFigures(lines, vatTypes, '2026-03-01', 'net')
    expect(figures).toMatchObject({ net: 6, vat: 3, gross: 9 })
    expect(checkCostLines('0,09', lines, vatTypes, '2026-03-01', 'net')).toBeNull()
    expect(code(checkCostLines('0,08', lines, vatTypes, '2026-03-01', 'net'))).toBe('costLinesMismatch')
  })

  it('counts no VAT on reverse-charge lines: the supplier abroad does not charge it', () => {
    const lines = [{ amount: 100000, VatTypeID: 86 }]
    expect(checkCostLines(1000, lines, vatTypes, '2026-03-01', 'net')).toBeNull()
    expect(costLineFigures(lines, vatTypes, '2026-03-01', 'net').vat).toBe(0)
  })

  it('uses the VAT rate valid on the invoice date', () => {
    const lines = [{ amount: 10000, VatTypeID: 99 }]
    expect(costLineFigures(lines, vatTypes, '2026-12-31', 'net').vat).toBe(2500)
    expect(costLineFigures(lines, vatTypes, '2027-01-01', 'net').vat).toBe(2400)
  })

  it('names the line without an amount or with an unknown VAT code', () => {
    expect(checkCostLines(100, [{ amount: 10000 }, { amount: null }], vatTypes, '2026-03-01')).toMatchObject({
      code: 'costLineAmount',
      params: { line: 2 },
    })
    expect(checkCostLines(100, [{ amount: 10000, VatTypeID: 42 }], vatTypes, '2026-03-01')).toMatchObject({
      code: 'costLineVatType',
      params: { line: 1 },
    })
  })

  it('has nothing to compare without lines or without a total', () => {
    expect(checkCostLines(100, [], vatTypes, '2026-03-01')).toBeNull()
    expect(checkCostLines(null, [{ amount: 1 }], vatTypes, '2026-03-01')).toBeNull()
  })
})

describe('all fields at once', () => {
  it('reports each field with its finding and leaves valid fields out', () => {
    const found = checkInvoiceFields({
      SupplierOrgNumber: 'NO 995 525 828 MVA',
      BankAccount: '8601.11.17948',
      PaymentID: '79927398710',
      InvoiceDate: '29.02.2024',
      PaymentDueDate: '28.02.2024',
      TaxInclusiveAmount: 'kr 18 419,-',
    })
    expect(Object.keys(found).sort()).toEqual(['BankAccount', 'PaymentDueDate', 'PaymentID'])
    expect(found.PaymentDueDate?.code).toBe('dueBeforeInvoiceDate')
  })

  it('reads a date without a year in the reference year, and checks the due date against it', () => {
    expect(checkInvoiceFields({ InvoiceDate: '15.03', PaymentDueDate: '14.03' }, '2026-01-10')).toEqual({
      PaymentDueDate: {
        level: 'error',
        code: 'dueBeforeInvoiceDate',
        params: { invoiceDate: '2026-03-15', dueDate: '2026-03-14' },
      },
    })
  })

  it('asks for the format of a field that is no date, and names a day the calendar lacks', () => {
    const found = checkInvoiceFields({ InvoiceDate: 'i går', PaymentDueDate: '31.04.2026' })
    expect(found.InvoiceDate?.code).toBe('dateFormat')
    expect(found.PaymentDueDate).toMatchObject({ code: 'dateNotReal', params: { value: '31.04.2026' } })
  })
})
