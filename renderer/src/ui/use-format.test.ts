import { describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import { createAppI18n } from '@renderer/i18n'
import { useFormat } from '@renderer/ui/use-format'

const Amount = defineComponent({
  setup() {
    const format = useFormat()
    return () => h('p', `${format.amount(1234.56)} · ${format.date('2026-03-05')}`)
  },
})

describe('useFormat', () => {
  it('formats in the language the app shows, and follows a switch', async () => {
    const i18n = createAppI18n('nb')
    const wrapper = mount(Amount, { global: { plugins: [i18n] } })
    expect(wrapper.text()).toBe('1\u00a0234,56 · 05.03.2026')
    i18n.global.locale.value = 'en'
    await nextTick()
    expect(wrapper.text()).toBe('1,234.56 · 05/03/2026')
    wrapper.unmount()
  })
})
