// A link to an invoice opens that invoice: the scan queue's "Invoice N" names an invoice the platform has
// just created, which reaches this computer's workspace (Dexie) with a later sync. The review, opened on
// that link before the row arrives, says it is waiting for it, asks for a sync, and shows the named
// invoice as soon as the row is written; it never shows another invoice under that link. An invoice the
// platform does not have in the company gets a clear message instead.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlatformRow } from '@common/bridge/sync'
import { waitForElement } from './mount-shell.ts'
import { mountWorkspace } from './mount-workspace.ts'

const companies = [
  { ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' },
]
const draft = (ID: number, due: string): PlatformRow => ({
  ID,
  UpdatedAt: '2026-11-01T10:00:00.000Z',
  InvoiceNumber: `N-${ID}`,
  StatusCode: 30101,
  PaymentDueDate: due,
})
// The queue's first draft (earliest due date) is the one the review used to fall back to.
const queued = [draft(1, '2026-11-10'), draft(2, '2026-11-20')]
const scanned = draft(7, '2026-12-01')

let observer: MutationObserver | undefined
afterEach(() => observer?.disconnect())

/** Every invoice the review form showed, in order, from the moment the review is opened. */
function watchShownInvoices(): string[] {
  const shown: string[] = []
  const look = () => {
    const form = document.querySelector<HTMLElement>('[data-testid="review-form"]')
    const id = form?.dataset.invoice
    if (id && shown.at(-1) !== id) shown.push(id)
  }
  observer = new MutationObserver(look)
  observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  return shown
}

async function mount(
  path: string,
  platformRow: (id: number) => PlatformRow | null | Promise<PlatformRow | null>,
) {
  const shown = watchShownInvoices()
  const { db, test, shell } = await mountWorkspace({
    path,
    companies,
    permissions: ['ui_accounting_bills'],
    views: ['inbox', 'review', 'settings'],
    // The platform's pull does not bring the scanned invoice yet: it arrives later, written below.
    rows: { nordlys: { SupplierInvoice: queued } },
    handlers: { 'sync.row': (_companyKey, _entity, id) => platformRow(id) },
  })
  await vi.waitFor(async () => expect(await db.SupplierInvoice.count()).toBe(queued.length), {
    timeout: 15_000,
  })
  return { shown, db, test, shell }
}

describe('a link to an invoice', () => {
  it('waits for the named invoice to reach the workspace and then shows it, never another', async () => {
    // The platform has the invoice, but answers only once the test has written the row (a slow sync).
    let answer: (row: PlatformRow) => void = () => undefined
    const asked = new Promise<PlatformRow>((resolve) => (answer = resolve))
    const { shown, db, test } = await mount('/review?invoice=7', () => asked)
    const waiting = await waitForElement('[data-testid="review-waiting"]')
    expect(waiting.textContent).toContain('Waiting for invoice 7 to arrive from the platform')
    // The review asked for the company to be synced and for the invoice itself.
    await vi.waitFor(() =>
      expect(test.calls.some((c) => c.name === 'sync.row' && c.args[2] === 7)).toBe(true),
    )
    expect(document.querySelector('[data-testid="review-form"]')).toBeNull()
    // A way back while waiting.
    expect(document.querySelector('[data-testid="review-waiting-back"]')).not.toBeNull()
    // A sync run elsewhere in the app leaves the queue as it was: the review still waits.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(document.querySelector('[data-testid="review-form"]')).toBeNull()

    // The row arrives in the workspace after the view mounted, as the sync engine writes it.
    await db.SupplierInvoice.put({ ...scanned, companyKey: 'nordlys', ID: 7 } as never)
    const form = await waitForElement('[data-testid="review-form"]')
    await vi.waitFor(() => expect(form.dataset.invoice).toBe('7'))
    expect(document.querySelector('[data-testid="review-waiting"]')).toBeNull()
    answer(scanned)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(shown).toEqual(['7'])
  }, 30_000)

  it('says so when the platform has no such invoice in the company', async () => {
    const { shown } = await mount('/review?invoice=99', () => null)
    const missing = await waitForElement('[data-testid="review-missing"]')
    expect(missing.textContent).toContain('Invoice 99')
    expect(missing.textContent).toMatch(/not in Nordlys Bakeri AS|another company|deleted/)
    expect(shown).toEqual([])
  }, 30_000)

  it('opens the first of the queue when no invoice is named, and names it in the address', async () => {
    const { shell } = await mount('/review', () => null)
    const form = await waitForElement('[data-testid="review-form"]')
    await vi.waitFor(() => expect(form.dataset.invoice).toBe('1'))
    await vi.waitFor(() => expect(shell.router.currentRoute.value.query.invoice).toBe('1'))
  }, 30_000)
})
