// "Waiting too long" with an approval whose supplier this computer does not know yet: the row shows "Not on
// this computer yet" in the supplier's place, and its button's accessible name holds that visible text. That is
// axe's label-content-name-mismatch in Chromium, which the end-to-end run met only when the supplier had not
// arrived in time; axe without layout skips it, so the names are compared here directly.
import { describe, expect, it, vi } from 'vitest'
import { nordlys } from './fixtures.ts'
import { axeFindings } from './axe.ts'
import { waitForElement } from './mount-shell.ts'
import { mountWorkspace } from './mount-workspace.ts'

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()

describe('approvals waiting too long', () => {
  it('names a row whose supplier is not known by what it shows, and passes axe', async () => {
    const rows = {
      [nordlys.Key]: {
        Task: [{ ID: 40, EntityID: 41, EntityType: 'SupplierInvoice', UpdatedAt: daysAgo(5) }],
        SupplierInvoice: [
          { ID: 41, SupplierID: 7, InvoiceNumber: 'F-2041', TaxInclusiveAmount: 1250, UpdatedAt: daysAgo(5) },
        ],
        Supplier: [{ ID: 7, Info: { Name: 'Kaffebrenneriet AS' }, UpdatedAt: daysAgo(5) }],
      },
    }
    const waiting = (companyKey: string, ID: number, TaskID: number | null, days: number) => ({
      companyKey,
      ID,
      TaskID,
      UserID: null,
      CreatedAt: daysAgo(days),
      Amount: 23000,
      CurrencyCode: 'NOK',
    })
    const { shell } = await mountWorkspace({
      path: '/approvals',
      companies: [nordlys],
      views: ['approvals', 'settings'],
      session: () => ({ companyName: nordlys.Name }),
      rows,
      settle: true,
      handlers: {
        'approvals.waiting': () => ({
          // Approval 9's task is not in the cache: its invoice and supplier are not known here.
          rows: [waiting(nordlys.Key, 9, 99, 6), waiting(nordlys.Key, 8, 40, 5)],
          unreadable: {},
          readAt: new Date().toISOString(),
        }),
      },
    })
    await shell.find('view-approvals')
    const tab = [...document.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Waiting too long',
    )
    expect(tab, 'the "Waiting too long" tab').toBeDefined()
    tab!.click()
    const table = await waitForElement('[data-testid="stale-approvals"] table')
    await vi.waitFor(() => {
      const names = [...table.querySelectorAll('tbody th button')].map((b) => b.textContent?.trim())
      expect(names).toEqual(['Not on this computer yet', 'Kaffebrenneriet AS'])
    })
    for (const button of table.querySelectorAll('tbody th button')) {
      const label = button.getAttribute('aria-label') ?? ''
      expect(label).toContain(button.textContent!.trim())
    }
    // The view's heading names the view, not the "My approvals" tab, whichever tab is shown; its count is
    // the approvals waiting for the user, once the cache has answered.
    const heading = document.querySelector('[data-testid="view-approvals"] h1')!
    expect(heading.textContent!.replace(/\s+/g, ' ').trim()).toBe('Approvals 0 waiting for you')
    const unknown = table.querySelector('tbody th button')!
    expect(unknown.getAttribute('aria-label')).toContain('9')
    expect(await axeFindings(table)).toEqual([])
  })
})
