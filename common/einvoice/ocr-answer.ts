// A structured invoice answered in the shape of the OCR result of spec 2.13, so that every reader of OCR
// answers (the scan station, the review, the document viewer) takes it as it takes a read page: each property
// the XML gives has one candidate with ProbabilityFactor 1, placed `structured`. The invoice itself, with its
// lines, travels in `OcrRawData.StructuredInvoice` (OcrRawData is a free JSON string in the spec).
import { isValidKid, digitsOnly } from '../norwegian.ts'
import { CHECKED_VAT_COUNTRIES, luhnValid, normaliseForeignVatId } from '../vat-id.ts'
import {
  OCR_PROPERTIES,
  OcrPropertyId,
  readOcrRawData,
  type InterpretationCandidate,
  type InterpretedProperty,
  type OcrAnswer,
  type OcrForeignSupplierId,
  type OcrPageSize,
  type OcrRawData,
  type OcrWord,
} from '../ocr.ts'
import type { EInvoice } from './types.ts'

/** How a structured value was found (`HitWordPlacement`), beside the interpreter's `right`, `below`, `pattern`. */
export const STRUCTURED_PLACEMENT = 'structured'

/** The value each spec 2.13 property takes from the invoice, in the form the OCR answer writes it. */
export function structuredValues(invoice: EInvoice): Partial<Record<OcrPropertyId, string>> {
  const kid = invoice.paymentId ? digitsOnly(invoice.paymentId) : ''
  const values: Partial<Record<OcrPropertyId, string | null>> = {
    // Only a Norwegian organisation number is property 1; a foreign registry or VAT id stays in the invoice.
    [OcrPropertyId.OfficialNumber]: invoice.supplier.orgNumber,
    [OcrPropertyId.Iban]: invoice.iban,
    [OcrPropertyId.BankAccount]: invoice.bankAccount,
    // BT-83 is a KID only when it is one (digits passing MOD10 or MOD11); other references stay in the invoice.
    [OcrPropertyId.Kid]: kid && kid === invoice.paymentId?.replace(/\s/g, '') && isValidKid(kid) ? kid : null,
    [OcrPropertyId.InvoiceNumber]: invoice.number,
    // The amount due (BT-115): after a prepayment it is what is left to pay. One the XML writes but that is
    // not read (not a number, beyond ±1e12: invoice.unreadAmounts says so) is not proposed.
    [OcrPropertyId.TotalAmount]: invoice.unreadAmounts?.some((u) => u.term === 'BT-115')
      ? null
      : invoice.totals.payable.toFixed(2),
    [OcrPropertyId.InvoiceDate]: invoice.issueDate,
    [OcrPropertyId.DueDate]: invoice.dueDate,
    // BT-19, the buyer's accounting reference, names the buyer's cost centre.
    [OcrPropertyId.Department]: invoice.accountingCost,
    // BT-10, the buyer's reference, is the requisition; else the purchase order (BT-13).
    [OcrPropertyId.Requisition]: invoice.buyerReference ?? invoice.orderReference,
  }
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Partial<
    Record<OcrPropertyId, string>
  >
}

/** A VAT id's country prefix that is not its ISO 3166 code: Greece writes `EL`. */
const VAT_PREFIX_COUNTRY: Record<string, string> = { EL: 'GR' }

/**
 * A legal registration id (BT-30) in the VAT id form its country derives from it, by the scheme the XML names
 * (ISO 6523 ICD) or, without one, by the seller's country: a Swedish organisationsnummer (0007, Luhn) is
 * `SE` + its ten digits + `01`, a Danish CVR (0184) `DK` + its eight, a Finnish Y-tunnus (0212, 0213) `FI` + its
 * eight. Null for any other (a German Handelsregister number has no VAT form).
 */
function registryAsVatId(id: string, scheme: string | null, country: string | null): string | null {
  const digits = digitsOnly(id)
  const from =
    scheme === '0007' ? 'SE' : scheme === '0184' ? 'DK' : scheme === '0212' || scheme === '0213' ? 'FI' : null
  const as = from ?? (scheme === null ? country : null)
  if (as === 'SE' && digits.length === 10 && luhnValid(digits)) return `SE${digits}01`
  if (as === 'DK' && digits.length === 8) return normaliseForeignVatId(`DK${digits}`)
  if (as === 'FI' && digits.length === 8) return normaliseForeignVatId(`FI${digits}`)
  return null
}

/**
 * The seller's foreign ids (OcrAnswer.ForeignSupplierIds) of a structured invoice, as the OCR answer gives the
 * ones it reads on a page: `Value` in the VAT id's form, its country, `Kind` `vat` for the VAT identifier
 * (BT-31) and `registry` for the legal registration id (BT-30) or a registry party identifier (BT-29:
 * UBL PartyIdentification, CII GlobalID, registryIds) turned into one. The XML states them, so an id
 * is as sure as the seller wrote it (ProbabilityFactor 1) unless its country's public check fails (0.5, so no
 * reader takes it for the supplier); ids of countries without a public check are given as written. A seller
 * with a Norwegian organisation number has none: that number is property 1.
 */
export function structuredForeignSupplierIds(invoice: EInvoice): OcrForeignSupplierId[] {
  const seller = invoice.supplier
  if (seller.orgNumber) return []
  const out: OcrForeignSupplierId[] = []
  const add = (value: string, kind: OcrForeignSupplierId['Kind'], written: string) => {
    const prefix = value.slice(0, 2)
    if (prefix === 'NO' || out.some((f) => f.Value === value)) return
    const checked = CHECKED_VAT_COUNTRIES.has(prefix)
    out.push({
      CountryCode: VAT_PREFIX_COUNTRY[prefix] ?? prefix,
      Value: value,
      Kind: kind,
      HitWordText: written,
      ProbabilityFactor: !checked || normaliseForeignVatId(value) ? 1 : 0.5,
    })
  }
  const vat = seller.vatId?.replace(/[\s.-]/g, '').toUpperCase()
  if (seller.vatId && vat && /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(vat)) add(vat, 'vat', seller.vatId)
  const registries = [
    ...(seller.registrationId ? [{ value: seller.registrationId, scheme: seller.registrationScheme }] : []),
    ...(seller.registryIds ?? []),
  ]
  for (const id of registries) {
    const registry = registryAsVatId(id.value, id.scheme, seller.country)
    if (registry) add(registry, 'registry', id.value)
  }
  // The surest first, as the OCR answer orders them.
  return out.sort((a, b) => b.ProbabilityFactor - a.ProbabilityFactor)
}

/** The word on the document that prints the value, if one does: its box is drawn in the viewer. */
function printedAt(value: string, words: readonly OcrWord[]): OcrWord | undefined {
  const digits = /^[\d.\s-]+$/.test(value) ? digitsOnly(value) : null
  return words.find((w) =>
    digits && digits.length >= 4
      ? digitsOnly(w.Text) === digits && /^[\d.\s-]+$/.test(w.Text)
      : w.Text === value,
  )
}

export interface StructuredPages {
  words: OcrWord[]
  pages: OcrPageSize[]
}

/** The OCR answer of a structured invoice; `read` gives the words of the PDF that carries it, if any. */
export function structuredOcrAnswer(
  invoice: EInvoice,
  read: StructuredPages = { words: [], pages: [] },
): Omit<OcrAnswer, 'UniFile'> & { PagesRead: number[] } {
  const foreign = structuredForeignSupplierIds(invoice)
  const first = read.pages[0] ?? { PageNo: 1, ImageWidth: 0, ImageHeight: 0 }
  const properties: InterpretedProperty[] = []
  let candidateId = 0
  for (const [key, value] of Object.entries(structuredValues(invoice))) {
    const propertyId = Number(key) as OcrPropertyId
    const word = printedAt(value, read.words)
    const candidate: InterpretationCandidate = {
      Id: ++candidateId,
      InterpretedPropertyId: propertyId,
      HitWordId: word?.Id ?? 0,
      HitWordText: value,
      HitWordPlacement: STRUCTURED_PLACEMENT,
      Value: value,
      Top: word?.Top ?? 0,
      Left: word?.Left ?? 0,
      Height: word?.Height ?? 0,
      Width: word?.Width ?? 0,
      ProbabilityFactor: 1,
      PageNo: word?.PageNo ?? first.PageNo,
    }
    properties.push({
      Id: propertyId,
      OcrInterpretationId: 0,
      OcrPropertyId: propertyId,
      ProposedCandidateId: candidate.Id,
      SelectedCandidateId: null,
      ActualValue: null,
      ProposedCandidate: candidate,
      SelectedCandidate: null,
      OcrProperty: OCR_PROPERTIES[propertyId],
      InterpretationCandidates: [candidate],
    })
  }
  const raw: OcrRawData = {
    AllWords: read.words,
    ImageWidth: first.ImageWidth,
    ImageHeight: first.ImageHeight,
    Pages: read.pages,
    StructuredInvoice: invoice,
  }
  return {
    Id: 0,
    PageNo: first.PageNo,
    PagesRead: read.pages.map((p) => p.PageNo),
    ImageWidth: first.ImageWidth,
    ImageHeight: first.ImageHeight,
    OcrDataUsed: false,
    OcrTemplateId: null,
    Language: invoice.supplier.country === 'NO' ? 'no' : 'en',
    OcrRawData: JSON.stringify(raw),
    InterpretedProperties: properties,
    ...(foreign.length ? { ForeignSupplierIds: foreign } : {}),
  }
}

/** The structured invoice an OCR answer carries, or null when it was read from the pages alone. */
export function structuredInvoiceOf(answer: { OcrRawData?: unknown } | null | undefined): EInvoice | null {
  const invoice = readOcrRawData(answer?.OcrRawData)?.StructuredInvoice as
    Partial<EInvoice> | null | undefined
  return invoice &&
    typeof invoice === 'object' &&
    typeof invoice.number === 'string' &&
    Array.isArray(invoice.lines)
    ? (invoice as EInvoice)
    : null
}
