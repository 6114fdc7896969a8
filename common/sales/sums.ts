// Customer invoice item and invoice sums (spec 2.4, 2.5): prices, discount, VAT and totals in the
// invoice currency and in the company's base currency, all exact (integer øre, scaled integers for
// quantities, prices, rates and percentages), rounded to the øre half away from zero.
import { divRound, fromOre, toOre, vatOfGross, vatOfNet, type Ore } from '../money.ts'

/** Scale of `decimal` columns (numeric(18,6)): prices, quantities, rates, percentages. */
const SCALE = 6
const ONE = 10n ** BigInt(SCALE)

/** A decimal (number or numeric string) as an integer scaled by 10^6, rounded half away from zero. */
export function toScaled(value: unknown): bigint | undefined {
  if (value === null || value === undefined || value === '') return undefined
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined
    text = Math.abs(value) < 1e-6 ? '0' : String(value)
    if (/e/i.test(text)) return undefined
  } else if (typeof value === 'string') text = value.trim()
  else return undefined
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined
  const frac = m[3] ?? ''
  let n = BigInt(m[2] || '0') * ONE + BigInt(frac.slice(0, SCALE).padEnd(SCALE, '0') || '0')
  if (frac.length > SCALE && frac.charCodeAt(SCALE) >= 0x35) n += 1n
  return m[1] === '-' ? -n : n
}

/** A scaled decimal as the number an answer carries (at most six decimals, exact in its decimal form). */
export function scaledToNumber(v: bigint): number {
  const sign = v < 0n ? '-' : ''
  const abs = v < 0n ? -v : v
  return Number(`${sign}${abs / ONE}.${String(abs % ONE).padStart(SCALE, '0')}`)
}

/** a × b, both scaled by 10^6, in øre. */
function mulToOre(a: bigint, b: bigint): Ore {
  // a·b is scaled by 10^12; øre are scaled by 10^2.
  return Number(divRound(a * b, 10n ** BigInt(2 * SCALE - 2)))
}

/** An amount in øre times a scaled factor, in øre. */
function oreTimes(ore: Ore, factor: bigint): Ore {
  return Number(divRound(BigInt(ore) * factor, ONE))
}

const percentText = (p: bigint) => String(scaledToNumber(p))

/** What an item's sums are computed from. Prices are in the invoice currency. */
export interface ItemInput {
  NumberOfItems?: unknown
  PriceExVatCurrency?: unknown
  PriceIncVatCurrency?: unknown
  DiscountPercent?: unknown
  VatPercent?: unknown
  /**
   * Real-platform meaning (its own client computes the same way): true takes the price including VAT
   * as given and derives the net price from it; false takes the net price and derives the gross.
   */
  CalculateGrossPriceBasedOnNetPrice?: unknown
}

export interface ItemSums {
  NumberOfItems: number
  VatPercent: number
  DiscountPercent: number
  PriceExVat: number
  PriceIncVat: number
  PriceExVatCurrency: number
  PriceIncVatCurrency: number
  Discount: number
  DiscountCurrency: number
  SumTotalExVat: number
  SumVat: number
  SumTotalIncVat: number
  SumTotalExVatCurrency: number
  SumVatCurrency: number
  SumTotalIncVatCurrency: number
  CurrencyExchangeRate: number
}

/** Item sums in øre (for totals and booking) next to the answer shape. */
export interface ComputedItem {
  sums: ItemSums
  ore: { exVat: Ore; vat: Ore; incVat: Ore; exVatCurrency: Ore; vatCurrency: Ore; incVatCurrency: Ore }
}

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1'

/**
 * Sums of one item at an exchange rate (company currency per unit of invoice currency; 1 for NOK).
 * Net-based: net = quantity × net price − discount, VAT = net × rate. Gross-based: gross = quantity ×
 * gross price − discount, VAT = the VAT part of the gross. Either way the VAT equals what booking the
 * gross amount with the VAT type produces, to the øre.
 */
export function computeItem(item: ItemInput, exchangeRate: unknown = 1): ComputedItem {
  const quantity = toScaled(item.NumberOfItems) ?? ONE
  const percent = toScaled(item.VatPercent) ?? 0n
  const discountPercent = toScaled(item.DiscountPercent) ?? 0n
  const rate = toScaled(exchangeRate) || ONE
  const hundred = 100n * ONE
  const exGiven = toScaled(item.PriceExVatCurrency)
  const incGiven = toScaled(item.PriceIncVatCurrency)
  const grossBased = truthy(item.CalculateGrossPriceBasedOnNetPrice)
    ? incGiven !== undefined
    : exGiven === undefined && incGiven !== undefined
  let priceEx: bigint
  let priceInc: bigint
  if (grossBased) {
    priceInc = incGiven!
    priceEx = divRound(priceInc * hundred, hundred + percent)
  } else {
    priceEx = exGiven ?? 0n
    priceInc = divRound(priceEx * (hundred + percent), hundred)
  }
  const pct = percentText(percent)
  const discountOf = (ore: Ore) => Number(divRound(BigInt(ore) * discountPercent, hundred))
  let exCur: Ore, vatCur: Ore, incCur: Ore, discountCur: Ore
  let ex: Ore, vat: Ore, inc: Ore
  if (grossBased) {
    const grossBefore = mulToOre(quantity, priceInc)
    incCur = grossBefore - discountOf(grossBefore)
    vatCur = vatOfGross(incCur, pct)
    exCur = incCur - vatCur
    discountCur = grossBefore - vatOfGross(grossBefore, pct) - exCur
    inc = oreTimes(incCur, rate)
    vat = vatOfGross(inc, pct)
    ex = inc - vat
  } else {
    const netBefore = mulToOre(quantity, priceEx)
    discountCur = discountOf(netBefore)
    exCur = netBefore - discountCur
    vatCur = vatOfNet(exCur, pct)
    incCur = exCur + vatCur
    ex = oreTimes(exCur, rate)
    vat = vatOfNet(ex, pct)
    inc = ex + vat
  }
  const discount = oreTimes(discountCur, rate)
  return {
    sums: {
      NumberOfItems: scaledToNumber(quantity),
      VatPercent: scaledToNumber(percent),
      DiscountPercent: scaledToNumber(discountPercent),
      PriceExVatCurrency: scaledToNumber(priceEx),
      PriceIncVatCurrency: scaledToNumber(priceInc),
      PriceExVat: scaledToNumber(divRound(priceEx * rate, ONE)),
      PriceIncVat: scaledToNumber(divRound(priceInc * rate, ONE)),
      Discount: fromOre(discount),
      DiscountCurrency: fromOre(discountCur),
      SumTotalExVat: fromOre(ex),
      SumVat: fromOre(vat),
      SumTotalIncVat: fromOre(inc),
      SumTotalExVatCurrency: fromOre(exCur),
      SumVatCurrency: fromOre(vatCur),
      SumTotalIncVatCurrency: fromOre(incCur),
      CurrencyExchangeRate: scaledToNumber(rate),
    },
    ore: { exVat: ex, vat, incVat: inc, exVatCurrency: exCur, vatCurrency: vatCur, incVatCurrency: incCur },
  }
}

export interface InvoiceTotals {
  TaxExclusiveAmount: number
  VatTotalsAmount: number
  TaxInclusiveAmount: number
  TaxExclusiveAmountCurrency: number
  VatTotalsAmountCurrency: number
  TaxInclusiveAmountCurrency: number
}

/** Invoice totals: exactly the sums of its items. */
export function computeTotals(items: readonly ComputedItem[]): InvoiceTotals {
  const sum = (pick: (o: ComputedItem['ore']) => Ore) => fromOre(items.reduce((s, i) => s + pick(i.ore), 0))
  return {
    TaxExclusiveAmount: sum((o) => o.exVat),
    VatTotalsAmount: sum((o) => o.vat),
    TaxInclusiveAmount: sum((o) => o.incVat),
    TaxExclusiveAmountCurrency: sum((o) => o.exVatCurrency),
    VatTotalsAmountCurrency: sum((o) => o.vatCurrency),
    TaxInclusiveAmountCurrency: sum((o) => o.incVatCurrency),
  }
}

/** An amount column (numeric string or number) in øre; absent counts as 0. */
export const oreOf = (v: unknown): Ore => toOre(v) ?? 0
