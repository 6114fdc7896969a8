// The invoice's cost lines as the review form holds them: what the user typed in each cell (account by
// number, VAT code by its SAF-T code, the amount including VAT, a description), read against the company's
// accounts and VAT types, with the VAT of each line and the sum against the invoice total by the same rule
// the platform books with (common/invoice-checks.ts). The supplier-memory proposal becomes the first line
// of an invoice that has none. Pure, so the rules are tested without a browser.
import { checkCostLines, costLineFigures } from '@common/invoice-checks'
import { fromOre, toOre, type Ore } from '@common/money'
import type { VatTypeRule } from '@common/vat'
import type { Locale } from '@common/bridge/contract'
import { formatAmount } from '@renderer/i18n/format'
import { findAccount, findVatType, parseMoney, type AccountRef, type VatTypeRef } from '@common/parse'
import type { CostLineDraft, CostLineSummary, ReadLine } from './logic/cost-line-save.ts'
import { draftLines, num, type Row } from './logic/invoice-rows.ts'
import type { CodingProposals, ProposalSource } from './logic/supplier-memory.ts'
import { structuredLines, type StructuredLine } from './logic/structured-lines.ts'
import type { EInvoice } from '@common/einvoice/types'

// The saved form of the lines and the shapes the form holds them in (pure, in logic/ with the save rules).
export {
  sameAsSaved,
  toSave,
  type CostLineDraft,
  type CostLineProblem,
  type CostLineSummary,
  type ReadLine,
} from './logic/cost-line-save.ts'

export type CostVatType = VatTypeRule & VatTypeRef

/**
 * A sentence of why the lines are as proposed, with its source mark when the proposal is not the company's
 * own (the office's memory of the supplier in other clients, or the platform's smart booking).
 */
export interface LineReason {
  text: string
  source: Extract<ProposalSource, 'office' | 'ledgerSuggestion'> | null
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

/**
 * A structured invoice's lines as the form's lines: each with supplier memory's account (the one the review
 * proposes for the whole total otherwise; empty when memory has none), the VAT code its category and rate
 * map to, and its amount including VAT. `gaps` are the lines whose VAT code is left for the user.
 */
export function structuredDrafts(
  invoice: EInvoice,
  proposals: CodingProposals,
  accounts: readonly AccountRef[],
  vatTypes: readonly CostVatType[],
  date: string,
  locale: Locale,
): { lines: CostLineDraft[]; gaps: { line: number; item: StructuredLine }[] } {
  const account = accountText(proposals.AccountID?.value ?? null, accounts)
  const items = structuredLines(invoice, vatTypes, date)
  return {
    lines: items.map((item) => ({
      key: newKey(),
      ID: null,
      account,
      vat: vatText(item.vatTypeId, vatTypes),
      amount: amountText(item.amount, locale),
      description: item.description,
      followsTotal: false,
    })),
    gaps: items.flatMap((item, index) => (item.gap ? [{ line: index + 1, item }] : [])),
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
