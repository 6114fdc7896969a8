import { mount, flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, ref, type Ref } from 'vue'
import type { VatTypeRule } from '@common/vat'
import { createAppI18n } from '@renderer/i18n'
import JournalGrid from './JournalGrid.vue'
import { emptyLine, previewDraft, type DraftLine } from './draft.ts'
import type { AccountRef } from '@common/parse'
import type { DimensionRef } from './parse.ts'

const accounts: AccountRef[] = [
  { ID: 11, AccountNumber: 1920, AccountName: 'Bankinnskudd', VatTypeID: null },
  { ID: 12, AccountNumber: 6300, AccountName: 'Leie lokale', VatTypeID: 7 },
  { ID: 13, AccountNumber: 2710, AccountName: 'Inngående mva', VatTypeID: null },
]
const vat: VatTypeRule & { VatCode: string } = {
  ID: 7,
  VatCode: '1',
  Name: 'Inngående mva 25 %',
  VatPercent: '25',
  OutputVat: false,
  ReversedTaxDutyVat: false,
  IncomingAccountID: 13,
  OutgoingAccountID: null,
}

const departments: DimensionRef[] = [
  { ID: 21, Number: '1', Name: 'Administrasjon' },
  { ID: 22, Number: '2', Name: 'Salg' },
]
const projects: DimensionRef[] = [{ ID: 31, Number: '100', Name: 'Nytt lager' }]

let wrapper: VueWrapper | undefined
afterEach(() => {
  wrapper?.unmount()
  document.body.innerHTML = ''
})

/** The grid inside a host that keeps the lines, as the view does. */
function mountGrid(
  initial: DraftLine[] = [emptyLine(1, '2026-01-31')],
  amountMode: 'signed' | 'split' = 'signed',
  host: { accounts?: Ref<AccountRef[]>; slow?: boolean } = {},
) {
  const lines = ref(initial)
  const accountList = host.accounts ?? ref(accounts)
  // A slow host passes the lines back a task later, as a busy renderer may.
  const take = (next: DraftLine[]) =>
    host.slow ? setTimeout(() => (lines.value = next), 20) : (lines.value = next)
  const booked: number[] = []
  const Host = defineComponent(
    () => () =>
      h(JournalGrid, {
        lines: lines.value,
        entries: previewDraft({ lines: lines.value }, new Map([[7, vat]])),
        accounts: accountList.value,
        vatTypes: [vat],
        departments,
        projects,
        amountMode,
        'onUpdate:lines': take,
        onBook: () => booked.push(1),
      }),
  )
  const i18n = createAppI18n('nb')
  wrapper = mount(Host, { global: { plugins: [i18n] }, attachTo: document.body })
  return { lines, booked }
}

const cell = (row: number, col: number) =>
  document.querySelector<HTMLInputElement>(`[data-row="${row}"][data-col="${col}"]`)!

async function type(row: number, col: number, text: string) {
  const input = cell(row, col)
  input.focus()
  input.dispatchEvent(new FocusEvent('focus'))
  input.value = text
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

async function press(row: number, col: number, key: string, extra: KeyboardEventInit = {}) {
  cell(row, col).dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...extra }),
  )
  await flushPromises()
}

describe('the journal grid', () => {
  it('types an account by number, takes its default VAT code, and Enter walks the cells to a new line', async () => {
    const { lines } = mountGrid()
    await type(0, 1, '6300')
    expect(document.querySelector('[role="listbox"]')?.textContent).toContain('6300 Leie lokale')
    await press(0, 1, 'Enter')
    expect(lines.value[0]).toMatchObject({ accountId: 12, vatTypeId: 7 })
    expect(document.activeElement).toBe(cell(0, 2))
    await press(0, 2, 'Enter')
    await type(0, 3, '12 500,00')
    expect(lines.value[0]!.amount).toBe(1250000)
    // The VAT line appears under the line while typing, and the entry shows its difference.
    const preview = [...document.querySelectorAll('.jgrid__preview')]
      .map((r) => r.textContent!.replace(/\s/g, ' '))
      .join('|')
    expect(preview).toContain('10 000,00')
    expect(preview).toContain('2 500,00')
    expect(document.querySelector('.jgrid__balance')?.textContent?.replace(/\s/g, ' ')).toContain('12 500,00')
    await press(0, 3, 'Enter')
    await type(0, 4, 'Husleie')
    await press(0, 4, 'Enter')
    expect(lines.value).toHaveLength(2)
    expect(lines.value[1]).toMatchObject({ entry: 1, date: '2026-01-31' })
    expect(document.activeElement).toBe(cell(1, 1))
    await type(1, 1, '1920')
    await press(1, 1, 'Enter')
    await press(1, 2, 'Enter')
    await type(1, 3, '(12 500,00)')
    await press(1, 3, 'Enter')
    expect(lines.value[1]).toMatchObject({ accountId: 11, amount: -1250000 })
    expect(document.querySelector('.jgrid__balance')?.textContent).toContain('I balanse')
  })

  it('shows the default VAT code in the cell Enter moves to, even before the host passes the lines back', async () => {
    const { lines } = mountGrid(undefined, 'signed', { slow: true })
    await type(0, 1, '6300')
    await press(0, 1, 'Enter')
    expect(document.activeElement).toBe(cell(0, 2))
    await new Promise((resolve) => setTimeout(resolve, 40))
    await flushPromises()
    expect(lines.value[0]).toMatchObject({ accountId: 12, vatTypeId: 7 })
    expect(cell(0, 2).value).toBe('1 Inngående mva 25 %')
  })

  it('resolves an account typed before the accounts arrived, with its default VAT code', async () => {
    const list = ref<AccountRef[]>([])
    const { lines } = mountGrid(undefined, 'signed', { accounts: list })
    await type(0, 1, '6300')
    await press(0, 1, 'Enter')
    expect(lines.value[0]).toMatchObject({ accountId: null, accountText: '6300', vatTypeId: null })
    list.value = accounts
    await flushPromises()
    expect(lines.value[0]).toMatchObject({ accountId: 12, accountText: '', vatTypeId: 7 })
    expect(cell(0, 1).value).toBe('6300 Leie lokale')
    expect(cell(0, 2).value).toBe('1 Inngående mva 25 %')
  })

  it('keeps an account clicked in the list when the cell is left', async () => {
    const { lines } = mountGrid()
    await type(0, 1, 'leie')
    document.querySelector('[role="option"]')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    await flushPromises()
    expect(cell(0, 1).value).toBe('6300 Leie lokale')
    cell(0, 1).dispatchEvent(new FocusEvent('blur'))
    await flushPromises()
    expect(lines.value[0]).toMatchObject({ accountId: 12, accountText: '', vatTypeId: 7 })
    expect(cell(0, 1).value).toBe('6300 Leie lokale')
  })

  it('marks an account that does not exist and keeps what was typed', async () => {
    const { lines } = mountGrid()
    await type(0, 1, '6301')
    await press(0, 1, 'Enter')
    expect(lines.value[0]).toMatchObject({ accountId: null, accountText: '6301' })
    expect(cell(0, 1).getAttribute('aria-invalid')).toBe('true')
    expect(cell(0, 1).title).toBe('Ukjent konto: 6301')
  })

  it('Esc cancels the edit of a cell and Ctrl+D duplicates the line below', async () => {
    const start = { ...emptyLine(1, '2026-01-31'), accountId: 11, amount: 10000 }
    const { lines } = mountGrid([start])
    await type(0, 3, '999')
    expect(lines.value[0]!.amount).toBe(99900)
    await press(0, 3, 'Escape')
    expect(lines.value[0]!.amount).toBe(10000)
    await press(0, 3, 'd', { ctrlKey: true })
    expect(lines.value.map((l) => [l.accountId, l.amount])).toEqual([
      [11, 10000],
      [11, 10000],
    ])
    expect(lines.value[1]!.key).not.toBe(lines.value[0]!.key)
    expect(document.activeElement).toBe(cell(1, 3))
  })

  it('Ctrl+Enter asks to book', async () => {
    const { booked } = mountGrid()
    await press(0, 4, 'Enter', { ctrlKey: true })
    expect(booked).toHaveLength(1)
  })

  it('pastes three lines from a spreadsheet with the unknown account marked', async () => {
    const { lines } = mountGrid()
    const text =
      '31.01.2026\t6300\t1\t12 500,00\tHusleie\n31.01.2026\t1920\t\t-12.500,00\tHusleie\n31.01.2026\t9999\t\t(5,00)\tUkjent'
    const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & {
      clipboardData: unknown
    }
    event.clipboardData = { getData: () => text }
    cell(0, 1).dispatchEvent(event)
    await flushPromises()
    expect(event.defaultPrevented).toBe(true)
    expect(lines.value.map((l) => [l.accountId, l.accountText, l.vatTypeId, l.amount])).toEqual([
      [12, '', 7, 1250000],
      [11, '', null, -1250000],
      [null, '9999', null, -500],
    ])
    expect(cell(2, 1).getAttribute('aria-invalid')).toBe('true')
  })

  it('in two amount columns, a credit typed is a negative amount', async () => {
    const { lines } = mountGrid([emptyLine(1, '2026-01-31')], 'split')
    await type(0, 4, '1 234,56')
    expect(lines.value[0]!.amount).toBe(-123456)
    expect(cell(0, 3).value).toBe('')
  })

  it('takes a department and a project by number or name, and never guesses one the company does not have', async () => {
    const start = { ...emptyLine(1, '2026-01-31'), accountId: 12, amount: 10000, description: 'Stand' }
    const { lines } = mountGrid([start])
    await type(0, 5, 'sal')
    expect(document.querySelector('[role="listbox"]')?.textContent).toContain('2 Salg')
    await press(0, 5, 'Enter')
    await type(0, 6, '100')
    await press(0, 6, 'Enter')
    expect(lines.value[0]).toMatchObject({ departmentId: 22, projectId: 31 })
    expect(cell(0, 5).value).toBe('2 Salg')
    await type(0, 6, '999')
    cell(0, 6).dispatchEvent(new FocusEvent('blur'))
    await flushPromises()
    expect(lines.value[0]!.projectId).toBe(31)
    // Pasted columns after the description are department and project.
    const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & {
      clipboardData: unknown
    }
    event.clipboardData = { getData: () => '31.01.2026\t6300\t\t100,00\tMesse\t1\tNytt lager' }
    cell(0, 1).dispatchEvent(event)
    await flushPromises()
    expect(lines.value[1]).toMatchObject({ description: 'Messe', departmentId: 21, projectId: 31 })
  })
})
