// The review form of one supplier invoice: what the user sees in each field (in their language), the
// OCR proposal behind it, the checks as they type (the supplier invoice's field set, common/invoice-checks.ts,
// read with common/parse.ts as every form reads) and the platform values of what changed. Pure functions,
// so the form's rules are tested without a browser.
import { fromOre } from '@common/money'
import { digitsOnly, ibanToBankAccount } from '@common/norwegian'
import {
  bankAccountChanges,
  invoiceBankAccount,
  readBankAccount,
  shownAccountNumber,
  supplierAccounts,
} from '@common/bank-account'
import { checksumCodes, checkRequired, errorsOf, type CheckFinding } from '@common/field-checks'
import { checkInvoiceFields } from '@common/invoice-checks'
import { parseDate, parseKid, parseMoney } from '@common/parse'
import type { Locale } from '@common/bridge/contract'
import { formatAmount, formatDate } from '@renderer/i18n/format'
import type { OcrCandidate, ProposedField } from './ocr-proposals.ts'

/** The text fields of the form, in the order the work goes (focus order and Enter's "next"). */
export const textFields = [
  'InvoiceNumber',
  'InvoiceDate',
  'PaymentDueDate',
  'TaxInclusiveAmount',
  'PaymentID',
  'BankAccount',
] as const
export type TextField = (typeof textFields)[number]

export type ReviewForm = Record<TextField, string> & {
  SupplierID: number | null
  CurrencyCodeID: number | null
  DepartmentID: number | null
  ProjectID: number | null
  Comment: string
}

/** A finding of the form's checks; a checksum failure may be saved with a reason (`overridable`). */
export interface FieldProblem extends CheckFinding {
  overridable: boolean
}

export type FormProblems = Partial<Record<TextField | 'SupplierID', FieldProblem>>

const dateFields = new Set<TextField>(['InvoiceDate', 'PaymentDueDate'])

const str = (value: unknown) => (value == null ? '' : String(value))
const idOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value !== 0 ? value : null

/** A platform date (`2026-11-03` or with a time part) as the user reads it; '' when none. */
function shownDay(value: unknown, locale: Locale): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return ''
  try {
    return formatDate(value.slice(0, 10), locale)
  } catch {
    return value
  }
}

function shownAmount(value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return ''
  const n = Number(value)
  return Number.isFinite(n) ? formatAmount(n, locale) : str(value)
}

// The account shown, and the supplier's accounts, read as the inbox panel reads them (common/bank-account.ts).
export { invoiceBankAccount, shownAccountNumber, supplierAccounts }

/** The form as the user first sees it, from the cached invoice. */
export function formFromRow(
  row: Record<string, unknown>,
  supplier: Record<string, unknown> | null,
  locale: Locale,
): ReviewForm {
  const dims = (row.DefaultDimensions ?? {}) as Record<string, unknown>
  return {
    SupplierID: idOf(row.SupplierID),
    InvoiceNumber: str(row.InvoiceNumber),
    InvoiceDate: shownDay(row.InvoiceDate, locale),
    PaymentDueDate: shownDay(row.PaymentDueDate, locale),
    TaxInclusiveAmount: shownAmount(row.TaxInclusiveAmount, locale),
    CurrencyCodeID: idOf(row.CurrencyCodeID),
    PaymentID: str(row.PaymentID),
    BankAccount: invoiceBankAccount(row, supplier) || shownAccountNumber(str(row.PaymentInformation)),
    DepartmentID: idOf(dims.DepartmentID),
    ProjectID: idOf(dims.ProjectID),
    Comment: str(row.Comment),
  }
}

/** A candidate's normalised value (`2026-11-03`, `12500.00`) as the user would type it in the field. */
export function shownCandidate(
  field: ProposedField,
  candidate: Pick<OcrCandidate, 'value'>,
  locale: Locale,
): string {
  if (field === 'InvoiceDate' || field === 'PaymentDueDate')
    return shownDay(candidate.value, locale) || candidate.value
  if (field === 'TaxInclusiveAmount') return shownAmount(candidate.value, locale)
  if (field === 'BankAccount') {
    const fromIban = ibanToBankAccount(candidate.value)
    return shownAccountNumber(fromIban ?? candidate.value)
  }
  return candidate.value
}

/** The account of what was typed: one reading for every form (common/bank-account.ts). */
export { readBankAccount }

/** Every problem of the form as it stands: checks run on each keystroke. */
export function checkForm(form: ReviewForm): FormProblems {
  const found: Partial<Record<TextField | 'SupplierID', CheckFinding>> = errorsOf(checkInvoiceFields(form))
  const supplier = checkRequired(form.SupplierID)
  if (supplier) found.SupplierID = supplier
  const problems: FormProblems = {}
  for (const [field, problem] of Object.entries(found) as [TextField | 'SupplierID', CheckFinding][])
    problems[field] = { ...problem, overridable: checksumCodes.has(problem.code) }
  return problems
}

/** Whether a field's value is the OCR proposal (however the user typed it). */
export function sameValue(field: TextField, a: string, b: string): boolean {
  if (dateFields.has(field)) return (parseDate(a) ?? a.trim()) === (parseDate(b) ?? b.trim())
  if (field === 'TaxInclusiveAmount') return (parseMoney(a) ?? a.trim()) === (parseMoney(b) ?? b.trim())
  if (field === 'PaymentID' || field === 'BankAccount') return digitsOnly(a) === digitsOnly(b)
  return a.trim() === b.trim()
}

export interface SaveContext {
  row: Record<string, unknown>
  supplier: Record<string, unknown> | null
  /** Fields whose checksum failure the user overrode with a reason. */
  overridden: ReadonlySet<TextField>
}

/**
 * The platform values of what changed, or the problems that stop the save. A checksum failure stops it
 * unless the user overrode it; everything else that fails stops it.
 */
export function changesFrom(
  form: ReviewForm,
  { row, supplier, overridden }: SaveContext,
): { changes: Record<string, unknown>; blocking: FormProblems } {
  const found = checkForm(form)
  const blocking: FormProblems = {}
  for (const [field, problem] of Object.entries(found) as [TextField, FieldProblem][])
    if (!(problem.overridable && overridden.has(field))) blocking[field] = problem
  const changes: Record<string, unknown> = {}
  if (Object.keys(blocking).length > 0) return { changes, blocking }
  const set = (field: string, value: unknown) => {
    const before = row[field] ?? null
    const normalised =
      typeof before === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(before) ? before.slice(0, 10) : before
    if (normalised !== value && !(normalised === '' && value === null)) changes[field] = value
  }
  set('SupplierID', form.SupplierID)
  set('InvoiceNumber', form.InvoiceNumber.trim() || null)
  set('InvoiceDate', parseDate(form.InvoiceDate) ?? null)
  set('PaymentDueDate', parseDate(form.PaymentDueDate) ?? null)
  const ore = form.TaxInclusiveAmount.trim() === '' ? undefined : parseMoney(form.TaxInclusiveAmount)
  const amount = ore === undefined ? null : fromOre(ore)
  const beforeAmount = row.TaxInclusiveAmount == null ? null : Number(row.TaxInclusiveAmount)
  if (beforeAmount !== amount) {
    changes.TaxInclusiveAmount = amount
    changes.TaxInclusiveAmountCurrency = amount
  }
  set('CurrencyCodeID', form.CurrencyCodeID)
  set('PaymentID', parseKid(form.PaymentID) ?? null)
  set('Comment', form.Comment.trim() || null)
  Object.assign(changes, bankAccountChanges(form.BankAccount, row, supplier))
  const dims = (row.DefaultDimensions ?? null) as Record<string, unknown> | null
  const beforeDept = idOf(dims?.DepartmentID)
  const beforeProject = idOf(dims?.ProjectID)
  if (beforeDept !== form.DepartmentID || beforeProject !== form.ProjectID) {
    changes.DefaultDimensions = {
      ...(dims && idOf(dims.ID) ? { ID: dims.ID } : { _createguid: crypto.randomUUID() }),
      DepartmentID: form.DepartmentID,
      ProjectID: form.ProjectID,
    }
  }
  return { changes, blocking }
}
