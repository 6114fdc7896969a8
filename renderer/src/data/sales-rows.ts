// A sales draft as the cache holds it: the row the pull would give (spec 2.4 header, spec 2.5 `Items` with
// their sums), previewed from the draft with the platform's own sums (common/sales/totals.ts), and back
// (`draftOf`, the editor's starting point). Pure functions, so the preview is tested without a database.
import type { SalesDraft, SalesLine } from '@common/bridge/sales'
import type { CustomerInvoice, CustomerInvoiceItem } from '@common/entities/rows'
import { fromOre } from '@common/money'
import { draftTotals } from '@common/sales/totals'
import { CustomerInvoiceStatus, InvoiceType } from '@common/status'

export type VatPercentOf = (vatTypeId: number | null, date: string | null) => number

/** The header fields a draft sets on its row (the ones `draftOf` reads back). */
const headerFields = [
  'CustomerID',
  'CustomerName',
  'InvoiceType',
  'InvoiceReferenceID',
  'InvoiceDate',
  'PaymentDueDate',
  'DeliveryDate',
  'CreditDays',
  'OurReference',
  'YourReference',
  'FreeTxt',
  'CurrencyCodeID',
  'CurrencyExchangeRate',
  'PaymentInfoTypeID',
  'DistributionPlanID',
  'InvoiceAddressLine1',
  'InvoicePostalCode',
  'InvoiceCity',
  'CustomValues',
] as const satisfies readonly (keyof SalesDraft & keyof CustomerInvoice)[]

/** What an edit replaces on a row: the header fields, the sums and the lines (an edit's base keeps these). */
export const previewFields = [
  ...headerFields,
  'TaxExclusiveAmount',
  'VatTotalsAmount',
  'TaxInclusiveAmount',
  'TaxExclusiveAmountCurrency',
  'VatTotalsAmountCurrency',
  'TaxInclusiveAmountCurrency',
  'RestAmount',
  'RestAmountCurrency',
  'Items',
] as const

/** An amount in the invoice's currency as the company's (NOK) amount at the draft's exchange rate. */
const inBase = (amount: number, rate: number) => (rate === 1 ? amount : Math.round(amount * rate * 100) / 100)

/**
 * The fields of a row that show `draft` (header, lines with their sums, totals). Lines keep their platform
 * ID; a new line gets a local negative one. The amounts are the platform's computation, so the preview is
 * the row the platform answers, to the øre (a foreign currency's NOK amounts at the draft's rate).
 */
export function previewOf(draft: SalesDraft, invoiceId: number, vatPercentOf: VatPercentOf) {
  const totals = draftTotals(draft, vatPercentOf)
  const rate = draft.CurrencyExchangeRate ?? 1
  let localLine = 0
  const Items: CustomerInvoiceItem[] = draft.Items.map((line, k) => {
    const sums = totals.lines[k]!
    const percent = vatPercentOf(line.VatTypeID ?? null, draft.InvoiceDate ?? null)
    const net = fromOre(sums.net)
    const vat = fromOre(sums.vat)
    const gross = fromOre(sums.gross)
    return {
      ID: line.ID ?? --localLine,
      UpdatedAt: null,
      CustomerInvoiceID: invoiceId,
      ProductID: line.ProductID ?? null,
      ItemText: line.ItemText,
      Unit: line.Unit ?? null,
      NumberOfItems: line.NumberOfItems,
      PriceExVatCurrency: line.PriceExVatCurrency,
      PriceIncVatCurrency: null,
      PriceExVat: inBase(line.PriceExVatCurrency, rate),
      PriceIncVat: null,
      PriceSetByUser: true,
      CalculateGrossPriceBasedOnNetPrice: false,
      DiscountPercent: line.DiscountPercent ?? 0,
      Discount: null,
      DiscountCurrency: null,
      AccountID: line.AccountID ?? null,
      VatTypeID: line.VatTypeID,
      VatPercent: percent,
      VatDate: draft.InvoiceDate,
      SumTotalExVatCurrency: net,
      SumVatCurrency: vat,
      SumTotalIncVatCurrency: gross,
      SumTotalExVat: inBase(net, rate),
      SumVat: inBase(vat, rate),
      SumTotalIncVat: inBase(gross, rate),
      SortIndex: line.SortIndex,
      StatusCode: CustomerInvoiceStatus.Draft,
    }
  })
  const header = Object.fromEntries(headerFields.map((field) => [field, draft[field] ?? null]))
  const gross = fromOre(totals.gross)
  return {
    ...header,
    InvoiceType: draft.InvoiceType ?? InvoiceType.Invoice,
    TaxExclusiveAmountCurrency: fromOre(totals.net),
    VatTotalsAmountCurrency: fromOre(totals.vatTotal),
    TaxInclusiveAmountCurrency: gross,
    TaxExclusiveAmount: inBase(fromOre(totals.net), rate),
    VatTotalsAmount: inBase(fromOre(totals.vatTotal), rate),
    TaxInclusiveAmount: inBase(gross, rate),
    RestAmountCurrency: gross,
    RestAmount: inBase(gross, rate),
    Items,
  }
}

/** The values of `fields` on a row (missing ones as null): an edit's base, put back when it is discarded. */
export function valuesOf(row: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, row[field] ?? null]))
}

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback
const textOr = (value: unknown) => (typeof value === 'string' ? value : null)
const idOr = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null)

/** A cached line as the editor holds it; a local line (negative ID) is new to the platform. */
function lineOf(item: Partial<CustomerInvoiceItem>, k: number): SalesLine {
  const id = idOr(item.ID)
  return {
    ID: id !== null && id > 0 ? id : null,
    ProductID: idOr(item.ProductID),
    ItemText: textOr(item.ItemText) ?? '',
    Unit: textOr(item.Unit),
    NumberOfItems: numberOr(item.NumberOfItems, 1),
    PriceExVatCurrency: numberOr(item.PriceExVatCurrency, 0),
    DiscountPercent: numberOr(item.DiscountPercent, 0),
    VatTypeID: idOr(item.VatTypeID),
    AccountID: idOr(item.AccountID),
    SortIndex: numberOr(item.SortIndex, k),
  }
}

/** The editor's starting point for a cached row: its header and its lines (deleted ones left out). */
export function draftOf(row: CustomerInvoice): SalesDraft {
  const items = [...(row.Items ?? [])]
    .filter((item) => (item as { Deleted?: boolean }).Deleted !== true)
    .sort((a, b) => numberOr(a.SortIndex, 0) - numberOr(b.SortIndex, 0) || a.ID - b.ID)
  const type = row.InvoiceType === InvoiceType.CreditNote ? InvoiceType.CreditNote : InvoiceType.Invoice
  return {
    CustomerID: Math.max(0, idOr(row.CustomerID) ?? 0),
    Customer: null,
    CustomerName: row.CustomerName ?? '',
    InvoiceType: type,
    InvoiceReferenceID: row.InvoiceReferenceID ?? null,
    InvoiceDate: row.InvoiceDate ? row.InvoiceDate.slice(0, 10) : null,
    PaymentDueDate: row.PaymentDueDate ? row.PaymentDueDate.slice(0, 10) : null,
    DeliveryDate: row.DeliveryDate ? row.DeliveryDate.slice(0, 10) : null,
    CreditDays: row.CreditDays ?? null,
    OurReference: row.OurReference ?? null,
    YourReference: row.YourReference ?? null,
    FreeTxt: row.FreeTxt ?? null,
    CurrencyCodeID: row.CurrencyCodeID ?? null,
    CurrencyExchangeRate: row.CurrencyExchangeRate ?? null,
    PaymentInfoTypeID: row.PaymentInfoTypeID ?? null,
    DistributionPlanID: row.DistributionPlanID ?? null,
    InvoiceAddressLine1: row.InvoiceAddressLine1 ?? null,
    InvoicePostalCode: row.InvoicePostalCode ?? null,
    InvoiceCity: row.InvoiceCity ?? null,
    CustomValues: customValuesOfRow(row.CustomValues),
    Items: items.map(lineOf),
  }
}

/** A row's custom values (spec 4.2: always returned, an object keyed `Custom<Name>`) as a draft carries them. */
function customValuesOfRow(values: unknown): SalesDraft['CustomValues'] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return null
  const own = Object.entries(values).filter(
    ([key, value]) =>
      /^Custom[A-Za-z]/.test(key) && (typeof value === 'string' || typeof value === 'number' || value === null),
  )
  return own.length ? (Object.fromEntries(own) as NonNullable<SalesDraft['CustomValues']>) : null
}

/**
 * The credit draft of an invoice (spec 3.3 `create-credit-draft-invoice`): the same customer and lines with
 * negated quantities, `InvoiceType` 1 and `InvoiceReferenceID` the invoice; every line new, dated `today`.
 */
export function creditDraftOf(invoice: CustomerInvoice, today: string): SalesDraft {
  const draft = draftOf(invoice)
  return {
    ...draft,
    InvoiceType: InvoiceType.CreditNote,
    InvoiceReferenceID: invoice.ID,
    InvoiceDate: today,
    PaymentDueDate: today,
    Items: draft.Items.map((line) => ({ ...line, ID: null, NumberOfItems: -line.NumberOfItems })),
  }
}
