// The purchase VAT code a structured invoice's line is booked with, from the line's VAT category (BT-151,
// UNCL5305) and rate (BT-152), and the company's VAT type that carries that code. Norwegian VAT codes are the
// SAF-T standard tax codes (Skatteetaten's list): 1 input VAT high rate, 11 medium (food), 13 low, 0 no VAT
// treatment, 86 services bought abroad with deduction (reverse charge), 91 domestic reverse charge (emission
// quotas and gold). A line is never given a code it may not have: when the category, rate or supplier leaves
// any doubt, the code stays empty and the reason says why, for the accountant to choose.
import { vatPercentOn, type VatTypeRule } from '../vat.ts'
import type { EInvoice } from './types.ts'

/** Why a line's VAT code is left empty. */
export type PurchaseVatGap =
  /** Category S at a rate that is not a Norwegian one (25, 15, 12). */
  | 'rate'
  /** VAT charged by a supplier not registered for Norwegian VAT: not deductible as Norwegian input VAT. */
  | 'foreignVat'
  /** No VAT from a supplier abroad: whether reverse charge or import VAT applies depends on what was bought. */
  | 'foreignNoVat'
  /** A category with no purchase code of its own here (K intra-community, G export, L, M, B, or none). */
  | 'category'
  /** The company has no VAT type with the code, or its type's rate or kind does not match the line. */
  | 'notInCompany'

export type PurchaseVatCode = { code: string } | { code: null; gap: PurchaseVatGap }

const HIGH_MEDIUM_LOW: Record<number, string> = { 25: '1', 15: '11', 12: '13' }

/** Whether the supplier is registered for Norwegian VAT (its VAT id `NO…MVA`, or a Norwegian party). */
export function chargesNorwegianVat(supplier: EInvoice['supplier']): boolean {
  const vatId = supplier.vatId?.replace(/\s/g, '').toUpperCase() ?? ''
  if (vatId) return vatId.startsWith('NO')
  return supplier.country === 'NO' || supplier.orgNumber !== null
}

/** The SAF-T code of a purchase with this VAT category and rate from this supplier. */
export function purchaseVatCode(
  category: string | null,
  rate: number | null,
  supplier: EInvoice['supplier'],
): PurchaseVatCode {
  const norwegian = chargesNorwegianVat(supplier)
  const percent = rate ?? 0
  switch ((category ?? '').toUpperCase()) {
    case 'S': {
      if (!norwegian) return { code: null, gap: 'foreignVat' }
      const code = HIGH_MEDIUM_LOW[percent]
      return code ? { code } : { code: null, gap: 'rate' }
    }
    case 'Z':
    case 'E':
    case 'O':
      if (percent !== 0) return { code: null, gap: 'rate' }
      return norwegian ? { code: '0' } : { code: null, gap: 'foreignNoVat' }
    case 'AE':
      // Reverse charge: a supplier abroad sells a service the buyer accounts VAT for (86, high rate with
      // deduction); a Norwegian supplier uses it only for emission quotas and gold (91).
      return { code: norwegian ? '91' : '86' }
    default:
      return { code: null, gap: 'category' }
  }
}

export interface PurchaseVatType extends VatTypeRule {
  VatCode?: string | null
}

/**
 * The company's VAT type for the code, checked against the line: an input (not output) type, reverse charge
 * exactly when the code is, and for a taxed line the same rate on the invoice date.
 */
export function companyVatType<T extends PurchaseVatType>(
  mapped: PurchaseVatCode,
  rate: number | null,
  vatTypes: readonly T[],
  date: string,
): { vatType: T } | { vatType: null; gap: PurchaseVatGap } {
  if (mapped.code === null) return { vatType: null, gap: mapped.gap }
  const reverse = mapped.code === '86' || mapped.code === '91'
  const vatType = vatTypes.find(
    (v) =>
      v.VatCode === mapped.code &&
      !v.OutputVat &&
      v.ReversedTaxDutyVat === reverse &&
      (reverse || Number(vatPercentOn(v, date)) === (rate ?? 0)),
  )
  return vatType ? { vatType } : { vatType: null, gap: 'notInCompany' }
}
