// The office's memory of a supplier, in Chromium with the demo office on the documented surface: Anne has
// booked Hamar Kontormøbler AS to 6540 Inventar with VAT code 1 in Nordlys Bakeri AS and Fjordbygg
// Rørlegger AS; its first invoice in Aurora Arkitekter AS opens in review with that coding proposed from
// the two other clients (Aurora's own account and VAT code), marked as the office's, in both languages.
// The platform does not offer smart booking here, so nothing else is proposed. axe-core passes.
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { DEMO_OFFICE_SUPPLIER } from '../../platform/seed/demo-office-memory.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { costLineField, costLines, reviewForm } from './find.ts'

const app = useApp()
const wait = { timeout: 90_000 }
const aurora = DEMO_COMPANIES.aurora
const first = DEMO_OFFICE_SUPPLIER.firstInvoice

describe('a first invoice in a new client', () => {
  it('gets the coding the office uses in its other clients, with where it came from', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 })
    await app.signIn()
    // The two clients where the office booked the supplier are kept on this computer once opened.
    await app.openCompany(DEMO_COMPANIES.nordlys, 'overview')
    await app.openCompany(DEMO_COMPANIES.fjordbygg)
    await app.openCompany(aurora)
    await app.setLanguage('nb')
    const drafts = await platformApi<{ ID: number; InvoiceNumber: string | null }[]>(
      app.route.origin(),
      DEMO_USERS.anne.email,
      aurora.key,
      `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.Draft}&orderby=ID`,
    )
    const draft = drafts.find((d) => d.InvoiceNumber === first.invoiceNumber)!
    expect(draft).toBeDefined()
    await app.page.evaluate((id) => {
      ;(globalThis as unknown as { location: { hash: string } }).location.hash = `#/review?invoice=${id}`
    }, draft.ID)
    await expect.poll(() => reviewForm(app.page).getAttribute('data-invoice'), wait).toBe(String(draft.ID))

    const account = costLineField(app.page, 'account', 1)
    await expect.poll(() => account.inputValue().catch(() => ''), wait).toBe('6540')
    expect(await costLineField(app.page, 'vat', 1).inputValue()).toBe('1')
    const lines = costLines(app.page)
    await expect
      .poll(() => lines.textContent(), wait)
      .toContain('Foreslått konto 6540 og mva-kode 1: ført på 6540 Inventar hos 2 andre klienter')
    expect(await lines.getByText('Kontorets minne', { exact: true }).isVisible()).toBe(true)
    expect(await axeViolations(app.page, ['main']), 'axe on the review, nb').toEqual([])

    await app.setLanguage('en')
    await expect
      .poll(() => lines.textContent(), wait)
      .toContain('Proposed account 6540 and VAT code 1: coded to 6540 Inventar in 2 other clients')
    expect(await lines.getByText('Office memory', { exact: true }).isVisible()).toBe(true)
    expect(await axeViolations(app.page, ['main']), 'axe on the review, en').toEqual([])
    await app.shoot('review-office-memory')
  }, 400_000)
})
