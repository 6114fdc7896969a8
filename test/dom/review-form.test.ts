// The review form's field and its alternatives: the proposal under the field, Enter taking it, Alt+Down
// opening the candidates with their probability, picking one with the keyboard; and the form's rules
// (checks as the user types, a checksum failure saved only with a reason, the platform values saved).
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { createAppI18n } from '@renderer/i18n'
import ProposalField from '@renderer/features/review/ProposalField.vue'
import type { FieldProposal, OcrCandidate } from '@renderer/features/review/ocr-proposals'
import { generateKid, mod11CheckDigit } from '@common/norwegian'
import {
  changesFrom,
  checkForm,
  formFromRow,
  shownAccountNumber,
} from '@renderer/features/review/review-form'

const candidate = (id: number, value: string, probability: number, text = value): OcrCandidate => ({
  id,
  value,
  text,
  probability,
  box: { id: `candidate-${id}`, page: 1, left: 10 * id, top: 20, width: 40, height: 12 },
})

const dueDate: FieldProposal = {
  proposed: candidate(1, '2026-03-13', 0.92, '13.03.2026'),
  candidates: [
    candidate(1, '2026-03-13', 0.92, '13.03.2026'),
    candidate(2, '2026-02-27', 0.41, '27.02.2026'),
  ],
}

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
})

function mountField(initial: string, proposal: FieldProposal | undefined, locale: 'nb' | 'en' = 'nb') {
  const value = ref(initial)
  const events: { accept: string[]; pick: OcrCandidate[]; focus: (string | null)[] } = {
    accept: [],
    pick: [],
    focus: [],
  }
  const Host = defineComponent({
    setup: () => () =>
      h(ProposalField, {
        field: 'PaymentDueDate',
        label: 'Forfallsdato',
        proposal,
        confirmed: events.accept.length > 0,
        problem: undefined,
        modelValue: value.value,
        'onUpdate:modelValue': (v: string) => (value.value = v),
        onAccept: (field: string) => events.accept.push(field),
        onPick: (_: string, c: OcrCandidate) => events.pick.push(c),
        onFocus: (_: string, box: string | null) => events.focus.push(box),
      }),
  })
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [createAppI18n(locale), PrimeVue] } })
  return { value, events, input: () => wrapper!.get('input') }
}

const key = (input: ReturnType<VueWrapper['get']>, keyName: string, extra: KeyboardEventInit = {}) =>
  input.trigger('keydown', { key: keyName, ...extra })

describe('a review field', () => {
  it('shows what was read and takes it with Enter when the field is empty', async () => {
    const { value, events, input } = mountField('', dueDate)
    expect(wrapper!.text()).toContain('Lest: 13.03.2026')
    await input().trigger('focus')
    expect(events.focus).toEqual(['candidate-1'])
    await key(input(), 'Enter')
    expect(value.value).toBe('13.03.2026')
    expect(events.accept).toEqual(['PaymentDueDate'])
  })

  it('keeps what the user typed when Enter confirms it', async () => {
    const { value, events, input } = mountField('14.03.2026', dueDate)
    await key(input(), 'Enter')
    expect(value.value).toBe('14.03.2026')
    expect(events.accept).toEqual(['PaymentDueDate'])
  })

  it('opens the alternatives with Alt+Down, with their probability, and picks one with the keyboard', async () => {
    const { value, events, input } = mountField('13.03.2026', dueDate, 'en')
    const list = () => wrapper!.get('[role="listbox"]')
    expect(list().isVisible()).toBe(false)
    await key(input(), 'ArrowDown', { altKey: true })
    expect(list().isVisible()).toBe(true)
    expect(input().attributes('aria-expanded')).toBe('true')
    const options = list().findAll('[role="option"]')
    expect(
      options.map((o) =>
        o
          .findAll('span')
          .map((s) => s.text())
          .join(' '),
      ),
    ).toEqual(['13/03/2026 13.03.2026 92 %', '27/02/2026 27.02.2026 41 %'])
    // The value in the field is the active option; ArrowDown moves to the next one.
    expect(options[0]!.attributes('aria-selected')).toBe('true')
    await key(input(), 'ArrowDown')
    expect(input().attributes('aria-activedescendant')).toBe(options[1]!.attributes('id'))
    await key(input(), 'Enter')
    await nextTick()
    expect(value.value).toBe('27/02/2026')
    expect(events.pick.map((c) => c.id)).toEqual([2])
    expect(list().isVisible()).toBe(false)
    // Enter after the pick does not accept anything else.
    expect(events.accept).toEqual([])
  })

  it('closes the alternatives with Escape and leaves the value alone', async () => {
    const { value, input } = mountField('13.03.2026', dueDate)
    await key(input(), 'ArrowDown', { altKey: true })
    await key(input(), 'ArrowDown')
    await key(input(), 'Escape')
    expect(wrapper!.get('[role="listbox"]').isVisible()).toBe(false)
    expect(value.value).toBe('13.03.2026')
  })

  it('says when nothing was read', async () => {
    const { input } = mountField('', undefined, 'en')
    expect(wrapper!.text()).toContain('Nothing read')
    await key(input(), 'ArrowDown', { altKey: true })
    expect(wrapper!.get('[role="listbox"]').text()).toContain('No alternatives were read.')
  })
})

describe('the review form rules', () => {
  const kid = generateKid(4711, 10, 'mod10')
  const wrongKid = `${kid.slice(0, -1)}${(Number(kid.at(-1)) + 1) % 10}`
  const kidChecksum = {
    level: 'error',
    code: 'kidChecksum',
    params: { mod11: mod11CheckDigit(kid.slice(0, -1)) },
  }
  const supplier = {
    ID: 7,
    Info: { Name: 'Havbris AS', BankAccounts: [{ ID: 70, AccountNumber: '86011117947' }] },
  }
  const row = {
    ID: 41,
    SupplierID: 7,
    InvoiceNumber: '71001',
    InvoiceDate: '2026-02-27',
    PaymentDueDate: '2026-03-13T00:00:00',
    TaxInclusiveAmount: 10500,
    PaymentID: kid,
    BankAccountID: 70,
  }

  it('shows the invoice in the user’s language and finds the supplier’s account', () => {
    const form = formFromRow(row, supplier, 'nb')
    expect(form).toMatchObject({
      InvoiceDate: '27.02.2026',
      PaymentDueDate: '13.03.2026',
      TaxInclusiveAmount: '10\u00a0500,00',
      BankAccount: '8601.11.17947',
    })
    expect(changesFrom(form, { row, supplier, overridden: new Set() }).changes).toEqual({})
  })

  it('checks as the user types: a wrong KID and bank account can be overridden, a wrong date cannot', () => {
    const form = formFromRow(row, supplier, 'nb')
    form.PaymentID = wrongKid
    form.BankAccount = '8601.11.17948'
    form.InvoiceDate = '30.02.2026'
    expect(checkForm(form)).toEqual({
      PaymentID: { ...kidChecksum, overridable: true },
      BankAccount: {
        level: 'error',
        code: 'bankAccountChecksum',
        params: { expected: '7' },
        overridable: true,
      },
      InvoiceDate: {
        level: 'error',
        code: 'dateNotReal',
        params: { value: '30.02.2026' },
        overridable: false,
      },
    })
    form.InvoiceDate = '29.02.2028'
    form.PaymentDueDate = '28.02.2028'
    expect(checkForm(form).PaymentDueDate).toEqual({
      level: 'error',
      code: 'dueBeforeInvoiceDate',
      params: { invoiceDate: '2028-02-29', dueDate: '2028-02-28' },
      overridable: false,
    })
  })

  it('asks for the supplier, and lets only a checksum failure be overridden', () => {
    const form = { ...formFromRow(row, supplier, 'nb'), SupplierID: null }
    form.PaymentID = '12A4'
    expect(checkForm(form)).toEqual({
      SupplierID: { level: 'error', code: 'required', params: {}, overridable: false },
      PaymentID: { level: 'error', code: 'kidCharacters', params: {}, overridable: false },
    })
  })

  it('does not stop a save for a total of zero or less (a warning, not an error)', () => {
    const form = { ...formFromRow(row, supplier, 'nb'), TaxInclusiveAmount: '0,00' }
    expect(checkForm(form)).toEqual({})
    expect(changesFrom(form, { row, supplier, overridden: new Set() }).changes).toEqual({
      TaxInclusiveAmount: 0,
      TaxInclusiveAmountCurrency: 0,
    })
  })

  it('saves a checksum failure only with an override, and only what changed', () => {
    const form = formFromRow(row, supplier, 'nb')
    form.PaymentID = wrongKid
    form.TaxInclusiveAmount = '1.234,56'
    const refused = changesFrom(form, { row, supplier, overridden: new Set() })
    expect(refused.blocking).toEqual({ PaymentID: { ...kidChecksum, overridable: true } })
    expect(refused.changes).toEqual({})
    const saved = changesFrom(form, { row, supplier, overridden: new Set(['PaymentID']) })
    expect(saved.blocking).toEqual({})
    expect(saved.changes).toEqual({
      PaymentID: wrongKid,
      TaxInclusiveAmount: 1234.56,
      TaxInclusiveAmountCurrency: 1234.56,
    })
  })

  it('takes a bank account with dots and spaces, or an IBAN; an account the supplier does not have is kept as payment information', () => {
    const form = formFromRow(row, supplier, 'nb')
    form.BankAccount = 'NO93 8601 1117 947'
    expect(changesFrom(form, { row, supplier, overridden: new Set() }).changes).toEqual({})
    form.BankAccount = '1234 56 78903'
    const other = changesFrom(form, { row, supplier, overridden: new Set() })
    expect(other.blocking).toEqual({})
    expect(other.changes).toEqual({ BankAccountID: null, PaymentInformation: '12345678903' })
  })

  it('reads dates as Norwegians write them, as the inbox panel reads them', () => {
    const saved = (text: string) => {
      const form = { ...formFromRow(row, supplier, 'nb'), InvoiceDate: text, PaymentDueDate: '' }
      return changesFrom(form, { row, supplier, overridden: new Set() })
    }
    expect(saved('29.02.2028').changes.InvoiceDate).toBe('2028-02-29')
    expect(saved('1/3/26').changes.InvoiceDate).toBe('2026-03-01')
    expect(saved('2026-03-01').changes.InvoiceDate).toBe('2026-03-01')
    expect(saved('010326').changes.InvoiceDate).toBe('2026-03-01')
    expect(saved('29.02.2026').blocking.InvoiceDate?.code).toBe('dateNotReal')
  })

  it('saves a KID typed in groups without its spaces', () => {
    const form = { ...formFromRow(row, supplier, 'nb'), PaymentID: kid.replace(/(\d{4})(?=\d)/g, '$1 ') }
    expect(form.PaymentID).toContain(' ')
    expect(checkForm(form)).toEqual({})
    expect(changesFrom(form, { row, supplier, overridden: new Set() }).changes).toEqual({})
  })
})

describe('account numbers as accountants write them', () => {
  it('groups a Norwegian account 4.2.5 with dots and an IBAN in fours', () => {
    expect(shownAccountNumber('86011117947')).toBe('8601.11.17947')
    expect(shownAccountNumber(' 8601 11 17947 ')).toBe('8601.11.17947')
    expect(shownAccountNumber('no9386011117947')).toBe('NO93 8601 1117 947')
    expect(shownAccountNumber('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00')
    // Anything else stays as typed: too short, or letters in it.
    expect(shownAccountNumber('1234')).toBe('1234')
    expect(shownAccountNumber('konto 86011117947')).toBe('konto 86011117947')
  })
})
