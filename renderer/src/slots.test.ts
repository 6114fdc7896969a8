import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { computed, defineComponent, h, type Component } from 'vue'
import { provideSlots, useSlot, type SlotOffer } from './slots.ts'

const Queue = defineComponent({ render: () => h('p', { 'data-testid': 'queue' }, 'queue') })

/** A view that places the inbox's incoming documents and the overview's figures when something fills them. */
const View = defineComponent(() => {
  const incoming = useSlot('inbox.incoming')
  const inProgress = useSlot('overview.documentsInProgress')?.()
  return () =>
    h('div', [
      incoming ? h(incoming, { 'company-key': 'nordlys' }) : h('p', 'no incoming'),
      h('p', { 'data-testid': 'figure' }, inProgress ? String(inProgress.value.get('nordlys')) : 'no column'),
    ])
})

const shellWith = (offers: SlotOffer[]): Component =>
  defineComponent(() => {
    provideSlots(offers)
    return () => h(View)
  })

describe('slots', () => {
  it('show in a view what the shell provides from the features’ offers', () => {
    const scan: SlotOffer = {
      'inbox.incoming': Queue,
      'overview.documentsInProgress': () => computed(() => new Map([['nordlys', 3]])),
    }
    const wrapper = mount(shellWith([{}, scan]))
    expect(wrapper.find('[data-testid="queue"]').attributes('company-key')).toBe('nordlys')
    expect(wrapper.find('[data-testid="figure"]').text()).toBe('3')
  })

  it('leave their place out of a view when no feature fills them', () => {
    const wrapper = mount(shellWith([]))
    expect(wrapper.text()).toContain('no incoming')
    expect(wrapper.find('[data-testid="figure"]').text()).toBe('no column')
    expect(mount(View).text()).toContain('no incoming')
  })

  it('refuse two features filling the same slot when the shell starts', () => {
    expect(() => mount(shellWith([{ 'inbox.incoming': Queue }, { 'inbox.incoming': Queue }]))).toThrow(
      'Two features fill the slot inbox.incoming',
    )
  })
})
