// The review's cost lines: supplier memory's proposal as the first line for the whole total, the VAT of
// each line, the sum against the total to the øre, and the keyboard (Enter to the next cell, Alt+Insert
// adds a line, Alt+Delete removes it); what is saved goes out in the platform's DraftLines form.
import { afterEach, describe, expect, it } from 'vitest'
import { computed, defineComponent, h, nextTick, ref } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { parseMoney } from '@common/money'
import { createAppI18n } from '@renderer/i18n'
import CostLines from './CostLines.vue'
import {
  linesFromRow,
  proposedLine,
  sameAsSaved,
  summarise,
  toSave,
  type CostLineDraft,
  type CostVatType,
} from './cost-lines.ts'
import { proposalReason, proposeCoding } from './logic/supplier-memory.ts'

const accounts = [
  { ID: 10, AccountNumber: 6540, AccountName: 'Inventar', VatTypeID: 1 },
  { ID: 11, AccountNumber: 6300, AccountName: 'Leie lokale', VatTypeID: null },
  { ID: 12, AccountNumber: 7140, AccountName: 'Reisekostnad', VatTypeID: 2 },
]
const vatType = (ID: number, VatCode: string, percent: string): CostVatType => ({
  ID,
  VatCode,
  Name: `Inngående mva. ${percent} %`,
  VatPercent: percent,
  OutputVat: false,
  ReversedTaxDutyVat: false,
  IncomingAccountID: 2710,
  OutgoingAccountID: null,
})
const vatTypes = [vatType(1, '1', '25'), vatType(2, '11', '15')]
const supplier = { ID: 5, CostAccountID: 11 }
/** Earlier invoices of supplier 5: account 6540 on three of the last four. */
const history = [
  { ID: 1, SupplierID: 5, InvoiceDate: '2026-01-10', JournalEntry: { DraftLines: [line(10, 1, 1000)] } },
  { ID: 2, SupplierID: 5, InvoiceDate: '2026-02-10', JournalEntry: { DraftLines: [line(11, null, 800)] } },
  { ID: 3, SupplierID: 5, InvoiceDate: '2026-03-10', JournalEntry: { DraftLines: [line(10, 1, 1250)] } },
  { ID: 4, SupplierID: 5, InvoiceDate: '2026-04-10', JournalEntry: { DraftLines: [line(10, 1, 900)] } },
  // Another supplier's invoices never vote.
  { ID: 9, SupplierID: 6, InvoiceDate: '2026-04-11', JournalEntry: { DraftLines: [line(12, 2, 50)] } },
]
function line(AccountID: number, VatTypeID: number | null, Amount: number) {
  return { ID: AccountID * 1000 + Amount, AccountID, VatTypeID, Amount, Description: 'Rengjøring' }
}

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  document.body.innerHTML = ''
})

function mountLines(
  initial: CostLineDraft[],
  totalText: string,
  locale: 'nb' | 'en' = 'nb',
  offered: CostVatType[] = [],
) {
  const lines = ref(initial)
  const total = computed(() => parseMoney(totalText))
  const summary = computed(() => summarise(lines.value, accounts, vatTypes, total.value, '2026-05-02'))
  const Host = defineComponent({
    setup: () => () => [
      h(CostLines, {
        modelValue: lines.value,
        'onUpdate:modelValue': (next: CostLineDraft[]) => (lines.value = next),
        summary: summary.value,
        accounts,
        vatTypes: offered,
        total: total.value,
        reasons: [{ text: 'Foreslått konto 6540: brukt på 3 av de 4 siste fakturaene', source: null }],
      }),
      h('button', { id: 'review-save', type: 'button' }, 'Lagre'),
    ],
  })
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [createAppI18n(locale), PrimeVue] } })
  return { lines, summary }
}

const cell = (name: string, index: number) => wrapper!.get(`[data-testid="review-line-${name}-${index}"]`)
const check = () => wrapper!.get('[data-testid="review-lines-check"]').text()

describe('supplier memory on the cost lines', () => {
  it('proposes the account used on most of the supplier’s last invoices, with the reason', () => {
    const coding = proposeCoding(supplier, history, { invoiceId: 99 })
    expect(coding.AccountID).toMatchObject({ value: 10, count: 3, total: 4 })
    expect(proposalReason(coding.AccountID!)).toEqual({ key: 'frequent', params: { count: 3, total: 4 } })
    const proposed = proposedLine(coding, accounts, vatTypes, 1_250_000, 'nb')!
    expect(proposed).toMatchObject({
      account: '6540',
      vat: '1',
      amount: '12\u00a0500,00',
      followsTotal: true,
    })
  })

  it('proposes the supplier’s default account and its VAT code when there is no history', () => {
    const coding = proposeCoding({ ID: 7, CostAccountID: 12 }, history, {
      accounts: new Map(accounts.map((a) => [a.ID, a])),
    })
    const proposed = proposedLine(coding, accounts, vatTypes, 50_000, 'en')!
    expect(proposed).toMatchObject({ account: '7140', vat: '11', amount: '500.00' })
    expect(proposalReason(coding.AccountID!).key).toBe('supplierDefault')
  })
})

describe('the cost lines', () => {
  it('shows each line’s VAT and that the lines add up to the total', async () => {
    const proposed = proposedLine(proposeCoding(supplier, history), accounts, vatTypes, 1_250_000, 'nb')!
    mountLines([proposed], '12 500,00')
    await nextTick()
    expect(wrapper!.text()).toContain('brukt på 3 av de 4 siste fakturaene')
    expect(wrapper!.text()).toContain('Inventar')
    expect(cell('vat-amount', 0).text()).toContain('2\u00a0500,00')
    expect(cell('vat-amount', 0).attributes('title')).toBe('Mva-sats 25 %')
    expect(check()).toContain('Linjene går opp mot totalen')
  })

  it('says by how much the lines miss the total, and a second line by keyboard makes them agree', async () => {
    const proposed = proposedLine(proposeCoding(supplier, history), accounts, vatTypes, 1_250_000, 'nb')!
    const { lines, summary } = mountLines([proposed], '12 500,00')
    await cell('amount', 0).setValue('10 000,00')
    expect(lines.value[0]!.followsTotal).toBe(false)
    expect(check()).toContain('Konteringslinjene med mva. blir 10\u00a0000,00')
    expect(check()).toContain('differanse 2\u00a0500,00')
    // Enter walks the cells of the line; Alt+Insert adds a line below and goes to its account.
    ;(cell('amount', 0).element as HTMLInputElement).focus()
    await cell('amount', 0).trigger('keydown', { key: 'Enter' })
    await nextTick()
    expect(document.activeElement?.id).toBe('review-line-0-description')
    await cell('description', 0).trigger('keydown', { key: 'Insert', altKey: true })
    await nextTick()
    await nextTick()
    expect(lines.value).toHaveLength(2)
    expect(document.activeElement?.id).toBe('review-line-1-account')
    await cell('account', 1).setValue('7140')
    await cell('vat', 1).setValue('11')
    await cell('amount', 1).setValue('2 500')
    expect(cell('vat-amount', 1).text()).toContain('326,09')
    expect(check()).toContain('Linjene går opp mot totalen')
    expect(summary.value.figures.vat).toBe(200_000 + 32_609)
    // From the last cell of the last line Enter goes to Save.
    await cell('description', 1).trigger('keydown', { key: 'Enter' })
    expect(document.activeElement?.id).toBe('review-save')
  })

  it('offers accounts by name and VAT codes as they are typed; Enter takes the highlighted one and moves on', async () => {
    const blank = {
      key: 'a',
      ID: null,
      account: '',
      vat: '',
      amount: '',
      description: '',
      followsTotal: false,
    }
    const { lines, summary } = mountLines([blank], '1 150,00', 'nb', vatTypes)
    const options = () => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)
    ;(cell('account', 0).element as HTMLInputElement).focus()
    await cell('account', 0).setValue('reise')
    expect(options()).toEqual(['7140 Reisekostnad'])
    await cell('account', 0).trigger('keydown', { key: 'Enter' })
    await nextTick()
    expect(lines.value[0]!.account).toBe('7140')
    expect(document.activeElement?.id).toBe('review-line-0-vat')
    await cell('vat', 0).setValue('1')
    expect(options()).toEqual(['1 Inngående mva. 25 %', '11 Inngående mva. 15 %'])
    await cell('vat', 0).trigger('keydown', { key: 'ArrowDown' })
    await cell('vat', 0).trigger('keydown', { key: 'Enter' })
    await nextTick()
    expect(lines.value[0]!.vat).toBe('11')
    expect(document.activeElement?.id).toBe('review-line-0-amount')
    // The amount is kept as the language writes it; the sums follow each key.
    await cell('amount', 0).setValue('1150')
    expect(lines.value[0]!.amount).toBe('1\u00a0150,00')
    expect(summary.value.figures.vat).toBe(15_000)
    expect(check()).toContain('Linjene går opp mot totalen')
  })

  it('names a cell it cannot read, and Alt+Delete removes the line', async () => {
    const { lines, summary } = mountLines(
      [
        {
          key: 'a',
          ID: null,
          account: '6540',
          vat: '1',
          amount: '100',
          description: '',
          followsTotal: false,
        },
        {
          key: 'b',
          ID: null,
          account: '9999',
          vat: '42',
          amount: 'mye',
          description: '',
          followsTotal: false,
        },
      ],
      '100,00',
    )
    await nextTick()
    expect(summary.value.unreadable).toBe(true)
    expect(summary.value.read[1]!.problems).toEqual({
      account: 'accountUnknown',
      vat: 'vatCodeUnknown',
      amount: 'amountFormat',
    })
    expect(wrapper!.text()).toContain('Selskapet har ikke denne kontoen')
    expect(wrapper!.text()).toContain('Selskapet har ikke denne mva-koden')
    await cell('account', 1).trigger('keydown', { key: 'Delete', altKey: true })
    expect(lines.value.map((l) => l.key)).toEqual(['a'])
    expect(summary.value.unreadable).toBe(false)
    expect(check()).toContain('Linjene går opp mot totalen')
  })

  it('saves the lines in the platform’s form and knows when they are what the invoice has', () => {
    const row = {
      ID: 99,
      JournalEntry: {
        DraftLines: [
          { ID: 501, AccountID: 10, VatTypeID: 1, Amount: 10000, Description: 'Rengjøring', SortIndex: 1 },
          { ID: 502, AccountID: 12, VatTypeID: 2, Amount: 2500, Description: null, SortIndex: 2 },
          { ID: 503, AccountID: 11, Amount: 1, Deleted: true },
        ],
      },
    }
    const shown = linesFromRow(row, accounts, vatTypes, 'en')
    expect(shown.map((l) => [l.ID, l.account, l.vat, l.amount])).toEqual([
      [501, '6540', '1', '10,000.00'],
      [502, '7140', '11', '2,500.00'],
    ])
    const read = summarise(shown, accounts, vatTypes, 1_250_000, '2026-05-02').read
    const wanted = toSave(shown, read, { DepartmentID: 3, ProjectID: null })
    expect(wanted[0]).toEqual({
      ID: 501,
      AccountID: 10,
      VatTypeID: 1,
      Amount: 10000,
      Description: 'Rengjøring',
      DepartmentID: 3,
      ProjectID: null,
    })
    expect(sameAsSaved(row, wanted)).toBe(true)
    expect(sameAsSaved(row, [{ ...wanted[0]!, Amount: 9999 }, wanted[1]!])).toBe(false)
    expect(sameAsSaved(row, wanted.slice(0, 1))).toBe(false)
  })
})
