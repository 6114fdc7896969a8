// A structured invoice's lines (EHF, PEPPOL BIS, Factur-X) as cost-line proposals: one proposal per invoice
// line and per document allowance or charge, so the accountant sees and codes what the supplier itemised.
// Cost lines are entered including VAT (the platform books `DraftLines` gross), so each line's net amount
// gets its VAT at the line's rate; within each VAT category and rate the lines are made to add up, to the øre,
// to the invoice's own VAT breakdown (taxable plus VAT), the rounding difference going to the largest line.
// The VAT code comes from the line's category and rate (common/einvoice/purchase-vat.ts); where that leaves
// any doubt the code stays empty and the gap says why. Pure.
import type { EInvoice } from '@common/einvoice/types'
import {
  companyVatType,
  purchaseVatCode,
  type PurchaseVatGap,
  type PurchaseVatType,
} from '@common/einvoice/purchase-vat'
import { toOre, vatOfNet, type Ore } from '@common/money'

export interface StructuredLine {
  description: string
  /** Including the VAT the supplier charges on it. */
  amount: Ore
  vatTypeId: number | null
  /** Why the VAT code is left empty; null when it was found. */
  gap: PurchaseVatGap | null
  /** The line's VAT category and rate as the invoice gives them, for the note on a gap. */
  category: string | null
  rate: number | null
}

interface Item {
  description: string
  net: number
  category: string | null
  rate: number | null
}

const groupKey = (category: string | null, rate: number | null) =>
  `${(category ?? '').toUpperCase()}|${rate ?? 0}`

/** The invoice's items: its lines, then its document-level allowances (negative) and charges. */
function itemsOf(invoice: EInvoice): Item[] {
  return [
    ...invoice.lines.map((l) => ({
      description: l.description,
      net: l.net,
      category: l.vatCategory,
      rate: l.vatRate,
    })),
    ...invoice.allowancesCharges.map((ac) => ({
      description: ac.reason,
      net: ac.amount,
      category: ac.vatCategory,
      rate: ac.vatRate,
    })),
  ]
}

/** The lines of a structured invoice as cost lines, coded against the company's VAT types on `date`. */
export function structuredLines(
  invoice: EInvoice,
  vatTypes: readonly PurchaseVatType[],
  date: string,
): StructuredLine[] {
  const lines = itemsOf(invoice).map((item): StructuredLine => {
    const net = toOre(item.net) ?? 0
    const found = companyVatType(
      purchaseVatCode(item.category, item.rate, invoice.supplier),
      item.rate,
      vatTypes,
      date,
    )
    return {
      description: item.description,
      amount: net + (item.rate ? vatOfNet(net, item.rate) : 0),
      vatTypeId: found.vatType?.ID ?? null,
      gap: found.vatType ? null : found.gap,
      category: item.category,
      rate: item.rate,
    }
  })
  // The invoice's VAT is counted per category and rate on the sum (EN 16931 BR-S-09), not per line: the
  // breakdown's taxable amount plus its VAT is what the supplier charges for the group.
  for (const group of invoice.vatBreakdown) {
    const key = groupKey(group.category, group.rate)
    const members = lines.filter((l) => groupKey(l.category, l.rate) === key)
    if (members.length === 0) continue
    const charged = (toOre(group.taxable) ?? 0) + (toOre(group.vat) ?? 0)
    const difference = charged - members.reduce((sum, l) => sum + l.amount, 0)
    // Rounding differs by at most an øre a line; a larger gap is the invoice's own, shown by the sum check.
    if (Math.abs(difference) > members.length) continue
    const largest = members.reduce((a, b) => (Math.abs(b.amount) > Math.abs(a.amount) ? b : a))
    largest.amount += difference
  }
  return lines
}
