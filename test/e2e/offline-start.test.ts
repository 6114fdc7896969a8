// Starting the app offline after the access token expired: the browser-mode host is stopped and started
// again on the same data folder and port with its clock past the token's lifetime, while the route to the
// Local sandbox is cut. The refresh cannot reach the login server, so the user stays signed in: the
// workspace opens from the cache and shows offline, an edit waits in the outbox, and it reaches the
// platform once the route is back (the refresh then succeeds).
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES } from '../../platform/seed/demo-constants.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { bodyRows, inboxTable, invoicePanel, signInButton, syncState, viewHeading } from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
// The sandbox's access tokens last an hour; the restarted app's clock is two hours ahead.
let skew = 0
const app = useApp({ now: () => Date.now() + skew })

const wait = { timeout: 30_000 }

interface Invoice {
  ID: number
  InvoiceNumber: string | null
  UpdatedAt: string
}

const platform = <T>(path: string) =>
  platformApi<T>(app.route.origin(), 'anne.accountant@demo.test', nordlys.key, path)
const tableRows = () => bodyRows(inboxTable(app.page))
const syncIndicator = () => syncState(app.page)

async function openNordlysInbox(): Promise<void> {
  await app.openCompany(nordlys, 'overview')
  await expect.poll(() => viewHeading(app.page, 'inbox').isVisible(), wait).toBe(true)
}

describe('an offline start after the access token expired', () => {
  it('opens the workspace from the cache, keeps an edit in the outbox, and sends it once the platform is back', async () => {
    await app.signIn()
    await expect.poll(() => syncIndicator().getAttribute('data-state'), wait).toBe('online')
    const drafts = await platform<Invoice[]>(
      `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.Draft}&orderby=ID`,
    )
    const target = drafts[0]!
    await openNordlysInbox()
    await expect.poll(() => tableRows().count(), { timeout: 60_000 }).toBe(drafts.length)

    // The app is closed; the platform cannot be reached; the token's hour passes.
    await app.restartHost(() => {
      app.route.cut = true
      skew = 2 * 3600_000
    })
    await app.page.goto(app.host.url)

    // Still signed in: the workspace, not the sign-in view, with the companies known to the cache.
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('offline')
    expect(await signInButton(app.page).count()).toBe(0)
    await openNordlysInbox()
    await expect.poll(() => tableRows().count(), wait).toBe(drafts.length)
    expect(await axeViolations(app.page)).toEqual([])

    await app.page.getByRole('searchbox', { name: /Search/ }).fill(target.InvoiceNumber!)
    await expect.poll(() => tableRows().count(), wait).toBe(1)
    await tableRows().first().click()
    const panel = invoicePanel(app.page)
    await expect.poll(() => panel.isVisible(), wait).toBe(true)
    await panel.getByLabel('Invoice no.').fill('EXPIRED-OFFLINE-1')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), wait).toBe('1')
    expect(await syncIndicator().getAttribute('data-state')).toBe('offline')
    expect((await platform<Invoice>(`supplierinvoices/${target.ID}`)).InvoiceNumber).toBe(
      target.InvoiceNumber,
    )

    // The platform answers again: the refresh succeeds and the edit arrives.
    app.route.cut = false
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('online')
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), { timeout: 60_000 }).toBe('0')
    expect((await platform<Invoice>(`supplierinvoices/${target.ID}`)).InvoiceNumber).toBe('EXPIRED-OFFLINE-1')
    expect(await signInButton(app.page).count()).toBe(0)
    expect(app.log.entries.some((e) => /staying signed in/.test(e.message))).toBe(true)
    expect(app.pageErrors).toEqual([])
  }, 420_000)
})
