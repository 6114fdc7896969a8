// A field's value as the user reads it in the sync panel and the conflict dialog: dates and amounts in
// their language, empty as "(empty)".
import type { Locale } from '@common/bridge/contract'
import { formatAmount, formatDate } from '@renderer/i18n/format'

const dateFields = new Set(['InvoiceDate', 'PaymentDueDate', 'DeliveryDate'])
const amountFields = new Set(['TaxInclusiveAmount', 'TaxExclusiveAmount', 'VatTotalsAmount', 'RestAmount'])

export function formatFieldValue(field: string, value: unknown, locale: Locale, empty: string): string {
  if (value === null || value === undefined || value === '') return empty
  if (dateFields.has(field) && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value))
    return formatDate(value.slice(0, 10), locale)
  if (amountFields.has(field) && Number.isFinite(Number(value))) return formatAmount(Number(value), locale)
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
