// A supplier invoice's field set and its own rules (issue "OCR review"; field notes "Norwegian numbers"):
// which check each field of the invoice runs (common/field-checks.ts), a total that is zero or negative,
// and cost lines whose sum with VAT is the invoice total to the øre. Findings are codes and values; the
// words live with the screen (renderer/src/i18n/check-messages.ts). Pure: the review and inbox forms, the
// main process and the platform can all run them.
import { formatOre, sumOre, toOre, vatOfGross, vatOfNet, type Ore } from './money.ts'
import {
  checkAmount,
  checkBankAccount,
  checkDate,
  checkDueDate,
  checkKid,
  checkOrgNumber,
  finding,
  type CheckFinding,
  type CheckResult,
} from './field-checks.ts'
import { parseMoney } from './parse.ts'
import { vatPercentOn, type VatTypeRule } from './vat.ts'

/**
 * The invoice total: a readable amount; zero or negative is a warning (a credit note is a document of
 * its own, and a zero invoice is usually a misread).
 */
export function checkInvoiceTotal(value: string | null | undefined): CheckResult {
  const unreadable = checkAmount(value)
  if (unreadable || value === null || value === undefined || value.trim() === '') return unreadable
  const ore = parseMoney(value)!
  return ore <= 0 ? finding('warning', 'amountNotPositive', { amount: formatOre(ore) }) : null
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
  const totalOre = typeof total === 'string' ? (parseMoney(total) ?? toOre(total) ?? null) : toOre(total)
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

/** The fields of a supplier invoice as typed in a form (platform names), and what each check found. */
export interface InvoiceFieldsInput {
  SupplierOrgNumber?: string | null
  BankAccount?: string | null
  PaymentID?: string | null
  InvoiceDate?: string | null
  PaymentDueDate?: string | null
  TaxInclusiveAmount?: string | null
}

export type InvoiceFindings = Partial<Record<keyof InvoiceFieldsInput, CheckFinding>>

/**
 * Every field check of a supplier invoice at once; fields without a finding are absent. `reference` gives
 * the year of a date typed without one (common/parse.ts).
 */
export function checkInvoiceFields(input: InvoiceFieldsInput, reference?: string): InvoiceFindings {
  const found: InvoiceFindings = {}
  const put = (field: keyof InvoiceFieldsInput, result: CheckResult) => {
    if (result) found[field] = result
  }
  put('SupplierOrgNumber', checkOrgNumber(input.SupplierOrgNumber))
  put('BankAccount', checkBankAccount(input.BankAccount))
  put('PaymentID', checkKid(input.PaymentID))
  put('InvoiceDate', checkDate(input.InvoiceDate, reference))
  put(
    'PaymentDueDate',
    checkDate(input.PaymentDueDate, reference) ??
      checkDueDate(input.InvoiceDate, input.PaymentDueDate, reference),
  )
  put('TaxInclusiveAmount', checkInvoiceTotal(input.TaxInclusiveAmount))
  return found
}
