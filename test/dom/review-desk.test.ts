// The review desk over two companies that both have an invoice 1: the window has Nordlys open, the desk
// lists both invoices, and the one of Aurora opens in a review of Aurora's own (its band, its supplier),
// without switching the window's company. What is done there (a save, a booking with its rule question,
// the outbox entries) goes to Aurora and never to Nordlys; moving on reaches Nordlys' invoice 1 with no
// switch, under Nordlys' band.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OutboxCommand } from '@common/bridge/outbox'
import type { PlatformRow } from '@common/bridge/sync'
import { SupplierInvoiceStatus } from '@common/status'
import { useSyncStore } from '@renderer/stores/sync'
import { closeCachedList, layOutTable } from './cached-list.ts'
import { pressKey, waitForElement } from './mount-shell.ts'
import { mountWorkspace, type MountedWorkspace } from './mount-workspace.ts'

let mounted: MountedWorkspace | undefined
afterEach(() => {
  closeCachedList(mounted)
  vi.restoreAllMocks()
})

const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
  { ID: 2, Name: 'Aurora Regnskap AS', Key: 'aurora', IsTest: false, OrganizationNumber: '987654321' },
]
const supplier = (name: string): PlatformRow => ({
  ID: 5,
  UpdatedAt: '2026-10-01T10:00:00.000Z',
  StatusCode: 30001,
  Info: { Name: name },
})
const invoice = (number: string, due: string, name: string): PlatformRow => ({
  ID: 1,
  UpdatedAt: '2026-11-01T10:00:00.000Z',
  StatusCode: SupplierInvoiceStatus.Draft,
  SupplierID: 5,
  Supplier: supplier(name),
  InvoiceNumber: number,
  PaymentDueDate: due,
  CreatedAt: '2026-11-01T08:00:00.000Z',
})

const band = () => document.querySelector<HTMLElement>('[data-testid="company-band"]')
const form = () => document.querySelector<HTMLElement>('[data-testid="review-form"]')
/** The review's title: the supplier and invoice number of the invoice shown. */
const title = () => document.querySelector('[data-testid="view-review"] h1')?.textContent ?? ''

describe('the review desk', () => {
  it('opens each invoice in its own company, and every action on it goes to that company only', async () => {
    const sent: { companyKey: string; command: OutboxCommand }[] = []
    layOutTable()
    mounted = await mountWorkspace({
      path: '/overview',
      open: 'nordlys',
      companies,
      permissions: ['ui_accounting_bills'],
      views: ['inbox', 'review', 'settings'],
      rows: {
        // Aurora's invoice 1 is due first: the desk opens it first.
        nordlys: {
          SupplierInvoice: [invoice('N-1', '2026-12-20', 'Havbris AS')],
          Supplier: [supplier('Havbris AS')],
        },
        aurora: {
          SupplierInvoice: [invoice('A-1', '2026-12-10', 'Kontorrekvisita AS')],
          Supplier: [supplier('Kontorrekvisita AS')],
        },
      },
      handlers: {
        'review.proposedRule': () => ({ ApprovalRuleID: null, Description: null }) as never,
        'outbox.execute': (companyKey, command) => {
          sent.push({ companyKey, command })
          return { status: 'done', row: null, merged: [] }
        },
      },
    })
    const { db, test, shell } = mounted
    // Aurora is kept on this computer too.
    await vi.waitFor(async () => expect(await db.companies.get('aurora')).toBeDefined(), { timeout: 15_000 })
    await useSyncStore(shell.pinia).setOffline('aurora', true)
    await vi.waitFor(async () => expect(await db.SupplierInvoice.count()).toBe(2), { timeout: 15_000 })

    await shell.router.push({ name: 'desk' })
    const table = await waitForElement('[data-testid="view-desk"] table')
    await vi.waitFor(() => {
      const cells = [...table.querySelectorAll('[data-invoice]')].map((cell) =>
        cell.getAttribute('data-invoice'),
      )
      expect(cells).toEqual(['aurora:1', 'nordlys:1'])
    })
    // Enter on Aurora's row opens it in review.
    const auroraRow = table.querySelector('[data-invoice="aurora:1"]')!.closest('tr')!
    auroraRow.focus()
    pressKey(auroraRow, { key: 'Enter', code: 'Enter' })
    await vi.waitFor(() => expect(shell.router.currentRoute.value.name).toBe('review'), { timeout: 30_000 })
    await vi.waitFor(() => {
      expect(band()?.dataset.company).toBe('aurora')
      expect(band()?.textContent).toContain('Aurora Regnskap AS')
      expect(band()?.textContent).toContain('987 654 321')
      expect(title()).toBe('Kontorrekvisita AS · A-1')
    })
    expect(sessionStorage.getItem('ledgerdesk.currentCompany')).toBe('nordlys')

    // A comment saved (Ctrl+S) is Aurora's invoice 1's, queued for Aurora.
    const comment = document.querySelector<HTMLTextAreaElement>('#review-comment')!
    comment.value = 'Checked against the order'
    comment.dispatchEvent(new Event('input'))
    pressKey(form()!, { key: 's', code: 'KeyS', ctrlKey: true })
    await vi.waitFor(async () =>
      expect((await db.SupplierInvoice.get(['aurora', 1]))?.Comment).toBe('Checked against the order'),
    )
    expect((await db.SupplierInvoice.get(['nordlys', 1]))?.Comment).toBeUndefined()
    // Book (Alt+Shift+B): the rule is asked in Aurora, the booking queued and sent for Aurora.
    pressKey(form()!, { key: 'B', code: 'KeyB', altKey: true, shiftKey: true })
    await vi.waitFor(() =>
      expect(test.calls.filter((c) => c.name === 'review.proposedRule').map((c) => c.args[0])).toEqual([
        'aurora',
      ]),
    )
    await vi.waitFor(() => expect(sent.map((s) => s.command.action)).toContain('journal'), {
      timeout: 15_000,
    })
    expect(new Set(sent.map((s) => s.companyKey))).toEqual(new Set(['aurora']))
    expect(sent.every((s) => s.command.entityId === 1)).toBe(true)
    expect(await db.outbox.where('companyKey').equals('nordlys').count()).toBe(0)

    // The booked invoice leaves the desk: the review moves on to Nordlys' invoice 1, with no switch.
    expect((await db.SupplierInvoice.get(['aurora', 1]))?.StatusCode).toBe(SupplierInvoiceStatus.Journaled)
    await vi.waitFor(
      () => {
        expect(band()?.dataset.company).toBe('nordlys')
        expect(band()?.textContent).toContain('Nordlys Bakeri AS')
        expect(title()).toBe('Havbris AS · N-1')
      },
      { timeout: 10_000 },
    )
    expect(shell.router.currentRoute.value.query).toMatchObject({
      desk: '1',
      company: 'nordlys',
      invoice: '1',
    })
    expect(sessionStorage.getItem('ledgerdesk.currentCompany')).toBe('nordlys')
  }, 60_000)
})
