// The invoice panel's form: what the user typed, checked with the shared Norwegian rules, turned into the
// platform's values (dates `yyyy-mm-dd`, amounts as numbers, KID as text, the bank account as the review
// saves it) and only the fields that changed. The bank account or IBAN is read by the one reading every
// form uses (common/bank-account.ts).
import { fromOre, parseMoney } from '@common/money'
import { isValidKid } from '@common/norwegian'
import {
  bankAccountChanges,
  invoiceBankAccount,
  readBankAccount,
  shownAccountNumber,
  type BankAccountProblem,
} from '@common/bank-account'
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
export type FormProblem = 'invalidDate' | 'invalidAmount' | 'invalidKid' | 'invalidBankAccount'

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

/** `dd.mm.yyyy` (also `/` or `-` separated, or ISO `yyyy-mm-dd`) to `yyyy-mm-dd`; undefined when no date. */
export function parseDay(text: string): string | undefined {
  const value = text.trim()
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const local = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value)
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : local
      ? [Number(local[3]), Number(local[2]), Number(local[1])]
      : [NaN, NaN, NaN]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1)
    return undefined
  return date.toISOString().slice(0, 10)
}

function value(field: EditableField, text: string): { value: unknown } | { problem: FormProblem } {
  const trimmed = text.trim()
  if (trimmed === '') return { value: null }
  if (dateFields.has(field)) {
    const day = parseDay(trimmed)
    return day ? { value: day } : { problem: 'invalidDate' }
  }
  if (field === 'TaxInclusiveAmount') {
    const ore = parseMoney(trimmed)
    return ore === undefined ? { problem: 'invalidAmount' } : { value: fromOre(ore) }
  }
  if (field === 'PaymentID') return isValidKid(trimmed) ? { value: trimmed } : { problem: 'invalidKid' }
  return { value: trimmed }
}

/**
 * The platform values of the fields the user changed, or the problems per field. A field whose value is
 * the same as before (however it was typed) is not a change.
 */
export function changesFrom(
  form: InvoiceForm,
  row: Record<string, unknown>,
  supplier: Record<string, unknown> | null = null,
): {
  changes: Record<string, unknown>
  problems: Partial<Record<EditableField, FormProblem>>
  /** What exactly is wrong with the bank account or IBAN, for the message. */
  bankAccountProblem?: BankAccountProblem
} {
  const changes: Record<string, unknown> = {}
  const problems: Partial<Record<EditableField, FormProblem>> = {}
  let bankAccountProblem: BankAccountProblem | undefined
  for (const field of editableFields) {
    if (field === 'BankAccount') {
      const read = readBankAccount(form.BankAccount)
      if (read && 'problem' in read) {
        problems.BankAccount = 'invalidBankAccount'
        bankAccountProblem = read.problem
      } else Object.assign(changes, bankAccountChanges(form.BankAccount, row, supplier))
      continue
    }
    const parsed = value(field, form[field])
    if ('problem' in parsed) {
      problems[field] = parsed.problem
      continue
    }
    const before = row[field] ?? null
    const same =
      field === 'TaxInclusiveAmount'
        ? (before === null ? null : Number(before)) === parsed.value
        : dateFields.has(field)
          ? (typeof before === 'string' ? before.slice(0, 10) : before) === parsed.value
          : before === parsed.value || (before === '' && parsed.value === null)
    if (!same) changes[field] = parsed.value
  }
  return bankAccountProblem ? { changes, problems, bankAccountProblem } : { changes, problems }
}
