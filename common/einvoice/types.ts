// One shape for a structured invoice (EN 16931), whichever syntax carried it: UBL 2.1 `Invoice` and
// `CreditNote` (EHF 3, PEPPOL BIS Billing 3.0) or UN/CEFACT CII `CrossIndustryInvoice` (Factur-X, ZUGFeRD 2.x,
// XRechnung). The comments name the standard's business terms (BT-n). The local platform's OCR, main's
// reading of a file's proposals, the scan station, the review and the document viewer all read this shape.

export type EInvoiceSyntax = 'ubl' | 'cii'

export interface EInvoiceParty {
  /** BT-27 / BT-44 registration name, else the trading name (BT-28 / BT-45). */
  name: string
  /** A Norwegian organisation number (nine digits, MOD11) when the party has one; else null. */
  orgNumber: string | null
  /** BT-30 / BT-47 legal registration id as written (any country's), with its scheme (ISO 6523 ICD) when given. */
  registrationId: string | null
  registrationScheme: string | null
  /**
   * BT-29 / BT-46 party identifiers (UBL `PartyIdentification/ID`, CII `GlobalID`) under a national registry
   * scheme a VAT id derives from: Swedish 0007, Danish 0184, Finnish 0212 and 0213. Absent when there is none.
   */
  registryIds?: { value: string; scheme: string }[]
  /** BT-31 / BT-48 VAT identifier as written (`NO999999999MVA`, `SE556677889901`, `DE123456789`). */
  vatId: string | null
  /** BT-40 / BT-55 country code (ISO 3166-1 alpha-2). */
  country: string | null
  /** Postal address lines as written (street, additional street, postcode and city). */
  address: string[]
}

export interface EInvoiceLine {
  /** BT-126 line id. */
  id: string
  /** BT-153 item name, with BT-154 description after it when both are given. */
  description: string
  /** BT-129 invoiced quantity and BT-130 its unit code (UN/ECE Rec 20, `EA`, `HUR`, `DAY`). */
  quantity: number | null
  unit: string | null
  /** BT-131 line net amount; negative on a credit note (as the supplier invoice books it). */
  net: number
  /** BT-151 VAT category code (`S`, `Z`, `E`, `AE`, `K`, `G`, `O`, `L`, `M`). */
  vatCategory: string | null
  /** BT-152 VAT rate in per cent. */
  vatRate: number | null
}

/** A document-level allowance (BG-20) or charge (BG-21); signed as it changes what the buyer pays. */
export interface EInvoiceAllowanceCharge {
  charge: boolean
  reason: string
  /** Positive for a charge, negative for an allowance; on a credit note the sign is turned as for lines. */
  amount: number
  vatCategory: string | null
  vatRate: number | null
}

export interface EInvoiceVatBreakdown {
  /** BT-118 and BT-119. */
  category: string
  rate: number | null
  /** BT-116 taxable amount and BT-117 VAT amount. */
  taxable: number
  vat: number
}

export interface EInvoice {
  syntax: EInvoiceSyntax
  /** A credit note by its root (`CreditNote`) or type code (BT-3: 381, 261, 262, 296, 308, 396, 420, 458, 532). */
  kind: 'invoice' | 'credit-note'
  /** BT-3 document type code. */
  typeCode: string | null
  /** BT-1 invoice or credit-note number. */
  number: string
  /** BT-2 issue date and BT-9 due date, `yyyy-mm-dd`. */
  issueDate: string
  dueDate: string | null
  /** BT-5 document currency. */
  currency: string
  /** BT-10 buyer reference and BT-13 purchase order reference. */
  buyerReference: string | null
  orderReference: string | null
  /** BT-19 buyer accounting reference. */
  accountingCost: string | null
  /** BT-25 the invoice a credit note corrects. */
  precedingInvoice: string | null
  supplier: EInvoiceParty
  buyer: EInvoiceParty
  /**
   * BT-109 total without VAT, BT-110 VAT, BT-112 total with VAT, BT-113 paid in advance and BT-115 amount due.
   * A credit note's amounts are negative, as the supplier invoice books them.
   */
  totals: { net: number; vat: number; total: number; prepaid: number; payable: number }
  vatBreakdown: EInvoiceVatBreakdown[]
  /** BT-83 remittance information: the KID of a Norwegian invoice. */
  paymentId: string | null
  /** BT-84 payee account: a valid IBAN, and the Norwegian bank account (BBAN, MOD11) it or the XML gives. */
  iban: string | null
  bankAccount: string | null
  /** BT-84 as written, when it is neither a valid IBAN nor a Norwegian account. */
  accountAsWritten: string | null
  lines: EInvoiceLine[]
  allowancesCharges: EInvoiceAllowanceCharge[]
  /**
   * Amounts the XML writes but that are not read (absent when there are none): each stands as 0 above, and
   * no proposal is made of it (a 400-digit PayableAmount is not proposed as the total).
   */
  unreadAmounts?: UnreadAmount[]
}

/** An amount written in the XML that is not read: by its business term (`BT-115`), why, and as written (cut). */
export interface UnreadAmount {
  term: string
  /** `notANumber`: not a number as XML writes one (`12,50`); `outOfRange`: beyond ±1e12 or infinite. */
  reason: 'notANumber' | 'outOfRange'
  asWritten: string
}

/**
 * Why a file cannot be read as a structured invoice. `refused`: XML no invoice is (larger than
 * MAX_INVOICE_XML_BYTES, declaring entities, nested deeper than any invoice), refused before it is read.
 */
export type EInvoiceErrorCode = 'not-xml' | 'not-an-invoice' | 'incomplete' | 'refused'

export class EInvoiceError extends Error {
  constructor(
    readonly code: EInvoiceErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'EInvoiceError'
  }
}
