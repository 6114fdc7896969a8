// Rows pasted into the journal grid. Rows copied from a spreadsheet arrive tab-separated; each cell is read
// on its own with the readers every form uses (common/parse.ts: dates, amounts, accounts, VAT codes), and an
// account that the company does not have is marked as unknown with the text the user pasted, never matched
// to a near neighbour.
import {
  findAccount,
  findVatType,
  parseDate,
  parseMoney,
  type AccountRef,
  type VatTypeRef,
} from '@common/parse'
import type { Ore } from '@common/money'

/** One pasted row, read. A field that could not be read keeps the pasted text and names the problem. */
export interface PastedLine {
  date: string | null
  accountId: number | null
  /** The account text as pasted, kept when the account is unknown so the user sees what was meant. */
  accountText: string
  vatTypeId: number | null
  amount: Ore | null
  description: string
  /** Department and project as pasted (a number or a name), for the grid to match exactly. */
  departmentText: string
  projectText: string
  problems: { field: 'date' | 'account' | 'vat' | 'amount'; text: string }[]
}

/**
 * Columns of a pasted row in order. The default is the grid's own order: date, account, VAT code, amount,
 * description. Two-column amounts (debit, credit) are read with `debit` and `credit`.
 */
export type PasteColumn =
  | 'date'
  | 'account'
  | 'vat'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'description'
  | 'department'
  | 'project'
  | 'skip'

export const defaultPasteColumns: readonly PasteColumn[] = ['date', 'account', 'vat', 'amount', 'description']

/** Splits clipboard text into rows of cells (tab-separated; quoted cells may hold tabs and newlines). */
export function splitClipboard(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"' && cell === '') quoted = true
    else if (c === '\t') {
      row.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += c
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell)
    rows.push(row)
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''))
}

/** Reads pasted rows into draft lines. A header row (no amount and no date in it) is skipped. */
export function readPastedRows(
  text: string,
  accounts: readonly AccountRef[],
  vatTypes: readonly VatTypeRef[],
  options: { columns?: readonly PasteColumn[]; referenceDate?: string } = {},
): PastedLine[] {
  const columns = options.columns ?? defaultPasteColumns
  const lines: PastedLine[] = []
  for (const cells of splitClipboard(text)) {
    const cell = (column: PasteColumn) => {
      const i = columns.indexOf(column)
      return i >= 0 ? (cells[i] ?? '').trim() : ''
    }
    const line: PastedLine = {
      date: null,
      accountId: null,
      accountText: cell('account'),
      vatTypeId: null,
      amount: null,
      description: cell('description'),
      departmentText: cell('department'),
      projectText: cell('project'),
      problems: [],
    }
    const dateText = cell('date')
    if (dateText) {
      const date = parseDate(dateText, options.referenceDate)
      if (date) line.date = date
      else line.problems.push({ field: 'date', text: dateText })
    }
    if (line.accountText) {
      const account = findAccount(line.accountText, accounts)
      if (account) {
        line.accountId = account.ID
        line.vatTypeId = account.VatTypeID ?? null
      } else line.problems.push({ field: 'account', text: line.accountText })
    }
    const vatText = cell('vat')
    if (vatText) {
      const vat = findVatType(vatText, vatTypes)
      if (vat) line.vatTypeId = vat.ID
      else line.problems.push({ field: 'vat', text: vatText })
    }
    const amountText = columns.includes('amount') ? cell('amount') : ''
    const debitText = cell('debit')
    const creditText = cell('credit')
    if (amountText) {
      const amount = parseMoney(amountText)
      if (amount === undefined) line.problems.push({ field: 'amount', text: amountText })
      else line.amount = amount
    } else if (debitText || creditText) {
      const debit = debitText ? parseMoney(debitText) : 0
      const credit = creditText ? parseMoney(creditText) : 0
      if (debit === undefined || credit === undefined)
        line.problems.push({ field: 'amount', text: debit === undefined ? debitText : creditText })
      else line.amount = debit - credit
    }
    const header = line.date === null && line.amount === null && line.accountId === null
    if (header && lines.length === 0) continue
    lines.push(line)
  }
  return lines
}

/** A department or project as the grid offers it: its number and name. */
export interface DimensionRef {
  ID: number
  Number: string
  Name: string
}

/** The department or project a cell names: its number exactly (`2`, `2 Salg`) or its exact name; never a guess. */
export function findDimension(text: string, options: readonly DimensionRef[]): DimensionRef | undefined {
  const s = text.trim().toLowerCase()
  if (!s) return undefined
  const number = /^(\S+)(?:\s|$)/.exec(s)?.[1]
  return (
    options.find((o) => o.Name.toLowerCase() === s) ??
    options.find((o) => `${o.Number} ${o.Name}`.toLowerCase() === s) ??
    options.find((o) => o.Number.toLowerCase() === number)
  )
}
