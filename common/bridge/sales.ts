// Sales' changes to customer invoices and credit notes, as the outbox carries them (members of the union in
// ./outbox.ts). A draft is written whole: its header and its lines as the editor holds them; main writes the
// graph (spec 4.3; field notes "Graph writes": a line with an `ID` is updated, a new one carries
// `_createguid`, a line the draft no longer has goes with `Deleted: true`), so the renderer never builds
// `_createguid` objects.
import { z } from 'zod'
import { SalesDocument } from '../sales/document.ts'

const Id = z.number().int()
const Text = (max: number) => z.string().trim().max(max)
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
/** A decimal as the editor read it (quantities and prices to six decimals, as the platform keeps them). */
const Decimal = z.number().finite().min(-1e12).max(1e12)

/**
 * The company's custom field values of a draft (spec 2.16: keyed `Custom<Name>`), as the editor holds them;
 * the types are checked by the editor's custom fields and by the platform.
 */
export const SalesCustomValues = z
  .record(z.string().regex(/^Custom[A-Za-z][A-Za-z0-9_]{0,99}$/), z.union([z.string().max(100_000), z.number().finite(), z.null()]))
  .refine((values) => Object.keys(values).length <= 100, { message: 'At most 100 custom values' })

/** spec 2.5: one line of a draft. `ID` for a line the platform already has. */
export const SalesLine = z.object({
  ID: Id.nullable().optional(),
  ProductID: Id.nullable().optional(),
  ItemText: Text(500),
  Unit: Text(20).nullable().optional(),
  NumberOfItems: Decimal,
  /** The unit price excluding VAT, in the invoice's currency. */
  PriceExVatCurrency: Decimal,
  DiscountPercent: z.number().min(0).max(100).nullable().optional(),
  VatTypeID: Id.nullable(),
  AccountID: Id.nullable().optional(),
  SortIndex: z.number().int().min(0),
})
export type SalesLine = z.infer<typeof SalesLine>

const AddressDraft = z.object({
  AddressLine1: Text(250).nullable().optional(),
  PostalCode: Text(20).nullable().optional(),
  City: Text(100).nullable().optional(),
  CountryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable()
    .optional(),
})

/** spec 4.3: a customer created with the invoice (`CustomerID` 0 and an inline `Customer`). */
export const InlineCustomer = z.object({
  Name: Text(250).min(1),
  /** Nine digits, MOD11 checked by the form; null for a private person. */
  OrgNumber: z
    .string()
    .regex(/^\d{9}$/)
    .nullable()
    .optional(),
  InvoiceAddress: AddressDraft.nullable().optional(),
  EmailAddress: Text(250).nullable().optional(),
  /** The customer's default payment terms in days. */
  CreditDays: z.number().int().min(0).max(365).nullable().optional(),
})
export type InlineCustomer = z.infer<typeof InlineCustomer>

/**
 * A draft invoice or credit note as the editor holds it: `create` (POST invoices) and `edit-draft` (PUT
 * invoices/{id}) carry it whole. `CustomerID` > 0 names a customer the platform has; 0 with `Customer`
 * creates one with the invoice.
 */
export const SalesDraft = z.object({
  CustomerID: Id.min(0),
  Customer: InlineCustomer.nullable().optional(),
  CustomerName: Text(250).min(1),
  InvoiceType: z.union([z.literal(0), z.literal(1)]).optional(),
  InvoiceReferenceID: Id.nullable().optional(),
  InvoiceDate: IsoDate.nullable(),
  PaymentDueDate: IsoDate.nullable().optional(),
  DeliveryDate: IsoDate.nullable().optional(),
  CreditDays: z.number().int().min(0).max(365).nullable().optional(),
  OurReference: Text(250).nullable().optional(),
  YourReference: Text(250).nullable().optional(),
  FreeTxt: Text(4000).nullable().optional(),
  CurrencyCodeID: Id.nullable().optional(),
  CurrencyExchangeRate: z.number().positive().nullable().optional(),
  PaymentInfoTypeID: Id.nullable().optional(),
  DistributionPlanID: Id.nullable().optional(),
  InvoiceAddressLine1: Text(250).nullable().optional(),
  InvoicePostalCode: Text(20).nullable().optional(),
  InvoiceCity: Text(100).nullable().optional(),
  CustomValues: SalesCustomValues.nullable().optional(),
  Items: z.array(SalesLine).max(1000),
})
export type SalesDraft = z.infer<typeof SalesDraft>

/**
 * `credit` on an invoice (PUT invoices/{id}?action=create-credit-draft-invoice, spec 3.3): the platform
 * answers a credit draft; `LocalID` is the credit draft the renderer shows meanwhile (negated lines), which
 * the answer replaces.
 */
export const CreditInvoice = z.object({ LocalID: Id.max(-1) })

/**
 * `attach-document` after `invoice`: main makes the invoice as the customer sees it (common/sales/document.ts,
 * in the language given) from the invoiced row and attaches it on the platform's file server, once.
 */
export const AttachDocument = z.object({ Language: z.enum(['nb', 'en']) })

const CompanyKey = z.string().min(1).max(100)

/** `sales.invoicePdf`: the customer's PDF of a document the renderer built (a draft's preview, Save as PDF). */
export const InvoicePdfRequest = z.object({ companyKey: CompanyKey, document: SalesDocument })
export type InvoicePdfRequest = z.infer<typeof InvoicePdfRequest>

/**
 * The PDF's bytes, base64 (the browser-mode bridge carries JSON, at most 1 MiB a message: a 1,000-line
 * invoice's PDF is a few hundred kB, its fonts embedded as subsets).
 */
export const InvoicePdf = z.object({ name: z.string(), base64: z.string() })
export type InvoicePdf = z.infer<typeof InvoicePdf>

export const salesCalls = {
  'sales.invoicePdf': { args: z.tuple([InvoicePdfRequest]), result: InvoicePdf },
} as const
