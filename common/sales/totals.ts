// A draft's line sums, VAT summary and totals as the editor previews them and the customer's document
// prints them: the platform's own sum functions (./sums.ts, spec 2.4, 2.5), so the preview is what the
// platform books, to the øre. Amounts are in øre of the invoice's currency (for NOK, the platform's
// TaxExclusiveAmount / VatTotalsAmount / TaxInclusiveAmount).
import type { SalesDraft, SalesLine } from '../bridge/sales.ts'
import type { VatType } from '../entities/rows.ts'
import type { Ore } from '../money.ts'
import { vatPercentOn, vatTypeRule } from '../vat.ts'
import { computeItem } from './sums.ts'

export interface LineSums {
  net: Ore
  vat: Ore
  gross: Ore
}

export interface VatSummaryLine {
  percent: number
  base: Ore
  vat: Ore
}

export interface DraftTotals {
  lines: LineSums[]
  /** Per VAT rate, highest rate first. */
  vat: VatSummaryLine[]
  net: Ore
  vatTotal: Ore
  gross: Ore
}

/** What a line is priced from: the fields of a SalesLine the sums read. */
type PricedLine = Pick<SalesLine, 'NumberOfItems' | 'PriceExVatCurrency' | 'DiscountPercent'>

/**
 * One line's sums: quantity × net unit price − discount, VAT on that net at the rate, each rounded to the
 * øre half away from zero (spec 2.5, as the platform computes SumTotalExVatCurrency and SumVatCurrency).
 */
export function lineSums(line: PricedLine, vatPercent: number): LineSums {
  const { ore } = computeItem({
    NumberOfItems: line.NumberOfItems,
    PriceExVatCurrency: line.PriceExVatCurrency,
    DiscountPercent: line.DiscountPercent ?? 0,
    VatPercent: vatPercent,
  })
  return { net: ore.exVatCurrency, vat: ore.vatCurrency, gross: ore.incVatCurrency }
}

/**
 * A draft's sums: each line at the rate of its VAT type on the invoice date, the VAT summary per rate and
 * the totals, which are exactly the sums of the lines (as the platform's totals are).
 */
export function draftTotals(
  draft: Pick<SalesDraft, 'InvoiceDate'> & { Items: readonly (PricedLine & Pick<SalesLine, 'VatTypeID'>)[] },
  vatPercentOf: (vatTypeId: number | null, date: string | null) => number,
): DraftTotals {
  const byRate = new Map<number, VatSummaryLine>()
  let net = 0
  let vatTotal = 0
  let gross = 0
  const lines = draft.Items.map((line) => {
    const percent = vatPercentOf(line.VatTypeID ?? null, draft.InvoiceDate ?? null)
    const sums = lineSums(line, percent)
    net += sums.net
    vatTotal += sums.vat
    gross += sums.gross
    const rate = byRate.get(percent) ?? { percent, base: 0, vat: 0 }
    rate.base += sums.net
    rate.vat += sums.vat
    byRate.set(percent, rate)
    return sums
  })
  const vat = [...byRate.values()].sort((a, b) => b.percent - a.percent)
  return { lines, vat, net, vatTotal, gross }
}

/**
 * The rate lookup `draftTotals` needs, from the company's VAT types: the rate valid on the date
 * (common/vat.ts vatPercentOn; today when the draft has no date yet), 0 for a line without a VAT type.
 */
export function vatPercentsOf(
  vatTypes: readonly VatType[],
  today: () => string = () => new Date().toISOString().slice(0, 10),
): (vatTypeId: number | null, date: string | null) => number {
  const byId = new Map(vatTypes.map((t) => [t.ID, vatTypeRule(t)]))
  return (vatTypeId, date) => {
    const rule = vatTypeId === null ? undefined : byId.get(vatTypeId)
    return rule ? Number(vatPercentOn(rule, date ?? today())) : 0
  }
}
