// The code picker: typeahead over accounts, VAT codes and dimensions by number or name (a code typed exactly
// first), the ARIA combobox pattern, and its keys: arrows move in the list, Enter takes the highlighted
// choice and goes on to the form's own Enter, Escape closes the list (and only then reaches the form),
// Tab takes only a choice the user moved to.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import CodePicker from './CodePicker.vue'
import {
  accountOptions,
  dimensionOptions,
  matchOptions,
  vatTypeOptions,
  type PickOption,
} from './pick-options.ts'

const accounts = accountOptions(
  [
    { ID: 11, AccountNumber: 1920, AccountName: 'Bankinnskudd', VatTypeID: null },
    { ID: 12, AccountNumber: 6300, AccountName: 'Leie lokale', VatTypeID: 7 },
    { ID: 13, AccountNumber: 6340, AccountName: 'Lys og varme', VatTypeID: 7 },
    { ID: 14, AccountNumber: 6540, AccountName: 'Inventar', VatTypeID: 7 },
  ],
  (a) => (a.VatTypeID ? `mva ${a.VatTypeID}` : ''),
)
const vatTypes = vatTypeOptions([
  { ID: 31, VatCode: '11', Name: 'Inngående mva 15 %' },
  { ID: 32, VatCode: '12', Name: 'Inngående mva 12 %' },
  { ID: 30, VatCode: '1', Name: 'Inngående mva 25 %' },
  { ID: 33, VatCode: null, Name: 'Uten mva-behandling' },
])

describe('what the picker offers', () => {
  it('puts a code typed exactly first, then codes that start with it, then names that contain it', () => {
    expect(matchOptions(vatTypes, '1').map((o) => o.code)).toEqual(['1', '11', '12'])
    expect(matchOptions(accounts, '63').map((o) => o.code)).toEqual(['6300', '6340'])
    expect(matchOptions(accounts, 'lokale').map((o) => o.id)).toEqual([12])
    expect(matchOptions(accounts, '6300 lei').map((o) => o.id)).toEqual([12])
    expect(matchOptions(vatTypes, 'uten').map((o) => o.name)).toEqual(['Uten mva-behandling'])
    expect(matchOptions(accounts, '', 2)).toHaveLength(2)
    expect(matchOptions(accounts, '7')).toEqual([])
    expect(dimensionOptions([{ ID: 5, Number: '2', Name: 'Salg' }])).toEqual([
      { id: 5, code: '2', name: 'Salg' },
    ])
    expect(accounts[1]).toMatchObject({ code: '6300', name: 'Leie lokale', hint: 'mva 7' })
    expect(accounts[0]!.hint).toBeUndefined()
  })
})

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  document.body.innerHTML = ''
})

/** A picker in a form that keeps its text and records picks and the keys that reach it. */
function mountPicker(options: PickOption[], extra: Record<string, unknown> = {}) {
  const text = ref('')
  const picked: PickOption[] = []
  const keys: string[] = []
  const Host = defineComponent(
    () => () =>
      h(CodePicker, {
        modelValue: text.value,
        'onUpdate:modelValue': (next: string) => (text.value = next),
        options,
        listLabel: 'Konto',
        'aria-label': 'Konto, linje 1',
        id: 'account-1',
        onPick: (option: PickOption) => picked.push(option),
        onKeydown: (event: KeyboardEvent) => keys.push(event.key),
        ...extra,
      }),
  )
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [PrimeVue] } })
  return { text, picked, keys }
}

const field = () => document.getElementById('account-1') as HTMLInputElement
const listbox = () => document.querySelector('[role="listbox"]')
const optionTexts = () => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)

async function type(text: string) {
  field().focus()
  field().value = text
  field().dispatchEvent(new Event('input', { bubbles: true }))
  await nextTick()
}
async function press(key: string, extra: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...extra })
  field().dispatchEvent(event)
  await nextTick()
  return event
}

describe('the code picker', () => {
  it('offers the choices as a listbox the field points at, and Enter takes the highlighted one', async () => {
    const { text, picked, keys } = mountPicker(accounts)
    expect(field().getAttribute('role')).toBe('combobox')
    expect(field().getAttribute('aria-expanded')).toBe('false')
    await type('63')
    expect(text.value).toBe('63')
    expect(field().getAttribute('aria-expanded')).toBe('true')
    expect(field().getAttribute('aria-controls')).toBe(listbox()!.id)
    expect(listbox()!.getAttribute('aria-label')).toBe('Konto')
    expect(optionTexts()).toEqual(['6300 Leie lokalemva 7', '6340 Lys og varmemva 7'])
    const active = () => document.getElementById(field().getAttribute('aria-activedescendant')!)!
    expect(active().getAttribute('aria-selected')).toBe('true')
    expect(active().textContent).toContain('6300')
    await press('ArrowDown')
    expect(active().textContent).toContain('6340')
    await press('ArrowDown')
    expect(active().textContent).toContain('6300')
    await press('ArrowUp')
    expect(keys).toEqual([])
    const enter = await press('Enter')
    expect(picked.map((o) => o.id)).toEqual([13])
    expect(field().value).toBe('6340 Lys og varme')
    expect(text.value).toBe('6340 Lys og varme')
    expect(listbox()).toBeNull()
    expect(field().getAttribute('aria-expanded')).toBe('false')
    // The form's own Enter (the next cell) follows the pick.
    expect(keys).toEqual(['Enter'])
    expect(enter.defaultPrevented).toBe(false)
  })

  it('shows only the code of a choice when the form keeps the code', async () => {
    const { picked } = mountPicker(vatTypes, { pickedText: (o: PickOption) => o.code || o.name })
    await type('1')
    expect(optionTexts()).toEqual(['1 Inngående mva 25 %', '11 Inngående mva 15 %', '12 Inngående mva 12 %'])
    await press('Enter')
    expect(picked.map((o) => o.id)).toEqual([30])
    expect(field().value).toBe('1')
  })

  it('Escape closes the list first and reaches the form only when no list is open', async () => {
    const { picked, keys } = mountPicker(accounts)
    await type('lokale')
    const first = await press('Escape')
    expect(first.defaultPrevented).toBe(true)
    expect(listbox()).toBeNull()
    expect(keys).toEqual([])
    await press('Escape')
    expect(keys).toEqual(['Escape'])
    // With no list open the arrows are the form's (a grid moves between lines).
    await press('ArrowDown')
    expect(keys).toEqual(['Escape', 'ArrowDown'])
    expect(picked).toEqual([])
  })

  it('Tab takes a choice only when the user moved to it with the arrows', async () => {
    const { picked, keys } = mountPicker(accounts)
    await type('63')
    await press('Tab')
    expect(picked).toEqual([])
    expect(listbox()).toBeNull()
    expect(field().value).toBe('63')
    await type('63')
    await press('ArrowDown')
    await press('Tab')
    expect(picked.map((o) => o.id)).toEqual([13])
    expect(keys).toEqual(['Tab', 'Tab'])
  })

  it('takes a choice clicked in the list and closes the list when the field is left', async () => {
    const { picked } = mountPicker(accounts)
    await type('inventar')
    document.querySelector('[role="option"]')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    await nextTick()
    expect(picked.map((o) => o.id)).toEqual([14])
    expect(field().value).toBe('6540 Inventar')
    await type('19')
    expect(listbox()).not.toBeNull()
    field().dispatchEvent(new FocusEvent('blur'))
    await nextTick()
    expect(listbox()).toBeNull()
  })

  it('offers nothing while the field is read-only, and nothing for a text no choice matches', async () => {
    mountPicker(accounts, { readonly: true })
    await type('63')
    expect(listbox()).toBeNull()
    wrapper!.unmount()
    mountPicker(accounts)
    await type('7777')
    expect(listbox()).toBeNull()
    expect(field().getAttribute('aria-expanded')).toBe('false')
  })

  it('draws the list on the page’s top layer under the field, or above it at the window’s foot', async () => {
    mountPicker(accounts)
    const at = (top: number) =>
      vi
        .spyOn(field(), 'getBoundingClientRect')
        .mockReturnValue(DOMRect.fromRect({ x: 100, y: top, width: 80, height: 20 }))
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120)
    at(100)
    await type('6')
    await nextTick()
    // Outside any scrolling grid or panel that could cut it off.
    expect(listbox()!.parentElement).toBe(document.body)
    expect(listbox()!.getAttribute('style')).toContain('top: 120px')
    expect(listbox()!.getAttribute('style')).toContain('left: 100px')
    at(window.innerHeight - 40)
    await type('63')
    await nextTick()
    expect(listbox()!.getAttribute('style')).toContain(`top: ${window.innerHeight - 40 - 120}px`)
    height.mockRestore()
  })

  it('is a PrimeVue field in a form and a bare input in a dense grid', async () => {
    mountPicker(accounts)
    expect(field().classList).toContain('p-inputtext')
    wrapper!.unmount()
    mountPicker(accounts, { dense: true, class: 'cell' })
    expect(field().classList).not.toContain('p-inputtext')
    expect(field().classList).toContain('cell')
  })
})
