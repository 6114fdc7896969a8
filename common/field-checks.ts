// The checks a typed field must pass, one per kind of field, for every form (field notes "Norwegian
// numbers"): organisation number, bank account or IBAN, KID, real dates and a due date not before the
// invoice date, amounts, and accounts and VAT codes the company has. Each reads the value with the one
// reader of its kind (common/parse.ts) and answers null (fine) or a finding: a stable code and the values
// its message needs, never words. The renderer words each code once (renderer/src/i18n/check-messages.ts).
// An empty field passes every check: whether a field is required is the form's call (checkRequired).
// Pure: the forms, the main process and the platform can all run them.
import { readBankAccount } from './bank-account.ts'
import { compactIban, ibanProblem } from './iban.ts'
import {
  bankAccountCheckDigit,
  digitsOnly,
  isValidBankAccount,
  isValidKid,
  isValidOrgNumber,
  kidMethod,
  mod11CheckDigit,
  orgNumberCheckDigit,
} from './norwegian.ts'
import {
  findAccount,
  findVatType,
  looksLikeDate,
  parseDate,
  parseMoney,
  type AccountRef,
  type VatTypeRef,
} from './parse.ts'

export type CheckLevel = 'error' | 'warning'

/** Every finding a check can give; the renderer has one sentence per code in each language. */
export type CheckCode =
  | 'required'
  | 'orgNumberLength'
  | 'orgNumberChecksum'
  | 'bankAccountLength'
  | 'bankAccountChecksum'
  | 'kidCharacters'
  | 'kidLength'
  | 'kidChecksum'
  | 'ibanCountry'
  | 'ibanLength'
  | 'ibanCharacter'
  | 'ibanChecksum'
  | 'dateFormat'
  | 'dateNotReal'
  | 'dueBeforeInvoiceDate'
  | 'amountFormat'
  | 'accountMissing'
  | 'accountUnknown'
  | 'vatCodeUnknown'
  // A supplier invoice's total and cost lines (common/invoice-checks.ts).
  | 'amountNotPositive'
  | 'costLinesMismatch'
  | 'costLineAmount'
  | 'costLineVatType'
  // A supplier's, customer's or contact person's fields (the contacts register's form).
  | 'emailFormat'
  | 'postalCodeFormat'
  | 'countryCodeFormat'
  | 'creditDaysRange'
  | 'webUrlFormat'

export interface CheckFinding {
  level: CheckLevel
  code: CheckCode
  /** Values the message shows (`{ length: 10 }`, `{ expected: '1 234,56' }`), already in display form. */
  params: Record<string, string | number>
}

/** A check's answer: null when the value passes (or is empty). */
export type CheckResult = CheckFinding | null

export const finding = (
  level: CheckLevel,
  code: CheckCode,
  params: Record<string, string | number> = {},
): CheckFinding => ({ level, code, params })

const blank = (value: string | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || value.trim() === ''

/**
 * Checksum findings: the number may be right all the same (a bank's own account numbers, an old KID), so
 * a form may let it be saved with a reason. Every other finding stops a save.
 */
export const checksumCodes: ReadonlySet<CheckCode> = new Set([
  'orgNumberChecksum',
  'bankAccountChecksum',
  'kidChecksum',
  'ibanChecksum',
])

/** The findings that stop a form's save: its errors (a warning never stops a save). */
export function errorsOf<K extends string>(
  findings: Partial<Record<K, CheckFinding>>,
): Partial<Record<K, CheckFinding>> {
  const errors: Partial<Record<K, CheckFinding>> = {}
  for (const [field, found] of Object.entries(findings) as [K, CheckFinding | undefined][])
    if (found?.level === 'error') errors[field] = found
  return errors
}

/** A field the form needs filled in (a supplier, a cost line's account). */
export function checkRequired(value: string | number | null | undefined): CheckResult {
  const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  return empty ? finding('error', 'required') : null
}

/** Organisation number: 9 digits with a MOD11 check digit; `NO 995 525 828 MVA` is accepted as printed. */
export function checkOrgNumber(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  const digits = digitsOnly(value.replace(/^\s*NO/i, '').replace(/MVA\s*$/i, ''))
  if (!/^\d{9}$/.test(digits)) return finding('error', 'orgNumberLength', { length: digits.length })
  if (isValidOrgNumber(digits)) return null
  const expected = orgNumberCheckDigit(digits.slice(0, 8))
  return finding('error', 'orgNumberChecksum', { expected: expected ?? '-' })
}

/**
 * Bank account, read as every form reads it (common/bank-account.ts): a Norwegian account (11 digits,
 * MOD11 with weights 5,4,3,2,7,6,5,4,3,2; dots and spaces as people write them) or, when it starts with a
 * letter, an IBAN of any country. A checksum finding names the check digit the first ten digits need.
 */
export function checkBankAccount(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  const read = readBankAccount(value)
  if (!read || 'account' in read) return null
  const { code, ...params } = read.problem
  if (code !== 'bankAccountChecksum') return finding('error', code, params)
  const compact = compactIban(value)
  const account = /^[A-Z]/.test(compact) ? compact.slice(4) : digitsOnly(value)
  return finding('error', code, { expected: bankAccountCheckDigit(account.slice(0, 10)) ?? '-' })
}

/**
 * IBAN of any registry country (common/iban.ts: its country, length, letters and digits where the registry
 * puts them, and MOD97); a Norwegian IBAN's account must pass MOD11 too.
 */
export function checkIban(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  const problem = ibanProblem(value)
  if (problem) {
    const { code, ...params } = problem
    return finding('error', code, params)
  }
  const iban = compactIban(value)
  if (iban.startsWith('NO') && !isValidBankAccount(iban.slice(4)))
    return finding('error', 'bankAccountChecksum', {
      expected: bankAccountCheckDigit(iban.slice(4, 14)) ?? '-',
    })
  return null
}

/** KID: 2-25 characters, digits with a MOD10 or MOD11 check digit last (MOD11 may end in `-`). */
export function checkKid(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  const kid = value.replace(/[\s\u00a0]/g, '')
  if (!/^\d+-?$/.test(kid)) return finding('error', 'kidCharacters')
  if (kid.length < 2 || kid.length > 25) return finding('error', 'kidLength', { length: kid.length })
  if (isValidKid(kid)) return null
  // What the check digit would be under MOD11 tells the user the KID is close but mistyped.
  return finding('error', 'kidChecksum', { mod11: mod11CheckDigit(kid.slice(0, -1)) })
}

/** Which rule a valid KID follows, for the form to show (`MOD10`, `MOD11`). */
export function kidRule(value: string): 'MOD10' | 'MOD11' | null {
  const method = kidMethod(value.replace(/[\s\u00a0]/g, ''))
  return method === null ? null : method === 'mod10' ? 'MOD10' : 'MOD11'
}

/**
 * A date field: a date in one of the forms parseDate reads, on a day the calendar has. `reference` gives
 * the year of a date typed without one (parseDate).
 */
export function checkDate(value: string | null | undefined, reference?: string): CheckResult {
  if (blank(value)) return null
  if (parseDate(value, reference) !== undefined) return null
  return looksLikeDate(value)
    ? finding('error', 'dateNotReal', { value: value.trim() })
    : finding('error', 'dateFormat')
}

/** The due date may not be before the invoice date (either missing or unreadable: nothing to compare). */
export function checkDueDate(
  invoiceDate: string | null | undefined,
  dueDate: string | null | undefined,
  reference?: string,
): CheckResult {
  if (blank(invoiceDate) || blank(dueDate)) return null
  const from = parseDate(invoiceDate, reference)
  const due = parseDate(dueDate, reference)
  if (from === undefined || due === undefined) return null
  return due < from ? finding('error', 'dueBeforeInvoiceDate', { invoiceDate: from, dueDate: due }) : null
}

/** An amount field: an amount parseMoney reads (`1 234,56`, `1234.56`, `kr 18 419,-`). */
export function checkAmount(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  return parseMoney(value) === undefined ? finding('error', 'amountFormat') : null
}

/** An account cell: one of the company's accounts, by number or exact name (findAccount). */
export function checkAccount(value: string | null | undefined, accounts: readonly AccountRef[]): CheckResult {
  if (blank(value)) return null
  return findAccount(value, accounts) ? null : finding('error', 'accountUnknown', { account: value.trim() })
}

/** A VAT code cell: one of the company's VAT types, by SAF-T code or exact name (findVatType). */
export function checkVatCode(value: string | null | undefined, vatTypes: readonly VatTypeRef[]): CheckResult {
  if (blank(value)) return null
  return findVatType(value, vatTypes) ? null : finding('error', 'vatCodeUnknown', { code: value.trim() })
}

/**
 * The one e-mail rule of the app, the forms', main's and the platform's: a name of 1 to 64 characters, one
 * `@`, a domain of dot-separated names none of them empty, the last of two letters or more (`.no`), no
 * spaces, and 254 characters in all (RFC 5321's lengths).
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/.test(value)
}

/** An e-mail address (isEmailAddress), spaces around it allowed. */
export function checkEmail(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  return isEmailAddress(value.trim()) ? null : finding('error', 'emailFormat')
}

/**
 * A postal code: four digits in Norway (the country left empty means Norway); other countries' codes are
 * taken as written.
 */
export function checkPostalCode(value: string | null | undefined, countryCode?: string | null): CheckResult {
  if (blank(value)) return null
  const country = (countryCode ?? '').trim().toUpperCase()
  if (country !== '' && country !== 'NO') return null
  return /^\d{4}$/.test(value.trim()) ? null : finding('error', 'postalCodeFormat')
}

/** A country code: two letters (ISO 3166-1 alpha-2, as the platform's addresses hold it: `NO`, `SE`). */
export function checkCountryCode(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  return /^[A-Za-z]{2}$/.test(value.trim()) ? null : finding('error', 'countryCodeFormat')
}

/** Payment terms in days: a whole number from 0 to 365. */
export function checkCreditDays(value: string | number | null | undefined): CheckResult {
  if (value === null || value === undefined) return null
  const written = String(value).trim()
  if (written === '') return null
  const days = /^\d{1,3}$/.test(written) ? Number(written) : NaN
  return days >= 0 && days <= 365 ? null : finding('error', 'creditDaysRange', { min: 0, max: 365 })
}

/** A web address: a host name with a dot (`example.no`), with or without `http(s)://`, no spaces. */
export function checkWebUrl(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  return /^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i.test(value.trim())
    ? null
    : finding('error', 'webUrlFormat')
}
