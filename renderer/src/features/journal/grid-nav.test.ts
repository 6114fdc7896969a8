import { describe, expect, it } from 'vitest'
import { gridAction } from './grid-nav.ts'

const size = { rows: 3, cols: 5 }

describe('the journal grid keyboard', () => {
  it('Enter moves to the next cell, then to the next line, and past the last cell adds a line', () => {
    expect(gridAction({ key: 'Enter' }, { row: 0, col: 2 }, size, false)).toEqual({
      type: 'move',
      to: { row: 0, col: 3 },
    })
    expect(gridAction({ key: 'Enter' }, { row: 0, col: 4 }, size, false)).toEqual({
      type: 'move',
      to: { row: 1, col: 1 },
    })
    expect(gridAction({ key: 'Enter' }, { row: 2, col: 4 }, size, true)).toEqual({ type: 'newLine', col: 1 })
    expect(gridAction({ key: 'Enter', shiftKey: true }, { row: 1, col: 2 }, size, false)).toEqual({
      type: 'move',
      to: { row: 1, col: 1 },
    })
  })

  it('Enter past the description goes to the next line; arrows still reach the department and project after it', () => {
    const wide = { rows: 2, cols: 7, enterCols: 5 }
    expect(gridAction({ key: 'Enter' }, { row: 0, col: 4 }, wide, false)).toEqual({
      type: 'move',
      to: { row: 1, col: 1 },
    })
    expect(gridAction({ key: 'Enter' }, { row: 1, col: 5 }, wide, false)).toEqual({
      type: 'move',
      to: { row: 1, col: 6 },
    })
    expect(gridAction({ key: 'Enter' }, { row: 1, col: 6 }, wide, false)).toEqual({ type: 'newLine', col: 1 })
    expect(gridAction({ key: 'ArrowRight' }, { row: 0, col: 4 }, wide, false)).toEqual({
      type: 'move',
      to: { row: 0, col: 5 },
    })
  })

  it('arrows move between cells unless the cell is being edited (F2), then left and right stay in the text', () => {
    expect(gridAction({ key: 'ArrowRight' }, { row: 1, col: 1 }, size, false)).toEqual({
      type: 'move',
      to: { row: 1, col: 2 },
    })
    expect(gridAction({ key: 'ArrowRight' }, { row: 1, col: 1 }, size, true)).toBeNull()
    expect(gridAction({ key: 'ArrowDown' }, { row: 1, col: 1 }, size, true)).toEqual({
      type: 'move',
      to: { row: 2, col: 1 },
    })
    expect(gridAction({ key: 'ArrowUp' }, { row: 0, col: 1 }, size, false)).toBeNull()
    expect(gridAction({ key: 'F2' }, { row: 0, col: 1 }, size, false)).toEqual({ type: 'edit' })
    expect(gridAction({ key: 'Escape' }, { row: 0, col: 1 }, size, true)).toEqual({ type: 'cancel' })
  })

  it('Ctrl+D duplicates, Ctrl+Enter books, Ctrl+Delete removes the line; other keys are the input’s own', () => {
    expect(gridAction({ key: 'd', ctrlKey: true }, { row: 2, col: 3 }, size, false)).toEqual({
      type: 'duplicate',
      row: 2,
    })
    expect(gridAction({ key: 'Enter', metaKey: true }, { row: 2, col: 3 }, size, false)).toEqual({
      type: 'book',
    })
    expect(gridAction({ key: 'Delete', ctrlKey: true }, { row: 1, col: 3 }, size, false)).toEqual({
      type: 'deleteLine',
      row: 1,
    })
    expect(gridAction({ key: 'a' }, { row: 1, col: 3 }, size, false)).toBeNull()
    expect(gridAction({ key: 'c', ctrlKey: true }, { row: 1, col: 3 }, size, false)).toBeNull()
  })
})
