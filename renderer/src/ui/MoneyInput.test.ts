// The amount field: øre shown as the user's language writes money, what accountants type read to øre on
// every key, text that is no amount handed back as it was typed, Escape putting back what the field held.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import type { Ore } from '@common/money'
import { createAppI18n } from '@renderer/i18n'
import MoneyInput from './MoneyInput.vue'

const NBSP = '\u00a0'

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  document.body.innerHTML = ''
})

/** An amount field in a form that keeps øre and the unreadable text, as the journal grid does. */
function mountMoney(start: Ore | null, locale: 'nb' | 'en' = 'nb', extra: Record<string, unknown> = {}) {
  const ore = ref<Ore | null>(start)
  const unreadable = ref('')
  const events: (Ore | null | string)[] = []
  const i18n = createAppI18n(locale)
  const Host = defineComponent(
    () => () =>
      h(MoneyInput, {
        modelValue: ore.value,
        unreadable: unreadable.value,
        'onUpdate:modelValue': (next: Ore | null) => {
          events.push(next)
          ore.value = next
          unreadable.value = ''
        },
        onUnreadable: (text: string) => {
          events.push(text)
          ore.value = null
          unreadable.value = text
        },
        id: 'amount',
        'aria-label': 'Beløp',
        ...extra,
      }),
  )
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [i18n, PrimeVue] } })
  return { ore, unreadable, events, i18n }
}

const field = () => document.getElementById('amount') as HTMLInputElement

async function type(text: string) {
  field().value = text
  field().dispatchEvent(new Event('input', { bubbles: true }))
  await nextTick()
}
async function leave() {
  field().dispatchEvent(new FocusEvent('blur'))
  await nextTick()
}

describe('the amount field', () => {
  it('shows øre as each language writes money, and follows a change of language', async () => {
    const { i18n } = mountMoney(123456)
    expect(field().value).toBe(`1${NBSP}234,56`)
    expect(field().getAttribute('inputmode')).toBe('decimal')
    i18n.global.locale.value = 'en'
    await nextTick()
    expect(field().value).toBe('1,234.56')
  })

  it('reads what accountants type to øre on every key, and shows the amount formatted once left', async () => {
    const { ore, events } = mountMoney(null)
    field().dispatchEvent(new FocusEvent('focus'))
    await type('12 500')
    expect(ore.value).toBe(1_250_000)
    // While typing the field keeps the text as typed.
    expect(field().value).toBe('12 500')
    await leave()
    expect(field().value).toBe(`12${NBSP}500,00`)
    for (const [typed, want] of [
      ['(1 234,56)', -123_456],
      ['1 234,56-', -123_456],
      ['kr 1.234,56', 123_456],
      ['-250', -25_000],
      ['1234.5', 123_450],
    ] as const) {
      await type(typed)
      expect(ore.value, typed).toBe(want)
    }
    await type('')
    expect(ore.value).toBeNull()
    expect(events.at(-1)).toBeNull()
  })

  it('hands back text that is no amount as typed, and keeps showing it after the field is left', async () => {
    const { ore, unreadable, events } = mountMoney(10_000)
    await type(' mye ')
    expect(events.at(-1)).toBe('mye')
    expect([ore.value, unreadable.value]).toEqual([null, 'mye'])
    await leave()
    expect(field().value).toBe('mye')
  })

  it('Escape after typing puts back the amount the field held when it was entered', async () => {
    const { ore } = mountMoney(10_000, 'en')
    field().dispatchEvent(new FocusEvent('focus'))
    await type('999')
    expect(ore.value).toBe(99_900)
    field().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await nextTick()
    expect(ore.value).toBe(10_000)
    expect(field().value).toBe('100.00')
  })

  it('Escape puts back unreadable text too, and does nothing when nothing was typed', async () => {
    const { unreadable, events } = mountMoney(null)
    await type('abc')
    await leave()
    field().dispatchEvent(new FocusEvent('focus'))
    field().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(events).toEqual(['abc'])
    await type('12')
    field().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await nextTick()
    expect(events).toEqual(['abc', 1200, 'abc'])
    expect(unreadable.value).toBe('abc')
    expect(field().value).toBe('abc')
  })

  it('is a PrimeVue field in a form, right-aligned, and a bare input in a dense grid', () => {
    mountMoney(0, 'nb', { invalid: true })
    expect(field().classList).toContain('p-inputtext')
    expect(field().classList).toContain('money-input')
    expect(field().getAttribute('aria-invalid')).toBe('true')
    wrapper!.unmount()
    mountMoney(0, 'nb', { dense: true })
    expect(field().classList).not.toContain('p-inputtext')
    expect(field().value).toBe('0,00')
  })
})
