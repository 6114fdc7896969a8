// Keeps a customer invoice's computed fields true on every write (spec 2.4, 2.5): item defaults from the
// product and VAT type, item sums, and invoice totals that always equal the sum of their items. A write
// of the invoice graph recomputes once, after its items are written; a write of a single item
// recomputes its invoice. Invoices past draft are closed to client writes (400).
import { CustomerInvoiceStatus } from '../../../common/status.ts'
import { ident, type Sql } from '../../db/store.ts'
import { PlatformError } from '../../errors.ts'
import type { AfterWriteEvent, BeforeWriteEvent, HookSet } from '../../model/hooks.ts'
import { nextCustomerNumber } from './number-series.ts'
import { computeItem, computeTotals, toScaled, type ComputedItem } from '../../../common/sales/sums.ts'
import { vatPercentOn, type VatRate } from '../../../common/vat.ts'

type Row = Record<string, unknown>

/** Transactions in which the sales domain itself writes invoices (invoicing, credit, factoring). */
const systemWrites = new WeakSet<Sql>()
/** Invoices whose graph is being written in a transaction: their items do not recompute one by one. */
const graphWrites = new WeakMap<Sql, Set<number>>()

/** Runs `fn` with invoice writes allowed in any status (the domain's own status and field changes). */
export async function asSystemWrite<T>(sql: Sql, fn: () => Promise<T>): Promise<T> {
  const had = systemWrites.has(sql)
  systemWrites.add(sql)
  try {
    return await fn()
  } finally {
    if (!had) systemWrites.delete(sql)
  }
}

const present = (v: unknown) => v !== undefined && v !== null && v !== ''

async function one(sql: Sql, query: string, params: unknown[]): Promise<Row | undefined> {
  const { rows } = await sql.query<Row>(query, params)
  return rows[0]
}

async function row(sql: Sql, companyId: number, table: string, id: unknown): Promise<Row | undefined> {
  if (!present(id)) return undefined
  return one(
    sql,
    `select * from ${ident(table)} where "CompanyID" = $1 and "ID" = $2 and "Deleted" = false`,
    [companyId, Number(id)],
  )
}

function refuseClosed(invoice: Row, what: string): never {
  throw new PlatformError(
    'BAD_REQUEST',
    `${what}: CustomerInvoice ${String(invoice.ID)} is in status ${String(invoice.StatusCode)} and can no longer be changed ` +
      `(only drafts, ${CustomerInvoiceStatus.Draft}, can be edited; credit it instead)`,
  )
}

/** Fills an item from its product (spec 2.8 fields) where the request leaves them empty. */
async function productDefaults(e: BeforeWriteEvent): Promise<void> {
  const v = e.values
  const productId = v.ProductID
  if (!present(productId) || (e.operation === 'U' && !('ProductID' in v))) return
  const product = await row(e.sql, e.companyId, 'Product', productId)
  // The write path refused a ProductID that names no product of the company.
  if (!product) return
  const before = e.before ?? {}
  const empty = (name: string) => !present(v[name]) && !present(before[name])
  if (empty('ItemText')) v.ItemText = product.Name
  if (empty('Unit')) v.Unit = product.Unit
  if (empty('VatTypeID')) v.VatTypeID = product.VatTypeID
  if (empty('AccountID')) v.AccountID = product.AccountID
  const noPrice = ['PriceExVat', 'PriceIncVat', 'PriceExVatCurrency', 'PriceIncVatCurrency'].every(empty)
  if (noPrice) {
    if (product.CalculateGrossPriceBasedOnNetPrice === true && present(product.PriceIncVat)) {
      v.PriceIncVatCurrency = product.PriceIncVat
      v.CalculateGrossPriceBasedOnNetPrice = true
    } else v.PriceExVatCurrency = product.PriceExVat
  }
}

/**
 * Prices are entered in the invoice currency (`PriceExVatCurrency`); `PriceExVat` / `PriceIncVat` sent
 * without their `Currency` twin are taken as that price (the same thing for an invoice in NOK).
 */
function priceAliases(e: BeforeWriteEvent): void {
  const v = e.values
  for (const [plain, currency] of [
    ['PriceExVat', 'PriceExVatCurrency'],
    ['PriceIncVat', 'PriceIncVatCurrency'],
  ] as const) {
    if (plain in v && present(v[plain]) && !(currency in v && present(v[currency]))) v[currency] = v[plain]
  }
  // The side the client entered wins over the derived one it may echo back from an earlier answer.
  if ('PriceIncVatCurrency' in v && !('PriceExVatCurrency' in v) && e.operation === 'U') {
    const before = e.before ?? {}
    if (before.CalculateGrossPriceBasedOnNetPrice !== true && v.CalculateGrossPriceBasedOnNetPrice !== true)
      v.PriceExVatCurrency = null
  }
}

async function itemBeforeWrite(e: BeforeWriteEvent): Promise<void> {
  const invoiceId = e.values.CustomerInvoiceID ?? e.before?.CustomerInvoiceID
  const changes = e.operation !== 'U' || Object.keys(e.values).length > 0
  if (changes && !systemWrites.has(e.sql) && present(invoiceId)) {
    const invoice = await row(e.sql, e.companyId, 'CustomerInvoice', invoiceId)
    if (invoice && Number(invoice.StatusCode) !== CustomerInvoiceStatus.Draft)
      refuseClosed(invoice, 'Invoice item')
  }
  if (e.operation === 'D') return
  await productDefaults(e)
  priceAliases(e)
}

/**
 * What may still change on an invoice after it was sent: its status and the collection and factoring
 * partner's codes and notes (payments, reminders, partners). Amounts, lines and parties may not.
 */
const FOLLOW_UP_FIELDS = new Set([
  'StatusCode',
  'CollectorStatusCode',
  'ExternalStatusCode',
  'ExternalDebtCollectionReference',
  'ExternalDebtCollectionNotes',
])

async function invoiceBeforeWrite(e: BeforeWriteEvent): Promise<void> {
  const v = e.values
  if (
    e.operation !== 'C' &&
    !systemWrites.has(e.sql) &&
    Number(e.before?.StatusCode) !== CustomerInvoiceStatus.Draft &&
    (e.operation === 'D' || Object.keys(v).some((k) => !FOLLOW_UP_FIELDS.has(k)))
  ) {
    refuseClosed(e.before!, e.operation === 'D' ? 'Delete' : 'Update')
  }
  if (e.operation === 'D') return
  const id = Number(v.ID ?? e.before?.ID)
  let pending = graphWrites.get(e.sql)
  if (!pending) graphWrites.set(e.sql, (pending = new Set()))
  pending.add(id)
  if (e.operation === 'C') {
    if (!present(v.CurrencyExchangeRate) || toScaled(v.CurrencyExchangeRate) === 0n)
      v.CurrencyExchangeRate = 1
    // spec 4.3: with an existing customer only CustomerID and CustomerName are needed; the rest is the customer's.
    const customer = await row(e.sql, e.companyId, 'Customer', v.CustomerID)
    if (customer) await fillFromCustomer(e.sql, e.companyId, customer, v)
  } else if (
    'CurrencyExchangeRate' in v &&
    (!present(v.CurrencyExchangeRate) || toScaled(v.CurrencyExchangeRate) === 0n)
  ) {
    v.CurrencyExchangeRate = 1
  }
}

async function fillFromCustomer(sql: Sql, companyId: number, customer: Row, v: Row): Promise<void> {
  const info = await row(sql, companyId, 'BusinessRelation', customer.BusinessRelationID)
  if (!present(v.CustomerName) && info) v.CustomerName = info.Name
  if (!present(v.CustomerOrgNumber) && present(customer.OrgNumber)) v.CustomerOrgNumber = customer.OrgNumber
  if (!present(v.CreditDays) && present(customer.CreditDays)) v.CreditDays = customer.CreditDays
  if (!present(v.CurrencyCodeID) && present(customer.CurrencyCodeID))
    v.CurrencyCodeID = customer.CurrencyCodeID
  if (!info) return
  const copy = async (prefix: 'Invoice' | 'Shipping', addressId: unknown) => {
    if (['AddressLine1', 'PostalCode', 'City'].some((f) => present(v[`${prefix}${f}`]))) return
    const address = await row(sql, companyId, 'Address', addressId)
    if (!address) return
    for (const f of [
      'AddressLine1',
      'AddressLine2',
      'AddressLine3',
      'PostalCode',
      'City',
      'Country',
      'CountryCode',
    ])
      v[`${prefix}${f}`] = address[f] ?? null
  }
  await copy('Invoice', info.InvoiceAddressID ?? info.DefaultAddressID)
  await copy('Shipping', info.ShippingAddressID ?? info.InvoiceAddressID ?? info.DefaultAddressID)
}

/**
 * The VAT percentage of each VAT type on the invoice date: its VatTypePercentage valid then, else
 * VatType.VatPercent (common/vat.ts vatPercentOn, as journal booking and the app's preview read it).
 */
async function vatPercents(sql: Sql, companyId: number, date: string): Promise<Map<number, string>> {
  const { rows } = await sql.query<{ ID: number; VatPercent: string | null }>(
    'select "ID", "VatPercent" from "VatType" where "CompanyID" = $1 and "Deleted" = false',
    [companyId],
  )
  const { rows: rates } = await sql.query<VatRate & { VatTypeID: number }>(
    `select "VatTypeID", "VatPercent", "ValidFrom", "ValidTo" from "VatTypePercentage"
      where "CompanyID" = $1 and "Deleted" = false and "VatPercent" is not null`,
    [companyId],
  )
  return new Map(
    rows.map((r) => [
      Number(r.ID),
      vatPercentOn(
        {
          VatPercent: r.VatPercent,
          VatPercentages: rates.filter((p) => Number(p.VatTypeID) === Number(r.ID)),
        },
        date,
      ),
    ]),
  )
}

const ITEM_SUM_FIELDS = [
  'NumberOfItems',
  'VatPercent',
  'DiscountPercent',
  'PriceExVat',
  'PriceIncVat',
  'PriceExVatCurrency',
  'PriceIncVatCurrency',
  'Discount',
  'DiscountCurrency',
  'SumTotalExVat',
  'SumVat',
  'SumTotalIncVat',
  'SumTotalExVatCurrency',
  'SumVatCurrency',
  'SumTotalIncVatCurrency',
  'CurrencyExchangeRate',
] as const

/** The items of an invoice with their computed sums, in SortIndex order. */
export async function invoiceItems(
  sql: Sql,
  companyId: number,
  invoiceId: number,
): Promise<{ row: Row; computed: ComputedItem }[]> {
  const invoice = await row(sql, companyId, 'CustomerInvoice', invoiceId)
  if (!invoice) return []
  const { rows } = await sql.query<Row>(
    `select * from "CustomerInvoiceItem" where "CompanyID" = $1 and "CustomerInvoiceID" = $2 and "Deleted" = false
      order by "SortIndex" nulls last, "ID"`,
    [companyId, invoiceId],
  )
  const given = invoice.InvoiceDate
  // A draft without a date is priced as of today, as the app previews it.
  const date = (
    given instanceof Date ? given.toISOString() : present(given) ? String(given) : new Date().toISOString()
  ).slice(0, 10)
  const percents = await vatPercents(sql, companyId, date)
  return rows.map((r) => {
    const percent = present(r.VatTypeID) ? (percents.get(Number(r.VatTypeID)) ?? '0') : (r.VatPercent ?? 0)
    return {
      row: r,
      computed: computeItem({ ...r, VatPercent: percent }, invoice.CurrencyExchangeRate ?? 1),
    }
  })
}

/** Recomputes every item and the totals of a draft invoice, writing only what changed. */
export async function recomputeInvoice(sql: Sql, companyId: number, invoiceId: number): Promise<void> {
  const invoice = await row(sql, companyId, 'CustomerInvoice', invoiceId)
  // Sent invoices keep the amounts they were booked with, whatever happens to VAT rates later.
  if (!invoice || Number(invoice.StatusCode) !== CustomerInvoiceStatus.Draft) return
  const items = await invoiceItems(sql, companyId, invoiceId)
  for (const { row: item, computed } of items) {
    const changed = ITEM_SUM_FIELDS.filter((f) => !sameNumber(item[f], computed.sums[f]))
    if (!changed.length) continue
    const values = changed.map((f) => computed.sums[f])
    await sql.query(
      `update "CustomerInvoiceItem" set ${changed.map((f, i) => `${ident(f)} = $${i + 3}`).join(', ')}
        where "CompanyID" = $1 and "ID" = $2`,
      [companyId, item.ID, ...values],
    )
  }
  const totals: Row = { ...computeTotals(items.map((i) => i.computed)) }
  // A draft owes its whole amount; after invoicing RestAmount follows payments and credit notes.
  totals.RestAmount = totals.TaxInclusiveAmount
  totals.RestAmountCurrency = totals.TaxInclusiveAmountCurrency
  const changed = Object.keys(totals).filter((f) => !sameNumber(invoice[f], totals[f]))
  if (!changed.length) return
  await sql.query(
    `update "CustomerInvoice" set ${changed.map((f, i) => `${ident(f)} = $${i + 3}`).join(', ')}
      where "CompanyID" = $1 and "ID" = $2`,
    [companyId, invoiceId, ...changed.map((f) => totals[f])],
  )
}

function sameNumber(stored: unknown, computed: unknown): boolean {
  if (!present(stored)) return !present(computed)
  return toScaled(stored) === toScaled(computed)
}

async function itemAfterWrite(e: AfterWriteEvent): Promise<void> {
  const { rows } = await e.sql.query<{ CustomerInvoiceID: number | null }>(
    'select "CustomerInvoiceID" from "CustomerInvoiceItem" where "CompanyID" = $1 and "ID" = $2',
    [e.companyId, e.id],
  )
  const invoiceId = rows[0]?.CustomerInvoiceID
  if (invoiceId === null || invoiceId === undefined) return
  if (graphWrites.get(e.sql)?.has(Number(invoiceId))) return
  await recomputeInvoice(e.sql, e.companyId, Number(invoiceId))
}

async function invoiceAfterWrite(e: AfterWriteEvent): Promise<void> {
  graphWrites.get(e.sql)?.delete(e.id)
  if (e.operation === 'D') return
  await recomputeInvoice(e.sql, e.companyId, e.id)
}

async function customerBeforeWrite(e: BeforeWriteEvent): Promise<void> {
  if (e.operation !== 'C' || present(e.values.CustomerNumber)) return
  e.values.CustomerNumber = await nextCustomerNumber(e.sql, e.companyId)
}

export function registerInvoiceSums(hooks: HookSet): void {
  hooks.register('CustomerInvoice', { beforeWrite: invoiceBeforeWrite, afterWrite: invoiceAfterWrite })
  hooks.register('CustomerInvoiceItem', { beforeWrite: itemBeforeWrite, afterWrite: itemAfterWrite })
  hooks.register('Customer', { beforeWrite: customerBeforeWrite })
}
