// Customer invoices of a demo company, so the sales list has something real to show: drafts, invoices
// waiting for payment, overdue ones, paid ones, a credited invoice with its credit note, and one held for
// the factoring partner (spec 3.3, 4.4). Numbers come from the company's invoice series (its counter is set
// past them, so the next invoice the platform makes follows on), KIDs from the KID type `KID: fakturanummer`.
// The rows are written as the platform leaves them after invoicing; the demo books no journal entries for
// them (the supplier invoices of the demo are drafts for the same reason: the ledger starts empty).
import { buildKid } from '../../common/norwegian.ts'
import { oreToDecimal, sumOre, toOre, vatOfNet } from '../../common/money.ts'
import { CollectorStatus, CustomerInvoiceStatus as S, InvoiceType } from '../../common/status.ts'
import type { Sql } from '../db/store.ts'
import { DEMO_VAT_TYPES } from './demo-ledger.ts'
import { DEMO_CUSTOMERS, DEMO_PRODUCTS } from './demo-parties.ts'
import type { Row } from './insert.ts'

type Insert = (entity: string, rows: Row[]) => Promise<Row[]>

interface DemoLine {
  product: number
  quantity: number
}

interface DemoInvoice {
  customer: number
  status: number
  /** Invoice date; the due date is 14 days later. */
  date: string
  lines: DemoLine[]
  /** Paid so far, in kroner (a partly paid invoice). */
  paid?: number
  factoring?: boolean
  /** Index (in this list) of the invoice a credit note credits. */
  credits?: number
  yourReference?: string
}

/** The same story in each company, shifted by the company's index so the lists are not copies. */
const invoices: readonly DemoInvoice[] = [
  { customer: 0, status: S.Paid, date: '2026-09-03', lines: [{ product: 0, quantity: 12 }] },
  {
    customer: 2,
    status: S.Paid,
    date: '2026-09-17',
    lines: [
      { product: 3, quantity: 20 },
      { product: 4, quantity: 3 },
    ],
  },
  { customer: 1, status: S.Invoiced, date: '2026-10-01', lines: [{ product: 2, quantity: 16 }] },
  {
    customer: 4,
    status: S.PartlyPaid,
    date: '2026-10-08',
    lines: [
      { product: 0, quantity: 6 },
      { product: 6, quantity: 2 },
    ],
    paid: 5000,
    yourReference: 'Ola Fjell',
  },
  { customer: 3, status: S.Credited, date: '2026-10-20', lines: [{ product: 3, quantity: 4 }] },
  {
    customer: 3,
    status: S.Invoiced,
    date: '2026-10-27',
    lines: [{ product: 3, quantity: -4 }],
    credits: 4,
  },
  { customer: 5, status: S.Invoiced, date: '2026-11-16', lines: [{ product: 1, quantity: 7.5 }] },
  {
    customer: 6,
    status: S.Invoiced,
    date: '2026-11-20',
    lines: [
      { product: 5, quantity: 2 },
      { product: 0, quantity: 3 },
    ],
    yourReference: 'Innkjøp',
  },
  {
    customer: 7,
    status: S.WaitingForFactoring,
    date: '2026-11-23',
    lines: [{ product: 2, quantity: 10 }],
    factoring: true,
  },
  { customer: 0, status: S.Draft, date: '2026-11-26', lines: [{ product: 4, quantity: 12 }] },
  {
    customer: 2,
    status: S.Draft,
    date: '2026-11-27',
    lines: [
      { product: 3, quantity: 15 },
      { product: 1, quantity: 2 },
    ],
  },
]

const KID_PARTS = [
  { Part: '<invoice_number>', Length: 9, SortIndex: 0 },
  { Part: '<modulus10>', Length: 1, SortIndex: 1 },
]

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export async function seedDemoInvoices(
  sql: Sql,
  insert: Insert,
  company: { id: number; index: number },
  refs: {
    customers: readonly Row[]
    products: readonly Row[]
    vatId: ReadonlyMap<string, number>
    nokId: number | undefined
    kidTypeId: number | undefined
  },
): Promise<void> {
  const percentOf = new Map(DEMO_VAT_TYPES.map((v) => [v.vatCode, v.percent]))
  const year = 2026
  let sequence = 0
  const ids: number[] = []
  for (const [i, demo] of invoices.entries()) {
    const customerIndex = (demo.customer + company.index) % DEMO_CUSTOMERS.length
    const customer = refs.customers[customerIndex]!
    const party = DEMO_CUSTOMERS[customerIndex]!
    const lines = demo.lines.map((line, sortIndex) => {
      const product = DEMO_PRODUCTS[line.product]!
      const percent = percentOf.get(product.vatCode) ?? 0
      const price = toOre(product.priceExVat)!
      const net = Math.round(price * line.quantity)
      const vat = vatOfNet(net, percent)
      return { product, productRow: refs.products[line.product]!, line, percent, price, net, vat, sortIndex }
    })
    const net = sumOre(lines.map((l) => l.net))
    const vat = sumOre(lines.map((l) => l.vat))
    const gross = net + vat
    const draft = demo.status === S.Draft
    const credit = demo.credits !== undefined
    const number = draft ? null : String(year * 100000 + ++sequence)
    const paid = demo.status === S.Paid ? gross : toOre(demo.paid ?? 0)!
    const rest = draft ? gross : credit || demo.status === S.Credited ? 0 : gross - paid
    const amount = (ore: number) => oreToDecimal(ore)
    const [row] = await insert('CustomerInvoice', [
      {
        CustomerID: customer.ID,
        CustomerName: party.name,
        CustomerOrgNumber: party.orgNumber ?? null,
        InvoiceAddressLine1: party.address?.line1 ?? null,
        InvoicePostalCode: party.address?.postalCode ?? null,
        InvoiceCity: party.address?.city ?? null,
        InvoiceCountryCode: 'NO',
        InvoiceType: credit ? InvoiceType.CreditNote : InvoiceType.Invoice,
        InvoiceNumber: number,
        InvoiceDate: demo.date,
        PaymentDueDate: addDays(demo.date, 14),
        CreditDays: 14,
        YourReference: demo.yourReference ?? null,
        OurReference: 'Anne Accountant',
        InvoiceReferenceID: credit ? ids[demo.credits!] : null,
        PaymentInfoTypeID: number ? refs.kidTypeId : null,
        PaymentID: number ? buildKid(10, KID_PARTS, { invoice_number: number }) : null,
        TaxExclusiveAmount: amount(net),
        TaxExclusiveAmountCurrency: amount(net),
        VatTotalsAmount: amount(vat),
        VatTotalsAmountCurrency: amount(vat),
        TaxInclusiveAmount: amount(gross),
        TaxInclusiveAmountCurrency: amount(gross),
        RestAmount: amount(rest),
        RestAmountCurrency: amount(rest),
        ...(demo.status === S.Credited
          ? { Credited: true, CreditedAmount: amount(gross), CreditedAmountCurrency: amount(gross) }
          : {}),
        ...(demo.factoring ? { CollectorStatusCode: CollectorStatus.FactoringRegistered } : {}),
        CurrencyCodeID: refs.nokId,
        CurrencyExchangeRate: 1,
        StatusCode: demo.status,
      },
    ])
    ids[i] = Number(row!.ID)
    await insert(
      'CustomerInvoiceItem',
      lines.map((l) => ({
        CustomerInvoiceID: row!.ID,
        ProductID: l.productRow.ID,
        ItemText: l.product.name,
        Unit: l.product.unit,
        NumberOfItems: l.line.quantity,
        PriceExVat: amount(l.price),
        PriceExVatCurrency: amount(l.price),
        PriceIncVat: amount(l.price + vatOfNet(l.price, l.percent)),
        PriceIncVatCurrency: amount(l.price + vatOfNet(l.price, l.percent)),
        VatTypeID: refs.vatId.get(l.product.vatCode),
        VatPercent: l.percent,
        SumTotalExVat: amount(l.net),
        SumTotalExVatCurrency: amount(l.net),
        SumVat: amount(l.vat),
        SumVatCurrency: amount(l.vat),
        SumTotalIncVat: amount(l.net + l.vat),
        SumTotalIncVatCurrency: amount(l.net + l.vat),
        SortIndex: l.sortIndex,
        CurrencyCodeID: refs.nokId,
        CurrencyExchangeRate: 1,
      })),
    )
  }
  // The series goes on after the demo's numbers (platform/domain/sales/number-series.ts).
  await sql.query(
    `insert into sales_number_counter (company_id, series, year, last_number) values ($1, 'invoice:0', $2, $3)
     on conflict (company_id, series, year) do update set last_number = excluded.last_number`,
    [company.id, year, sequence],
  )
}
