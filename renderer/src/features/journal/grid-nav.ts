// The journal grid's keyboard, as one pure decision per key press (listed for the user in one place,
// `shortcuts` below): Enter moves to the next cell and past the line's last typed cell (the description;
// department and project after it are reached with Tab or the arrows) to the next line, F2 edits the
// cell's text, Esc cancels the edit, arrows move between cells while not editing, Ctrl+D duplicates the
// line, Ctrl+Enter books.

export interface GridPosition {
  row: number
  col: number
}

export type GridAction =
  | { type: 'move'; to: GridPosition }
  | { type: 'newLine'; col: number }
  | { type: 'duplicate'; row: number }
  | { type: 'book' }
  | { type: 'edit' }
  | { type: 'cancel' }
  | { type: 'deleteLine'; row: number }

export interface KeyPress {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
  shiftKey?: boolean
  altKey?: boolean
}

/**
 * What a key press in the grid does. `editing` is true after F2 or once the user moved the caret inside
 * the text: then left and right arrows stay in the text. `firstCol` is where a new line starts (after the
 * date, which the new line takes from the line above).
 */
export function gridAction(
  press: KeyPress,
  at: GridPosition,
  size: { rows: number; cols: number; enterCols?: number },
  editing: boolean,
  firstCol = 1,
): GridAction | null {
  const command = press.ctrlKey || press.metaKey
  if (command && press.key === 'Enter') return { type: 'book' }
  if (command && (press.key === 'd' || press.key === 'D')) return { type: 'duplicate', row: at.row }
  if (command && press.key === 'Delete') return { type: 'deleteLine', row: at.row }
  if (command || press.altKey) return null
  switch (press.key) {
    case 'Enter':
      if (press.shiftKey) return at.col > 0 ? { type: 'move', to: { row: at.row, col: at.col - 1 } } : null
      // The line's last typed cell ends the line; from a cell after it Enter still walks right.
      if (at.col < size.cols - 1 && at.col !== (size.enterCols ?? size.cols) - 1)
        return { type: 'move', to: { row: at.row, col: at.col + 1 } }
      if (at.row < size.rows - 1) return { type: 'move', to: { row: at.row + 1, col: firstCol } }
      return { type: 'newLine', col: firstCol }
    case 'F2':
      return { type: 'edit' }
    case 'Escape':
      return { type: 'cancel' }
    case 'ArrowDown':
      return at.row < size.rows - 1 ? { type: 'move', to: { row: at.row + 1, col: at.col } } : null
    case 'ArrowUp':
      return at.row > 0 ? { type: 'move', to: { row: at.row - 1, col: at.col } } : null
    case 'ArrowRight':
      return !editing && at.col < size.cols - 1
        ? { type: 'move', to: { row: at.row, col: at.col + 1 } }
        : null
    case 'ArrowLeft':
      return !editing && at.col > 0 ? { type: 'move', to: { row: at.row, col: at.col - 1 } } : null
    default:
      return null
  }
}

/** The grid's shortcuts as the help line lists them (message keys of journal.keys). */
export const shortcuts = [
  { keys: 'Enter', action: 'next' },
  { keys: 'F2', action: 'edit' },
  { keys: 'Esc', action: 'cancel' },
  { keys: 'Ctrl+D', action: 'duplicate' },
  { keys: 'Ctrl+Delete', action: 'deleteLine' },
  { keys: 'Ctrl+Enter', action: 'book' },
] as const
