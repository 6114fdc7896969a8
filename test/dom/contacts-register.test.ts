// The contacts register in the whole shell over the test bridge: the sync engine pulls each company's
// suppliers, customers, contact persons, supplier comments and accounts as main would answer, and the view
// reads them from the cache: tabs with counts, the filters, search, the card opened by Enter and kept in
// the address, N for a new party, and nothing of another company.
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlatformRow } from '@common/bridge/sync'
import type { WorkspaceDb } from '@renderer/data/schema'
import { mountShell, pressKey, waitForElement, type MountedShell } from './mount-shell.ts'
import { closeCachedList, mountCachedList, type CachedList } from './cached-list.ts'

const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
  { ID: 2, Name: 'Aurora Arkitekter AS', Key: 'aurora', IsTest: false, OrganizationNumber: '952965891' },
]
const at = '2026-11-01T10:00:00.000Z'
const info = (id: number, name: string, more: Record<string, unknown> = {}) => ({
  ID: id,
  UpdatedAt: at,
  Name: name,
  InvoiceAddressID: null,
  ...more,
})

const rows: Record<string, Record<string, PlatformRow[]>> = {
  nordlys: {
    Supplier: [
      {
        ID: 1,
        UpdatedAt: at,
        StatusCode: 30001,
        OrgNumber: '995525828',
        BusinessRelationID: 101,
        CostAccountID: 71,
        Info: info(101, 'Bergen Kontorrekvisita AS', {
          InvoiceAddress: {
            ID: 1,
            UpdatedAt: at,
            AddressLine1: 'Strandkaien 2',
            PostalCode: '5013',
            City: 'Bergen',
          },
          DefaultPhone: { ID: 1, UpdatedAt: at, Number: '+47 55 00 11 17' },
          BankAccounts: [{ ID: 5, UpdatedAt: at, AccountNumber: '86011117947' }],
          DefaultBankAccountID: 5,
        }),
      },
      { ID: 2, UpdatedAt: at, StatusCode: 30001, OrgNumber: '923609016', Info: info(102, 'Fjord Frakt AS') },
      {
        ID: 3,
        UpdatedAt: at,
        StatusCode: 30001,
        OrgNumber: 'NO 923 609 016 MVA',
        Info: info(103, 'Fjordfrakt AS'),
      },
      { ID: 4, UpdatedAt: at, StatusCode: 30001, OrgNumber: null, Info: info(104, 'Skannet Leverandør AS') },
      { ID: 5, UpdatedAt: at, StatusCode: 50001, OrgNumber: null, Info: info(105, 'Nedlagt Leverandør AS') },
    ],
    Customer: [
      {
        ID: 11,
        UpdatedAt: at,
        StatusCode: 30001,
        OrgNumber: '995525828',
        Info: info(111, 'Kaffebrenneriet AS'),
      },
      { ID: 12, UpdatedAt: at, StatusCode: 30001, OrgNumber: null, Info: info(112, 'Ola Nordmann') },
    ],
    Contact: [
      {
        ID: 21,
        UpdatedAt: at,
        InfoID: 121,
        Comment: null,
        ParentBusinessRelationID: 101,
        Info: info(121, 'Kari Kontakt'),
      },
    ],
    Comment: [{ ID: 31, UpdatedAt: at, Text: 'Opprettet fra skanning', EntityType: 'Supplier', EntityID: 4 }],
    Account: [{ ID: 71, UpdatedAt: at, AccountNumber: 6800, AccountName: 'Kontorrekvisita' }],
  },
  aurora: {
    Supplier: [
      {
        ID: 1,
        UpdatedAt: at,
        StatusCode: 30001,
        OrgNumber: '911111111',
        Info: info(201, 'Aurora Leverandør AS'),
      },
    ],
  },
}

let list: CachedList | undefined
let shell: MountedShell | undefined
let db: WorkspaceDb | undefined
afterEach(() => {
  // A shell mounted without a company has no workspace to close.
  if (!list) shell?.unmount()
  closeCachedList(list)
  list = undefined
  shell = undefined
  db = undefined
})

async function mount(path: string, refuse: readonly string[] = []) {
  list = await mountCachedList({
    path,
    companies,
    rows,
    views: ['inbox', 'contacts', 'settings'],
    permissions: ['ui_accounting'],
    refuse,
  })
  ;({ shell, db } = list)
  await vi.waitFor(async () => expect(await db!.Contact.count()).toBe(1), { timeout: 15_000 })
  if (!refuse.includes('Comment'))
    await vi.waitFor(async () => expect(await db!.Comment.count()).toBe(1), { timeout: 15_000 })
  await vi.waitFor(async () => expect(await db!.Account.count()).toBe(1), { timeout: 15_000 })
  return shell
}

const text = async (testId: string) => (await waitForElement(`[data-testid="${testId}"]`)).textContent?.trim()
/** The names in the table's rows, as shown. */
const shownNames = () =>
  [...document.querySelectorAll('[data-testid="contacts-table"] tbody [data-party]')].map((cell) =>
    cell.textContent?.trim(),
  )

async function type(value: string) {
  const input = (await waitForElement('[data-testid="contacts-search"]')) as HTMLInputElement
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

describe('the contacts register', () => {
  it('counts the open company’s parties per tab and lists them, with the scan and duplicate markers', async () => {
    await mount('/contacts')
    await vi.waitFor(async () => expect(await text('contacts-count-Supplier')).toBe('4'), { timeout: 15_000 })
    await vi.waitFor(async () => expect(await text('contacts-count-Contact')).toBe('1'))
    expect(await text('contacts-count-Customer')).toBe('2')
    expect(shownNames()).toEqual([
      'Bergen Kontorrekvisita AS',
      'Fjord Frakt AS',
      'Fjordfrakt AS',
      'Skannet Leverandør AS',
    ])
    // Nothing of the other company.
    expect(document.body.textContent).not.toContain('Aurora Leverandør AS')
    const bergen = () => document.querySelector('[data-party="Supplier:1"]')!.closest('tr')!.textContent
    await vi.waitFor(() => expect(bergen()).toContain('6800 Kontorrekvisita'))
    expect(bergen()).toContain('995 525 828')
    expect(bergen()).toContain('8601 11 17947')
    expect(document.querySelector('[data-party="Supplier:4"]')!.closest('tr')!.textContent).toContain(
      'From scan',
    )
    expect(document.querySelector('[data-party="Supplier:2"]')!.closest('tr')!.textContent).toContain(
      'Duplicate',
    )

    expect(await text('contacts-filter-count-scanUnchecked')).toBe('1')
    ;(await waitForElement('[data-testid="contacts-filter-scanUnchecked"]')).click()
    await vi.waitFor(() => expect(shownNames()).toEqual(['Skannet Leverandør AS']))
    expect(shell!.router.currentRoute.value.query.filter).toBe('scanUnchecked')
    ;(await waitForElement('[data-testid="contacts-filter-duplicates"]')).click()
    await vi.waitFor(() => expect(shownNames()).toEqual(['Fjord Frakt AS', 'Fjordfrakt AS']))

    ;(await waitForElement('[data-testid="contacts-filter-duplicates"]')).click()
    ;(await waitForElement('#contacts-show-inactive')).click()
    await vi.waitFor(async () => expect(await text('contacts-count-Supplier')).toBe('5'))
    await vi.waitFor(() => expect(shownNames()).toHaveLength(5))
    expect(shownNames()).toContain('Nedlagt Leverandør AS')
    expect(document.querySelector('[data-party="Supplier:5"]')!.closest('tr')!.textContent).toContain(
      'Inactive',
    )
  }, 30_000)

  it('moves between the tabs with the arrow keys, and shows who a contact person works for', async () => {
    await mount('/contacts')
    const first = await waitForElement('[data-testid="contacts-tab-Supplier"]')
    first.focus()
    pressKey(first, { key: 'ArrowRight' })
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.query.tab).toBe('Customer'))
    await vi.waitFor(() => expect(shownNames()).toEqual(['Kaffebrenneriet AS', 'Ola Nordmann']))
    pressKey(document.activeElement!, { key: 'End' })
    await vi.waitFor(() => expect(shownNames()).toEqual(['Kari Kontakt']))
    expect(document.activeElement?.id).toBe('contacts-tab-Contact')
    const link = [...document.querySelectorAll('[data-testid="contacts-table"] a')].find(
      (a) => a.textContent?.trim() === 'Bergen Kontorrekvisita AS',
    ) as HTMLElement
    link.click()
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.query.party).toBe('Supplier:1'))
    await vi.waitFor(async () => expect(await text('party-card')).toContain('995 525 828'))
  }, 30_000)

  it('finds a party by organisation number, bank account or phone however it is typed', async () => {
    await mount('/contacts')
    await vi.waitFor(async () => expect(await text('contacts-count-Supplier')).toBe('4'), { timeout: 15_000 })
    await type('NO 995 525 828 MVA')
    await vi.waitFor(() => expect(shownNames()).toEqual(['Bergen Kontorrekvisita AS']))
    // The tab counts say where else it is found.
    expect(await text('contacts-count-Customer')).toBe('1')
    await type('8601.11.17947')
    await vi.waitFor(() => expect(shownNames()).toEqual(['Bergen Kontorrekvisita AS']))
    await type('+47 55 00 11')
    await vi.waitFor(() => expect(shownNames()).toEqual(['Bergen Kontorrekvisita AS']))
    await type('ingen slik')
    await vi.waitFor(async () =>
      expect(await text('contacts-empty')).toBe('Nothing here matches “ingen slik”.'),
    )
  }, 30_000)

  it('opens the card with Enter, keeps it in the address for Back, and adds a new party with N', async () => {
    await mount('/contacts')
    await vi.waitFor(() => expect(shownNames()).toHaveLength(4), { timeout: 15_000 })
    const row = document.querySelector('[data-party="Supplier:1"]')!.closest('tr')!
    row.focus()
    pressKey(row, { key: 'Enter', code: 'Enter' })
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.query.party).toBe('Supplier:1'))
    await vi.waitFor(async () => expect(await text('party-card')).toContain('Strandkaien 2'))

    shell!.router.back()
    await vi.waitFor(() => expect(document.querySelector('[data-testid="party-card"]')).toBeNull())
    expect(shell!.router.currentRoute.value.query.party).toBeUndefined()

    // A link to a card opens it, and its tab.
    await shell!.router.push('/contacts?party=Customer:11')
    await vi.waitFor(async () => expect(await text('party-card')).toContain('Kaffebrenneriet AS'))
    expect(document.getElementById('contacts-tab-Customer')?.getAttribute('aria-selected')).toBe('true')

    // N is the search box's while the user types there, the register's otherwise.
    const search = await waitForElement('[data-testid="contacts-search"]')
    search.focus()
    expect(pressKey(search, { key: 'n', code: 'KeyN' }).defaultPrevented).toBe(false)
    search.blur()
    expect(pressKey(document.body, { key: 'n', code: 'KeyN' }).defaultPrevented).toBe(true)
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.query.party).toBe('Customer:new'))
    // The new party's form, in the card's place.
    await vi.waitFor(async () => expect(await text('contacts-panel')).toContain('New customer'))
    expect(document.querySelector('[data-testid="party-card"]')).toBeNull()
    // Esc in the form cancels it, and the focus goes back to New.
    const form = (await waitForElement('[data-testid="contacts-panel"] form')) as HTMLElement
    pressKey(form.querySelector('input') ?? form, { key: 'Escape', code: 'Escape' })
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.query.party).toBeUndefined())
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('contacts-new'))
  }, 30_000)

  it('makes a new contact person from the register working for a supplier chosen in the form', async () => {
    await mount('/contacts?tab=Contact&party=Contact:new')
    const form = (await waitForElement('[data-testid="contacts-panel"] form')) as HTMLElement
    const employer = await waitForElement('[data-testid="party-form-employer"]')
    expect(employer.textContent).toContain('No supplier or customer')
    employer.click()
    await flushPromises()
    const option = await vi.waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) =>
        o.textContent?.includes('Bergen Kontorrekvisita AS (supplier)'),
      )
      if (!found) throw new Error('No option for the supplier')
      return found
    })
    // PrimeVue's Select takes an option on mousedown, as a pointer does.
    option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    await vi.waitFor(() => expect(employer.textContent).toContain('Bergen Kontorrekvisita AS (supplier)'))
    const name = form.querySelector<HTMLInputElement>('input')!
    name.value = 'Kari Berge'
    name.dispatchEvent(new Event('input'))
    await flushPromises()
    form.dispatchEvent(new Event('submit', { cancelable: true }))
    const entry = await vi.waitFor(async () => {
      const found = (await db!.outbox.toArray()).find((e) => e.entity === 'Contact')
      if (!found) throw new Error('No contact queued')
      return found
    })
    expect(entry.action).toBe('create')
    expect(entry.body).toMatchObject({ Name: 'Kari Berge', ParentBusinessRelationID: 101 })
  }, 30_000)

  it('says in its tab that the platform does not offer a list, and drops the scan filter without comments', async () => {
    await mount('/contacts?tab=Customer', ['Customer', 'Comment'])
    await vi.waitFor(
      async () =>
        expect(await text('contacts-empty')).toBe(
          'This platform does not offer its customers to the app, so none can be shown.',
        ),
      { timeout: 15_000 },
    )
    expect(await text('contacts-count-Customer')).toBe('0')
    ;(await waitForElement('[data-testid="contacts-tab-Supplier"]')).click()
    await vi.waitFor(() => expect(shownNames()).toHaveLength(4))
    expect(await text('contacts-no-scan')).toContain('does not offer the suppliers’ comments')
    expect(document.querySelector('[data-testid="contacts-filter-scanUnchecked"]')).toBeNull()
    expect(document.querySelector('[data-testid="contacts-filter-duplicates"]')).not.toBeNull()
  }, 30_000)

  it('says so when no company is open', async () => {
    shell = await mountShell({ path: '/contacts', languages: ['en-US'] })
    expect(await text('view-contacts')).toContain(
      'Choose a company to see its suppliers, customers and contact persons.',
    )
  })
})
