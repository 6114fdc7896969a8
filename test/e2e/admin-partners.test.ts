// Factoring and webhooks in Admin, in Chromium with the demo office: Anne, administrator of Fjordbygg,
// activates factoring from the form (its accounts picked from the cached chart), sees the new setup
// marked active and the platform's list hold it, and deactivates it; then she tests a webhook filter
// against a cached customer invoice and checks a signature. axe-core passes on both sections.
import { describe, expect, it } from 'vitest'
import { signWebhook } from '../../common/webhook-signature.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { adminSection, navLink, statusSaying, workspace } from './find.ts'

const fjordbygg = DEMO_COMPANIES.fjordbygg
const app = useApp()

const wait = { timeout: 60_000 }
const view = () => workspace(app.page)

async function runAxe(label: string): Promise<void> {
  expect(await axeViolations(app.page, ['main']), `axe on ${label}`).toEqual([])
}

describe('factoring and webhooks (Admin)', () => {
  it('activates factoring for Fjordbygg with accounts from its chart', async () => {
    await app.signIn(DEMO_USERS.anne)
    await app.openCompany(fjordbygg)
    await app.setLanguage('en')
    await navLink(app.page, 'admin').click()
    await adminSection(app.page, ['Factoring', 'Factoring']).click()
    await expect
      .poll(() => view().getByRole('heading', { name: 'Stored setups' }).isVisible(), wait)
      .toBe(true)
    await runAxe('factoring, nothing stored')
    // A customer invoice the webhook filter is tested against later (the sync after activation caches it).
    await platformApi(app.route.origin(), DEMO_USERS.anne.email, fjordbygg.key, 'invoices', {
      method: 'POST',
      body: JSON.stringify({
        CustomerID: 0,
        Customer: { _createguid: 'c', Info: { _createguid: 'i', Name: 'Kafé Nord AS' } },
        Comment: 'Sent to factoring',
      }),
    })

    const settings = await platformApi<{ DefaultBankAccountID: number }[]>(
      app.route.origin(),
      DEMO_USERS.anne.email,
      fjordbygg.key,
      'companysettings',
    )
    const [bank] = await platformApi<{ AccountNumber: string }[]>(
      app.route.origin(),
      DEMO_USERS.anne.email,
      fjordbygg.key,
      `bankaccounts?filter=ID eq ${settings[0]!.DefaultBankAccountID}`,
    )
    await view().getByLabel('Bank account', { exact: true }).fill(bank!.AccountNumber)
    const factoringAccount = view().getByRole('combobox', { name: 'Factoring account' })
    await factoringAccount.fill('1510')
    await expect.poll(() => app.page.getByRole('option').count(), wait).toBeGreaterThan(0)
    await app.page.keyboard.press('Enter')
    await view().getByRole('combobox', { name: 'Loan account' }).fill('2380')
    await app.page.keyboard.press('Escape')
    await view().getByLabel('Customer number at the factoring company').fill('4711')
    await view().getByLabel('Text on the invoice').fill('Fakturaen er overdratt til Factoring AS')
    await view().getByRole('button', { name: 'Activate factoring' }).last().click()
    await expect
      .poll(() => statusSaying(view(), 'Factoring is active with the new setup.').isVisible(), wait)
      .toBe(true)
    await expect.poll(() => statusSaying(view(), /^\s*Active/).isVisible(), wait).toBe(true)
    const stored = await platformApi<{ FactoringCustomerNumber: string }[]>(
      app.route.origin(),
      DEMO_USERS.anne.email,
      fjordbygg.key,
      'factoringsettings',
    )
    expect(stored.map((s) => s.FactoringCustomerNumber)).toEqual(['4711'])
    await runAxe('factoring, active')
    await app.shoot('admin-factoring')
  }, 300_000)

  it('deactivates factoring, the setup still listed', async () => {
    await view().getByRole('button', { name: 'Deactivate factoring' }).click()
    await expect
      .poll(() => statusSaying(view(), /^\s*Factoring was deactivated from this app/).isVisible(), wait)
      .toBe(true)
    // The header row and the one setup.
    expect(await view().getByRole('region', { name: 'Stored setups' }).getByRole('row').count()).toBe(2)
  }, 120_000)

  it('tests a webhook filter against a cached invoice and checks a signature', async () => {
    await adminSection(app.page, ['Webhooks', 'Webhooker']).click()
    const filter = view().getByLabel('ExpressionFilter')
    await expect.poll(() => filter.isVisible(), wait).toBe(true)
    await filter.fill('CustomerInvoice.Colour = 1')
    await expect
      .poll(() => view().getByText('CustomerInvoice has no property Colour.').isVisible(), wait)
      .toBe(true)
    await filter.fill('isnotnull(CustomerInvoice.ID)')
    await expect
      .poll(
        () =>
          view()
            .getByText(/is valid/)
            .isVisible(),
        wait,
      )
      .toBe(true)
    const body = '{"EventType":"Update","EntityName":"CustomerInvoice","EntityID":1}'
    await view().getByLabel('Body, exactly as received').fill(body)
    await view()
      .getByLabel('Service-Signature header')
      .fill(await signWebhook(body, 'plan-key'))
    await view().getByLabel('Signing key').fill('plan-key')
    await view().getByRole('button', { name: 'Check signature' }).click()
    await expect
      .poll(() => statusSaying(view(), /^\s*Valid: signed with this key/).isVisible(), wait)
      .toBe(true)
    await filter.fill('contains(CustomerInvoice.Comment, "factoring")')
    const test = view().getByRole('button', { name: 'Test this filter' })
    await expect.poll(() => test.isEnabled(), wait).toBe(true)
    await test.click()
    await expect
      .poll(async () => (await statusSaying(view(), /^\s*Matches/).textContent())?.trim(), wait)
      .toBe('Matches: the platform would send this event.')
    await runAxe('webhooks')
    await app.shoot('admin-webhooks')
  }, 180_000)
})
