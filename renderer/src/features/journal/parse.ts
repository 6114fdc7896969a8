// Reading what accountants type and paste: amounts in Norwegian and English forms, accounting negatives in
// parentheses, and dates as dd.mm.yyyy (nb-NO), yyyy-mm-dd or d/m/yyyy. Rows copied from a spreadsheet
// arrive tab-separated; each cell is read on its own, and an account that the company does not have is
// marked as unknown with the text the user pasted, never matched to a near neighbour.
import { parseMoney, type Ore } from '@common/money'

/**
 * An amount as typed or pasted, in øre: `1 234,56`, `-1.234,56`, `(1 234,56)` (negative), `1,234.56`,
 * `kr 250`. Undefined when the text is no amount.
 */
export function parseAmount(text: string): Ore | undefined {
  const trimmed = text.trim()
  const bracketed = /^\((.*)\)$/.exec(trimmed)
  if (bracketed) {
    const inner = parseMoney(bracketed[1]!)
    return inner === undefined || inner < 0 ? undefined : -inner
  }
  // A trailing minus, as some ledgers export credits (`1 234,56-`).
  const trailing = /^([^-]*\d)\s*-$/.exec(trimmed)
  if (trailing) {
    const inner = parseMoney(trailing[1]!)
    return inner === undefined ? undefined : -inner
  }
  return parseMoney(trimmed)
}

function isoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (day > last) return undefined
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * A date as typed or pasted: `31.01.2026`, `31.1.26`, `2026-01-31`, `31/01/2026`; `3101` or `31.01` take
 * the year of `reference` (yyyy-mm-dd). Answers yyyy-mm-dd, or undefined for no real date.
 */
export function parseDate(text: string, reference?: string): string | undefined {
  const s = text.trim()
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s)
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]))
  const referenceYear = Number((reference ?? new Date().toISOString()).slice(0, 4))
  m = /^(\d{1,2})[./](\d{1,2})(?:[./](\d{2}|\d{4}))?$/.exec(s)
  if (m) {
    const year = m[3] === undefined ? referenceYear : m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3])
    return isoDate(year, Number(m[2]), Number(m[1]))
  }
  m = /^(\d{2})(\d{2})(\d{2}|\d{4})?$/.exec(s)
  if (m) {
    const year = m[3] === undefined ? referenceYear : m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3])
    return isoDate(year, Number(m[2]), Number(m[1]))
  }
  return undefined
}

/** What a pasted row needs to know of the company's accounts. */
export interface AccountRef {
  ID: number
  AccountNumber: number
  AccountName: string
  VatTypeID?: number | null
}

export interface VatTypeRef {
  ID: number
  VatCode?: string | null
  Name: string
}

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

/** The account a cell names: its number exactly (`1920`), or `1920 Bank`; never a guess. */
export function findAccount(text: string, accounts: readonly AccountRef[]): AccountRef | undefined {
  const m = /^\s*(\d+)\b/.exec(text)
  if (!m) {
    const name = text.trim().toLowerCase()
    if (!name) return undefined
    const byName = accounts.filter((a) => a.AccountName.toLowerCase() === name)
    return byName.length === 1 ? byName[0] : undefined
  }
  const number = Number(m[1])
  return accounts.find((a) => a.AccountNumber === number)
}

/** The VAT type a cell names by its SAF-T code (`1`, `11`, `86`) or its exact name. */
export function findVatType(text: string, vatTypes: readonly VatTypeRef[]): VatTypeRef | undefined {
  const s = text.trim().toLowerCase()
  if (!s) return undefined
  return (
    vatTypes.find((v) => (v.VatCode ?? '').toLowerCase() === s) ??
    vatTypes.find((v) => v.Name.toLowerCase() === s)
  )
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
      const amount = parseAmount(amountText)
      if (amount === undefined) line.problems.push({ field: 'amount', text: amountText })
      else line.amount = amount
    } else if (debitText || creditText) {
      const debit = debitText ? parseAmount(debitText) : 0
      const credit = creditText ? parseAmount(creditText) : 0
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
