// The KID a customer pays an invoice with (spec 2.9, 2.11; field notes "Customer invoices, KID, factoring"):
// the one the platform assigned when it invoiced (`PaymentID`), else built from the company's active KID
// type the way the platform builds it (common/norwegian.ts buildKid). A KID that fails its check digit is
// never printed: a bank refuses the payment, so no KID is better than a wrong one.
import type { CustomerInvoice, FactoringSettings, PaymentInfoType } from '../entities/rows.ts'
import { buildKid, isValidKid, type KidPart } from '../norwegian.ts'
import { InvoiceType, PaymentInfoTypeStatus } from '../status.ts'

/** field notes: PaymentInfoType Type 1 is a regular KID (2 balance, 3 collection, 4 special). */
const REGULAR_KID = 1

/**
 * The KID type an invoice uses: the one it names, else the company's first active regular type with a KID
 * that no factoring setup uses (the platform's own choice when it invoices).
 */
export function kidTypeFor(
  invoice: Pick<CustomerInvoice, 'PaymentInfoTypeID'>,
  types: readonly PaymentInfoType[],
  factoring: readonly Pick<FactoringSettings, 'FactoringPaymentInfoTypeID'>[] = [],
): PaymentInfoType | null {
  if (invoice.PaymentInfoTypeID) return types.find((t) => t.ID === invoice.PaymentInfoTypeID) ?? null
  const factoringIds = new Set(factoring.map((f) => f.FactoringPaymentInfoTypeID))
  return (
    [...types]
      .sort((a, b) => a.ID - b.ID)
      .find(
        (t) =>
          t.StatusCode === PaymentInfoTypeStatus.Active &&
          t.Type === REGULAR_KID &&
          t.HasKid !== false &&
          !factoringIds.has(t.ID),
      ) ?? null
  )
}

/**
 * The invoice's KID: its PaymentID when the platform gave one, else built from the KID type with the
 * customer number and invoice number. Null when there is none to print: a draft (no invoice number yet),
 * a credit note, a type without KID or disabled, a number too long for its part, or a failed check.
 */
export function kidOf(
  invoice: Pick<CustomerInvoice, 'PaymentID' | 'InvoiceNumber' | 'InvoiceType'>,
  kidType: PaymentInfoType | null,
  customerNumber: number | string | null,
): string | null {
  const given = invoice.PaymentID?.trim()
  if (given) return isValidKid(given) ? given : null
  if (invoice.InvoiceType === InvoiceType.CreditNote || !invoice.InvoiceNumber) return null
  if (!kidType || kidType.HasKid === false || kidType.StatusCode === PaymentInfoTypeStatus.Disabled)
    return null
  const parts: KidPart[] = (kidType.PaymentInfoTypeParts ?? []).map((p) => ({
    Part: p.Part ?? '',
    Length: p.Length ?? 0,
    SortIndex: p.SortIndex ?? 0,
  }))
  if (parts.length === 0 || !kidType.Length) return null
  let kid: string
  try {
    kid = buildKid(kidType.Length, parts, {
      invoice_number: invoice.InvoiceNumber,
      customer_number: customerNumber === null ? '' : String(customerNumber),
      kid_code: String(InvoiceType.Invoice),
    })
  } catch {
    // The setup or a number does not fit (kidSetupProblems, a value longer than its part): no KID to print.
    return null
  }
  return isValidKid(kid) ? kid : null
}
