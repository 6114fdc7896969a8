// The invoice as the customer sees it: everything its PDF prints, in one plain model. The renderer builds
// it for a draft's preview, main for the document attached when an invoice is invoiced; main renders it
// (electron/main/services/sales/invoice-pdf.ts). Amounts are in øre of the invoice's currency. The schema
// is what main checks a document against when the renderer asks for its PDF (`sales.invoicePdf`).
import { z } from 'zod'

/** An amount in øre: a safe integer. */
const Ore = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER)
const Text = (max: number) => z.string().max(max)
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/)
/** Quantities and percentages as the platform keeps them (six decimals). */
const Decimal = z.number().finite().min(-1e12).max(1e12)

export const SalesDocumentParty = z.object({
  name: Text(250),
  /** Nine digits, printed `999 999 999` (the seller's with `MVA` when it is VAT registered). */
  orgNumber: Text(30).nullable(),
  addressLines: z.array(Text(250)).max(8),
  email: Text(250).nullable().optional(),
  phone: Text(50).nullable().optional(),
})
export type SalesDocumentParty = z.infer<typeof SalesDocumentParty>

export const SalesDocumentLine = z.object({
  text: Text(500),
  quantity: Decimal,
  unit: Text(20).nullable(),
  /** Unit price excluding VAT. */
  unitPrice: Ore,
  discountPercent: z.number().min(0).max(100),
  vatPercent: z.number().min(0).max(100),
  /** The line's sum excluding VAT. */
  net: Ore,
})
export type SalesDocumentLine = z.infer<typeof SalesDocumentLine>

export const SalesDocument = z.object({
  language: z.enum(['nb', 'en']),
  /** A draft's preview says it is one; a credit note names the invoice it credits. */
  kind: z.enum(['invoice', 'credit-note']),
  draft: z.boolean(),
  number: Text(50).nullable(),
  creditedInvoiceNumber: Text(50).nullable(),
  invoiceDate: IsoDate.nullable(),
  dueDate: IsoDate.nullable(),
  deliveryDate: IsoDate.nullable(),
  ourReference: Text(250).nullable(),
  yourReference: Text(250).nullable(),
  freeText: Text(4000).nullable(),
  currency: Text(3),
  /**
   * `vatRegistered` prints `MVA` after the organisation number (Merverdiavgiftsloven: a VAT registered
   * seller's invoices say so); the spec documents no such flag on the company, so it is true when the
   * invoice charges VAT.
   */
  seller: SalesDocumentParty.extend({
    bankAccount: Text(50).nullable(),
    iban: Text(50).nullable(),
    vatRegistered: z.boolean(),
  }),
  buyer: SalesDocumentParty,
  /** The buyer's customer number at the seller, printed as a reference. */
  customerNumber: Text(30).nullable(),
  lines: z.array(SalesDocumentLine).max(1000),
  /** Per VAT rate: the base and the VAT on it. */
  vat: z.array(z.object({ percent: z.number().min(0).max(100), base: Ore, vat: Ore })).max(50),
  totals: z.object({ net: Ore, vat: Ore, gross: Ore }),
  /** The KID the customer pays with; null when the invoice has none. */
  kid: z
    .string()
    .regex(/^\d{1,24}[\d-]$/)
    .nullable(),
})
export type SalesDocument = z.infer<typeof SalesDocument>
