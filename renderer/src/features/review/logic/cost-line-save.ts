// The cost lines as the review form holds them and as it saves them: each line as typed, each line read
// against the company's accounts and VAT types, and the lines in the platform's `DraftLines` form, compared
// with what the invoice has saved so an unchanged set of lines is not sent again. Pure.
import type { CheckCode, CheckFinding } from '@common/field-checks'
import type { CostLineFigures } from '@common/invoice-checks'
import { fromOre, toOre, type Ore } from '@common/money'
import type { ReviewCostLine } from './actions.ts'
import { draftLines, num, type Row } from './invoice-rows.ts'

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

export interface CostLineSummary {
  read: ReadLine[]
  figures: CostLineFigures
  /** The lines against the total (the platform's rule, to the øre); null when they agree or cannot be compared. */
  finding: CheckFinding | null
  /** Whether any cell cannot be read: the lines cannot be saved so. */
  unreadable: boolean
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
