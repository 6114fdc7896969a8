// The offline workspace in Chromium against the browser-mode host and the Local sandbox: the overview and
// inbox fill from the cache, an edit made while the platform cannot be reached arrives when it comes back,
// a colleague's change to the same field becomes a conflict the user resolves, and every new view passes
// axe-core. The route to the platform is cut inside the host (its fetch fails as a refused connection).
import type { ConsoleMessage } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES } from '../../platform/seed/demo-constants.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import {
  bodyRows,
  dialogNamed,
  either,
  inboxTable,
  invoicePanel,
  listTab,
  navLink,
  offlineData,
  overviewTable,
  statusSaying,
  syncState,
  countIn,
  tableCell,
  viewHeading,
} from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
const aurora = DEMO_COMPANIES.aurora

const app = useApp()

const wait = { timeout: 30_000 }

interface Invoice {
  ID: number
  InvoiceNumber: string | null
  PaymentDueDate: string | null
  InvoiceDate: string | null
  TaxInclusiveAmount: number | string | null
  StatusCode: number
  UpdatedAt: string
  [field: string]: unknown
}

const platform = <T>(companyKey: string, path: string, init: RequestInit = {}) =>
  platformApi<T>(app.route.origin(), 'anne.accountant@demo.test', companyKey, path, init)

const draftsOf = (companyKey: string) =>
  platform<Invoice[]>(
    companyKey,
    `supplierinvoices?filter=StatusCode eq ${SupplierInvoiceStatus.Draft}&orderby=ID`,
  )

const tableRows = () => bodyRows(inboxTable(app.page))
const syncIndicator = () => syncState(app.page)

async function invoiceNumbersShown(): Promise<string[]> {
  // The invoice number is each row's second cell.
  const rows = await tableRows().all()
  const numbers = await Promise.all(rows.map((row) => row.getByRole('cell').nth(1).textContent()))
  return numbers.map((text) => (text ?? '').trim()).sort()
}

/** What the overview counts to review for a company (its "To review" cell). */
async function toReviewIn(company: { name: string }): Promise<string> {
  const cell = await tableCell(overviewTable(app.page), company.name, ['To review', 'Til kontroll'])
  return ((await cell.textContent()) ?? '').trim()
}

async function openCompanyInbox(company: { key: string; name: string }): Promise<void> {
  await app.openCompany(company, 'overview')
  await expect.poll(() => viewHeading(app.page, 'inbox').isVisible(), wait).toBe(true)
}

async function runAxe(label: string): Promise<void> {
  expect(await axeViolations(app.page), `axe on ${label}`).toEqual([])
}

describe('the offline workspace', () => {
  it('signs in to the overview; Nordlys’ seeded drafts fill its inbox and the overview counts them', async () => {
    await app.signIn()
    await expect.poll(() => viewHeading(app.page, 'overview').isVisible(), wait).toBe(true)
    expect(app.route.origin()).toMatch(/^http:\/\/127\.0\.0\.1:/)
    await expect.poll(() => syncIndicator().getAttribute('data-state'), wait).toBe('online')
    await runAxe('the overview')

    const drafts = await draftsOf(nordlys.key)
    expect(drafts.length).toBeGreaterThan(0)
    // Opening a company keeps it offline and syncs it first.
    await openCompanyInbox(nordlys)
    await expect
      .poll(invoiceNumbersShown, { timeout: 60_000 })
      .toEqual(drafts.map((invoice) => invoice.InvoiceNumber ?? '').sort())
    expect(await countIn(listTab(app.page, ['Draft', 'Utkast']))).toBe(drafts.length)
    await runAxe('the inbox')

    await navLink(app.page, 'overview').click()
    // The overview counts once the company's sync round is over (a minute on a busy machine).
    await expect.poll(() => toReviewIn(nordlys), { timeout: 90_000 }).toBe(String(drafts.length))
    // The review count opens the review desk filtered to the company.
    await app.page.getByRole('button', { name: `${drafts.length} to review in ${nordlys.name}` }).click()
    await expect.poll(() => viewHeading(app.page, 'desk').isVisible(), wait).toBe(true)
    expect(new URL(app.page.url()).hash).toContain(`company=${nordlys.key}`)
  }, 300_000)

  it('shows Aurora’s drafts, and none of Nordlys’, after switching to Aurora', async () => {
    const nordlysDrafts = await draftsOf(nordlys.key)
    const auroraDrafts = await draftsOf(aurora.key)
    await openCompanyInbox(aurora)
    await expect
      .poll(invoiceNumbersShown, { timeout: 60_000 })
      .toEqual(auroraDrafts.map((invoice) => invoice.InvoiceNumber ?? '').sort())
    const nordlysIds = new Set(nordlysDrafts.map((invoice) => invoice.InvoiceNumber))
    const auroraIds = new Set(auroraDrafts.map((invoice) => invoice.InvoiceNumber))
    // The seed may give both companies the same numbers; then the company switch must still hold.
    if ([...nordlysIds].some((number) => !auroraIds.has(number)))
      expect((await invoiceNumbersShown()).filter((number) => !auroraIds.has(number))).toEqual([])
    await navLink(app.page, 'overview').click()
    // The overview counts once the company's sync round is over (a minute on a busy machine).
    await expect.poll(() => toReviewIn(aurora), { timeout: 90_000 }).toBe(String(auroraDrafts.length))
  }, 120_000)

  it('keeps an edit made offline and sends it when the platform comes back', async () => {
    await openCompanyInbox(nordlys)
    const [target] = await draftsOf(nordlys.key)
    app.route.cut = true
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('offline')

    await app.page.getByRole('searchbox', { name: /Search/ }).fill(target!.InvoiceNumber!)
    await expect.poll(() => tableRows().count(), wait).toBe(1)
    await tableRows().first().focus()
    await app.page.keyboard.press('Enter')
    const panel = invoicePanel(app.page)
    await expect.poll(() => panel.isVisible(), wait).toBe(true)
    await panel.getByLabel('Invoice no.').fill('OFF-4711')
    await panel.getByLabel('Due date').fill('31.12.2026')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => statusSaying(panel, 'Saved on this computer').isVisible(), wait).toBe(true)
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), wait).toBe('1')
    expect(await syncIndicator().getAttribute('data-state')).toBe('offline')
    expect(await syncIndicator().textContent()).toContain('1 pending')
    // Nothing reached the platform while it could not be reached.
    const meanwhile = await platform<Invoice>(nordlys.key, `supplierinvoices/${target!.ID}`)
    expect(meanwhile.InvoiceNumber).toBe(target!.InvoiceNumber)

    await app.page.getByRole('searchbox', { name: /Search/ }).fill('')
    await syncIndicator().click()
    await expect
      .poll(
        () => dialogNamed(app.page, ['Changes on this computer', 'Endringer på denne maskinen']).isVisible(),
        wait,
      )
      .toBe(true)
    await runAxe('the sync panel')
    await app.shoot('sync-panel-offline')
    await app.page.keyboard.press('Escape')

    app.route.cut = false
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('online')
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), { timeout: 60_000 }).toBe('0')
    const after = await platform<Invoice>(nordlys.key, `supplierinvoices/${target!.ID}`)
    expect(after.InvoiceNumber).toBe('OFF-4711')
    expect(after.PaymentDueDate?.slice(0, 10)).toBe('2026-12-31')
    expect(after.InvoiceDate).toBe(target!.InvoiceDate)
    expect(Number(after.TaxInclusiveAmount)).toBe(Number(target!.TaxInclusiveAmount))
  }, 240_000)

  it('shows a colleague’s change to the same field as a conflict and sends the user’s choice', async () => {
    const drafts = await draftsOf(nordlys.key)
    const target = drafts.find((invoice) => invoice.InvoiceNumber !== 'OFF-4711')!
    // What the page said and what the host wrote, printed if the user's choice does not reach the platform.
    const said: string[] = []
    const listen = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') said.push(message.text().slice(0, 400))
    }
    app.page.on('console', listen)
    onTestFinished(() => void app.page.off('console', listen))
    app.route.cut = true
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('offline')

    await app.page.getByRole('searchbox', { name: /Search/ }).fill(target.InvoiceNumber!)
    await expect.poll(() => tableRows().count(), wait).toBe(1)
    await tableRows().first().click()
    const panel = invoicePanel(app.page)
    await panel.getByLabel('Invoice no.').fill('MINE-1')
    await panel.getByLabel('Due date').fill('15.01.2027')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), wait).toBe('1')

    // A colleague changes the invoice number (and only that) on the platform meanwhile.
    await platform(nordlys.key, `supplierinvoices/${target.ID}`, {
      method: 'PUT',
      body: JSON.stringify({ ID: target.ID, InvoiceNumber: 'THEIRS-1' }),
    })
    const colleague = await platform<Invoice>(nordlys.key, `supplierinvoices/${target.ID}`)
    expect(colleague.InvoiceNumber).toBe('THEIRS-1')

    await app.page.getByRole('searchbox', { name: /Search/ }).fill('')
    app.route.cut = false
    await expect.poll(() => syncIndicator().getAttribute('data-conflicts'), { timeout: 90_000 }).toBe('1')
    await syncIndicator().click()
    await app.page.getByRole('button', { name: 'Resolve' }).click()
    const dialog = app.page.getByRole('dialog', {
      name: either(['Resolve conflict', 'Løs konflikt'], 'start'),
    })
    await expect.poll(() => dialog.isVisible(), wait).toBe(true)
    const row = dialog
      .getByRole('row')
      .filter({ has: app.page.getByRole('rowheader', { name: 'Invoice number', exact: true }) })
    expect(await row.textContent()).toContain('MINE-1')
    expect(await row.textContent()).toContain('THEIRS-1')
    await runAxe('the conflict dialog')
    await app.shoot('conflict')
    await app.page.getByRole('radio', { name: 'Keep mine for Invoice number' }).check()
    await dialog.getByRole('button', { name: 'Apply choices' }).click()
    // The dialog closes once the choice is kept on this computer: the change is queued again, no conflict.
    await expect.poll(() => dialog.isVisible(), wait).toBe(false)
    expect(await syncIndicator().getAttribute('data-conflicts')).toBe('0')
    await app.page.keyboard.press('Escape')

    // The choice goes out with the next push: on the platform once it has answered, and the outbox empty.
    try {
      await expect
        .poll(
          async () => (await platform<Invoice>(nordlys.key, `supplierinvoices/${target.ID}`)).InvoiceNumber,
          { timeout: 60_000 },
        )
        .toBe('MINE-1')
      await expect.poll(() => syncIndicator().getAttribute('data-pending'), wait).toBe('0')
    } catch (failure) {
      const indicator = await Promise.all(
        ['data-state', 'data-pending', 'data-conflicts'].map(
          async (name) => `${name}=${await syncIndicator().getAttribute(name)}`,
        ),
      )
      const writes = app.route.writes.filter((line) => line.includes('supplierinvoices'))
      throw new Error(
        [
          String(failure),
          `the sync indicator: ${indicator.join(' ')}`,
          "the host's writes of invoices:",
          ...writes,
          'the page said:',
          ...said,
        ].join('\n'),
        { cause: failure },
      )
    }
    const after = await platform<Invoice>(nordlys.key, `supplierinvoices/${target.ID}`)
    expect(after.InvoiceNumber).toBe('MINE-1')
    expect(after.PaymentDueDate?.slice(0, 10)).toBe('2027-01-15')
    for (const field of ['InvoiceDate', 'TaxInclusiveAmount', 'SupplierID', 'StatusCode', 'PaymentID'])
      expect(after[field], field).toEqual(colleague[field])
  }, 240_000)

  it('passes axe-core in Settings → Offline data and on the overview in Norwegian', async () => {
    await navLink(app.page, 'settings').click()
    await expect.poll(() => offlineData(app.page).isVisible(), wait).toBe(true)
    await runAxe('Settings → Offline data')
    await navLink(app.page, 'overview').click()
    await app.shoot('overview')
    await openCompanyInbox(nordlys)
    await app.page.getByRole('tab', { name: /^(All|Alle) / }).click()
    await app.shoot('inbox')
    await app.setLanguage('nb')
    await navLink(app.page, 'overview').click()
    await runAxe('the overview in Norwegian')
    expect(app.pageErrors).toEqual([])
  }, 240_000)
})
