// The customer's document of a cached or pulled invoice row (common/sales/document.ts): the renderer builds
// it for a draft's preview, main for the document attached when the invoice is invoiced. A draft's sums are
// previewed (./totals.ts, as the platform will book them); an invoiced row prints the sums the platform
// booked, whatever happened to VAT rates since.
import type {
  Address,
  CompanySettings,
  Customer,
  CustomerInvoice,
  CustomerInvoiceItem,
  PaymentInfoType,
} from '../entities/rows.ts'
import { toOre, type Ore } from '../money.ts'
import { CustomerInvoiceStatus, InvoiceType } from '../status.ts'
import type { SalesDocument, SalesDocumentLine } from './document.ts'
import { kidOf } from './kid.ts'
import { lineSums, type LineSums } from './totals.ts'

export { kidOf } from './kid.ts'

export interface SalesDocumentContext {
  language: 'nb' | 'en'
  company: CompanySettings
  /** The customer with `Info` (its name, invoice address, e-mail, phone); null when not cached. */
  customer: Customer | null
  vatPercentOf: (vatTypeId: number | null, date: string | null) => number
  kidType: PaymentInfoType | null
  currencyCode: string
  /** The number of the invoice a credit note credits, when known. */
  creditedInvoiceNumber: string | null
}

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null)
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v ?? 0) || 0)

/** Address lines as a Norwegian letter prints them: street lines, then postal code and city, then the country abroad. */
function addressLines(a: {
  lines: (string | null | undefined)[]
  postalCode?: string | null
  city?: string | null
  countryCode?: string | null
  country?: string | null
}): string[] {
  const out = a.lines.map(text).filter((l): l is string => l !== null)
  const place = [text(a.postalCode), text(a.city)].filter(Boolean).join(' ')
  if (place) out.push(place)
  const country = text(a.country) ?? text(a.countryCode)
  if (country && !/^(NO|NOR|Norge|Norway)$/i.test(country)) out.push(country)
  return out
}

function buyerAddress(invoice: CustomerInvoice, customer: Customer | null): string[] {
  const own = addressLines({
    lines: [invoice.InvoiceAddressLine1, invoice.InvoiceAddressLine2],
    postalCode: invoice.InvoicePostalCode,
    city: invoice.InvoiceCity,
    countryCode: invoice.InvoiceCountryCode,
  })
  if (own.length > 0) return own
  const a: Address | null | undefined = customer?.Info?.InvoiceAddress
  if (!a) return []
  return addressLines({
    lines: [a.AddressLine1, a.AddressLine2, a.AddressLine3],
    postalCode: a.PostalCode,
    city: a.City,
    countryCode: a.CountryCode,
    country: a.Country,
  })
}

interface PrintedLine {
  line: SalesDocumentLine
  sums: LineSums
}

function printedLine(
  item: CustomerInvoiceItem,
  invoice: CustomerInvoice,
  draft: boolean,
  ctx: SalesDocumentContext,
): PrintedLine {
  const booked = !draft && item.SumTotalExVatCurrency !== null && item.SumTotalExVatCurrency !== undefined
  const vatPercent =
    booked && item.VatPercent !== null
      ? number(item.VatPercent)
      : ctx.vatPercentOf(item.VatTypeID, invoice.InvoiceDate)
  const quantity = number(item.NumberOfItems ?? 1)
  const unitPrice = number(item.PriceExVatCurrency ?? item.PriceExVat)
  const discountPercent = number(item.DiscountPercent)
  const sums: LineSums = booked
    ? {
        net: toOre(item.SumTotalExVatCurrency) ?? 0,
        vat: toOre(item.SumVatCurrency) ?? 0,
        gross: toOre(item.SumTotalIncVatCurrency) ?? 0,
      }
    : lineSums(
        { NumberOfItems: quantity, PriceExVatCurrency: unitPrice, DiscountPercent: discountPercent },
        vatPercent,
      )
  return {
    line: {
      text: item.ItemText ?? '',
      quantity,
      unit: text(item.Unit),
      unitPrice: toOre(unitPrice) ?? 0,
      discountPercent,
      vatPercent,
      net: sums.net,
    },
    sums,
  }
}

/** The invoice as the customer sees it. */
export function salesDocument(invoice: CustomerInvoice, ctx: SalesDocumentContext): SalesDocument {
  const draft =
    invoice.StatusCode === null || invoice.StatusCode === CustomerInvoiceStatus.Draft || invoice.ID < 0
  const items = [...(invoice.Items ?? [])]
    .filter((i) => !i.Deleted)
    .sort((a, b) => (a.SortIndex ?? 0) - (b.SortIndex ?? 0) || a.ID - b.ID)
  const printed = items.map((i) => printedLine(i, invoice, draft, ctx))
  const byRate = new Map<number, { percent: number; base: Ore; vat: Ore }>()
  const totals = { net: 0, vat: 0, gross: 0 }
  for (const { line, sums } of printed) {
    const rate = byRate.get(line.vatPercent) ?? { percent: line.vatPercent, base: 0, vat: 0 }
    rate.base += sums.net
    rate.vat += sums.vat
    byRate.set(line.vatPercent, rate)
    totals.net += sums.net
    totals.vat += sums.vat
    totals.gross += sums.gross
  }
  const info = ctx.customer?.Info
  const bank = ctx.company.DefaultBankAccount
  const chargesVat = printed.some((p) => p.line.vatPercent > 0)
  return {
    language: ctx.language,
    kind: invoice.InvoiceType === InvoiceType.CreditNote ? 'credit-note' : 'invoice',
    draft,
    number: text(invoice.InvoiceNumber),
    creditedInvoiceNumber: ctx.creditedInvoiceNumber,
    invoiceDate: invoice.InvoiceDate,
    dueDate: invoice.PaymentDueDate,
    deliveryDate: invoice.DeliveryDate ?? null,
    ourReference: text(invoice.OurReference),
    yourReference: text(invoice.YourReference),
    freeText: text(invoice.FreeTxt),
    currency: ctx.currencyCode,
    seller: {
      name: text(ctx.company.CompanyName) ?? '',
      orgNumber: text(ctx.company.OrganizationNumber),
      vatRegistered: chargesVat,
      // The spec documents no address on the company settings (4.1 lists the route only): none is printed.
      addressLines: [],
      email: text(ctx.company.DefaultEmail),
      phone: text(ctx.company.DefaultPhone),
      bankAccount: text(bank?.AccountNumber),
      iban: text(bank?.IBAN),
    },
    buyer: {
      name: text(invoice.CustomerName) ?? text(info?.Name) ?? '',
      orgNumber: text(invoice.CustomerOrgNumber) ?? text(ctx.customer?.OrgNumber),
      addressLines: buyerAddress(invoice, ctx.customer),
      email: text(info?.DefaultEmail?.EmailAddress),
      phone: text(info?.DefaultPhone?.Number),
    },
    customerNumber: ctx.customer?.CustomerNumber != null ? String(ctx.customer.CustomerNumber) : null,
    lines: printed.map((p) => p.line),
    vat: [...byRate.values()].sort((a, b) => b.percent - a.percent),
    totals,
    kid: kidOf(invoice, ctx.kidType, ctx.customer?.CustomerNumber ?? null),
  }
}
