// The invoice as the customer sees it: everything its PDF prints, in one plain model. The renderer builds
// it for a draft's preview, main for the document attached when an invoice is invoiced; main renders it
// (electron/main/services/sales/invoice-pdf.ts). Amounts are in øre of the invoice's currency.
import type { Ore } from '../money.ts'

export interface SalesDocumentParty {
  name: string
  /** Nine digits, printed `999 999 999` (the seller's with `MVA` when it is VAT registered). */
  orgNumber: string | null
  addressLines: string[]
  email?: string | null
  phone?: string | null
}

export interface SalesDocumentLine {
  text: string
  quantity: number
  unit: string | null
  /** Unit price excluding VAT. */
  unitPrice: Ore
  discountPercent: number
  vatPercent: number
  /** The line's sum excluding VAT. */
  net: Ore
}

export interface SalesDocument {
  language: 'nb' | 'en'
  /** A draft's preview says it is one; a credit note names the invoice it credits. */
  kind: 'invoice' | 'credit-note'
  draft: boolean
  number: string | null
  creditedInvoiceNumber: string | null
  invoiceDate: string | null
  dueDate: string | null
  deliveryDate: string | null
  ourReference: string | null
  yourReference: string | null
  freeText: string | null
  currency: string
  /**
   * `vatRegistered` prints `MVA` after the organisation number (Merverdiavgiftsloven: a VAT registered
   * seller's invoices say so); the spec documents no such flag on the company, so it is true when the
   * invoice charges VAT.
   */
  seller: SalesDocumentParty & { bankAccount: string | null; iban: string | null; vatRegistered: boolean }
  buyer: SalesDocumentParty
  /** The buyer's customer number at the seller, printed as a reference. */
  customerNumber: string | null
  lines: SalesDocumentLine[]
  /** Per VAT rate: the base and the VAT on it. */
  vat: { percent: number; base: Ore; vat: Ore }[]
  totals: { net: Ore; vat: Ore; gross: Ore }
  /** The KID the customer pays with; null when the invoice has none. */
  kid: string | null
}
