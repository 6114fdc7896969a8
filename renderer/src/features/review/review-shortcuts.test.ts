// The review's keys: each command has one key, the sending-on keys work while typing in a field, and the
// plain keys (zoom, help) do not.
import { describe, expect, it } from 'vitest'
import { reviewCommandOf, reviewShortcuts } from './review-shortcuts.ts'
import messages from './messages.ts'

const press = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init)

describe('the review’s keys', () => {
  it('sends on, locks, unlocks, deletes opens the history and the supplier card with Alt+Shift, also from a field', () => {
    const alt = (code: string) => press({ altKey: true, shiftKey: true, code })
    expect(reviewCommandOf(alt('KeyA'), true)).toBe('sendForApproval')
    expect(reviewCommandOf(alt('KeyB'), true)).toBe('book')
    expect(reviewCommandOf(alt('KeyL'), true)).toBe('lock')
    expect(reviewCommandOf(alt('KeyU'), true)).toBe('unlock')
    expect(reviewCommandOf(alt('KeyD'), true)).toBe('deleteDraft')
    expect(reviewCommandOf(alt('KeyH'), true)).toBe('history')
    expect(reviewCommandOf(alt('KeyS'), true)).toBe('supplierCard')
    expect(reviewCommandOf(press({ altKey: true, code: 'KeyL' }), false)).toBeUndefined()
    expect(reviewCommandOf(press({ key: '?' }), true)).toBeUndefined()
    expect(reviewCommandOf(press({ key: '?' }), false)).toBe('help')
  })

  it('lists every key once, each worded in both languages', () => {
    const keys = reviewShortcuts.map((s) => s.keys)
    expect(new Set(keys).size).toBe(keys.length)
    for (const { command } of reviewShortcuts) {
      expect(messages.en.shortcuts[command as keyof typeof messages.en.shortcuts], command).toBeTruthy()
      expect(messages.nb.shortcuts[command as keyof typeof messages.nb.shortcuts], command).toBeTruthy()
    }
  })
})
