// The invoice panel's form: what the user typed, checked with the supplier invoice's field set (the
// review's too: common/invoice-checks.ts), read with the readers every form uses (common/parse.ts), turned
// into the platform's values (dates `yyyy-mm-dd`, amounts as numbers, KID as text, the bank account as the
// review saves it) and only the fields that changed.
import { fromOre } from '@common/money'
import { bankAccountChanges, invoiceBankAccount, shownAccountNumber } from '@common/bank-account'
import { errorsOf, type CheckFinding } from '@common/field-checks'
import { checkInvoiceFields } from '@common/invoice-checks'
import { parseDate, parseKid, parseMoney } from '@common/parse'
import type { Locale } from '@common/bridge/contract'
import { formatAmount, formatDate } from '@renderer/i18n/format'

export const editableFields = [
  'InvoiceNumber',
  'InvoiceDate',
  'PaymentDueDate',
  'TaxInclusiveAmount',
  'PaymentID',
  'BankAccount',
] as const
export type EditableField = (typeof editableFields)[number]
export type InvoiceForm = Record<EditableField, string>

const dateFields = new Set<EditableField>(['InvoiceDate', 'PaymentDueDate'])

/** The form as the user first sees it, in their language; the account as the supplier's row has it. */
export function formFromRow(
  row: Record<string, unknown>,
  locale: Locale,
  supplier: Record<string, unknown> | null = null,
): InvoiceForm {
  const str = (value: unknown) => (value == null ? '' : String(value))
  const day = (value: unknown) =>
    typeof value === 'string' && value ? formatDate(value.slice(0, 10), locale) : ''
  const amount = row.TaxInclusiveAmount
  return {
    InvoiceNumber: str(row.InvoiceNumber),
    InvoiceDate: day(row.InvoiceDate),
    PaymentDueDate: day(row.PaymentDueDate),
    TaxInclusiveAmount: amount == null || amount === '' ? '' : formatAmount(Number(amount), locale),
    PaymentID: str(row.PaymentID),
    BankAccount: invoiceBankAccount(row, supplier) || shownAccountNumber(str(row.PaymentInformation)),
  }
}

/** The platform value of a field whose text passed its check. */
function value(field: EditableField, text: string): unknown {
  if (text.trim() === '') return null
  if (dateFields.has(field)) return parseDate(text) ?? null
  if (field === 'TaxInclusiveAmount') {
    const ore = parseMoney(text)
    return ore === undefined ? null : fromOre(ore)
  }
  if (field === 'PaymentID') return parseKid(text) ?? null
  return text.trim()
}

/**
 * The platform values of the fields the user changed, or the findings per field that stop the save. A
 * field whose value is the same as before (however it was typed) is not a change.
 */
export function changesFrom(
  form: InvoiceForm,
  row: Record<string, unknown>,
  supplier: Record<string, unknown> | null = null,
): { changes: Record<string, unknown>; problems: Partial<Record<EditableField, CheckFinding>> } {
  const problems: Partial<Record<EditableField, CheckFinding>> = errorsOf(checkInvoiceFields(form))
  const changes: Record<string, unknown> = {}
  if (Object.keys(problems).length > 0) return { changes, problems }
  for (const field of editableFields) {
    if (field === 'BankAccount') {
      Object.assign(changes, bankAccountChanges(form.BankAccount, row, supplier))
      continue
    }
    const next = value(field, form[field])
    const before = row[field] ?? null
    const same =
      field === 'TaxInclusiveAmount'
        ? (before === null ? null : Number(before)) === next
        : dateFields.has(field)
          ? (typeof before === 'string' ? before.slice(0, 10) : before) === next
          : before === next || (before === '' && next === null)
    if (!same) changes[field] = next
  }
  return { changes, problems }
}
