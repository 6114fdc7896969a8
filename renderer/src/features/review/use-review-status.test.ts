// The review's status line: every state it can be in is worded in both languages, and the states that
// name something (the cost line problem, why a delete failed) say it.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createAppI18n } from '@renderer/i18n'
import { reviewStatuses, useReviewStatus, type ReviewStatus } from './use-review-status.ts'

let wrapper: VueWrapper | undefined
afterEach(() => wrapper?.unmount())

function statusLine(locale: 'nb' | 'en') {
  let line!: ReturnType<typeof useReviewStatus>
  wrapper = mount(
    defineComponent({
      setup() {
        line = useReviewStatus()
        return () => h('p', line.text.value)
      },
    }),
    { global: { plugins: [createAppI18n(locale)] } },
  )
  return line
}

describe('the review’s status line', () => {
  it('words every state but idle in both languages', () => {
    for (const locale of ['nb', 'en'] as const) {
      const i18n = createAppI18n(locale).global
      for (const [state, { message }] of Object.entries(reviewStatuses)) {
        if (message === null) expect(state).toBe('idle')
        else expect(i18n.te(message, locale), `${locale} ${state}`).toBe(true)
      }
    }
  })

  it('says which cost line cell is wrong, or that the lines miss the total, and why a delete failed', () => {
    const line = statusLine('en')
    line.show('lines', { lines: { index: 0, cell: 'account', code: 'accountMissing' } })
    expect(line.text.value).toBe('Fix the cost lines before saving: Enter an account number.')
    expect(line.tone.value).toBe('danger')
    line.show('lines', { lines: { level: 'error', code: 'costLinesMismatch', params: {} } })
    expect(line.text.value).toContain('the lines with VAT do not add up to the total.')
    line.show('deleteFailed', { deleteFailed: 'SupplierInvoice 7 is not a draft' })
    expect(line.text.value).toBe('The draft could not be deleted: SupplierInvoice 7 is not a draft')
    line.show('idle' satisfies ReviewStatus)
    expect(line.text.value).toBe('')
  })
})
