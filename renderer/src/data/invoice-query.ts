// Filtering, searching and sorting a company's cached supplier invoices in memory, as the inbox does with
// the rows its live query holds: status tab, then every search word in the supplier name, invoice number
// or amount (typed the Norwegian way, "1 234,50", or plain), then the chosen column.
import type { BusinessRelation } from '@common/entities/rows'
import type { Cached } from './schema.ts'

export type InvoiceSortField =
  'Supplier' | 'InvoiceNumber' | 'InvoiceDate' | 'PaymentDueDate' | 'TaxInclusiveAmount'

export interface InvoiceFilter {
  /** Status codes of the tab; null for all. */
  statuses: readonly number[] | null
  text: string
  sortBy?: InvoiceSortField
  descending?: boolean
}

/** A search word as `_search` holds it: lower case; an amount without group spaces, with a decimal point. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(\d)[\s\u00a0\u202f](?=\d{3}\b)/g, '$1')
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => (/^\d+,\d+$/.test(term) ? term.replace(',', '.') : term))
}

/** What the filter reads of a cached invoice. */
export type FilteredInvoice = Pick<
  Cached<'SupplierInvoice'>,
  'ID' | 'StatusCode' | 'InvoiceNumber' | 'InvoiceDate' | 'PaymentDueDate' | 'TaxInclusiveAmount' | '_search'
> & { Supplier?: { Info?: Pick<BusinessRelation, 'Name'> | null } | null }

const sortValue = (row: FilteredInvoice, field: InvoiceSortField): string | number => {
  if (field === 'Supplier') {
    const name = row.Supplier?.Info?.Name
    return typeof name === 'string' ? name.toLowerCase() : ''
  }
  const value = row[field]
  if (field === 'TaxInclusiveAmount') return typeof value === 'number' ? value : Number(value ?? 0)
  return typeof value === 'string' ? value : ''
}

export function filterInvoices<R extends FilteredInvoice>(rows: readonly R[], filter: InvoiceFilter): R[] {
  const statuses = filter.statuses ? new Set(filter.statuses) : null
  const terms = searchTerms(filter.text)
  const matched = rows.filter((row) => {
    if (statuses && !statuses.has(Number(row.StatusCode))) return false
    if (terms.length === 0) return true
    const text = typeof row._search === 'string' ? row._search : ''
    return terms.every((term) => text.includes(term))
  })
  if (filter.sortBy) {
    const field = filter.sortBy
    const direction = filter.descending ? -1 : 1
    const keyed = matched.map((row) => [sortValue(row, field), row] as const)
    keyed.sort(([a, ra], [b, rb]) => (a < b ? -direction : a > b ? direction : ra.ID - rb.ID))
    return keyed.map(([, row]) => row)
  }
  return matched
}
