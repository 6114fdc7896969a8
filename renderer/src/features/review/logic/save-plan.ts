// What a save of the review does, decided before anything is written. The rules apply in this order:
// a field whose check fails stops the save (a checksum failure only until the user gives a reason), then
// a cost line that cannot be read, then lines that do not add up to the total, then a new bank account
// the user has not confirmed; a save that changes nothing says so. Pure, so the order is tested without
// a browser; the screen carries out the answer (focus, dialog, status line, the write).
import type { CheckFinding } from '@common/field-checks'
import {
  sameAsSaved,
  toSave,
  type CostLineDraft,
  type CostLineProblem,
  type CostLineSummary,
} from './cost-line-save.ts'
import type { FieldProblem, FormProblems, TextField } from '../review-form.ts'
import type { ReviewCostLine } from './actions.ts'
import type { Row } from './invoice-rows.ts'

export type LineCell = 'account' | 'vat' | 'amount'

/** The first cost line cell that cannot be read: where the focus goes, and what it says. */
export interface LineCellProblem {
  index: number
  cell: LineCell
  code: CostLineProblem
}

export type SavePlan =
  /** A field check stops the save: a checksum failure asks for a reason, anything else is fixed first. */
  | { kind: 'blocked'; field: TextField | 'SupplierID'; problem: FieldProblem }
  /** A cost line cannot be read, or the lines do not add up to the total. */
  | { kind: 'lines'; problem: LineCellProblem | CheckFinding }
  /** The bank account is new for the supplier and not confirmed yet. */
  | { kind: 'bankAccount' }
  | { kind: 'unchanged' }
  | {
      kind: 'save'
      changes: Record<string, unknown>
      /** The lines as they should be after the save; undefined when they are as saved. */
      costLines: ReviewCostLine[] | undefined
      /** Override reasons not yet saved as a comment on this invoice. */
      overrides: [TextField, string][]
    }

export interface SaveInput {
  /** The invoice as cached. */
  row: Row
  /** What changed, and the problems that stop a save (review-form.ts `changesFrom`). */
  changes: Record<string, unknown>
  blocking: FormProblems
  lines: readonly CostLineDraft[]
  summary: CostLineSummary
  /** The invoice's department and project, which every cost line carries. */
  dims: { DepartmentID: number | null; ProjectID: number | null }
  /** Whether a new bank account waits for the user's confirmation. */
  bankAccountUnconfirmed: boolean
  /** The reasons given for checksum failures, by field. */
  overrides: ReadonlyMap<TextField, string>
  /** The overrides already saved as comments (`overrideKey`): each is posted once. */
  posted: ReadonlySet<string>
}

/** Names an override reason given for a field, to post it once however often the invoice is saved. */
export const overrideKey = (field: TextField, reason: string) => `${field}\n${reason}`

/** The first cell of the cost lines that cannot be read, with its problem. */
export function firstLineProblem(summary: Pick<CostLineSummary, 'read'>): LineCellProblem | null {
  for (const [index, line] of summary.read.entries())
    for (const cell of ['account', 'vat', 'amount'] as const) {
      const code = line.problems[cell]
      if (code) return { index, cell, code }
    }
  return null
}

export function planSave(input: SaveInput): SavePlan {
  const blocked = Object.entries(input.blocking) as [TextField | 'SupplierID', FieldProblem][]
  if (blocked.length > 0) {
    // What cannot be overridden is fixed first; a reason is asked for only when nothing else is wrong.
    const [field, problem] = blocked.find(([, p]) => !p.overridable) ?? blocked[0]!
    return { kind: 'blocked', field, problem }
  }
  const { summary } = input
  const lineProblem = summary.unreadable ? firstLineProblem(summary) : summary.finding
  if (lineProblem) return { kind: 'lines', problem: lineProblem }
  const wanted = toSave(input.lines, summary.read, input.dims)
  const costLines = sameAsSaved(input.row, wanted) ? undefined : wanted
  if (input.bankAccountUnconfirmed) return { kind: 'bankAccount' }
  const overrides = [...input.overrides].filter(
    ([field, reason]) => !input.posted.has(overrideKey(field, reason)),
  )
  if (Object.keys(input.changes).length === 0 && overrides.length === 0 && !costLines)
    return { kind: 'unchanged' }
  return { kind: 'save', changes: input.changes, costLines, overrides }
}
