// The checks a supplier invoice's fields must pass before it is saved (issue "OCR review"; field notes
// "Norwegian numbers"): organisation number, bank account, KID and IBAN checksums, real dates, a due date
// not before the invoice date, amounts as Norwegians write them, and cost lines whose sum with VAT is the
// invoice total to the øre. Each check answers null (fine) or a finding with a stable code and the values
// its message needs; the words live with the screen (renderer/src/features/review/logic/messages.ts).
// Pure: the review screen, the main process and the platform can all run them.
import { formatOre, parseMoney, sumOre, toOre, vatOfGross, vatOfNet, type Ore } from './money.ts'
import {
  digitsOnly,
  isValidBankAccount,
  isValidKid,
  isValidOrgNumber,
  kidMethod,
  mod11CheckDigit,
  orgNumberCheckDigit,
  bankAccountCheckDigit,
} from './norwegian.ts'
import { vatPercentOn, type VatTypeRule } from './vat.ts'
import { compactIban, ibanProblem, looksLikeIban } from './iban.ts'

export { looksLikeIban }

export type CheckLevel = 'error' | 'warning'

export type CheckCode =
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
  | 'amountNotPositive'
  | 'costLinesMismatch'
  | 'costLineAmount'
  | 'costLineVatType'

export interface CheckFinding {
  level: CheckLevel
  code: CheckCode
  /** Values the message shows (`{ expected: '1 234,56' }`), already in display form. */
  params: Record<string, string | number>
}

/** A check's answer: null when the value passes (or is empty: whether a field is required is the form's call). */
export type CheckResult = CheckFinding | null

const finding = (
  level: CheckLevel,
  code: CheckCode,
  params: Record<string, string | number> = {},
): CheckFinding => ({ level, code, params })

const blank = (value: string | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || value.trim() === ''

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
 * Bank account: a Norwegian account (11 digits, MOD11 with weights 5,4,3,2,7,6,5,4,3,2; dots and spaces
 * as people write them) or, when it is written as one, an IBAN of any country.
 */
export function checkBankAccount(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  if (looksLikeIban(value)) return checkIban(value)
  const digits = digitsOnly(value)
  if (!/^\d{11}$/.test(digits)) return finding('error', 'bankAccountLength', { length: digits.length })
  if (isValidBankAccount(digits)) return null
  return finding('error', 'bankAccountChecksum', {
    expected: bankAccountCheckDigit(digits.slice(0, 10)) ?? '-',
  })
}

/** KID: 2-25 characters, digits with a MOD10 or MOD11 check digit last (MOD11 may end in `-`). */
export function checkKid(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  const kid = value.replace(/[\s\u00a0]/g, '')
  if (!/^\d+-?$/.test(kid)) return finding('error', 'kidCharacters')
  if (kid.length < 2 || kid.length > 25) return finding('error', 'kidLength', { length: kid.length })
  if (isValidKid(kid)) return null
  const payload = kid.slice(0, -1)
  // What the check digit would be under MOD11 tells the user the KID is close but mistyped.
  return finding('error', 'kidChecksum', { mod11: mod11CheckDigit(payload) })
}

/** Which rule a valid KID follows, for the form to show (`MOD10`, `MOD11`). */
export function kidRule(value: string): 'MOD10' | 'MOD11' | null {
  const method = kidMethod(value.replace(/[\s\u00a0]/g, ''))
  return method === null ? null : method === 'mod10' ? 'MOD10' : 'MOD11'
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

/**
 * A date as typed (`dd.mm.yyyy`, `d.m.yyyy`, `/` or `-` separated, two-digit years as 20yy, or ISO
 * `yyyy-mm-dd` with or without a time) to `yyyy-mm-dd`; null when it is no real date (31.04, 29.02.2025).
 */
export function parseInvoiceDate(text: string): string | null {
  const value = text.trim()
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/.exec(value)
  const local = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(value)
  let parts: [number, number, number]
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else if (local) {
    const year = local[3]!.length === 2 ? 2000 + Number(local[3]) : Number(local[3])
    parts = [year, Number(local[2]), Number(local[1])]
  } else return null
  const [year, month, day] = parts
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (day > daysInMonth) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** A date field: empty, or a real date. */
export function checkDate(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  if (parseInvoiceDate(value) !== null) return null
  const shaped =
    /^\d{4}-\d{1,2}-\d{1,2}(T.*)?$/.test(value.trim()) ||
    /^\d{1,2}[./-]\d{1,2}[./-](\d{2}|\d{4})$/.test(value.trim())
  return shaped ? finding('error', 'dateNotReal', { value: value.trim() }) : finding('error', 'dateFormat')
}

/** The due date may not be before the invoice date (either missing or unreadable: nothing to compare). */
export function checkDueDate(
  invoiceDate: string | null | undefined,
  dueDate: string | null | undefined,
): CheckResult {
  if (blank(invoiceDate) || blank(dueDate)) return null
  const from = parseInvoiceDate(invoiceDate)
  const due = parseInvoiceDate(dueDate)
  if (from === null || due === null) return null
  return due < from ? finding('error', 'dueBeforeInvoiceDate', { invoiceDate: from, dueDate: due }) : null
}

/** An amount as typed (`1 234,56`, `1.234,56`, `kr 18 419,-`) in øre; null when it is no amount. */
export function parseInvoiceAmount(text: string): Ore | null {
  // `18 419,- kr`: the currency after the `,-` that parseMoney strips when it ends the text.
  const trimmed = text
    .trim()
    .replace(/\s*(kr\.?|nok)$/i, '')
    .replace(/,-$/, '')
  return parseMoney(trimmed) ?? null
}

/**
 * The invoice total: a readable amount; zero or negative is a warning (a credit note is a document of
 * its own, and a zero invoice is usually a misread).
 */
export function checkAmount(value: string | null | undefined): CheckResult {
  if (blank(value)) return null
  const ore = parseInvoiceAmount(value)
  if (ore === null) return finding('error', 'amountFormat')
  if (ore <= 0) return finding('warning', 'amountNotPositive', { amount: formatOre(ore) })
  return null
}

/** A cost line as the review form holds it (platform names: `JournalEntry.DraftLines`). */
export interface CostLineInput {
  /** The amount typed on the line, in øre. */
  amount: Ore | null
  VatTypeID?: number | null
}

/**
 * How the lines' amounts are meant: `gross` (VAT included, as the platform books `DraftLines`) or
 * `net` (VAT excluded, VAT added on top).
 */
export type CostLineBasis = 'gross' | 'net'

export interface CostLineFigures {
  /** Per line: the amount without VAT, the VAT charged by the supplier, and both together. */
  lines: { net: Ore; vat: Ore; gross: Ore; percent: string | null }[]
  net: Ore
  vat: Ore
  gross: Ore
  /** Lines that could not be counted: no amount, or a VAT type the company does not have. */
  problems: { index: number; code: 'costLineAmount' | 'costLineVatType' }[]
}

/**
 * The lines' net, VAT and gross, with the same VAT rule the platform books with (common/vat.ts). A
 * reverse-charge VAT type adds no VAT to what the supplier charges (the buyer accounts for it), so it
 * counts as net only.
 */
export function costLineFigures(
  lines: readonly CostLineInput[],
  vatTypes: ReadonlyMap<number, VatTypeRule>,
  date: string,
  basis: CostLineBasis = 'gross',
): CostLineFigures {
  const out: CostLineFigures['lines'] = []
  const problems: CostLineFigures['problems'] = []
  lines.forEach((line, index) => {
    if (line.amount === null || !Number.isSafeInteger(line.amount)) {
      problems.push({ index, code: 'costLineAmount' })
      out.push({ net: 0, vat: 0, gross: 0, percent: null })
      return
    }
    const vatType = line.VatTypeID ? (vatTypes.get(line.VatTypeID) ?? null) : null
    if (line.VatTypeID && !vatType) problems.push({ index, code: 'costLineVatType' })
    const percent = vatType ? vatPercentOn(vatType, date) : null
    if (!vatType || percent === null || Number(percent) === 0 || vatType.ReversedTaxDutyVat) {
      out.push({ net: line.amount, vat: 0, gross: line.amount, percent })
      return
    }
    if (basis === 'net') {
      const vat = vatOfNet(line.amount, percent)
      out.push({ net: line.amount, vat, gross: line.amount + vat, percent })
      return
    }
    // The VAT part of a gross amount, rounded as the platform's booking rounds it (splitVat).
    const vat = vatOfGross(line.amount, percent)
    out.push({ net: line.amount - vat, vat, gross: line.amount, percent })
  })
  return {
    lines: out,
    net: sumOre(out.map((l) => l.net)),
    vat: sumOre(out.map((l) => l.vat)),
    gross: sumOre(out.map((l) => l.gross)),
    problems,
  }
}

/**
 * The cost lines with their VAT must add up to the invoice total to the øre. No lines, or no total: the
 * form has nothing to compare yet.
 */
export function checkCostLines(
  total: Ore | string | number | null | undefined,
  lines: readonly CostLineInput[],
  vatTypes: ReadonlyMap<number, VatTypeRule>,
  date: string,
  basis: CostLineBasis = 'gross',
): CheckResult {
  if (lines.length === 0 || total === null || total === undefined || total === '') return null
  const totalOre =
    typeof total === 'string' ? (parseInvoiceAmount(total) ?? toOre(total) ?? null) : toOre(total)
  if (totalOre === null || totalOre === undefined) return null
  const figures = costLineFigures(lines, vatTypes, date, basis)
  const first = figures.problems[0]
  if (first) return finding('error', first.code, { line: first.index + 1 })
  if (figures.gross === totalOre) return null
  return finding('error', 'costLinesMismatch', {
    total: formatOre(totalOre),
    sum: formatOre(figures.gross),
    difference: formatOre(totalOre - figures.gross),
  })
}

/** The fields of an invoice under review as typed, and what each check found. */
export interface InvoiceFieldsInput {
  SupplierOrgNumber?: string | null
  BankAccount?: string | null
  PaymentID?: string | null
  InvoiceDate?: string | null
  PaymentDueDate?: string | null
  TaxInclusiveAmount?: string | null
}

export type InvoiceFindings = Partial<Record<keyof InvoiceFieldsInput, CheckFinding>>

/** Every field check at once; fields without a finding are absent. */
export function checkInvoiceFields(input: InvoiceFieldsInput): InvoiceFindings {
  const found: InvoiceFindings = {}
  const put = (field: keyof InvoiceFieldsInput, result: CheckResult) => {
    if (result) found[field] = result
  }
  put('SupplierOrgNumber', checkOrgNumber(input.SupplierOrgNumber))
  put('BankAccount', checkBankAccount(input.BankAccount))
  put('PaymentID', checkKid(input.PaymentID))
  put('InvoiceDate', checkDate(input.InvoiceDate))
  put(
    'PaymentDueDate',
    checkDate(input.PaymentDueDate) ?? checkDueDate(input.InvoiceDate, input.PaymentDueDate),
  )
  put('TaxInclusiveAmount', checkAmount(input.TaxInclusiveAmount))
  return found
}

/** Checksum findings that block saving unless the user overrides them with a reason. */
export const checksumCodes: ReadonlySet<CheckCode> = new Set([
  'orgNumberChecksum',
  'bankAccountChecksum',
  'kidChecksum',
  'ibanChecksum',
])
