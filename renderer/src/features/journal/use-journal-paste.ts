// Rows copied from a spreadsheet into the journal grid: read in the grid's column order from the line
// pasted into, each cell on its own (parse.ts), an unknown account or unreadable cell kept as pasted and
// marked, never matched to a near neighbour. A blank line pasted into is replaced; otherwise the rows go in
// below it. Text without a tab or a line break is an ordinary paste into the cell.
import { emptyLine, type DraftLine } from './draft.ts'
import type { AccountRef, VatTypeRef } from '@common/parse'
import { findDimension, readPastedRows, type DimensionRef, type PasteColumn } from './parse.ts'

export interface JournalPasteSource {
  readonly: () => boolean
  /** The grid's columns, in order. */
  columns: () => readonly PasteColumn[]
  /** The lines as the grid shows them now. */
  lines: () => DraftLine[]
  accounts: () => readonly AccountRef[]
  vatTypes: () => readonly VatTypeRef[]
  departments: () => readonly DimensionRef[]
  projects: () => readonly DimensionRef[]
  /** The entry a line added at the end joins. */
  nextEntry: () => number
  /** Takes the lines with the pasted rows in place, and what was pasted (lines, cells not read). */
  pasted: (lines: DraftLine[], result: { lines: number; problems: number }) => void
}

/** The grid's paste handler for the cell inputs of line `row`. */
export function useJournalPaste(source: JournalPasteSource) {
  return function onPaste(row: number, event: ClipboardEvent): void {
    const text = event.clipboardData?.getData('text/plain') ?? ''
    if (source.readonly() || (!text.includes('\t') && !text.includes('\n'))) return
    event.preventDefault()
    const lines = source.lines().slice()
    const at = lines[row]
    const pasted = readPastedRows(text, source.accounts(), source.vatTypes(), {
      columns: source.columns(),
      referenceDate: at?.date ?? undefined,
    })
    if (pasted.length === 0) return
    const entry = at?.entry ?? source.nextEntry()
    const fallbackDate = at?.date ?? null
    const made: DraftLine[] = pasted.map((p) => ({
      ...emptyLine(entry, p.date ?? (p.problems.some((x) => x.field === 'date') ? null : fallbackDate)),
      dateText: p.problems.find((x) => x.field === 'date')?.text ?? '',
      accountId: p.accountId,
      accountText: p.accountId === null ? p.accountText : '',
      vatTypeId: p.vatTypeId,
      amount: p.amount,
      amountText: p.problems.find((x) => x.field === 'amount')?.text ?? '',
      description: p.description,
      departmentId: findDimension(p.departmentText, source.departments())?.ID ?? null,
      projectId: findDimension(p.projectText, source.projects())?.ID ?? null,
    }))
    const blank = at && !at.accountId && !at.accountText && at.amount === null
    lines.splice(blank ? row : row + 1, blank ? 1 : 0, ...made)
    source.pasted(lines, { lines: made.length, problems: pasted.reduce((n, p) => n + p.problems.length, 0) })
  }
}
