// Invoicing a customer invoice or credit note (spec 3.3, 4.3): validation, invoice number, KID,
// booking (receivable, sales per item account, output VAT through the items' VAT types) and the
// status change, all in one transaction; and the credit draft of an invoiced invoice.
import { randomUUID } from 'node:crypto'
import { fromOre, oreToDecimal } from '../../../common/money.ts'
import { CustomerInvoiceStatus, InvoiceType } from '../../../common/status.ts'
import type { Sql } from '../../db/store.ts'
import { PlatformError, type RuleMessage } from '../../errors.ts'
import type { ActionRequest } from '../../model/hooks.ts'
import { loadRow } from '../../model/write.ts'
import { bookJournalEntries, type DraftLine } from '../journal/book.ts'
import { asSystemWrite, invoiceItems, recomputeInvoice } from './invoice-sums.ts'
import { defaultKidTypeId, invoiceKid, loadKidType } from './kid.ts'
import { nextInvoiceNumber } from './number-series.ts'
import { oreOf } from '../../../common/sales/sums.ts'

type Row = Record<string, unknown>

const negate = (n: string) => (n.startsWith('-') ? n.slice(1) : `-${n}`)

/** Receivables (kundefordringer), the debit side of every customer invoice. */
export const RECEIVABLES_ACCOUNT_NUMBER = 1500
/** Sales accounts used for an item without account or product: taxable and VAT-free sales. */
const SALES_ACCOUNT_NUMBER = 3000
const VAT_FREE_SALES_ACCOUNT_NUMBER = 3100

/** Default credit days when neither the invoice nor its customer has any. */
const DEFAULT_CREDIT_DAYS = 14

const present = (v: unknown) => v !== undefined && v !== null && v !== ''

export async function accountIdByNumber(
  sql: Sql,
  companyId: number,
  number: number,
): Promise<number | undefined> {
  const { rows } = await sql.query<{ ID: number }>(
    'select "ID" from "Account" where "CompanyID" = $1 and "AccountNumber" = $2 and "Deleted" = false order by "ID" limit 1',
    [companyId, number],
  )
  return rows[0] ? Number(rows[0].ID) : undefined
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

const dateText = (v: unknown): string | undefined =>
  v instanceof Date ? v.toISOString().slice(0, 10) : present(v) ? String(v).slice(0, 10) : undefined

class Problems {
  readonly messages: RuleMessage[] = []
  add(property: string, message: string): void {
    this.messages.push({ PropertyName: property, EntityType: 'CustomerInvoice', Message: message, Level: 30 })
  }
  throwIfAny(id: number): void {
    if (!this.messages.length) return
    throw new PlatformError(
      'RULE_VIOLATION',
      `CustomerInvoice ${id} cannot be invoiced: ${this.messages.map((m) => m.Message).join('; ')}`,
      { messages: this.messages },
    )
  }
}

export async function loadInvoice(req: ActionRequest, id: number): Promise<Row> {
  const invoice = await loadRow(req.sql, req, req.registry.require('CustomerInvoice'), id, true)
  if (!invoice) throw new PlatformError('NOT_FOUND', `CustomerInvoice ${id} was not found`)
  return invoice
}

export interface InvoiceOptions {
  /** KID type to use instead of the invoice's own (sending with factoring). */
  kidTypeId?: number
  /** Factoring customer reference for a `kid_prefix` part. */
  kidPrefix?: string
}

/**
 * Invoices a draft (42001 → 42002): everything or nothing. Answers nothing; callers read the invoice.
 */
export async function invoiceDraft(
  req: ActionRequest,
  id: number,
  options: InvoiceOptions = {},
): Promise<void> {
  const { sql, companyId } = req
  const def = req.registry.require('CustomerInvoice')
  let invoice = await loadInvoice(req, id)
  if (Number(invoice.StatusCode) !== CustomerInvoiceStatus.Draft) {
    throw new PlatformError(
      'TRANSITION_NOT_ALLOWED',
      `CustomerInvoice ${id} is in status ${String(invoice.StatusCode)}; only drafts (${CustomerInvoiceStatus.Draft}) can be invoiced`,
    )
  }
  await recomputeInvoice(sql, companyId, id)
  invoice = await loadInvoice(req, id)
  const problems = new Problems()
  const customer = present(invoice.CustomerID)
    ? (
        await sql.query<Row>(
          'select * from "Customer" where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false',
          [companyId, invoice.CustomerID],
        )
      ).rows[0]
    : undefined
  if (!customer)
    problems.add(
      'CustomerID',
      `the invoice needs a customer (CustomerID ${String(invoice.CustomerID ?? 'missing')} does not exist)`,
    )
  const items = await invoiceItems(sql, companyId, id)
  if (items.length === 0) problems.add('Items', 'the invoice has no items')

  const today = new Date().toISOString().slice(0, 10)
  const invoiceDate = dateText(invoice.InvoiceDate) ?? today
  const creditDays = present(invoice.CreditDays)
    ? Number(invoice.CreditDays)
    : present(customer?.CreditDays)
      ? Number(customer!.CreditDays)
      : DEFAULT_CREDIT_DAYS
  const givenDue = dateText(invoice.PaymentDueDate)
  const dueDate = present(invoice.CreditDays) || !givenDue ? addDays(invoiceDate, creditDays) : givenDue
  if (dueDate < invoiceDate)
    problems.add('PaymentDueDate', `PaymentDueDate ${dueDate} is before InvoiceDate ${invoiceDate}`)

  const isCredit = Number(invoice.InvoiceType) === InvoiceType.CreditNote
  const total = oreOf(invoice.TaxInclusiveAmount)
  let original: Row | undefined
  if (isCredit) {
    original = present(invoice.InvoiceReferenceID)
      ? await loadRow(sql, req, def, Number(invoice.InvoiceReferenceID), true)
      : undefined
    if (!original)
      problems.add('InvoiceReferenceID', 'a credit note needs the invoice it credits (InvoiceReferenceID)')
    else if (total > 0) problems.add('TaxInclusiveAmount', 'a credit note cannot have a positive total')
    else if (-total > oreOf(original.RestAmount)) {
      problems.add(
        'TaxInclusiveAmount',
        `the credit ${fromOre(-total)} is larger than the rest ${fromOre(oreOf(original.RestAmount))} of invoice ${String(original.InvoiceNumber ?? original.ID)}`,
      )
    }
  } else if (total < 0)
    problems.add('TaxInclusiveAmount', 'an invoice cannot have a negative total; create a credit note')

  // spec 2.14: sales lines are booked on the item's account; an item without one takes the sales account.
  const salesAccount = await accountIdByNumber(sql, companyId, SALES_ACCOUNT_NUMBER)
  const vatFreeAccount =
    (await accountIdByNumber(sql, companyId, VAT_FREE_SALES_ACCOUNT_NUMBER)) ?? salesAccount
  const receivables = await accountIdByNumber(sql, companyId, RECEIVABLES_ACCOUNT_NUMBER)
  if (!receivables)
    problems.add(
      'AccountID',
      `the chart of accounts has no receivables account ${RECEIVABLES_ACCOUNT_NUMBER}`,
    )
  const lineAccounts = items.map(({ row, computed }, i) => {
    if (present(row.AccountID)) return Number(row.AccountID)
    const fallback = computed.sums.VatPercent > 0 ? salesAccount : vatFreeAccount
    if (!fallback)
      problems.add(
        `Items[${i}].AccountID`,
        `item ${i + 1} (${String(row.ItemText ?? '')}) has no sales account`,
      )
    return fallback
  })
  problems.throwIfAny(id)

  const year = Number(invoiceDate.slice(0, 4))
  const invoiceNumber = await nextInvoiceNumber(
    sql,
    companyId,
    Number(invoice.InvoiceNumberSeriesID ?? 0),
    year,
  )
  let kid: string | null = null
  const kidTypeId =
    options.kidTypeId ??
    (present(invoice.PaymentInfoTypeID)
      ? Number(invoice.PaymentInfoTypeID)
      : isCredit
        ? undefined
        : await defaultKidTypeId(sql, companyId))
  let kidTypeIdUsed: number | null = present(invoice.PaymentInfoTypeID)
    ? Number(invoice.PaymentInfoTypeID)
    : null
  if (kidTypeId !== undefined && !isCredit) {
    const type = await loadKidType(sql, companyId, kidTypeId)
    if (!type) throw new PlatformError('BAD_REQUEST', `PaymentInfoType ${kidTypeId} does not exist`)
    kid = invoiceKid(type, {
      invoice_number: invoiceNumber,
      customer_number: String(customer!.CustomerNumber ?? ''),
      kid_prefix: options.kidPrefix,
      kid_code: String(InvoiceType.Invoice),
    })
    kidTypeIdUsed = type.ID
  }

  const journalEntryId = await bookInvoice(req, invoice, items, lineAccounts as number[], receivables!, {
    date: invoiceDate,
    invoiceNumber,
    kid,
  })

  await asSystemWrite(sql, async () => {
    // Status first: a draft's RestAmount follows its total, an invoiced one keeps what is set here.
    await req.api.transition(def, id, 'invoice')
    await req.api.setFields(def, id, {
      InvoiceNumber: invoiceNumber,
      InvoiceDate: invoiceDate,
      PaymentDueDate: dueDate,
      CreditDays: creditDays,
      PaymentID: kid,
      PaymentInfoTypeID: kidTypeIdUsed,
      JournalEntryID: journalEntryId,
      // A credit note is settled against the invoice it credits; an invoice owes its total.
      RestAmount: isCredit ? 0 : invoice.TaxInclusiveAmount,
      RestAmountCurrency: isCredit ? 0 : invoice.TaxInclusiveAmountCurrency,
    })
    if (isCredit && original) await applyCredit(req, original, invoice)
  })
}

/** Books one balanced entry: receivable (gross), and per item its gross with its VAT type. */
async function bookInvoice(
  req: ActionRequest,
  invoice: Row,
  items: Awaited<ReturnType<typeof invoiceItems>>,
  accounts: number[],
  receivables: number,
  facts: { date: string; invoiceNumber: string; kid: string | null },
): Promise<number | null> {
  const currency = present(invoice.CurrencyCodeID) ? Number(invoice.CurrencyCodeID) : null
  const rate = invoice.CurrencyExchangeRate ?? 1
  const description =
    `${Number(invoice.InvoiceType) === InvoiceType.CreditNote ? 'Kreditnota' : 'Faktura'} ${facts.invoiceNumber} ${String(invoice.CustomerName ?? '')}`.trim()
  const lines: DraftLine[] = []
  items.forEach(({ row, computed }, i) => {
    if (computed.ore.incVat === 0 && computed.ore.incVatCurrency === 0) return
    lines.push({
      AccountID: accounts[i]!,
      Amount: oreToDecimal(-computed.ore.incVat),
      AmountCurrency: oreToDecimal(-computed.ore.incVatCurrency),
      CurrencyCodeID: currency,
      CurrencyExchangeRate: rate as number,
      FinancialDate: facts.date,
      Description: String(row.ItemText ?? description),
      VatTypeID: present(row.VatTypeID) ? Number(row.VatTypeID) : null,
      VatPercent: present(row.VatTypeID) ? computed.sums.VatPercent : null,
      CustomerInvoiceID: Number(invoice.ID),
    })
  })
  if (lines.length === 0) return null
  const gross = items.reduce((s, i) => s + i.computed.ore.incVat, 0)
  const grossCurrency = items.reduce((s, i) => s + i.computed.ore.incVatCurrency, 0)
  lines.unshift({
    AccountID: receivables,
    Amount: oreToDecimal(gross),
    AmountCurrency: oreToDecimal(grossCurrency),
    CurrencyCodeID: currency,
    CurrencyExchangeRate: rate as number,
    FinancialDate: facts.date,
    Description: description,
    CustomerInvoiceID: Number(invoice.ID),
    PaymentID: facts.kid,
  })
  const [entryId] = await bookJournalEntries(req, [{ DraftLines: lines, Description: description }], {
    sourceEntityType: 'CustomerInvoice',
    sourceEntityID: Number(invoice.ID),
  })
  return entryId ?? null
}

/** Updates the credited invoice: Credited, CreditedAmount, RestAmount and its status (42006 / 42007). */
async function applyCredit(req: ActionRequest, original: Row, credit: Row): Promise<void> {
  const def = req.registry.require('CustomerInvoice')
  const credited = -oreOf(credit.TaxInclusiveAmount)
  const creditedCurrency = -oreOf(credit.TaxInclusiveAmountCurrency)
  const rest = oreOf(original.RestAmount) - credited
  const restCurrency = oreOf(original.RestAmountCurrency) - creditedCurrency
  await req.api.setFields(def, Number(original.ID), {
    Credited: true,
    CreditedAmount: oreToDecimal(oreOf(original.CreditedAmount) + credited),
    CreditedAmountCurrency: oreToDecimal(oreOf(original.CreditedAmountCurrency) + creditedCurrency),
    RestAmount: oreToDecimal(rest),
    RestAmountCurrency: oreToDecimal(restCurrency),
    StatusCode: rest === 0 ? CustomerInvoiceStatus.Credited : CustomerInvoiceStatus.PartlyCredited,
  })
}

/** Statuses from which an invoice can be credited: invoiced and not yet fully credited. */
const CREDITABLE: readonly number[] = [
  CustomerInvoiceStatus.Invoiced,
  CustomerInvoiceStatus.PartlyPaid,
  CustomerInvoiceStatus.Paid,
  CustomerInvoiceStatus.PartlyCredited,
]

const HEADER_FIELDS = [
  'CustomerID',
  'CustomerName',
  'CustomerOrgNumber',
  'OurReference',
  'YourReference',
  'InvoiceAddressLine1',
  'InvoiceAddressLine2',
  'InvoiceAddressLine3',
  'InvoicePostalCode',
  'InvoiceCity',
  'InvoiceCountry',
  'InvoiceCountryCode',
  'ShippingAddressLine1',
  'ShippingAddressLine2',
  'ShippingAddressLine3',
  'ShippingPostalCode',
  'ShippingCity',
  'ShippingCountry',
  'ShippingCountryCode',
  'CurrencyCodeID',
  'CurrencyExchangeRate',
  'DefaultDimensionsID',
  'DistributionPlanID',
  'InvoiceNumberSeriesID',
]

const ITEM_FIELDS = [
  'ProductID',
  'ItemText',
  'Unit',
  'PriceExVatCurrency',
  'PriceIncVatCurrency',
  'PriceSetByUser',
  'CalculateGrossPriceBasedOnNetPrice',
  'DiscountPercent',
  'AccountID',
  'VatTypeID',
  'VatPercent',
  'SortIndex',
  'DimensionsID',
  'Comment',
]

/** spec 3.3: a new credit draft (InvoiceType 1, 42001) with the invoice's items negated. Answers its id. */
export async function createCreditDraft(req: ActionRequest, id: number): Promise<number> {
  const invoice = await loadInvoice(req, id)
  if (Number(invoice.InvoiceType) === InvoiceType.CreditNote) {
    throw new PlatformError(
      'BAD_REQUEST',
      `CustomerInvoice ${id} is a credit note; only invoices can be credited`,
    )
  }
  if (!CREDITABLE.includes(Number(invoice.StatusCode)) || oreOf(invoice.RestAmount) <= 0) {
    throw new PlatformError(
      'BAD_REQUEST',
      `CustomerInvoice ${id} in status ${String(invoice.StatusCode)} with rest ${fromOre(oreOf(invoice.RestAmount))} cannot be credited ` +
        `(an invoiced invoice with an open rest can: ${CREDITABLE.join(', ')})`,
    )
  }
  const { rows: items } = await req.sql.query<Row>(
    `select * from "CustomerInvoiceItem" where "CompanyID" = $1 and "CustomerInvoiceID" = $2 and "Deleted" = false
      order by "SortIndex" nulls last, "ID"`,
    [req.companyId, id],
  )
  const body: Row = Object.fromEntries(HEADER_FIELDS.map((f) => [f, invoice[f] ?? null]))
  Object.assign(body, {
    InvoiceType: InvoiceType.CreditNote,
    InvoiceReferenceID: id,
    CreditDays: 0,
    Comment: `Kreditnota for faktura ${String(invoice.InvoiceNumber)}`,
    Items: items.map((item) => ({
      ...Object.fromEntries(ITEM_FIELDS.map((f) => [f, item[f] ?? null])),
      // Negating the quantity negates every sum exactly (rounding is symmetric around zero).
      NumberOfItems: negate(String(item.NumberOfItems ?? 1)),
      _createguid: randomUUID(),
    })),
  })
  return req.api.create(req.registry.require('CustomerInvoice'), body)
}
