// The sales list in the whole shell over the test bridge: the sync engine pulls each company's customer
// invoices (with their lines), customers and factoring setups as main would answer, and the view reads them
// from the cache: status tabs with counts, the factoring state, search by customer, number, KID and amount,
// the keys (J/K, Enter opens the editor in the address, N a new draft, / the search, Esc back), and nothing
// of another company.
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlatformRow } from '@common/bridge/sync'
import { CollectorStatus, CustomerInvoiceStatus as S, InvoiceType } from '@common/status'
import type { WorkspaceDb } from '@renderer/data/schema'
import { pressKey, waitForElement, type MountedShell } from './mount-shell.ts'
import { closeCachedList, mountCachedList, type CachedList } from './cached-list.ts'

const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
  { ID: 2, Name: 'Aurora Arkitekter AS', Key: 'aurora', IsTest: false, OrganizationNumber: '952965891' },
]
const at = '2026-11-01T10:00:00.000Z'
const past = '2020-01-15'
const future = '2999-12-31'

function invoice(ID: number, fields: Record<string, unknown>): PlatformRow {
  return {
    ID,
    UpdatedAt: at,
    CustomerID: 11,
    CustomerName: 'Kaffebrenneriet AS',
    InvoiceNumber: String(10000 + ID),
    InvoiceType: InvoiceType.Invoice,
    InvoiceDate: '2026-11-02',
    PaymentDueDate: future,
    StatusCode: S.Invoiced,
    TaxInclusiveAmount: 1250,
    RestAmount: 1250,
    CurrencyCodeID: 1,
    Items: [],
    ...fields,
  }
}

const rows: Record<string, Record<string, PlatformRow[]>> = {
  nordlys: {
    CustomerInvoice: [
      invoice(1, { StatusCode: S.Draft, InvoiceNumber: null, CustomerName: 'Fjordkafé AS' }),
      invoice(2, { TaxInclusiveAmount: 81250.5, RestAmount: 81250.5, PaymentID: '0000100026' }),
      invoice(3, { PaymentDueDate: past, CustomerName: 'Hansen Bygg AS', StatusCode: S.PartlyPaid }),
      invoice(4, { StatusCode: S.Paid, RestAmount: 0 }),
      invoice(5, {
        InvoiceType: InvoiceType.CreditNote,
        TaxInclusiveAmount: -500,
        RestAmount: 0,
        PaymentDueDate: past,
        InvoiceReferenceID: 4,
      }),
      invoice(6, {
        StatusCode: S.WaitingForFactoring,
        CollectorStatusCode: CollectorStatus.FactoringRegistered,
      }),
      invoice(7, {
        CollectorStatusCode: CollectorStatus.SentToFactoring,
        ExternalStatusCode: 42601,
        ExternalDebtCollectionReference: 'SVEA-88121',
        CustomerName: 'Lofoten Catering AS',
      }),
      invoice(8, { FactoringDeclinedReason: 'Kunden er ikke kredittverdig', CustomerName: 'Bodø Bygg AS' }),
    ],
    Customer: [
      {
        ID: 11,
        UpdatedAt: at,
        StatusCode: 30001,
        OrgNumber: null,
        Info: { ID: 111, UpdatedAt: at, Name: 'Kaffebrenneriet AS' },
      },
    ],
  },
  aurora: {
    CustomerInvoice: [invoice(1, { CustomerName: 'Aurora Kunde AS', StatusCode: S.Draft })],
  },
}

let list: CachedList | undefined
let shell: MountedShell | undefined
let db: WorkspaceDb | undefined
afterEach(() => {
  closeCachedList(list)
  list = undefined
  shell = undefined
  db = undefined
})

async function mount(path: string) {
  list = await mountCachedList({
    path,
    companies,
    rows,
    views: ['sales', 'contacts', 'settings'],
    permissions: ['ui_sales'],
  })
  ;({ shell, db } = list)
  await vi.waitFor(async () => expect(await db!.CustomerInvoice.count()).toBe(8), { timeout: 15_000 })
  return shell
}

const text = async (testId: string) => (await waitForElement(`[data-testid="${testId}"]`)).textContent?.trim()
/** The invoice IDs in the table's rows, in order. */
const shownIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="sales-table"] tbody [data-invoice]')].map(
    (cell) => Number(cell.dataset.invoice),
  )
const rowText = (id: number) => document.querySelector(`[data-invoice="${id}"]`)!.closest('tr')!.textContent

async function type(value: string) {
  const input = (await waitForElement('[data-testid="sales-search"]')) as HTMLInputElement
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

describe('the sales list', () => {
  it('counts the open company’s invoices per status tab and lists each tab’s own', async () => {
    await mount('/sales')
    await vi.waitFor(async () => expect(await text('sales-count-all')).toBe('8'), { timeout: 15_000 })
    const counts = Object.fromEntries(
      await Promise.all(
        ['draft', 'unpaid', 'overdue', 'paid', 'credited', 'factoring'].map(async (tab) => [
          tab,
          await text(`sales-count-${tab}`),
        ]),
      ),
    )
    expect(counts).toEqual({
      draft: '1',
      unpaid: '3',
      overdue: '1',
      paid: '1',
      credited: '1',
      factoring: '1',
    })
    await vi.waitFor(() => expect(shownIds()).toEqual([1]))
    expect(document.body.textContent).not.toContain('Aurora Kunde AS')

    ;(await waitForElement('[data-testid="sales-tab-overdue"]')).click()
    await vi.waitFor(() => expect(shownIds()).toEqual([3]))
    expect(shell!.router.currentRoute.value.query.tab).toBe('overdue')
    expect(rowText(3)).toContain('Partly paid')
    expect(rowText(3)).toContain('Overdue')
    expect(rowText(3)).toContain('1,250.00')

    ;(await waitForElement('[data-testid="sales-tab-unpaid"]')).click()
    await vi.waitFor(() => expect(shownIds().sort()).toEqual([2, 7, 8]))
    expect(rowText(7)).toContain('Factoring accepted')
    expect(rowText(7)).toContain('Registered · SVEA-88121')
    expect(rowText(8)).toContain('Factoring declined')
    expect(rowText(8)).toContain('Kunden er ikke kredittverdig')

    ;(await waitForElement('[data-testid="sales-tab-credited"]')).click()
    await vi.waitFor(() => expect(shownIds()).toEqual([5]))
    expect(rowText(5)).toContain('Credit note')
    ;(await waitForElement('[data-testid="sales-tab-factoring"]')).click()
    await vi.waitFor(() => expect(shownIds()).toEqual([6]))
    expect(rowText(6)).toContain('Waiting for factoring')
  }, 30_000)

  it('finds an invoice by customer, number, KID or an amount typed Norwegian style, and says when none match', async () => {
    await mount('/sales?tab=all')
    await vi.waitFor(() => expect(shownIds()).toHaveLength(8), { timeout: 15_000 })
    await type('hansen')
    await vi.waitFor(() => expect(shownIds()).toEqual([3]))
    expect(await text('sales-count-overdue')).toBe('1')
    expect(await text('sales-count-draft')).toBe('0')
    await type('0000100026')
    await vi.waitFor(() => expect(shownIds()).toEqual([2]))
    await type('81 250,50')
    await vi.waitFor(() => expect(shownIds()).toEqual([2]))
    await type('10004')
    await vi.waitFor(() => expect(shownIds()).toEqual([4]))
    await type('Tromsø')
    await vi.waitFor(() => expect(shownIds()).toEqual([]))
    expect(await text('sales-empty')).toBe('Nothing here matches “Tromsø”.')
  }, 30_000)

  it('moves with J and K, opens the invoice with Enter in the address, N starts a draft, / searches, Esc returns', async () => {
    await mount('/sales?tab=unpaid')
    await vi.waitFor(() => expect(shownIds()).toHaveLength(3), { timeout: 15_000 })
    const first = document.querySelector(`[data-invoice="${shownIds()[0]}"]`)!.closest('tr')!
    first.focus()
    pressKey(first, { key: 'j', code: 'KeyJ' })
    const second = shownIds()[1]!
    expect(document.activeElement).toBe(document.querySelector(`[data-invoice="${second}"]`)!.closest('tr'))
    pressKey(document.activeElement!, { key: 'Enter', code: 'Enter' })
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.query.invoice).toBe(String(second)))
    await waitForElement('[data-testid="sales-editor"]')
    expect(document.querySelector('[data-testid="sales-table"]')).toBeNull()

    pressKey(document.body, { key: 'Escape', code: 'Escape' })
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.query.invoice).toBeUndefined())
    await waitForElement('[data-testid="sales-table"]')

    const search = (await waitForElement('[data-testid="sales-search"]')) as HTMLInputElement
    expect(pressKey(document.body, { key: '/', code: 'Slash' }).defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(search)
    // Typing N in the search is a letter, not a new draft.
    expect(pressKey(search, { key: 'n', code: 'KeyN' }).defaultPrevented).toBe(false)
    search.blur()
    expect(pressKey(document.body, { key: 'n', code: 'KeyN' }).defaultPrevented).toBe(true)
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.query.invoice).toBe('new'))
    await waitForElement('[data-testid="sales-editor"]')
  }, 30_000)

  it('shows a draft made on this computer as queued, and an empty tab says what is there', async () => {
    await mount('/sales?tab=paid')
    await vi.waitFor(() => expect(shownIds()).toEqual([4]), { timeout: 15_000 })
    await db!.CustomerInvoice.put({
      ...(rows.nordlys!.CustomerInvoice![0] as object),
      companyKey: 'nordlys',
      ID: -1,
      CustomerName: 'Ny Kunde AS',
    } as never)
    ;(await waitForElement('[data-testid="sales-tab-draft"]')).click()
    await vi.waitFor(() => expect(shownIds().sort()).toEqual([-1, 1]))
    expect(rowText(-1)).toContain('Queued')
    await type('no such customer')
    expect(await text('sales-empty')).toBe('Nothing here matches “no such customer”.')
    await type('')
    ;(await waitForElement('[data-testid="sales-tab-paid"]')).click()
    await db!.CustomerInvoice.delete(['nordlys', 4])
    await vi.waitFor(async () => expect(await text('sales-empty')).toBe('No paid invoices.'))
  }, 30_000)
})
