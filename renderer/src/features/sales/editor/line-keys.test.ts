import { describe, expect, it } from 'vitest'
import { lineColumns, lineKeyAction } from './line-keys.ts'

const last = lineColumns.length - 1

describe('the invoice lines’ keyboard', () => {
  it('moves to the next cell on Enter and from the last cell to the next line, or a new line after the last', () => {
    expect(lineKeyAction({ key: 'Enter' }, { row: 0, col: 0 }, 2, false)).toEqual({ type: 'move', row: 0, col: 1 })
    expect(lineKeyAction({ key: 'Enter' }, { row: 0, col: last }, 2, false)).toEqual({ type: 'move', row: 1, col: 0 })
    expect(lineKeyAction({ key: 'Enter' }, { row: 1, col: last }, 2, false)).toEqual({ type: 'newLine' })
    expect(lineKeyAction({ key: 'Enter', shiftKey: true }, { row: 1, col: 2 }, 2, false)).toEqual({ type: 'move', row: 1, col: 1 })
  })

  it('duplicates with Ctrl+D, invoices with Ctrl+Enter', () => {
    expect(lineKeyAction({ key: 'd', ctrlKey: true }, { row: 1, col: 3 }, 2, false)).toEqual({ type: 'duplicate', row: 1 })
    expect(lineKeyAction({ key: 'Enter', metaKey: true }, { row: 0, col: 0 }, 1, false)).toEqual({ type: 'invoice' })
  })

  it('removes a line with Delete only when nothing is typed in it and it is not the only line', () => {
    expect(lineKeyAction({ key: 'Delete' }, { row: 1, col: 1 }, 2, true)).toEqual({ type: 'remove', row: 1 })
    expect(lineKeyAction({ key: 'Delete' }, { row: 1, col: 1 }, 2, false)).toBeNull()
    expect(lineKeyAction({ key: 'Delete' }, { row: 0, col: 1 }, 1, true)).toBeNull()
  })
})
