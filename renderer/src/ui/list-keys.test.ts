import { describe, expect, it } from 'vitest'
import { moveRowFocus, tabAfterKey, typingIn } from './list-keys.ts'

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

  it('knows when the user is typing: text fields, text areas, selects, editable elements and widgets that read letters', () => {
    document.body.innerHTML = `
      <input id="text"><input id="number" type="number"><input id="date" type="date"><input id="search" type="search">
      <textarea id="area"></textarea><select id="select"><option>a</option></select>
      <div id="editable" contenteditable="true"><b id="inside">x</b></div>
      <span id="combobox" role="combobox" tabindex="0">Velg</span>
      <ul id="listbox" role="listbox" tabindex="0"><li id="option" role="option">a</li></ul>
      <span id="spin" role="spinbutton" tabindex="0">1</span>
      <input id="checkbox" type="checkbox"><input id="radio" type="radio"><input id="range" type="range">
      <input id="file" type="file"><input id="color" type="color"><button id="button">OK</button>
      <table><tbody><tr id="row" tabindex="0"><td>1</td></tr></tbody></table>`
    const at = (id: string) => document.getElementById(id)
    // happy-dom has no layout, so contenteditable is answered by its attribute as the browser does.
    for (const id of ['editable', 'inside'])
      Object.defineProperty(at(id)!, 'isContentEditable', { value: true })
    for (const id of ['text', 'number', 'date', 'search', 'area', 'select', 'editable', 'inside'])
      expect(typingIn(at(id)), id).toBe(true)
    for (const id of ['combobox', 'listbox', 'option', 'spin']) expect(typingIn(at(id)), id).toBe(true)
    for (const id of ['checkbox', 'radio', 'range', 'file', 'color', 'button', 'row'])
      expect(typingIn(at(id)), id).toBe(false)
    expect(typingIn(window)).toBe(false)
    expect(typingIn(null)).toBe(false)
  })
})
