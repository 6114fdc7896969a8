// The invoice's cost lines as the review form holds them: what the user typed in each cell (account by
// number, VAT code by its SAF-T code, the amount including VAT, a description), read against the company's
// accounts and VAT types, with the VAT of each line and the sum against the invoice total by the same rule
// the platform books with (common/invoice-checks.ts). The supplier-memory proposal becomes the first line
// of an invoice that has none. Pure, so the rules are tested without a browser.
import type { CheckCode, CheckFinding } from '@common/field-checks'
import { checkCostLines, costLineFigures, type CostLineFigures } from '@common/invoice-checks'
import { fromOre, toOre, type Ore } from '@common/money'
import type { VatTypeRule } from '@common/vat'
import type { Locale } from '@common/bridge/contract'
import { formatAmount } from '@renderer/i18n/format'
import { findAccount, findVatType, parseMoney, type AccountRef, type VatTypeRef } from '@common/parse'
import type { ReviewCostLine } from './logic/actions.ts'
import { draftLines, num, type Row } from './logic/invoice-rows.ts'
import type { CodingProposals } from './logic/supplier-memory.ts'

export type CostVatType = VatTypeRule & VatTypeRef

/** One line as typed. `followsTotal`: a proposed line whose amount is the total until the user types one. */
export interface CostLineDraft {
  key: string
  ID: number | null
  account: string
  vat: string
  amount: string
  description: string
  followsTotal: boolean
}

/** What is wrong with a cell: a field check's code (common/field-checks.ts), worded once in the i18n. */
export type CostLineProblem = Extract<
  CheckCode,
  'accountMissing' | 'accountUnknown' | 'vatCodeUnknown' | 'amountFormat'
>

/** A line read: the IDs it names and its amount in øre, or what is wrong with each cell. */
export interface ReadLine {
  accountId: number | null
  vatTypeId: number | null
  amount: Ore | null
  description: string
  problems: Partial<Record<'account' | 'vat' | 'amount', CostLineProblem>>
}

let nextKey = 0
const newKey = () => `line-${++nextKey}`

export const emptyLine = (): CostLineDraft => ({
  key: newKey(),
  ID: null,
  account: '',
  vat: '',
  amount: '',
  description: '',
  followsTotal: false,
})

const accountText = (id: number | null, accounts: readonly AccountRef[]) => {
  const account = id === null ? undefined : accounts.find((a) => a.ID === id)
  return account ? String(account.AccountNumber) : ''
}
const vatText = (id: number | null, vatTypes: readonly CostVatType[]) => {
  const vat = id === null ? undefined : vatTypes.find((v) => v.ID === id)
  return vat ? (vat.VatCode ?? vat.Name) : ''
}
const amountText = (ore: Ore | undefined, locale: Locale) =>
  ore === undefined ? '' : formatAmount(fromOre(ore), locale)

/** The lines the invoice has saved (`JournalEntry.DraftLines`), as the form shows them. */
export function linesFromRow(
  row: Row,
  accounts: readonly AccountRef[],
  vatTypes: readonly CostVatType[],
  locale: Locale,
): CostLineDraft[] {
  return draftLines(row)
    .slice()
    .sort((a, b) => Number(a.SortIndex ?? 0) - Number(b.SortIndex ?? 0) || Number(a.ID) - Number(b.ID))
    .map((line) => ({
      key: newKey(),
      ID: num(line.ID),
      account: accountText(num(line.AccountID), accounts),
      vat: vatText(num(line.VatTypeID), vatTypes),
      amount: amountText(toOre(line.Amount), locale),
      description: typeof line.Description === 'string' ? line.Description : '',
      followsTotal: false,
    }))
}

/** The supplier-memory proposal as one line for the whole total; null when memory proposes no account. */
export function proposedLine(
  proposals: CodingProposals,
  accounts: readonly AccountRef[],
  vatTypes: readonly CostVatType[],
  total: Ore | undefined,
  locale: Locale,
): CostLineDraft | null {
  const accountId = proposals.AccountID?.value ?? null
  const account = accountText(accountId, accounts)
  if (!account) return null
  const vatId = proposals.VatTypeID?.value ?? num(accounts.find((a) => a.ID === accountId)?.VatTypeID) ?? null
  return {
    key: newKey(),
    ID: null,
    account,
    vat: vatText(vatId, vatTypes),
    amount: amountText(total, locale),
    description: proposals.Description?.value ?? '',
    followsTotal: true,
  }
}

/** Reads each line's cells against the company's accounts and VAT types. An empty VAT cell means no VAT. */
export function readLines(
  lines: readonly CostLineDraft[],
  accounts: readonly AccountRef[],
  vatTypes: readonly CostVatType[],
): ReadLine[] {
  return lines.map((line) => {
    const problems: ReadLine['problems'] = {}
    const account = findAccount(line.account, accounts)
    if (!account) problems.account = line.account.trim() ? 'accountUnknown' : 'accountMissing'
    const vat = findVatType(line.vat, vatTypes)
    if (line.vat.trim() && !vat) problems.vat = 'vatCodeUnknown'
    // A line needs its amount: an empty cell is as unreadable as a wrong one.
    const amount = parseMoney(line.amount)
    if (amount === undefined) problems.amount = 'amountFormat'
    return {
      accountId: account?.ID ?? null,
      vatTypeId: vat?.ID ?? null,
      amount: amount ?? null,
      description: line.description.trim(),
      problems,
    }
  })
}

export interface CostLineSummary {
  read: ReadLine[]
  figures: CostLineFigures
  /** The lines against the total (the platform's rule, to the øre); null when they agree or cannot be compared. */
  finding: CheckFinding | null
  /** Whether any cell cannot be read: the lines cannot be saved so. */
  unreadable: boolean
}

/** Every line read, its VAT, the sums and the check against the total on the invoice date. */
export function summarise(
  lines: readonly CostLineDraft[],
  accounts: readonly AccountRef[],
  vatTypes: readonly CostVatType[],
  total: Ore | undefined,
  date: string,
): CostLineSummary {
  const read = readLines(lines, accounts, vatTypes)
  const rules = new Map<number, VatTypeRule>(vatTypes.map((v) => [v.ID, v]))
  const inputs = read.map((l) => ({ amount: l.amount, VatTypeID: l.vatTypeId }))
  return {
    read,
    figures: costLineFigures(inputs, rules, date),
    // checkCostLines reads a number as kroner (as the platform's rows carry it).
    finding: total === undefined ? null : checkCostLines(fromOre(total), inputs, rules, date),
    unreadable: read.some((l) => Object.keys(l.problems).length > 0),
  }
}

/** The lines to save, in platform form (gross amounts in kroner), each with the invoice's dimensions. */
export function toSave(
  lines: readonly CostLineDraft[],
  read: readonly ReadLine[],
  dims: { DepartmentID: number | null; ProjectID: number | null },
): ReviewCostLine[] {
  return read.map((line, index) => ({
    ID: lines[index]!.ID,
    AccountID: line.accountId!,
    VatTypeID: line.vatTypeId,
    Amount: fromOre(line.amount!),
    Description: line.description || null,
    DepartmentID: dims.DepartmentID,
    ProjectID: dims.ProjectID,
  }))
}

/** Whether `wanted` is what the invoice has saved already (same lines in the same order). */
export function sameAsSaved(row: Row, wanted: readonly ReviewCostLine[]): boolean {
  const saved = draftLines(row)
    .slice()
    .sort((a, b) => Number(a.SortIndex ?? 0) - Number(b.SortIndex ?? 0) || Number(a.ID) - Number(b.ID))
  if (saved.length !== wanted.length) return false
  return saved.every((line, i) => {
    const w = wanted[i]!
    return (
      num(line.ID) === (w.ID ?? null) &&
      num(line.AccountID) === w.AccountID &&
      num(line.VatTypeID) === (w.VatTypeID ?? null) &&
      toOre(line.Amount) === toOre(w.Amount) &&
      ((typeof line.Description === 'string' && line.Description.trim()) || null) === (w.Description ?? null)
    )
  })
}
