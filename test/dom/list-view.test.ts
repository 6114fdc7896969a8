// The list view every list of the app shows its rows with (ui/list-view/ListView.vue), mounted alone in a
// host that lists supplier invoices of several companies, keyed by company and ID as an office-wide desk
// would: tabs with counts, the search and what an empty tab or search says, the columns (money right-aligned,
// the ones the width has no room for left out), the outbox marks, and the keys (J/K, Enter, a row's own key,
// N and /), all found by role and name as a screen reader finds them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { computed, defineComponent, h, ref, type Component, type PropType } from 'vue'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { createAppI18n, registerMessages } from '@renderer/i18n'
import '@renderer/ui/list-view/messages'
import ListView from '@renderer/ui/list-view/ListView.vue'
import { outboxMark, type ListColumn } from '@renderer/ui/list-view/list-columns'
import { primeVueOptions } from '@renderer/theme'
import { layOutTable } from './cached-list.ts'
import { pressKey } from './mount-shell.ts'

const deskWords = {
  tabs: 'Invoices by state',
  tab: { open: 'Open', done: 'Done' },
  search: 'Search supplier',
  table: 'Invoices of the office',
  keyboardHint: 'J/K move, Enter opens, R reviews, N adds, / searches.',
  column: { company: 'Company', supplier: 'Supplier', due: 'Due date', amount: 'Amount', note: 'Note' },
}
registerMessages('desk', {
  en: deskWords,
  nb: {
    tabs: 'Fakturaer etter tilstand',
    tab: { open: 'Åpne', done: 'Ferdige' },
    search: 'Søk på leverandør',
    table: 'Kontorets fakturaer',
    keyboardHint: 'J/K flytter, Enter åpner, R kontrollerer, N legger til, / søker.',
    column: {
      company: 'Selskap',
      supplier: 'Leverandør',
      due: 'Forfallsdato',
      amount: 'Beløp',
      note: 'Merknad',
    },
  },
})

interface DeskRow {
  company: string
  ID: number
  supplier: string
  due: string
  amount: number | null
  note: string
  done: boolean
  unsynced: boolean
  conflict: boolean
}
type DeskTab = 'open' | 'done'

const row = (company: string, ID: number, fields: Partial<DeskRow>): DeskRow => ({
  company,
  ID,
  supplier: `Supplier ${ID}`,
  due: '2026-12-01',
  amount: 1250,
  note: '',
  done: false,
  unsynced: false,
  conflict: false,
  ...fields,
})
// The same invoice ID in two companies: only a key of company and ID tells them apart.
const rows: DeskRow[] = [
  row('nordlys', 7, { supplier: 'Bergen Kontorrekvisita AS', amount: 81250.5, unsynced: true }),
  row('aurora', 7, { supplier: 'Tromsø Kaffebrenneri AS', due: '2026-11-20', amount: -500 }),
  row('aurora', 9, { supplier: 'Lofoten Catering AS', conflict: true, due: '2026-11-25' }),
  row('nordlys', 3, { supplier: 'Hansen Bygg AS', done: true }),
]

const columns: ListColumn<DeskRow>[] = [
  { field: 'company', header: 'desk.column.company' },
  { field: 'supplier', header: 'desk.column.supplier', ellipsis: '12rem', mark: true },
  { field: 'due', header: 'desk.column.due', kind: 'date' },
  { field: 'amount', header: 'desk.column.amount', kind: 'amount' },
  { field: 'note', header: 'desk.column.note', room: 900, cell: 'note' },
]

const opened: DeskRow[] = []
const reviewed: DeskRow[] = []
let asked = 0
let host: VueWrapper | undefined
/** The table's width as the ResizeObserver reports it. */
let resize: ((width: number) => void) | undefined

const Host = defineComponent({
  props: { empty: { type: String as PropType<string>, default: 'No invoices here.' } },
  setup(props) {
    const tab = ref<DeskTab>('open')
    const search = ref('')
    const matching = computed(() =>
      rows.filter((r) => r.supplier.toLowerCase().includes(search.value.toLowerCase())),
    )
    const counts = computed(() => ({
      open: matching.value.filter((r) => !r.done).length,
      done: matching.value.filter((r) => r.done).length,
    }))
    const shown = computed(() => matching.value.filter((r) => r.done === (tab.value === 'done')))
    return () =>
      h(
        // The generic component's slot names are a template literal type that h() does not take as such.
        ListView as unknown as Component,
        {
          prefix: 'desk',
          rows: shown.value,
          rowKey: (r: DeskRow) => `${r.company}:${r.ID}`,
          columns,
          sort: { field: 'due', order: 1 },
          tabs: ['open', 'done'],
          counts: counts.value,
          empty: props.empty,
          queued: outboxMark,
          newLabel: 'New invoice',
          newKey: 'KeyN',
          searchKey: '/',
          rowKeys: { KeyR: (r: DeskRow) => reviewed.push(r) },
          tab: tab.value,
          'onUpdate:tab': (next: DeskTab) => (tab.value = next),
          search: search.value,
          'onUpdate:search': (next: string) => (search.value = next),
          onOpen: (r: DeskRow) => opened.push(r),
          onNew: () => asked++,
        },
        { 'cell-note': ({ row: r }: { row: DeskRow }) => h('em', r.note || '–') },
      )
  },
})

beforeEach(() => {
  layOutTable()
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(element: Element) {
        resize = (width) => this.report([{ target: element, contentRect: { width } } as never], this as never)
      }
      unobserve() {}
      disconnect() {}
    },
  )
})
afterEach(() => {
  host?.unmount()
  host = undefined
  document.body.replaceChildren()
  opened.length = 0
  reviewed.length = 0
  asked = 0
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent
})

async function mountDesk(props: { empty?: string } = {}, locale: 'en' | 'nb' = 'en') {
  const root = document.createElement('div')
  document.body.append(root)
  host = mount(Host, {
    props,
    attachTo: root,
    global: { plugins: [createAppI18n(locale), [PrimeVue, primeVueOptions]] },
  })
  await vi.waitFor(() => expect(bodyRows().length).toBeGreaterThan(0))
}

/** The table, by its role and accessible name. */
const table = (name = 'Invoices of the office') => {
  const found = [...document.querySelectorAll('table')].find((t) => t.getAttribute('aria-label') === name)
  if (!found) throw new Error(`no table named “${name}”`)
  return found
}
const bodyRows = () =>
  [...document.querySelectorAll<HTMLTableRowElement>('tbody tr')].filter((r) => r.cells.length > 1)
const headers = () => [...table().querySelectorAll('thead th')].map((th) => th.textContent?.trim())
const cells = (r: HTMLTableRowElement) => [...r.cells].map((c) => c.textContent?.trim())
const rowOf = (key: string) => document.querySelector(`[data-row="${key}"]`)!.closest('tr')!
const tab = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) =>
    t.textContent?.trim().startsWith(name),
  )!
/** The search box (a searchbox named “Search supplier”, or so in Norwegian). */
const searchBox = () =>
  [...document.querySelectorAll<HTMLInputElement>('input[type="search"]')].find((input) =>
    ['Search supplier', 'Søk på leverandør'].includes(input.getAttribute('aria-label') ?? ''),
  )!

async function type(value: string) {
  searchBox().value = value
  searchBox().dispatchEvent(new Event('input'))
  await flushPromises()
}

describe('the list view', () => {
  it('shows the tabs with counts and each tab’s rows, keyed by company and ID, money right-aligned', async () => {
    await mountDesk()
    expect(document.querySelector('[role="tablist"]')!.getAttribute('aria-label')).toBe('Invoices by state')
    expect(tab('Open').getAttribute('aria-selected')).toBe('true')
    expect(tab('Open').textContent).toMatch(/Open\s*3$/)
    expect(tab('Done').textContent).toMatch(/Done\s*1$/)
    expect(headers()).toEqual(['Company', 'Supplier', 'Due date', 'Amount', 'Note'])
    // Sorted by due date at first; the same ID 7 in two companies is two rows.
    expect(bodyRows().map((r) => r.querySelector('[data-row]')!.getAttribute('data-row'))).toEqual([
      'aurora:7',
      'aurora:9',
      'nordlys:7',
    ])
    expect(cells(rowOf('nordlys:7'))).toEqual([
      'nordlys',
      'Bergen Kontorrekvisita AS',
      '01/12/2026',
      '81,250.50',
      '–',
    ])
    const amount = rowOf('aurora:7').cells[3]!
    expect(amount.textContent?.trim()).toBe('-500.00')
    expect(amount.classList.contains('list-view__amount')).toBe(true)
    expect(document.querySelector('[role="tabpanel"]')!.textContent).toContain('J/K move, Enter opens')

    tab('Done').click()
    await vi.waitFor(() => expect(bodyRows().map((r) => cells(r)[1])).toEqual(['Hansen Bygg AS']))
    pressKey(tab('Done'), { key: 'ArrowRight' })
    await vi.waitFor(() => expect(tab('Open').getAttribute('aria-selected')).toBe('true'))
    expect(bodyRows()).toHaveLength(3)
  })

  it('searches through the view, counts what matches, and says what an empty search or tab holds', async () => {
    await mountDesk({ empty: 'Nothing is done yet.' })
    await type('kaffe')
    await vi.waitFor(() => expect(bodyRows().map((r) => cells(r)[1])).toEqual(['Tromsø Kaffebrenneri AS']))
    expect(tab('Open').textContent).toMatch(/Open\s*1$/)
    expect(tab('Done').textContent).toMatch(/Done\s*0$/)
    await type('Tromsø Bakeri')
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="desk-empty"]')?.textContent).toBe(
        'Nothing here matches “Tromsø Bakeri”.',
      ),
    )
    await type('kaffe')
    tab('Done').click()
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="desk-empty"]')?.textContent).toBe(
        'Nothing here matches “kaffe”.',
      ),
    )
    await type('')
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(1))
  })

  it('marks a row waiting in the outbox or in conflict, after the marked column’s text', async () => {
    await mountDesk()
    const marks = (key: string) =>
      [...rowOf(key).querySelectorAll('[role="img"]')].map((m) => [
        m.closest('td') === rowOf(key).cells[1],
        m.getAttribute('aria-label'),
      ])
    expect(marks('nordlys:7')).toEqual([[true, 'Not synced yet']])
    expect(marks('aurora:9')).toEqual([[true, 'In conflict']])
    expect(marks('aurora:7')).toEqual([])
  })

  it('moves with J and K, opens with Enter, acts on the row with its own key, asks for a new one with N', async () => {
    await mountDesk()
    const [first, second] = bodyRows()
    first!.focus()
    pressKey(first!, { key: 'j', code: 'KeyJ' })
    expect(document.activeElement).toBe(second)
    pressKey(second!, { key: 'k', code: 'KeyK' })
    expect(document.activeElement).toBe(first)
    pressKey(first!, { key: 'j', code: 'KeyJ' })
    pressKey(document.activeElement!, { key: 'Enter', code: 'Enter' })
    await vi.waitFor(() => expect(opened.map((r) => `${r.company}:${r.ID}`)).toEqual(['aurora:9']))
    expect(pressKey(document.activeElement!, { key: 'r', code: 'KeyR' }).defaultPrevented).toBe(true)
    expect(reviewed.map((r) => `${r.company}:${r.ID}`)).toEqual(['aurora:9'])
    // Shift+R is no row key.
    pressKey(document.activeElement!, { key: 'R', code: 'KeyR', shiftKey: true })
    expect(reviewed).toHaveLength(1)

    expect(pressKey(document.body, { key: '/', code: 'Slash' }).defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(searchBox())
    expect(searchBox().getAttribute('aria-keyshortcuts')).toBe('/')
    // N typed in the search is a letter.
    expect(pressKey(searchBox(), { key: 'n', code: 'KeyN' }).defaultPrevented).toBe(false)
    expect(asked).toBe(0)
    searchBox().blur()
    expect(pressKey(document.body, { key: 'n', code: 'KeyN' }).defaultPrevented).toBe(true)
    expect(asked).toBe(1)
    const newButton = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('New invoice'),
    )!
    expect(newButton.getAttribute('aria-keyshortcuts')).toBe('N')
    newButton.click()
    expect(asked).toBe(2)
  })

  it('leaves out the columns the table’s width has no room for, and a sort by one falls back', async () => {
    await mountDesk()
    resize!(1000)
    await flushPromises()
    expect(headers()).toContain('Note')
    const note = [...table().querySelectorAll<HTMLElement>('thead th')].find((th) =>
      th.textContent?.includes('Note'),
    )!
    note.click()
    await flushPromises()
    expect(note.getAttribute('aria-sort')).toBe('ascending')
    resize!(800)
    await vi.waitFor(() => expect(headers()).toEqual(['Company', 'Supplier', 'Due date', 'Amount']))
    // Back to the first sort, by due date.
    const due = [...table().querySelectorAll('thead th')].find((th) => th.textContent?.includes('Due date'))!
    await vi.waitFor(() => expect(due.getAttribute('aria-sort')).toBe('ascending'))
  })

  it('words itself in Norwegian from the list’s messages, amounts and dates as Norwegians write them', async () => {
    await mountDesk({}, 'nb')
    expect(table('Kontorets fakturaer')).toBeTruthy()
    expect(document.querySelector('[role="tablist"]')!.getAttribute('aria-label')).toBe(
      'Fakturaer etter tilstand',
    )
    expect(tab('Åpne').textContent).toMatch(/Åpne\s*3$/)
    expect(
      [...table('Kontorets fakturaer').querySelectorAll('thead th')].map((th) => th.textContent?.trim()),
    ).toEqual(['Selskap', 'Leverandør', 'Forfallsdato', 'Beløp', 'Merknad'])
    expect(cells(rowOf('nordlys:7')).slice(2, 4)).toEqual(['01.12.2026', '81\u00a0250,50'])
    expect(document.querySelector('[role="tabpanel"]')!.textContent).toContain('J/K flytter')
    expect(document.querySelector('[title="Ikke synkronisert ennå"]')).not.toBeNull()
    await type('Bodø')
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="desk-empty"]')?.textContent).toBe(
        'Ingenting her passer med «Bodø».',
      ),
    )
  })
})
