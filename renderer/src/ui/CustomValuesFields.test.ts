// The custom values every form shows: each type's input and check as typed (a short text of at most 255
// characters, a whole number, an amount read as the user's language writes it), a field that is not
// nullable refused empty, a field known by name only taken as text; labelled and axe-clean.
import { afterEach, describe, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import type { CustomFieldDefinition } from '@common/bridge/admin-fields'
import { readCustomValue } from '@common/custom-values'
import { createAppI18n } from '@renderer/i18n'
import CustomValuesFields from './CustomValuesFields.vue'
import { customValueChanges, customValuesOf, type CustomValues } from './custom-values-form.ts'
import { axeFindings } from '../../../test/dom/axe.ts'

const field = (Name: string, kind: CustomFieldDefinition['kind'], Nullable: boolean | null = true) => ({
  model: 'Supplier' as const,
  Name,
  ID: 1,
  DataType: null,
  kind,
  Nullable,
  StatusCode: 110101,
})
const fields = [
  field('Kode', 'smalltext'),
  field('Notat', 'text'),
  field('Antall', 'number', false),
  field('Ramme', 'money'),
  field('Ukjent', null, null),
]

let wrapper: VueWrapper | undefined
afterEach(() => wrapper?.unmount())

function mountFields(values: CustomValues, locale: 'nb' | 'en' = 'nb') {
  const model = { values, invalid: [] as string[] }
  wrapper = mount(CustomValuesFields, {
    props: {
      fields,
      modelValue: values,
      'onUpdate:modelValue': (v: CustomValues) => {
        model.values = v
        void wrapper!.setProps({ modelValue: v })
      },
      onInvalid: (keys: string[]) => (model.invalid = keys),
    },
    global: { plugins: [createAppI18n(locale), PrimeVue] },
    attachTo: document.body,
  })
  return model
}
const input = (name: string) =>
  wrapper!.find<HTMLInputElement>(`#${wrapper!.find(`label[for$="-Custom${name}"]`).attributes('for')}`)

describe('reading a typed custom value', () => {
  it('holds each type to what the platform stores', () => {
    expect(readCustomValue('smalltext', true, 'x'.repeat(255))).toEqual({ ok: true, value: 'x'.repeat(255) })
    expect(readCustomValue('smalltext', true, 'x'.repeat(256))).toEqual({ ok: false, problem: 'tooLong' })
    expect(readCustomValue('text', true, 'x'.repeat(2000))).toMatchObject({ ok: true })
    expect(readCustomValue('number', true, '1 200')).toEqual({ ok: true, value: 1200 })
    expect(readCustomValue('number', true, '12,5')).toEqual({ ok: false, problem: 'notWholeNumber' })
    expect(readCustomValue('money', true, '1 234,50')).toEqual({ ok: true, value: 1234.5 })
    expect(readCustomValue('money', true, 'mange')).toEqual({ ok: false, problem: 'notAmount' })
    expect(readCustomValue('number', false, ' ')).toEqual({ ok: false, problem: 'required' })
    expect(readCustomValue(null, true, '42')).toEqual({ ok: true, value: '42' })
  })

  it('sends only the keys whose value changed', () => {
    const row = { CustomKode: 'A', CustomAntall: 3, CustomRamme: null }
    const draft = { ...customValuesOf(fields, row), CustomAntall: 4 }
    expect(customValueChanges(row, draft)).toEqual({ CustomAntall: 4 })
  })
})

describe('the shared custom fields', () => {
  it('shows each field labelled with its type, and names a required one that is empty', async () => {
    const model = mountFields({
      CustomKode: 'P-1',
      CustomNotat: null,
      CustomAntall: null,
      CustomRamme: 1500,
      CustomUkjent: null,
    })
    expect(wrapper!.text()).toContain('Egendefinerte felt')
    expect(wrapper!.text()).toContain('Kort tekst')
    expect(input('Kode').element.value).toBe('P-1')
    expect(model.invalid).toEqual(['CustomAntall'])
    expect(wrapper!.text()).toContain('plattformen forteller ikke')
  })

  it('checks a whole number and a short text as typed, and hands back valid values only', async () => {
    const model = mountFields({
      CustomKode: null,
      CustomNotat: null,
      CustomAntall: 2,
      CustomRamme: null,
      CustomUkjent: null,
    })
    await input('Antall').setValue('12,5')
    await input('Antall').trigger('blur')
    expect(model.invalid).toEqual(['CustomAntall'])
    expect(wrapper!.text()).toContain('Skriv et heltall')
    expect(model.values.CustomAntall).toBe(2)
    await input('Antall').setValue('13')
    expect(model.invalid).toEqual([])
    expect(model.values.CustomAntall).toBe(13)
    await input('Kode').setValue('x'.repeat(256))
    await input('Kode').trigger('blur')
    expect(model.invalid).toEqual(['CustomKode'])
    expect(wrapper!.text()).toContain('høyst 255 tegn')
  })

  it('reads an amount as the user writes it and stores kroner', async () => {
    const model = mountFields(
      { CustomKode: null, CustomNotat: null, CustomAntall: 1, CustomRamme: null, CustomUkjent: null },
      'en',
    )
    await input('Ramme').setValue('1,234.50')
    await input('Ramme').trigger('blur')
    expect(model.values.CustomRamme).toBe(1234.5)
    expect(model.invalid).toEqual([])
  })

  it('passes axe with every control named', async () => {
    mountFields({
      CustomKode: null,
      CustomNotat: null,
      CustomAntall: null,
      CustomRamme: null,
      CustomUkjent: null,
    })
    expect(await axeFindings(wrapper!.element as HTMLElement)).toEqual([])
  })
})
