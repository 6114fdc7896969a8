// Starting the app offline after the access token expired: the browser-mode host is stopped and started
// again on the same data folder and port with its clock past the token's lifetime, while the route to the
// Local sandbox is cut. The refresh cannot reach the login server, so the user stays signed in: the
// workspace opens from the cache and shows offline, an edit waits in the outbox, and it reaches the
// platform once the route is back (the refresh then succeeds).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES } from '../../platform/seed/demo-constants.ts'
import {
  axeViolations,
  interceptPlatformRoute,
  launchChromium,
  platformApi,
  startHost,
  type BrowserFixture,
  type HostFixture,
} from './support.ts'
import { signInWithSandbox } from './sign-in-steps.ts'

const nordlys = DEMO_COMPANIES.nordlys
const route = interceptPlatformRoute()
// The sandbox's access tokens last an hour; the restarted app's clock is two hours ahead.
let skew = 0
const clock = () => Date.now() + skew

let fixture: HostFixture
let browser: BrowserFixture
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  fixture = await startHost({ now: clock })
  browser = await launchChromium()
  page = await browser.context.newPage()
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`))
}, 120_000)

afterAll(async () => {
  route.restore()
  await browser?.stop()
  await fixture?.stop()
})

const wait = { timeout: 30_000 }

interface Invoice {
  ID: number
  InvoiceNumber: string | null
  UpdatedAt: string
}

const platform = <T>(path: string) =>
  platformApi<T>(route.origin(), 'anne.accountant@demo.test', nordlys.key, path)
const tableRows = () => page.getByTestId('inbox-table').locator('tbody tr[data-p-index]')
const syncIndicator = () => page.getByTestId('sync-indicator')

async function openNordlysInbox(): Promise<void> {
  await page.getByTestId('nav-overview').click()
  await page
    .getByTestId(`overview-row-${nordlys.key}`)
    .getByRole('button', { name: nordlys.name, exact: true })
    .click()
  await expect.poll(() => page.getByTestId('current-company').textContent(), wait).toContain(nordlys.name)
  await expect.poll(() => page.getByTestId('view-inbox').isVisible(), wait).toBe(true)
}

describe('an offline start after the access token expired', () => {
  it('opens the workspace from the cache, keeps an edit in the outbox, and sends it once the platform is back', async () => {
    await page.goto(fixture.host.url)
    await signInWithSandbox(page, browser.context)
    await expect.poll(() => syncIndicator().getAttribute('data-state'), wait).toBe('online')
    const drafts = await platform<Invoice[]>(
      `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.Draft}&orderby=ID`,
    )
    const target = drafts[0]!
    await openNordlysInbox()
    await expect.poll(() => tableRows().count(), { timeout: 60_000 }).toBe(drafts.length)

    // The app is closed; the platform cannot be reached; the token's hour passes.
    const port = fixture.host.port
    await fixture.host.close()
    route.cut = true
    skew = 2 * 3600_000
    fixture = await startHost({ dataDir: fixture.dataDir, port, now: clock })
    await page.goto(fixture.host.url)

    // Still signed in: the workspace, not the sign-in view, with the companies known to the cache.
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('offline')
    expect(await page.getByTestId('sign-in-button').count()).toBe(0)
    await openNordlysInbox()
    await expect.poll(() => tableRows().count(), wait).toBe(drafts.length)
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('searchbox', { name: /Search/ }).fill(target.InvoiceNumber!)
    await expect.poll(() => tableRows().count(), wait).toBe(1)
    await tableRows().first().click()
    const panel = page.getByTestId('invoice-panel')
    await expect.poll(() => panel.isVisible(), wait).toBe(true)
    await panel.getByLabel('Invoice no.').fill('EXPIRED-OFFLINE-1')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), wait).toBe('1')
    expect(await syncIndicator().getAttribute('data-state')).toBe('offline')
    expect((await platform<Invoice>(`supplierinvoices/${target.ID}`)).InvoiceNumber).toBe(
      target.InvoiceNumber,
    )

    // The platform answers again: the refresh succeeds and the edit arrives.
    route.cut = false
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('online')
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), { timeout: 60_000 }).toBe('0')
    expect((await platform<Invoice>(`supplierinvoices/${target.ID}`)).InvoiceNumber).toBe('EXPIRED-OFFLINE-1')
    expect(await page.getByTestId('sign-in-button').count()).toBe(0)
    expect(fixture.log.entries.some((e) => /staying signed in/.test(e.message))).toBe(true)
    expect(pageErrors).toEqual([])
  }, 420_000)
})
