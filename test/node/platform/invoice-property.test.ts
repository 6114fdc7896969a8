// Property tests of customer invoice sums: random items (quantities, prices, discounts, VAT rates,
// net or gross pricing, exchange rates) in process through the sum functions, and a smaller number of
// random invoices over HTTP. Totals always equal the sum of their lines to the øre; each line's VAT
// is its net times the rate (rounded to the øre) and equals what booking its gross amount produces.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toOre, vatOfGross } from '../../../common/money.ts'
import { computeItem, computeTotals, type ItemInput } from '../../../common/sales/sums.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const RATES = [25, 15, 12, 0] as const

/** A decimal with up to `scale` decimals as a number (what a client sends). */
const decimal = (maxUnits: number, scale: number, min = 0) =>
  fc.integer({ min: min * 10 ** scale, max: maxUnits * 10 ** scale }).map((n) => n / 10 ** scale)

const itemArb = fc.record({
  NumberOfItems: decimal(1000, 2, -50),
  price: decimal(100000, 2),
  DiscountPercent: fc.oneof(fc.constant(0), decimal(100, 2)),
  VatPercent: fc.constantFrom(...RATES),
  CalculateGrossPriceBasedOnNetPrice: fc.boolean(),
})

const rateArb = fc.oneof(fc.constant(1), decimal(20, 4, 0.0001))

type RandomItem = typeof itemArb extends fc.Arbitrary<infer T> ? T : never

const input = (i: RandomItem): ItemInput => ({
  NumberOfItems: i.NumberOfItems,
  VatPercent: i.VatPercent,
  DiscountPercent: i.DiscountPercent,
  CalculateGrossPriceBasedOnNetPrice: i.CalculateGrossPriceBasedOnNetPrice,
  ...(i.CalculateGrossPriceBasedOnNetPrice
    ? { PriceIncVatCurrency: i.price }
    : { PriceExVatCurrency: i.price }),
})

const ore = (n: number) => toOre(n)!

describe('invoice sums (in process)', () => {
  it('totals equal the sum of the lines and every line is VAT-consistent', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { minLength: 1, maxLength: 12 }), rateArb, (items, rate) => {
        const computed = items.map((i) => computeItem(input(i), rate))
        const totals = computeTotals(computed)
        const sum = (f: (s: (typeof computed)[number]['sums']) => number) =>
          computed.reduce((s, c) => s + ore(f(c.sums)), 0)
        expect(ore(totals.TaxExclusiveAmount)).toBe(sum((s) => s.SumTotalExVat))
        expect(ore(totals.VatTotalsAmount)).toBe(sum((s) => s.SumVat))
        expect(ore(totals.TaxInclusiveAmount)).toBe(sum((s) => s.SumTotalIncVat))
        expect(ore(totals.TaxInclusiveAmountCurrency)).toBe(sum((s) => s.SumTotalIncVatCurrency))
        expect(ore(totals.TaxInclusiveAmount)).toBe(
          ore(totals.TaxExclusiveAmount) + ore(totals.VatTotalsAmount),
        )
        for (const [k, c] of computed.entries()) {
          const s = c.sums
          const p = items[k]!.VatPercent
          expect(ore(s.SumTotalIncVat)).toBe(ore(s.SumTotalExVat) + ore(s.SumVat))
          expect(ore(s.SumTotalIncVatCurrency)).toBe(ore(s.SumTotalExVatCurrency) + ore(s.SumVatCurrency))
          // The VAT is the net times the rate, within half an øre of rounding either way.
          expect(Math.abs(ore(s.SumVat) * 100 - ore(s.SumTotalExVat) * p)).toBeLessThanOrEqual(50 + p)
          // Booking the gross with the VAT type yields exactly the line's VAT.
          expect(vatOfGross(ore(s.SumTotalIncVat), p)).toBe(ore(s.SumVat))
          expect(vatOfGross(ore(s.SumTotalIncVatCurrency), p)).toBe(ore(s.SumVatCurrency))
          // A credit line (negated quantity) negates every amount exactly.
          const negated = computeItem(
            { ...input(items[k]!), NumberOfItems: -items[k]!.NumberOfItems },
            rate,
          ).sums
          expect(ore(negated.SumTotalIncVat)).toBe(0 - ore(s.SumTotalIncVat))
          expect(ore(negated.SumVat)).toBe(0 - ore(s.SumVat))
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('net-priced lines match a plain decimal reference computation', () => {
    fc.assert(
      fc.property(itemArb, (i) => {
        const s = computeItem({
          ...input(i),
          CalculateGrossPriceBasedOnNetPrice: false,
          PriceExVatCurrency: i.price,
          PriceIncVatCurrency: undefined,
        }).sums
        // Reference in integer hundredths of øre: quantity (2 decimals) × price (2 decimals).
        const roundHalfAway = (n: bigint, d: bigint) => {
          const q = n / d
          const r = n % d
          return 2n * (r < 0n ? -r : r) >= d ? (n < 0n ? q - 1n : q + 1n) : q
        }
        const q = BigInt(Math.round(i.NumberOfItems * 100))
        const pr = BigInt(Math.round(i.price * 100))
        const netBefore = roundHalfAway(q * pr, 100n)
        const discount = roundHalfAway(netBefore * BigInt(Math.round(i.DiscountPercent * 100)), 10000n)
        const net = netBefore - discount
        const vat = roundHalfAway(net * BigInt(i.VatPercent), 100n)
        expect(ore(s.SumTotalExVat)).toBe(Number(net))
        expect(ore(s.SumVat)).toBe(Number(vat))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('invoice sums (over HTTP)', () => {
  const nordlys: string = DEMO_COMPANIES.nordlys.key
  let p: TestPlatform
  let anne: string
  const vatId = new Map<number, number>()
  const call = (method: string, path: string, body?: unknown) =>
    api(p.urls.base, method, path, { token: anne, companyKey: nordlys, body })

  beforeAll(async () => {
    p = await startTestPlatform()
    anne = await p.token(DEMO_USERS.anne.email)
    for (const [rate, code] of [
      [25, '3'],
      [15, '31'],
      [12, '33'],
      [0, '5'],
    ] as const) {
      vatId.set(rate, (await call('GET', `api/biz/vattypes?filter=VatCode eq '${code}'`)).body[0].ID)
    }
  })
  afterAll(() => p?.close())

  it('answers the same item sums and totals as the sum functions, totals equal to the sum of the items', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(itemArb, { minLength: 1, maxLength: 6 }), rateArb, async (items, rate) => {
        const r = await call('POST', 'api/biz/invoices?expand=Items', {
          CustomerID: 0,
          Customer: { _createguid: 'c', Info: { _createguid: 'i', Name: 'Eiendom AS' } },
          CurrencyExchangeRate: rate,
          Items: items.map((i, k) => ({
            ...input(i),
            VatPercent: undefined,
            VatTypeID: vatId.get(i.VatPercent),
            SortIndex: k,
          })),
        })
        expect(r.status).toBe(201)
        const got = [...r.body.Items].sort(
          (a: { SortIndex: number }, b: { SortIndex: number }) => a.SortIndex - b.SortIndex,
        )
        const expected = items.map((i) => computeItem(input(i), rate))
        for (const [k, e] of expected.entries()) {
          for (const f of [
            'SumTotalExVat',
            'SumVat',
            'SumTotalIncVat',
            'SumTotalIncVatCurrency',
            'Discount',
          ] as const)
            expect(got[k][f], f).toBe(e.sums[f])
        }
        const totals = computeTotals(expected)
        expect(r.body).toMatchObject(totals)
        const sumOf = (f: string) => got.reduce((s: number, i: Record<string, number>) => s + ore(i[f]!), 0)
        expect(ore(r.body.TaxInclusiveAmount)).toBe(sumOf('SumTotalIncVat'))
        expect(ore(r.body.VatTotalsAmount)).toBe(sumOf('SumVat'))
      }),
      { numRuns: 25 },
    )
  })
})
