// My approvals from three companies in one list, in Chromium: Anne, the accountant, has step two of the
// demo flows in Nordlys Bakeri AS and Fjordbygg Rørlegger AS, and a colleague's invoice in Aurora Arkitekter
// AS is sent to her; after a sync all three companies' approvals are in her list. With
// LEDGERDESK_SCREENS_DIR the list is saved in both languages at 1280x800 and 1920x1080.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import {
  axeViolations,
  interceptPlatformRoute,
  languageSwitch,
  launchChromium,
  platformApi,
  shootBothLanguages,
  startHost,
  type BrowserFixture,
  type HostFixture,
} from './support.ts'
import { signInWithSandbox } from './sign-in-steps.ts'

const screens = process.env.LEDGERDESK_SCREENS_DIR ?? null
const { nordlys, fjordbygg, aurora } = DEMO_COMPANIES
const route = interceptPlatformRoute()

let fixture: HostFixture
let browser: BrowserFixture
let page: Page

beforeAll(async () => {
  fixture = await startHost()
  browser = await launchChromium()
  page = await browser.context.newPage()
}, 120_000)
afterAll(async () => {
  route.restore()
  await browser?.stop()
  await fixture?.stop()
})

const wait = { timeout: 90_000 }
const rowsOf = (companyKey: string) => page.locator(`tr[data-key^="${companyKey}:"]`)

/** Anne's colleague sends a new supplier invoice in Aurora to her for approval, on the platform. */
async function invoiceForAnneInAurora(): Promise<void> {
  const api = <T>(path: string, init: RequestInit = {}) =>
    platformApi<T>(route.origin(), DEMO_USERS.anne.email, aurora.key, path, init)
  const me = await api<{ ID: number }>('users?action=current-session')
  const [supplier] = await api<{ ID: number }[]>('suppliers?filter=StatusCode eq 30001&top=1')
  const created = await api<{ ID: number }>('supplierinvoices', {
    method: 'POST',
    body: JSON.stringify({
      SupplierID: supplier!.ID,
      InvoiceNumber: '88017',
      InvoiceDate: '2026-11-10',
      PaymentDueDate: '2026-12-10',
      TaxInclusiveAmount: 15_625,
      TaxInclusiveAmountCurrency: 15_625,
    }),
  })
  await api(`supplierinvoices/${created.ID}?action=assign-to`, {
    method: 'POST',
    body: JSON.stringify({ UserIDs: [me.ID], Message: 'Tegneprogram, lisens 2027' }),
  })
  const invoice = await api<{ StatusCode: number }>(`supplierinvoices/${created.ID}`)
  expect(invoice.StatusCode).toBe(SupplierInvoiceStatus.ForApproval)
}

describe('my approvals across three companies', () => {
  it("lists Anne's approvals from Nordlys, Fjordbygg and Aurora in one list", async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(fixture.host.url)
    await signInWithSandbox(page, browser.context, { email: DEMO_USERS.anne.email, password: DEMO_PASSWORD })
    await invoiceForAnneInAurora()
    await page.getByTestId('nav-approvals').click()
    await expect.poll(() => page.getByTestId('view-approvals').isVisible(), wait).toBe(true)
    await expect
      .poll(async () => {
        if ((await rowsOf(aurora.key).count()) === 0 && (await page.getByTestId('sync-now').isEnabled()))
          await page.getByTestId('sync-now').click()
        return rowsOf(aurora.key).count()
      }, wait)
      .toBe(1)
    expect(await rowsOf(nordlys.key).count()).toBeGreaterThan(0)
    expect(await rowsOf(fjordbygg.key).count()).toBeGreaterThan(0)
    expect(await rowsOf(aurora.key).first().textContent()).toContain(aurora.name)
    await rowsOf(aurora.key).first().click()
    expect(await axeViolations(page, ['[data-testid="view-approvals"]'])).toEqual([])
    if (screens)
      await shootBothLanguages(
        page,
        languageSwitch(browser.context, fixture.host.url, page),
        screens,
        'approvals-three-companies',
      )
  }, 300_000)
})
