// The invoice lines' keyboard, one pure decision per key press: Enter moves to the next cell and from a
// line's last cell to the next line (a new one after the last), Shift+Enter back; Ctrl+D duplicates the
// line; Delete on a line with nothing typed removes it; Ctrl+Enter invoices. Up and down move between lines.

export const lineColumns = ['product', 'text', 'quantity', 'unit', 'price', 'discount', 'vat'] as const
export type LineColumn = (typeof lineColumns)[number]

export type LineKeyAction =
  | { type: 'move'; row: number; col: number }
  | { type: 'newLine' }
  | { type: 'duplicate'; row: number }
  | { type: 'remove'; row: number }
  | { type: 'invoice' }

export function lineKeyAction(
  press: { key: string; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean; altKey?: boolean },
  at: { row: number; col: number },
  rows: number,
  lineEmpty: boolean,
): LineKeyAction | null {
  const command = press.ctrlKey || press.metaKey
  const last = lineColumns.length - 1
  if (command && press.key === 'Enter') return { type: 'invoice' }
  if (command && (press.key === 'd' || press.key === 'D')) return { type: 'duplicate', row: at.row }
  if (command || press.altKey) return null
  switch (press.key) {
    case 'Enter':
      if (press.shiftKey) return at.col > 0 ? { type: 'move', row: at.row, col: at.col - 1 } : null
      if (at.col < last) return { type: 'move', row: at.row, col: at.col + 1 }
      return at.row < rows - 1 ? { type: 'move', row: at.row + 1, col: 0 } : { type: 'newLine' }
    case 'Delete':
      return lineEmpty && rows > 1 ? { type: 'remove', row: at.row } : null
    case 'ArrowDown':
      return at.row < rows - 1 ? { type: 'move', row: at.row + 1, col: at.col } : null
    case 'ArrowUp':
      return at.row > 0 ? { type: 'move', row: at.row - 1, col: at.col } : null
    default:
      return null
  }
}
