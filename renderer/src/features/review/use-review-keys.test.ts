// The review's keys run their command from anywhere in the view, the plain ones (zoom, help) not while
// the user types in a field, and none while a dialog of the review has the keyboard.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import { useReviewKeys } from './use-review-keys.ts'

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  document.body.innerHTML = ''
})

function mountKeys() {
  const ran: string[] = []
  const dialogOpen = ref(false)
  wrapper = mount(
    defineComponent({
      setup() {
        useReviewKeys(
          { next: () => ran.push('next'), zoomIn: () => ran.push('zoomIn'), help: () => ran.push('help') },
          () => dialogOpen.value,
        )
        return () => h('input', { id: 'field' })
      },
    }),
    { attachTo: document.body },
  )
  return { ran, dialogOpen }
}

const press = (target: EventTarget, init: KeyboardEventInit) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

describe('the review’s keys', () => {
  it('moves on with Alt+PageDown from a field, and zooms with + only outside one', () => {
    const { ran } = mountKeys()
    const field = document.getElementById('field')!
    expect(press(field, { altKey: true, key: 'PageDown' }).defaultPrevented).toBe(true)
    press(field, { key: '+' })
    press(document.body, { key: '+' })
    expect(ran).toEqual(['next', 'zoomIn'])
  })

  it('leaves the keys to an open dialog, and stops listening when the review closes', () => {
    const { ran, dialogOpen } = mountKeys()
    dialogOpen.value = true
    expect(press(document.body, { key: '?' }).defaultPrevented).toBe(false)
    dialogOpen.value = false
    press(document.body, { key: '?' })
    wrapper!.unmount()
    wrapper = undefined
    press(document.body, { key: '?' })
    expect(ran).toEqual(['help'])
  })
})
