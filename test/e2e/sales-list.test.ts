// The sales list in Chromium with the demo office: Anne opens Nordlys Bakeri's sales with Alt+6, sees the
// demo's customer invoices by status with counts, finds one by its amount typed Norwegian style, and the
// office overview counts the company's drafts and overdue customer invoices. axe-core passes on the list.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { axeViolations, useApp } from './support.ts'
import {
  countIn,
  dataRows,
  listTab,
  listTable,
  overviewTable,
  tableCell,
  workspace,
  type Words,
} from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
const app = useApp()
const wait = { timeout: 60_000 }
const view = () => workspace(app.page)
const TABS = {
  draft: ['Drafts', 'Utkast'],
  unpaid: ['Invoiced', 'Fakturert'],
  overdue: ['Overdue', 'Forfalt'],
  paid: ['Paid', 'Betalt'],
  credited: ['Credited', 'Kreditert'],
  factoring: ['Waiting for factoring', 'Venter på factoring'],
  all: ['All', 'Alle'],
} as const satisfies Record<string, Words>
const tab = (name: keyof typeof TABS) => listTab(view(), TABS[name])
const count = (name: keyof typeof TABS) => countIn(tab(name))
const table = () =>
  listTable(view(), ['Customer invoices and credit notes', 'Kundefakturaer og kreditnotaer'])

describe('the sales list', () => {
  it('lists the company’s customer invoices from the cache by status, with counts', async () => {
    await app.signIn(DEMO_USERS.anne)
    await app.openCompany(nordlys)
    await app.setLanguage('en')
    await app.page.evaluate('document.activeElement && document.activeElement.blur()')
    await app.page.keyboard.press('Alt+6')
    await expect.poll(() => view().isVisible(), wait).toBe(true)
    await expect.poll(() => count('all'), wait).toBe(11)
    expect(await count('draft')).toBe(2)
    expect(await count('paid')).toBe(2)
    expect(await count('credited')).toBe(2)
    expect(await count('factoring')).toBe(1)
    expect((await count('unpaid')) + (await count('overdue'))).toBe(4)
    expect(await axeViolations(app.page, ['main']), 'axe on the list').toEqual([])
    await app.shoot('sales-drafts')

    await tab('all').click()
    await expect.poll(() => dataRows(table()).count(), wait).toBe(11)
    expect(await axeViolations(app.page, ['main']), 'axe on All').toEqual([])
    await app.shoot('sales-all')
  }, 300_000)

  it('finds an invoice by its amount typed Norwegian style, and opens it with Enter in the address', async () => {
    // 16 hours of project management at 1 400 kr with 25 % VAT.
    await view()
      .getByRole('searchbox', { name: /Search customer/ })
      .fill('28 000,00')
    const rows = dataRows(table())
    await expect.poll(() => rows.count(), wait).toBe(1)
    expect(await rows.first().textContent()).toContain('28,000.00')
    await rows.first().focus()
    await app.page.keyboard.press('Enter')
    await expect.poll(() => new URL(app.page.url()).hash, wait).toMatch(/invoice=\d+/)
    await app.page.keyboard.press('Escape')
    await expect.poll(() => table().isVisible(), wait).toBe(true)
  }, 120_000)

  it('counts each company’s sales drafts and overdue customer invoices on the overview', async () => {
    await app.page.keyboard.press('Alt+1')
    const drafts = () => tableCell(overviewTable(app.page), nordlys.name, ['Sales drafts', 'Salgsutkast'])
    await expect.poll(async () => (await (await drafts()).textContent())?.trim(), wait).toBe('2')
    await app.shoot('sales-overview')
  }, 120_000)
})
