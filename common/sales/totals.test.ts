import { describe, expect, it } from 'vitest'
import type { SalesDraft, SalesLine } from '../bridge/sales.ts'
import type { VatType } from '../entities/rows.ts'
import { draftTotals, lineSums, vatPercentsOf } from './totals.ts'

const line = (over: Partial<SalesLine>): SalesLine => ({
  ItemText: 'Brød',
  NumberOfItems: 1,
  PriceExVatCurrency: 100,
  VatTypeID: 3,
  SortIndex: 0,
  ...over,
})

const draft = (items: SalesLine[], InvoiceDate: string | null = '2026-11-02'): SalesDraft => ({
  CustomerID: 1,
  CustomerName: 'Fjordkafeen AS',
  InvoiceDate,
  Items: items,
})

/** VAT type ID → rate, as the demo's sales codes (3: 25 %, 31: 15 %, 33: 12 %, 5: 0 %). */
const RATES: Record<number, number> = { 3: 25, 31: 15, 33: 12, 5: 0 }
const rateOf = (id: number | null) => (id === null ? 0 : (RATES[id] ?? 0))

describe('lineSums', () => {
  it('is quantity times net price, VAT on the net, gross the two together', () => {
    expect(lineSums(line({ NumberOfItems: 3, PriceExVatCurrency: 49.9 }), 15)).toEqual({
      net: 14970,
      vat: 2246, // 22.455 kr rounds half away from zero
      gross: 17216,
    })
  })

  it('takes the discount off the net before VAT', () => {
    expect(lineSums(line({ NumberOfItems: 2, PriceExVatCurrency: 250, DiscountPercent: 10 }), 25)).toEqual({
      net: 45000,
      vat: 11250,
      gross: 56250,
    })
  })

  it('rounds the net of decimal quantities half away from zero, and so a credit line to the same øre', () => {
    // 0.125 × 0.20 = 0.025 kr: 2.5 øre
    expect(lineSums(line({ NumberOfItems: 0.125, PriceExVatCurrency: 0.2 }), 0).net).toBe(3)
    expect(lineSums(line({ NumberOfItems: -0.125, PriceExVatCurrency: 0.2 }), 0).net).toBe(-3)
    // 1 kr × 12 % = 12 øre; 0.125 kr × 12 % = 1.5 øre → 2, and −2 on a credit line
    expect(lineSums(line({ NumberOfItems: 1, PriceExVatCurrency: 0.125 }), 12)).toEqual({
      net: 13,
      vat: 2,
      gross: 15,
    })
    expect(lineSums(line({ NumberOfItems: -1, PriceExVatCurrency: 0.125 }), 12)).toEqual({
      net: -13,
      vat: -2,
      gross: -15,
    })
  })

  it('has no VAT at 0 %', () => {
    expect(lineSums(line({ NumberOfItems: 4, PriceExVatCurrency: 12.5 }), 0)).toEqual({
      net: 5000,
      vat: 0,
      gross: 5000,
    })
  })
})

describe('draftTotals', () => {
  const items = [
    line({ NumberOfItems: 10, PriceExVatCurrency: 42.5, VatTypeID: 31, SortIndex: 0 }),
    line({ NumberOfItems: 1.5, PriceExVatCurrency: 899, DiscountPercent: 12.5, VatTypeID: 3, SortIndex: 1 }),
    line({ NumberOfItems: 3, PriceExVatCurrency: 120, VatTypeID: 33, SortIndex: 2 }),
    line({ NumberOfItems: 2, PriceExVatCurrency: 75, VatTypeID: 5, SortIndex: 3 }),
    line({ NumberOfItems: 1, PriceExVatCurrency: 100.01, VatTypeID: 31, SortIndex: 4 }),
  ]

  it('sums the VAT per rate, highest rate first, and totals equal the sum of the lines', () => {
    const t = draftTotals(draft(items), rateOf)
    expect(t.lines.map((l) => l.net)).toEqual([42500, 117994, 36000, 15000, 10001])
    expect(t.vat).toEqual([
      // 1.5 × 899 = 1348.50, less 12.5 % (168.5625 → 168.56) = 1179.94; VAT 294.985 → 294.99
      { percent: 25, base: 117994, vat: 29499 },
      // 63.75 on 425.00, and 15.0015 → 15.00 on 100.01
      { percent: 15, base: 52501, vat: 6375 + 1500 },
      { percent: 12, base: 36000, vat: 4320 },
      { percent: 0, base: 15000, vat: 0 },
    ])
    expect(t.net).toBe(42500 + 117994 + 36000 + 15000 + 10001)
    expect(t.vatTotal).toBe(29499 + 7875 + 4320)
    expect(t.gross).toBe(t.net + t.vatTotal)
    expect(t.gross).toBe(t.lines.reduce((s, l) => s + l.gross, 0))
  })

  it('sums the VAT per line, not on the rate total (as the platform books each item)', () => {
    // Three lines of 0.10 kr at 25 %: 2.5 øre each → 3 øre each, 9 in all (not 7.5 → 8 on the total).
    const t = draftTotals(
      draft(
        [0, 1, 2].map((k) => line({ PriceExVatCurrency: 0.1, SortIndex: k })),
        null,
      ),
      rateOf,
    )
    expect(t.vat).toEqual([{ percent: 25, base: 30, vat: 9 }])
  })

  it("a credit draft's negated lines give exactly the negated invoice", () => {
    const invoice = draftTotals(draft(items), rateOf)
    const credit = draftTotals(draft(items.map((l) => ({ ...l, NumberOfItems: -l.NumberOfItems }))), rateOf)
    expect(credit.lines).toEqual(
      invoice.lines.map((l) => ({ net: 0 - l.net, vat: 0 - l.vat, gross: 0 - l.gross })),
    )
    expect(credit.vat).toEqual(
      invoice.vat.map((v) => ({ percent: v.percent, base: 0 - v.base, vat: 0 - v.vat })),
    )
    expect([credit.net, credit.vatTotal, credit.gross]).toEqual([
      0 - invoice.net,
      0 - invoice.vatTotal,
      0 - invoice.gross,
    ])
  })

  it('asks for the rate of each line on the invoice date', () => {
    const asked: [number | null, string | null][] = []
    draftTotals(draft([line({ VatTypeID: null })], '2026-01-31'), (id, date) => {
      asked.push([id, date])
      return 0
    })
    expect(asked).toEqual([[null, '2026-01-31']])
  })
})

describe('vatPercentsOf', () => {
  const food = {
    ID: 31,
    Name: 'Utgående mva middels sats',
    VatPercent: 15,
    VatCode: '31',
    OutputVat: true,
    OutgoingAccountID: 2701,
    VatPercentages: [
      { ID: 1, VatPercent: 14, ValidFrom: '2016-01-01', ValidTo: '2017-12-31' },
      { ID: 2, VatPercent: 15, ValidFrom: '2018-01-01', ValidTo: null },
    ],
  } as unknown as VatType

  it('answers the rate valid on the date, today without a date, and 0 without a VAT type', () => {
    const of = vatPercentsOf([food], () => '2026-11-02')
    expect(of(31, '2017-06-30')).toBe(14)
    expect(of(31, '2018-01-01')).toBe(15)
    expect(of(31, null)).toBe(15)
    expect(of(null, '2026-11-02')).toBe(0)
    expect(of(99, '2026-11-02')).toBe(0)
  })
})
