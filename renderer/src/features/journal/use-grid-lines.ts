// The journal grid's lines as the user changes them: each change is handed to the parent as new lines
// (`update:lines`), and the next change builds on the lines last handed over, not on props the parent has
// not passed back yet (a key press that commits a cell and then adds a line). Amounts typed in one column
// or two, cells' text read (dates, accounts by number or name, VAT codes, departments and projects; never a
// guess), accounts with their default VAT code, and accounts typed before the company's accounts arrived.
import { watch } from 'vue'
import type { Ore } from '@common/money'
import { emptyLine, lineKey, type DraftLine, type EntryView } from './draft.ts'
import { findAccount, findVatType, parseDate, type AccountRef, type VatTypeRef } from '@common/parse'
import { findDimension, type DimensionRef } from './parse.ts'

/** The grid's cells that hold text (amounts are handed over as øre by the amount input). */
export type TextColumn = 'date' | 'account' | 'vat' | 'description' | 'department' | 'project'

export interface GridLinesSource {
  lines: () => DraftLine[]
  entries: () => EntryView[]
  accounts: () => AccountRef[]
  vatTypes: () => readonly VatTypeRef[]
  departments: () => readonly DimensionRef[]
  projects: () => readonly DimensionRef[]
  readonly: () => boolean
  /** Hands the changed lines to the parent. */
  emit: (lines: DraftLine[]) => void
  /** Whether the user is typing in the account cell of `row` (its text is not resolved under them). */
  typingAccount: (row: number) => boolean
  /** Focuses a cell once the lines have been drawn again. */
  focusCell: (row: number, col: number) => void
}

export function useGridLines(source: GridLinesSource) {
  let emitted: DraftLine[] | null = null
  watch(source.lines, () => (emitted = null))
  const currentLines = () => emitted ?? source.lines()
  function emitLines(lines: DraftLine[]) {
    emitted = lines
    source.emit(lines)
  }

  function update(row: number, change: Partial<DraftLine>) {
    const lines = currentLines().slice()
    lines[row] = { ...lines[row]!, ...change, refusal: null }
    emitLines(lines)
  }

  /** An account taken for a line brings its default VAT code unless the line has one. */
  function pickAccount(row: number, id: number) {
    const line = currentLines()[row]!
    const account = source.accounts().find((a) => a.ID === id)
    update(row, { accountId: id, accountText: '', vatTypeId: line.vatTypeId ?? account?.VatTypeID ?? null })
  }

  /** A choice taken from a lookup cell's list. */
  function choose(row: number, col: 'account' | 'vat' | 'department' | 'project', id: number) {
    if (col === 'account') pickAccount(row, id)
    else if (col === 'department') update(row, { departmentId: id })
    else if (col === 'project') update(row, { projectId: id })
    else update(row, { vatTypeId: id })
  }

  /** What a cell's text means for its line, read when the cell is left or Enter is pressed. */
  function readText(row: number, col: TextColumn, text: string) {
    const trimmed = text.trim()
    switch (col) {
      case 'date': {
        const previous = currentLines()[row - 1]?.date ?? undefined
        const date = trimmed ? parseDate(trimmed, previous) : null
        update(row, date === undefined ? { date: null, dateText: trimmed } : { date, dateText: '' })
        break
      }
      case 'account': {
        const account = trimmed ? findAccount(trimmed, source.accounts()) : undefined
        if (account) pickAccount(row, account.ID)
        else update(row, { accountId: null, accountText: trimmed })
        break
      }
      case 'vat': {
        const vat = trimmed ? findVatType(trimmed, source.vatTypes()) : undefined
        update(row, { vatTypeId: vat?.ID ?? null })
        break
      }
      case 'description':
        update(row, { description: text })
        break
      default: {
        // A number or name the company does not have leaves the line as it was: never a guess.
        const options = col === 'department' ? source.departments() : source.projects()
        const found = trimmed ? findDimension(trimmed, options) : undefined
        if (trimmed && !found) break
        update(
          row,
          col === 'department' ? { departmentId: found?.ID ?? null } : { projectId: found?.ID ?? null },
        )
      }
    }
  }

  /** An amount typed in a cell. Two columns: the side typed sets the sign. */
  function setAmount(row: number, col: 'amount' | 'debit' | 'credit', ore: Ore | null) {
    if (col === 'amount') return update(row, { amount: ore, amountText: '' })
    if (ore !== null) return update(row, { amount: col === 'debit' ? ore : -ore, amountText: '' })
    // An emptied side clears the amount only when the amount was on that side.
    const amount = currentLines()[row]?.amount ?? 0
    if (col === 'debit' ? amount >= 0 : amount <= 0) update(row, { amount: null, amountText: '' })
  }
  /** Text typed in an amount cell that is no amount: kept, for the grid to mark. */
  const setUnreadable = (row: number, text: string) => update(row, { amount: null, amountText: text })

  /**
   * An account typed before the company's accounts reached this computer (a first sync still running) is
   * resolved when they arrive, with its default VAT code, unless the cell is being typed in.
   */
  watch(source.accounts, (accounts) => {
    if (source.readonly() || accounts.length === 0) return
    const lines = currentLines()
    let changed: DraftLine[] | null = null
    lines.forEach((line, row) => {
      if (line.accountId !== null || !line.accountText || source.typingAccount(row)) return
      const account = findAccount(line.accountText, accounts)
      if (!account) return
      changed ??= lines.slice()
      changed[row] = {
        ...line,
        accountId: account.ID,
        accountText: '',
        vatTypeId: line.vatTypeId ?? account.VatTypeID ?? null,
      }
    })
    if (changed) emitLines(changed)
  })

  /** The entry a new line joins: the last line's, or the next one when that entry already balances. */
  function nextEntry(): number {
    const last = source.lines().at(-1)
    if (!last) return 1
    const view = source.entries().find((e) => e.entry === last.entry)
    return view?.bookable ? last.entry + 1 : last.entry
  }

  function addLine(col = 1) {
    const current = currentLines()
    const last = current.at(-1)
    emitLines([...current, emptyLine(nextEntry(), last?.date ?? null)])
    source.focusCell(current.length, col)
  }

  function duplicate(row: number, col: number) {
    const lines = currentLines().slice()
    lines.splice(row + 1, 0, { ...lines[row]!, key: lineKey(), refusal: null })
    emitLines(lines)
    source.focusCell(row + 1, col)
  }

  function removeLine(row: number, col = 1) {
    const current = currentLines()
    const lines = current.filter((_, i) => i !== row)
    emitLines(lines.length ? lines : [emptyLine(1, current[row]?.date ?? null)])
    source.focusCell(Math.max(0, Math.min(row, lines.length - 1)), col)
  }

  return {
    currentLines,
    emitLines,
    choose,
    readText,
    setAmount,
    setUnreadable,
    nextEntry,
    addLine,
    duplicate,
    removeLine,
  }
}
