// The duplicate warning: another invoice in the company's cache from the same supplier with the same
// invoice number, or with the same amount and an invoice date within 30 days. Returns the other invoices
// so the screen can link to them.
import { invoiceDay, invoiceTotal, live, num, type Row } from './invoice-rows.ts'

export const DUPLICATE_WINDOW_DAYS = 30

export interface DuplicateMatch {
  /** The other invoice, as cached. */
  invoice: Row
  reason: 'sameNumber' | 'sameAmount'
  /** Days between the invoice dates (for sameAmount). */
  daysApart: number | null
}

/** Invoice numbers as suppliers vary them: case, spaces, dashes, dots and leading zeros do not count. */
export function invoiceNumberKey(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const key = String(value)
    .toUpperCase()
    .replace(/[\s\u00a0.\-_/]/g, '')
    .replace(/^0+(?=.)/, '')
  return key === '' ? null : key
}

function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000
}

/**
 * The invoices among `others` (the company's cached invoices; the invoice itself may be among them)
 * that look like the same bill. Same number first, then same amount by closeness of date.
 */
export function findDuplicates(invoice: Row, others: Iterable<Row>): DuplicateMatch[] {
  const supplierId = num(invoice.SupplierID)
  if (supplierId === null) return []
  const number = invoiceNumberKey(invoice.InvoiceNumber)
  const total = invoiceTotal(invoice)
  const day = invoiceDay(invoice)
  const byNumber: DuplicateMatch[] = []
  const byAmount: DuplicateMatch[] = []
  for (const other of others) {
    if (Number(other.ID) === Number(invoice.ID) || !live(other)) continue
    if (num(other.SupplierID) !== supplierId) continue
    if (number !== null && invoiceNumberKey(other.InvoiceNumber) === number) {
      byNumber.push({ invoice: other, reason: 'sameNumber', daysApart: null })
      continue
    }
    const otherDay = invoiceDay(other)
    if (total === null || day === null || otherDay === null || invoiceTotal(other) !== total) continue
    const apart = daysBetween(day, otherDay)
    if (apart <= DUPLICATE_WINDOW_DAYS)
      byAmount.push({ invoice: other, reason: 'sameAmount', daysApart: apart })
  }
  byAmount.sort((a, b) => a.daysApart! - b.daysApart! || Number(a.invoice.ID) - Number(b.invoice.ID))
  byNumber.sort((a, b) => Number(a.invoice.ID) - Number(b.invoice.ID))
  return [...byNumber, ...byAmount]
}
