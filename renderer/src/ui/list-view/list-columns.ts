// A list view's columns (ListView.vue): the field a column shows and sorts by, its header's message key,
// how its values read and align, and when the table has room for it. A view's list of these is the one
// place a list column is added (and its header's words in the view's messages.ts).

type Key<Row> = Extract<keyof Row, string>

/** The row's field a column shows and sorts by; a dotted path reaches into an object (`worksFor.name`). */
export type ListField<Row> = Key<Row> | `${Key<Row>}.${string}`

/**
 * How a column's values read: `text` as they are, left-aligned; `number` (invoice, organisation and account
 * numbers, phone numbers) in tabular figures; `date` the calendar day as the language writes it, tabular;
 * `amount` money as the language writes it, right-aligned in tabular figures (header too), empty for null.
 */
export type ListColumnKind = 'text' | 'number' | 'date' | 'amount'

export interface ListColumn<Row> {
  field: ListField<Row>
  /** The message key of the header (`sales.column.amount`). */
  header: string
  kind?: ListColumnKind
  /** Whether a click on the header sorts by it (default true). */
  sortable?: boolean
  /** The table width in pixels the column needs; narrower (a small window, a panel beside) leaves it out. */
  room?: number
  /** The widest the cell's text grows before it ends in an ellipsis (`14rem`); unset, it never cuts. */
  ellipsis?: string
  /** The cell's text when it is not the field's value as `kind` reads it. */
  format?: (row: Row) => string
  /** The view draws the cell itself, in its slot `cell-<name>` (given the row and which fields are shown). */
  cell?: string
  /** The row's outbox mark (QueuedMark: not synced yet, in conflict) follows this column's cell. */
  mark?: boolean
}

/** The value at a field's path, or undefined where the path ends early. */
export function valueAt<Row>(row: Row, field: ListField<Row>): unknown {
  let value: unknown = row
  for (const step of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[step]
  }
  return value
}

export interface CellFormat {
  day: (value: string | null) => string
  amount: (value: number) => string
}

/** A cell's text: the column's own format, else the field's value as its kind reads it. */
export function cellText<Row>(column: ListColumn<Row>, row: Row, format: CellFormat): string {
  if (column.format) return column.format(row)
  const value = valueAt(row, column.field)
  if (value === null || value === undefined) return ''
  if (column.kind === 'date') return format.day(String(value))
  if (column.kind === 'amount') return typeof value === 'number' ? format.amount(value) : String(value)
  return String(value)
}

/** A cached row's outbox mark, as the rows builders read it (data/outbox-queries.ts `queuedRows`). */
export const outboxMark = (row: { unsynced: boolean; conflict: boolean }) =>
  row.conflict ? 'conflict' : row.unsynced ? 'pending' : null
