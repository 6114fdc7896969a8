import { describe, expect, it } from 'vitest'
import { filterInvoices, searchTerms, type FilteredInvoice } from './invoice-query.ts'
import { invoiceSearchText } from './schema.ts'

const row = (
  ID: number,
  name: string,
  number: string,
  amount: number,
  StatusCode: number,
  due: string,
): FilteredInvoice => {
  const r: FilteredInvoice = {
    ID,
    InvoiceNumber: number,
    TaxInclusiveAmount: amount,
    StatusCode,
    PaymentDueDate: due,
    Supplier: { Info: { Name: name } },
  }
  return { ...r, _search: invoiceSearchText(r) }
}
const rows = [
  row(1, 'Bakeriet AS', '1001', 1234.5, 30101, '2026-12-01'),
  row(2, 'Mølleriet AS', '1002', 99, 30102, '2026-11-01'),
  row(3, 'Bakeriet AS', '2001', 5000, 30102, '2026-10-01'),
]

describe('searching and filtering cached invoices', () => {
  it('reads an amount typed the Norwegian way', () => {
    expect(searchTerms('1 234,50')).toEqual(['1234.50'])
    expect(filterInvoices(rows, { statuses: null, text: '1 234,5' }).map((r) => r.ID)).toEqual([1])
  })

  it('needs every word, within the status tab, sorted by the chosen column', () => {
    expect(filterInvoices(rows, { statuses: null, text: 'bakeriet 2001' }).map((r) => r.ID)).toEqual([3])
    expect(
      filterInvoices(rows, { statuses: [30102], text: '', sortBy: 'PaymentDueDate' }).map((r) => r.ID),
    ).toEqual([3, 2])
    expect(
      filterInvoices(rows, { statuses: null, text: '', sortBy: 'TaxInclusiveAmount', descending: true }).map(
        (r) => r.ID,
      ),
    ).toEqual([3, 1, 2])
    expect(filterInvoices(rows, { statuses: null, text: 'mølleriet' }).map((r) => r.ID)).toEqual([2])
  })
})
