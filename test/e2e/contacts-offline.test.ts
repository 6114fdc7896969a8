// A supplier the scan station made, checked and corrected offline, in Norwegian: the scan read the wrong
// bank account for Tromsø Kaffebrenneri AS, so its next invoice (printing the right one) raises the review's
// bank-account warning. Anne finds the supplier under "Opprettet fra skanning, ikke kontrollert", adds the
// right account as the default and marks the supplier checked while the platform cannot be reached; both wait
// in the outbox. Back online they reach the platform once, and the review's warning for the invoice is gone.
import { describe, expect, it } from 'vitest'
import { formatBankAccount } from '../../common/norwegian.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { DEMO_SCANNED_SUPPLIER } from '../../platform/seed/demo-contacts.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import {
  countIn,
  countedButton,
  dataRows,
  either,
  listTable,
  reviewForm,
  syncState,
  viewHeading,
  workspace,
} from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
const scanned = DEMO_SCANNED_SUPPLIER
// Which suppliers the scan station made, and the mark that one is checked, are read from the supplier's
// comments, which the documents let the app write but not list: on such a platform the register does not offer
// that filter (ContactsView.vue). So this file runs against the platform's full surface.
const app = useApp({ surface: 'full' })
const wait = { timeout: 60_000 }

interface Row {
  ID: number
  [field: string]: unknown
}
const platform = <T>(path: string, init?: RequestInit) =>
  platformApi<T>(app.route.origin(), DEMO_USERS.anne.email, nordlys.key, path, init)

const view = () => workspace(app.page)
const SCAN_UNCHECKED = [
  'Created from a scan, not yet checked',
  'Opprettet fra skanning, ikke kontrollert',
] as const
/** The open party's card: an article named by the party's name. */
const card = () => app.page.getByRole('article', { name: scanned.name })
/** The card's banner of a supplier created from a scan and not yet checked. */
const scanBanner = () => card().getByRole('region', { name: either(SCAN_UNCHECKED) })
/** The register's filter of the suppliers created from a scan and not checked; its name ends in its count. */
const scanFilter = () => countedButton(view(), SCAN_UNCHECKED)
const suppliers = () => listTable(view(), ['Suppliers', 'Leverandører'])
const syncIndicator = () => syncState(app.page)
/** The review's warning that the invoice's bank account is new for its supplier. */
const warning = () =>
  app.page.getByRole('alert').filter({
    hasText: either(
      ['has not been used for this supplier before', 'er ikke brukt for denne leverandøren før'],
      'within',
    ),
  })

async function openReview(invoiceId: number): Promise<void> {
  await app.page.evaluate(`location.hash = '#/review?invoice=${invoiceId}'`)
  await expect.poll(() => viewHeading(app.page, 'review').isVisible(), wait).toBe(true)
  await expect.poll(() => reviewForm(app.page).getAttribute('data-invoice'), wait).toBe(String(invoiceId))
}

describe('a supplier created from a scan, corrected offline', () => {
  let supplier: Row
  let invoiceId: number

  it('shows the review’s bank-account warning for the supplier’s next invoice', async () => {
    await app.signIn(DEMO_USERS.anne)
    const found = await platform<Row[]>(`suppliers?filter=OrgNumber eq '${scanned.orgNumber}'`)
    expect(found).toHaveLength(1)
    supplier = found[0]!
    // The supplier's next invoice prints its real account, which the scan did not read.
    const invoice = await platform<Row>('supplierinvoices', {
      method: 'POST',
      body: JSON.stringify({
        SupplierID: supplier.ID,
        SupplierOrgNumber: scanned.orgNumber,
        InvoiceNumber: 'TK-2211',
        InvoiceDate: new Date().toISOString().slice(0, 10),
        TaxInclusiveAmount: 2_480,
        TaxInclusiveAmountCurrency: 2_480,
        PaymentInformation: scanned.correctAccount,
      }),
    })
    invoiceId = invoice.ID
    await app.openCompany(nordlys)
    await app.setLanguage('nb')
    await expect.poll(() => syncIndicator().getAttribute('data-state'), wait).toBe('online')
    await openReview(invoiceId)
    await expect.poll(() => warning().isVisible(), wait).toBe(true)
  }, 300_000)

  it('finds the supplier among those created from a scan and corrects it offline', async () => {
    await app.page.evaluate('document.activeElement && document.activeElement.blur()')
    await app.page.keyboard.press('Alt+7')
    await expect.poll(() => view().isVisible(), wait).toBe(true)
    await expect.poll(() => countIn(scanFilter()), wait).toBe(1)
    await scanFilter().click()
    const rows = dataRows(suppliers())
    await expect.poll(() => rows.count(), wait).toBe(1)
    expect(await rows.first().textContent()).toContain(scanned.name)
    expect(await axeViolations(app.page, ['main'])).toEqual([])

    await rows.first().focus()
    await app.page.keyboard.press('Enter')
    await expect.poll(() => card().isVisible(), wait).toBe(true)
    expect(await scanBanner().isVisible()).toBe(true)
    await app.shoot('contacts-scanned-supplier')
    await app.setLanguage('nb')

    // The platform cannot be reached: the changes wait in the outbox.
    app.route.cut = true
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('offline')
    const bank = card().getByRole('region', { name: either(['Bank accounts', 'Bankkontoer']) })
    await bank
      .getByLabel('Ny bankkonto (kontonummer eller IBAN)')
      .fill(formatBankAccount(scanned.correctAccount))
    await bank.getByLabel('Gjør den til standard').check()
    await bank.getByRole('button', { name: 'Legg til', exact: true }).click()
    await expect.poll(() => bank.textContent(), wait).toContain(formatBankAccount(scanned.correctAccount))
    await card().getByRole('button', { name: 'Merk som kontrollert' }).click()
    await expect.poll(() => scanBanner().count(), wait).toBe(0)
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), wait).toBe('2')
    // axe is given CSS selectors, not a role and name: the card keeps its test id for it.
    expect(await axeViolations(app.page, ['[data-testid="party-card"]'])).toEqual([])

    // The review already follows the cache: the account is now one the supplier has on record.
    await openReview(invoiceId)
    await expect.poll(() => warning().count(), wait).toBe(0)
    const onPlatform = await platform<Row>(`suppliers/${supplier.ID}?expand=Info.BankAccounts`)
    const info = onPlatform.Info as { BankAccounts: { AccountNumber: string }[] }
    expect(info.BankAccounts.map((b) => b.AccountNumber)).toEqual([scanned.scannedAccount])
  }, 300_000)

  it('sends both changes once the platform answers again, once each', async () => {
    app.route.cut = false
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('online')
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), { timeout: 60_000 }).toBe('0')
    const onPlatform = await platform<Row>(
      `suppliers/${supplier.ID}?expand=Info.BankAccounts,Info.DefaultBankAccount`,
    )
    const info = onPlatform.Info as {
      BankAccounts: { AccountNumber: string }[]
      DefaultBankAccount: { AccountNumber: string } | null
    }
    expect(info.BankAccounts.map((b) => b.AccountNumber).sort()).toEqual(
      [scanned.scannedAccount, scanned.correctAccount].sort(),
    )
    expect(info.DefaultBankAccount?.AccountNumber).toBe(scanned.correctAccount)
    const comments = await platform<{ Text: string }[]>(`comments/Supplier/${supplier.ID}`)
    expect(comments.map((c) => c.Text)).toEqual(['Opprettet fra skanning', 'Kontrollert etter skanning'])

    // After the next pull the review still has no warning, and the supplier has left the scan filter.
    await openReview(invoiceId)
    expect(await warning().count()).toBe(0)
    await app.page.evaluate('document.activeElement && document.activeElement.blur()')
    await app.page.keyboard.press('Alt+7')
    await expect.poll(() => view().isVisible(), wait).toBe(true)
    await expect.poll(() => countIn(scanFilter()), wait).toBe(0)
    expect(app.pageErrors).toEqual([])
  }, 300_000)
})
