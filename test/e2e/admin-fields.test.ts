// Custom fields in Chromium with the demo office: Anne, administrator of Nordlys Bakeri AS, defines a short
// text field on supplier invoices and activates it, and defines a whole number field she leaves inactive;
// the review then shows the active field on a draft, she types a project code and saves it with the form.
// axe-core passes on the section and on the review.
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { DEMO_REVIEW_INVOICES } from '../../platform/seed/demo-review.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { adminSection, navLink, reviewForm, statusSaying, workspace } from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
const app = useApp()
const wait = { timeout: 60_000 }
const view = () => workspace(app.page)
const section = view
// The host starts the Local sandbox on a fresh data folder, so the company has no custom fields yet.
const project = 'Prosjektkode'
const count = 'Antall'
// An access point's invoice of a supplier paid to the account it prints: saving asks nothing more of the form.
const native = DEMO_REVIEW_INVOICES.find((inv) => inv.source === 'native' && !inv.otherAccount)!

async function nativeDraftId(): Promise<number> {
  const drafts = await platformApi<{ ID: number; InvoiceNumber: string | null }[]>(
    app.route.origin(),
    DEMO_USERS.anne.email,
    nordlys.key,
    `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.Draft}&orderby=ID`,
  )
  const found = drafts.find((d) => d.InvoiceNumber === native.invoiceNumber)
  if (!found) throw new Error(`No seeded draft numbered ${native.invoiceNumber}`)
  return found.ID
}

async function runAxe(selector: string, label: string): Promise<void> {
  expect(await axeViolations(app.page, [selector]), `axe on ${label}`).toEqual([])
}

async function choose(id: string, option: string): Promise<void> {
  await section()
    .locator('.p-select', { has: app.page.locator(`#${id}`) })
    .click()
  await app.page.getByRole('option', { name: option, exact: true }).click()
}

async function define(name: string, model: string, type: string): Promise<void> {
  await section().getByLabel('Name', { exact: true }).fill(name)
  await choose('custom-field-model', model)
  await choose('custom-field-type', type)
  await section().getByRole('button', { name: 'Define', exact: true }).click()
  await expect
    .poll(() => section().locator('.admin-outcome').textContent(), wait)
    .toContain(`${name} is defined`)
}

describe('custom fields (Admin)', () => {
  it('defines a field on supplier invoices and activates it, and defines another left inactive', async () => {
    await app.signIn(DEMO_USERS.anne)
    await app.openCompany(nordlys)
    await app.setLanguage('en')
    await navLink(app.page, 'admin').click()
    await expect.poll(() => view().isVisible(), wait).toBe(true)
    await adminSection(app.page, ['Custom fields', 'Egendefinerte felt']).click()
    await expect.poll(() => section().getByLabel('Name', { exact: true }).isEnabled(), wait).toBe(true)

    await define(project, 'Supplier invoices', 'Short text')
    await section()
      .getByRole('button', { name: `Activate ${project}` })
      .click()
    await expect
      .poll(() => section().locator('.admin-outcome').textContent(), wait)
      .toContain(`${project} is active`)
    await define(count, 'Supplier invoices', 'Whole number')
    const row = (name: string) => section().locator('tbody tr', { hasText: name })
    await expect.poll(() => row(project).textContent(), wait).toContain('Active')
    await expect.poll(() => row(count).textContent(), wait).toContain('Defined, not active')
    await runAxe('main', 'the custom fields section')
    await app.shoot('admin-fields-section')
    await app.setLanguage('en')
  }, 300_000)

  it('shows the active field on a supplier invoice in the review and saves its value with the form', async () => {
    const invoiceId = await nativeDraftId()
    // In-app navigation to that draft: a reload would start a new browser-mode session.
    await app.page.evaluate((id) => {
      ;(globalThis as unknown as { location: { hash: string } }).location.hash = `#/review?invoice=${id}`
    }, invoiceId)
    const form = reviewForm(app.page)
    await expect.poll(() => form.getAttribute('data-invoice'), wait).toBe(String(invoiceId))
    // The form has the draft's own facts (not those of the draft the queue showed first) before it is saved.
    await expect
      .poll(() => form.getByLabel('Invoice number', { exact: true }).inputValue(), wait)
      .toBe(native.invoiceNumber)
    await expect
      .poll(
        () =>
          app.page
            .getByRole('alert')
            .filter({ hasText: 'has not been used for this supplier before' })
            .count(),
        wait,
      )
      .toBe(0)
    const fields = form.getByRole('group', { name: 'Custom fields' })
    await expect.poll(() => fields.isVisible(), wait).toBe(true)
    // Only the active field: one defined and not activated is not on the form.
    expect(await fields.textContent()).not.toContain(count)
    const input = fields.getByLabel(new RegExp(`^${project}`))
    await input.fill('P-2041 Bakeri Tromsø')
    await app.page.locator('#review-save').click()
    await expect.poll(() => statusSaying(app.page, 'Saved on this computer.').isVisible(), wait).toBe(true)
    expect(await input.inputValue()).toBe('P-2041 Bakeri Tromsø')
    await runAxe('main', 'the review with a custom field')
    await app.shoot('admin-fields-review')
    await app.setLanguage('en')
  }, 300_000)
})
