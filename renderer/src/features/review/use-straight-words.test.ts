// Why a went-through invoice cannot be taken back, worded for every reason in both languages: each reason
// its own sentence, and the states after the send (approved, booked, rejected, changed since) named.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createAppI18n } from '@renderer/i18n'
import { undoReasons } from './logic/straight-send.ts'
import { useStraightWords } from './use-straight-words.ts'

let wrapper: VueWrapper | undefined
afterEach(() => wrapper?.unmount())

function wordsIn(locale: 'nb' | 'en') {
  let words!: ReturnType<typeof useStraightWords>
  wrapper = mount(
    defineComponent({
      setup() {
        words = useStraightWords()
        return () => h('p')
      },
    }),
    { global: { plugins: [createAppI18n(locale)] } },
  )
  return words
}

describe('why a went-through invoice cannot be taken back', () => {
  it('words every reason in both languages, each differently, and nothing when undo is possible', () => {
    for (const locale of ['nb', 'en'] as const) {
      const i18n = createAppI18n(locale).global
      const words = wordsIn(locale)
      const texts = undoReasons.map((reason) => {
        expect(i18n.te(`straight.undoState.${reason}`, locale), `${locale} ${reason}`).toBe(true)
        return words.undoText({ possible: false, reason })
      })
      expect(new Set(texts).size).toBe(undoReasons.length)
      expect(words.undoText({ possible: true })).toBe('')
      wrapper?.unmount()
    }
  })

  it('names the state the platform has the invoice in', () => {
    const expected = {
      en: { approved: 'Approved', booked: 'Booked', rejected: 'Rejected', moved: 'Changed since' },
      nb: { approved: 'Godkjent', booked: 'Bokført', rejected: 'Avvist', moved: 'Endret siden' },
    } as const
    for (const locale of ['nb', 'en'] as const) {
      const words = wordsIn(locale)
      for (const [reason, start] of Object.entries(expected[locale]))
        expect(words.undoText({ possible: false, reason: reason as keyof (typeof expected)['en'] })).toMatch(
          new RegExp(`^${start}`),
        )
      wrapper?.unmount()
    }
  })
})
