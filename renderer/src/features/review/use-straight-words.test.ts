// Why a went-through invoice cannot be taken back, worded for every reason in both languages: each reason
// its own sentence, and the states after the send (approved, booked, rejected, changed since) named.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createAppI18n } from '@renderer/i18n'
import { SupplierInvoiceStatus } from '@common/status'
import { undoReasons } from './logic/straight-send.ts'
import { sentAsOf } from './straight-rows.ts'
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

describe('how a went-through invoice was sent on', () => {
  it('says what was queued while it is on this computer, then what the platform made of it', () => {
    expect(sentAsOf('journal', true, SupplierInvoiceStatus.Draft)).toBe('journal')
    expect(sentAsOf('assign-to', true, SupplierInvoiceStatus.Draft)).toBe('assign-to')
    // Main chose approval for a "journal" send, because a rule applies to the supplier.
    expect(sentAsOf('journal', false, SupplierInvoiceStatus.ForApproval)).toBe('forApproval')
    expect(sentAsOf('assign-to', false, SupplierInvoiceStatus.Approved)).toBe('forApproval')
    expect(sentAsOf('journal', false, SupplierInvoiceStatus.Journaled)).toBe('booked')
    // Sent, but not yet read back from the platform: what was queued.
    expect(sentAsOf('journal', false, SupplierInvoiceStatus.Draft)).toBe('journal')
    expect(sentAsOf(null, false, undefined)).toBe(null)
  })

  it('words every outcome in both languages, each differently', () => {
    const outcomes = ['journal', 'assign-to', 'forApproval', 'booked'] as const
    for (const locale of ['nb', 'en'] as const) {
      const i18n = createAppI18n(locale).global
      const texts = outcomes.map((o) => {
        expect(i18n.te(`straight.sentAs.${o}`, locale), `${locale} ${o}`).toBe(true)
        return i18n.t(`straight.sentAs.${o}`)
      })
      expect(new Set(texts).size).toBe(outcomes.length)
    }
  })
})
