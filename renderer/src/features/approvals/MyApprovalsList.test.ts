// The list of My approvals keeps the keyboard on the row the user is on while rows of other companies
// arrive and the list is drawn again in a new order.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { createAppI18n } from '@renderer/i18n'
import MyApprovalsList from './MyApprovalsList.vue'
import type { MyApprovalRow } from './my-approval-rows.ts'

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  document.body.innerHTML = ''
})

function approval(companyKey: string, id: number, supplier: string): MyApprovalRow {
  return {
    key: `${companyKey}:${id}`,
    companyKey,
    companyName: companyKey,
    ID: id,
    TaskID: id,
    invoiceId: id,
    supplierName: supplier,
    InvoiceNumber: `F-${id}`,
    TaxInclusiveAmount: 1250,
    currency: 'NOK',
    PaymentDueDate: '2026-12-20',
    overdue: false,
    step: 1,
    steps: 1,
    others: [],
    taskUnlisted: false,
    substituteFor: null,
    plan: [],
    decision: null,
  }
}

function mountList(start: MyApprovalRow[]) {
  const rows = ref(start)
  const currentKey = ref<string | null>(null)
  const Host = defineComponent(
    () => () =>
      h('div', [
        h('button', { id: 'elsewhere' }, 'elsewhere'),
        h(MyApprovalsList, {
          rows: rows.value,
          selected: new Set<string>(),
          allSelected: false,
          currentKey: currentKey.value,
          'onUpdate:currentKey': (key: string | null) => (currentKey.value = key),
        }),
      ]),
  )
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [createAppI18n('nb'), PrimeVue] } })
  return { rows, currentKey }
}

const rowOf = (key: string) => document.querySelector<HTMLElement>(`tr[data-key="${key}"]`)!

describe('My approvals list', () => {
  it('keeps the focus on the row the user is on when rows of other companies arrive before it', async () => {
    const mine = approval('nordlys', 2, 'Kontorland AS')
    const { rows, currentKey } = mountList([approval('nordlys', 1, 'Bygg og Rør AS'), mine])
    rowOf(mine.key).focus()
    await nextTick()
    expect(currentKey.value).toBe(mine.key)
    expect(document.activeElement).toBe(rowOf(mine.key))

    // Another company's rows come in sorted before it, and the ones of its own company change order.
    rows.value = [
      approval('aurora', 7, 'Fjellkraft AS'),
      approval('aurora', 8, 'Havbruk Service AS'),
      mine,
      approval('nordlys', 1, 'Bygg og Rør AS'),
    ]
    await nextTick()
    await nextTick()
    expect(document.activeElement).toBe(rowOf(mine.key))
    expect(currentKey.value).toBe(mine.key)
  })

  it('leaves the focus where the user put it outside the list', async () => {
    const { rows } = mountList([
      approval('nordlys', 1, 'Bygg og Rør AS'),
      approval('nordlys', 2, 'Kontorland'),
    ])
    const elsewhere = document.getElementById('elsewhere')!
    elsewhere.focus()
    rows.value = [approval('aurora', 7, 'Fjellkraft AS'), ...rows.value.slice().reverse()]
    await nextTick()
    await nextTick()
    expect(document.activeElement).toBe(elsewhere)
  })
})
