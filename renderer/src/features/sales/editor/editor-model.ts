// The editor's form: a draft invoice as the accountant types it (text that is not yet a number or date is
// kept as typed, so nothing typed is lost and the field it belongs to can say what is wrong), and the
// readings both ways: the form of a cached row's draft (`draftOf` in data/sales.ts) and the SalesDraft the
// data API saves. The checks before saving and before invoicing, and where a refusal of the platform shows.
import type { InlineCustomer, SalesDraft, SalesLine } from '@common/bridge/sales'
import type { VatType } from '@common/entities/rows'
import { fromOre, toOre, type Ore } from '@common/money'
import { checkCreditDays, checkEmail, checkOrgNumber } from '@common/field-checks'
import { parseDecimal } from '@common/parse'
import { InvoiceType } from '@common/status'

export interface EditorLine {
  /** Stable while the line lives (v-for key, focus after a duplicate); not saved. */
  key: number
  ID: number | null
  ProductID: number | null
  ItemText: string
  Unit: string
  quantityText: string
  /** The unit price excluding VAT in øre; null while the field is empty or unreadable. */
  price: Ore | null
  priceText: string
  discountText: string
  VatTypeID: number | null
  AccountID: number | null
}

export interface EditorForm extends Omit<SalesDraft, 'Items'> {
  lines: EditorLine[]
  /** Date fields typed as text that is no date, by field. */
  unreadableDates: Partial<Record<DateField, string>>
}
export type DateField = 'InvoiceDate' | 'PaymentDueDate' | 'DeliveryDate'

let nextKey = 1
export function emptyLine(): EditorLine {
  return {
    key: nextKey++,
    ID: null,
    ProductID: null,
    ItemText: '',
    Unit: '',
    quantityText: '1',
    price: null,
    priceText: '',
    discountText: '',
    VatTypeID: null,
    AccountID: null,
  }
}

/** A copy of a line as a new line (Ctrl+D): it gets its own key and no platform ID. */
export const copyLine = (line: EditorLine): EditorLine => ({ ...line, key: nextKey++, ID: null })

/** What a decimal field holds (common/parse.ts parseDecimal): undefined for text that is no number, null for none. */
export const readDecimal = (text: string): number | null | undefined =>
  text.trim() === '' ? null : parseDecimal(text)

/** A quantity or discount as the user's language writes it (7,5 in Norwegian, 7.5 in English). */
const decimalText = (value: number | null | undefined, comma: boolean) =>
  value === null || value === undefined ? '' : comma ? String(value).replace('.', ',') : String(value)

/** A line is empty when nothing was typed into it (the quantity of a new line is 1 already). */
export const isEmptyLine = (line: EditorLine): boolean =>
  !line.ProductID && !line.ItemText.trim() && line.price === null && !line.priceText && !line.discountText

function lineOf(item: SalesLine, comma: boolean): EditorLine {
  return {
    ...emptyLine(),
    ID: item.ID ?? null,
    ProductID: item.ProductID ?? null,
    ItemText: item.ItemText,
    Unit: item.Unit ?? '',
    quantityText: decimalText(item.NumberOfItems, comma),
    price: toOre(item.PriceExVatCurrency) ?? null,
    discountText: item.DiscountPercent ? decimalText(item.DiscountPercent, comma) : '',
    VatTypeID: item.VatTypeID,
    AccountID: item.AccountID ?? null,
  }
}

/** The form of a saved draft, lines in their order, decimals with a comma unless `decimalComma` is false. */
export function formOf(draft: SalesDraft, decimalComma = true): EditorForm {
  const { Items, ...header } = draft
  const lines = [...Items].sort((a, b) => a.SortIndex - b.SortIndex).map((item) => lineOf(item, decimalComma))
  return { ...header, lines: lines.length ? lines : [emptyLine()], unreadableDates: {} }
}

/** A new draft dated `today`, in the company's base currency. */
export function newForm(today: string, currencyCodeID: number | null): EditorForm {
  return formOf({
    CustomerID: 0,
    Customer: null,
    CustomerName: '',
    InvoiceType: InvoiceType.Invoice,
    InvoiceDate: today,
    PaymentDueDate: today,
    CreditDays: 0,
    CurrencyCodeID: currencyCodeID,
    Items: [],
  })
}

/** The line as the draft carries it; what cannot be read counts as nothing (the checks name it). */
function salesLine(line: EditorLine, index: number): SalesLine {
  const quantity = readDecimal(line.quantityText)
  const discount = readDecimal(line.discountText)
  return {
    ID: line.ID,
    ProductID: line.ProductID,
    ItemText: line.ItemText.trim(),
    Unit: line.Unit.trim() || null,
    NumberOfItems: quantity ?? 0,
    PriceExVatCurrency: line.price === null ? 0 : fromOre(line.price),
    DiscountPercent: discount && discount > 0 && discount <= 100 ? discount : null,
    VatTypeID: line.VatTypeID,
    AccountID: line.AccountID,
    SortIndex: index,
  }
}

/**
 * The draft of the form. `allLines` keeps empty lines (the totals show a sum per line on screen); a
 * saved draft leaves them out.
 */
export function draftOfForm(form: EditorForm, allLines = false): SalesDraft {
  const { lines, unreadableDates: _unreadable, ...header } = form
  const kept = allLines ? lines : lines.filter((l) => !isEmptyLine(l))
  return { ...header, CustomerName: header.CustomerName.trim(), Items: kept.map(salesLine) }
}

/** `yyyy-mm-dd` plus days, as the platform counts a due date from the invoice date and the terms. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
/** The days between two `yyyy-mm-dd` dates (the payment terms a typed due date gives). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** Where a problem shows: a header field, the customer, the lines as a whole or one line's cell. */
export type FieldKey =
  | 'customer'
  | 'lines'
  | DateField
  | 'CreditDays'
  | `line:${number}:${LineField}`
  | `customer.${keyof InlineCustomer}`
export type LineField = 'text' | 'quantity' | 'price' | 'discount' | 'vat'
export type Problem =
  | 'customer'
  | 'lines'
  | 'text'
  | 'vat'
  | 'quantity'
  | 'discount'
  | 'price'
  | 'date'
  | 'dueBeforeDate'
  | 'name'
  | 'orgNumber'
  | 'email'
  | 'creditDays'

/**
 * Problems of an inline new customer, by its field (spec 4.3), by the checks of every form
 * (common/field-checks.ts): the organisation number as printed (`NO 995 525 828 MVA`, MOD11 checked), the
 * e-mail address and the payment terms.
 */
export function customerProblems(customer: InlineCustomer): Map<FieldKey, Problem> {
  const problems = new Map<FieldKey, Problem>()
  if (!customer.Name.trim()) problems.set('customer.Name', 'name')
  if (checkOrgNumber(customer.OrgNumber)) problems.set('customer.OrgNumber', 'orgNumber')
  if (checkEmail(customer.EmailAddress)) problems.set('customer.EmailAddress', 'email')
  if (checkCreditDays(customer.CreditDays)) problems.set('customer.CreditDays', 'creditDays')
  return problems
}

/** What stops the form from being saved: text that is no number or date (a draft may be incomplete). */
export function saveProblems(form: EditorForm): Map<FieldKey, Problem> {
  const problems = new Map<FieldKey, Problem>()
  for (const field of Object.keys(form.unreadableDates) as DateField[])
    if (form.unreadableDates[field]) problems.set(field, 'date')
  if (checkCreditDays(form.CreditDays)) problems.set('CreditDays', 'creditDays')
  form.lines.forEach((line, i) => {
    if (readDecimal(line.quantityText) === undefined) problems.set(`line:${i}:quantity`, 'quantity')
    if (line.price === null && line.priceText) problems.set(`line:${i}:price`, 'price')
    const discount = readDecimal(line.discountText)
    if (discount === undefined || (discount !== null && (discount < 0 || discount > 100)))
      problems.set(`line:${i}:discount`, 'discount')
  })
  return problems
}

/**
 * The checks before invoicing, on the field each belongs to: a customer, at least one line, the dates
 * in order, and every line with its text and a VAT code (the platform books each line on its VAT code).
 */
export function invoiceProblems(form: EditorForm): Map<FieldKey, Problem> {
  const problems = saveProblems(form)
  if (!form.CustomerName.trim() || (form.CustomerID === 0 && !form.Customer)) problems.set('customer', 'customer')
  if (!form.InvoiceDate && !problems.has('InvoiceDate')) problems.set('InvoiceDate', 'date')
  if (form.InvoiceDate && form.PaymentDueDate && form.PaymentDueDate < form.InvoiceDate)
    problems.set('PaymentDueDate', 'dueBeforeDate')
  const lines = form.lines.map((line, i) => [line, i] as const).filter(([line]) => !isEmptyLine(line))
  if (!lines.length) problems.set('lines', 'lines')
  for (const [line, i] of lines) {
    if (!line.ItemText.trim()) problems.set(`line:${i}:text`, 'text')
    if (line.VatTypeID === null) problems.set(`line:${i}:vat`, 'vat')
  }
  return problems
}

const headerOfProperty: Record<string, FieldKey> = {
  CustomerID: 'customer',
  CustomerName: 'customer',
  Customer: 'customer',
  InvoiceDate: 'InvoiceDate',
  PaymentDueDate: 'PaymentDueDate',
  DeliveryDate: 'DeliveryDate',
  CreditDays: 'CreditDays',
  Items: 'lines',
}
const lineOfProperty: Record<string, LineField> = {
  ItemText: 'text',
  NumberOfItems: 'quantity',
  PriceExVat: 'price',
  PriceExVatCurrency: 'price',
  DiscountPercent: 'discount',
  VatTypeID: 'vat',
}

/**
 * The field a refusal names (the platform's `PropertyName`, field notes "Errors"): a header field, or a
 * line's cell (`Items[2].VatTypeID`, `Items.2.VatTypeID`; a line field without an index is the first
 * line's). Null when the form has no such field: the refusal then shows on the invoice as a whole.
 */
export function fieldOfProperty(property: string | null | undefined): FieldKey | null {
  if (!property) return null
  const path = property.replace(/^CustomerInvoice\./, '')
  const item = /^Items(?:\[(\d+)\]|\.(\d+))?\.?(\w+)?$/.exec(path)
  if (item) {
    const field = item[3] ? lineOfProperty[item[3]] : undefined
    return field ? `line:${Number(item[1] ?? item[2] ?? 0)}:${field}` : 'lines'
  }
  const bare = path.split('.').at(-1) ?? path
  if (lineOfProperty[bare] && !headerOfProperty[bare]) return `line:0:${lineOfProperty[bare]}`
  return headerOfProperty[path] ?? headerOfProperty[path.split('.')[0] ?? ''] ?? null
}

/**
 * The company's sales VAT codes, read from its VAT types: output VAT (not reverse charge, which is
 * calculated on purchases) and the types without any VAT treatment (no rate, no account).
 */
export function salesVatTypes<V extends Pick<VatType, 'OutputVat' | 'ReversedTaxDutyVat' | 'IncomingAccountID' | 'VatPercent'>>(
  rows: readonly V[],
): V[] {
  return rows.filter(
    (v) =>
      !v.ReversedTaxDutyVat &&
      (v.OutputVat === true || (!v.IncomingAccountID && !Number(v.VatPercent ?? 0))),
  )
}
