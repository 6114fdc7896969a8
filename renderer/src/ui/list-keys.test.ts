import { describe, expect, it } from 'vitest'
import { moveRowFocus, tabAfterKey } from './list-keys.ts'

describe('the keys of a list view', () => {
  it('moves between tabs with the arrow keys, wrapping, and to the ends with Home and End', () => {
    const tabs = ['a', 'b', 'c'] as const
    expect(tabAfterKey(tabs, 'a', 'ArrowRight')).toBe('b')
    expect(tabAfterKey(tabs, 'c', 'ArrowRight')).toBe('a')
    expect(tabAfterKey(tabs, 'a', 'ArrowLeft')).toBe('c')
    expect(tabAfterKey(tabs, 'b', 'Home')).toBe('a')
    expect(tabAfterKey(tabs, 'a', 'End')).toBe('c')
    expect(tabAfterKey(tabs, 'a', 'Enter')).toBeNull()
  })

  it('moves the focus from row to row with J and K, and leaves other keys alone', () => {
    document.body.innerHTML =
      '<table><tbody><tr id="r1" tabindex="0"><td>1</td></tr><tr id="r2" tabindex="-1"><td>2</td></tr></tbody></table>'
    const first = document.getElementById('r1')!
    const second = document.getElementById('r2')!
    const press = (target: HTMLElement, code: string, extra: KeyboardEventInit = {}) => {
      const event = new KeyboardEvent('keydown', { code, bubbles: true, cancelable: true, ...extra })
      Object.defineProperty(event, 'target', { value: target })
      return moveRowFocus(event)
    }
    expect(press(first, 'KeyJ')).toBe(true)
    expect(document.activeElement).toBe(second)
    expect([first.tabIndex, second.tabIndex]).toEqual([-1, 0])
    expect(press(second, 'KeyJ')).toBe(false)
    expect(press(second, 'KeyK', { ctrlKey: true })).toBe(false)
    expect(press(second, 'KeyK')).toBe(true)
    expect(document.activeElement).toBe(first)
  })
})
