import { describe, expect, it } from 'vitest'
import { CollectorStatus, CustomerInvoiceStatus as S, InvoiceType } from '@common/status'
import { salesSearchText } from '@common/entities/declarations'
import type { Cached } from '@renderer/data/schema'
import {
  buildSalesRows,
  isOverdue,
  prepareSalesQuery,
  tabOf,
  viewSales,
  type SalesSource,
} from './sales-rows.ts'

const today = '2026-11-27'

function invoice(ID: number, fields: Partial<Cached<'CustomerInvoice'>> = {}): Cached<'CustomerInvoice'> {
  const row = {
    companyKey: 'nordlys',
    ID,
    UpdatedAt: '2026-11-01T10:00:00Z',
    CustomerID: 1,
    CustomerName: 'Fjordkafé AS',
    InvoiceNumber: String(10000 + ID),
    InvoiceType: InvoiceType.Invoice,
    InvoiceDate: '2026-11-01',
    PaymentDueDate: '2026-11-15',
    StatusCode: S.Invoiced,
    TaxInclusiveAmount: 1234.5,
    RestAmount: 1234.5,
    CurrencyCodeID: 1,
    ...fields,
  } as Cached<'CustomerInvoice'>
  return '_search' in fields ? row : { ...row, _search: salesSearchText(row) }
}

function source(invoices: Cached<'CustomerInvoice'>[], pending = new Map<string, boolean>()): SalesSource {
  return { invoices, customers: new Map([[7, 'Hansen Bygg AS']]), pending, factoringSetup: false }
}

describe('the sales list rows', () => {
  it('puts each invoice in one tab by its status, its due date and its factoring state', () => {
    const rows = buildSalesRows(
      source([
        invoice(1, { StatusCode: S.Draft, InvoiceNumber: null }),
        invoice(2, { PaymentDueDate: '2026-12-10' }),
        invoice(3, { StatusCode: S.PartlyPaid, PaymentDueDate: '2026-11-26' }),
        invoice(4, { StatusCode: S.Paid }),
        invoice(5, { StatusCode: S.Credited }),
        invoice(6, { InvoiceType: InvoiceType.CreditNote, TaxInclusiveAmount: -500, RestAmount: 0 }),
        invoice(7, {
          StatusCode: S.WaitingForFactoring,
          CollectorStatusCode: CollectorStatus.FactoringRegistered,
        }),
        invoice(8, { StatusCode: S.Sold }),
        invoice(9, { StatusCode: S.PartlyCredited, PaymentDueDate: today }),
      ]),
    )
    expect(rows.map((row) => tabOf(row, today))).toEqual([
      'draft',
      'unpaid',
      'overdue',
      'paid',
      'credited',
      'credited',
      'factoring',
      null,
      'unpaid',
    ])
    const { counts } = viewSales(rows, { tab: 'all', query: '', today })
    expect(counts).toEqual({ draft: 1, unpaid: 2, overdue: 1, paid: 1, credited: 2, factoring: 1, all: 9 })
  })

  it('calls an invoice overdue only from the day after its due date, and never a credit note', () => {
    const row = { StatusCode: S.Invoiced, credit: false, PaymentDueDate: '2026-11-26T00:00:00' }
    expect(isOverdue(row, '2026-11-26')).toBe(false)
    expect(isOverdue(row, '2026-11-27')).toBe(true)
    expect(isOverdue({ ...row, credit: true }, '2026-11-27')).toBe(false)
    expect(isOverdue({ ...row, StatusCode: S.Paid }, '2026-11-27')).toBe(false)
    expect(isOverdue({ ...row, PaymentDueDate: null }, '2026-11-27')).toBe(false)
  })

  it('reads the factoring partner’s answer: accepted with its reference, declined with its reason', () => {
    const [accepted, declined] = buildSalesRows(
      source([
        invoice(1, {
          CollectorStatusCode: CollectorStatus.SentToFactoring,
          ExternalStatusCode: 42601,
          ExternalDebtCollectionReference: 'SVEA-88121',
        }),
        invoice(2, { FactoringDeclinedReason: 'Kunden er ikke godkjent' }),
      ]),
    )
    expect(accepted!.factoring).toEqual({ state: 'accepted', reference: 'SVEA-88121' })
    expect(accepted!.ExternalStatusCode).toBe(42601)
    expect(declined!.factoring).toEqual({ state: 'declined', reason: 'Kunden er ikke godkjent' })
    expect(tabOf(declined!, '2026-11-01')).toBe('unpaid')
  })

  it('marks a draft made offline as queued and names its customer from the cached customers', () => {
    const [local, changed, clean] = buildSalesRows(
      source(
        [
          invoice(-3, { StatusCode: S.Draft, CustomerID: 7, CustomerName: null, _search: '9997 1234.5' }),
          invoice(12),
          invoice(13),
        ],
        new Map([['CustomerInvoice:12', true]]),
      ),
    )
    expect(local).toMatchObject({ queued: true, unsynced: true, customerName: 'Hansen Bygg AS' })
    expect(local!.search).toContain('hansen bygg')
    expect(changed).toMatchObject({ queued: false, unsynced: true, conflict: true })
    expect(clean).toMatchObject({ queued: false, unsynced: false, conflict: false })
  })
})

describe('the sales search', () => {
  const rows = buildSalesRows(
    source([
      invoice(1, { CustomerName: 'Fjordkafé AS', TaxInclusiveAmount: 1234.5, PaymentID: '0000100011' }),
      invoice(2, { CustomerName: 'Hansen Bygg AS', TaxInclusiveAmount: 81250, InvoiceNumber: '20417' }),
      invoice(3, { CustomerName: 'Bergen Catering', TaxInclusiveAmount: -500, InvoiceType: 1 }),
    ]),
  )
  const found = (query: string) => viewSales(rows, { tab: 'all', query, today }).rows.map((row) => row.ID)

  it('reads an amount typed Norwegian style in the form the search text holds it', () => {
    expect(prepareSalesQuery('1 234,50').amount).toBe('1234.5')
    expect(prepareSalesQuery('81 250').amount).toBe('81250')
    expect(prepareSalesQuery('Fjordkafé').amount).toBeNull()
  })

  it('finds by customer words in any order, invoice number, KID and amount however it is grouped', () => {
    expect(found('bygg hansen')).toEqual([2])
    expect(found('FJORDKAFÉ')).toEqual([1])
    expect(found('20417')).toEqual([2])
    expect(found('0000100011')).toEqual([1])
    expect(found('1 234,50')).toEqual([1])
    expect(found('1234,5')).toEqual([1])
    expect(found('81 250,00')).toEqual([2])
    expect(found('-500')).toEqual([3])
    expect(found('Tromsø')).toEqual([])
  })

  it('counts every tab over the rows the search finds', () => {
    const { rows: shown, counts } = viewSales(rows, { tab: 'credited', query: 'as', today })
    expect(shown.map((row) => row.ID)).toEqual([])
    expect(counts.all).toBe(2)
    expect(viewSales(rows, { tab: 'credited', query: 'catering', today }).rows.map((r) => r.ID)).toEqual([3])
  })
})
