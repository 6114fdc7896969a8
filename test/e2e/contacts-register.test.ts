// The contacts register in Chromium with the demo office: Anne opens Nordlys's register with Alt+7, finds a
// supplier by its organisation number typed as printed on an invoice (`NO … MVA`), opens its card with
// Enter, and Back closes it. axe-core passes on the register and on the card.
import { describe, expect, it } from 'vitest'
import { formatOrgNumber } from '../../common/norwegian.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { DEMO_SUPPLIERS } from '../../platform/seed/demo-parties.ts'
import { axeViolations, useApp } from './support.ts'
import { countIn, dataRows, listTab, listTable, workspace } from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
const supplier = DEMO_SUPPLIERS[0]!
const app = useApp()
const wait = { timeout: 60_000 }
const view = () => workspace(app.page)
const suppliers = () => listTable(view(), ['Suppliers', 'Leverandører'])
/** The open party's card: an article named by the party's name. */
const card = (name: string) => app.page.getByRole('article', { name })

async function runAxe(label: string): Promise<void> {
  expect(await axeViolations(app.page, ['main']), `axe on ${label}`).toEqual([])
}

describe('the contacts register', () => {
  it('lists the company’s suppliers from the cache and finds one by its printed organisation number', async () => {
    await app.signIn(DEMO_USERS.anne)
    await app.openCompany(nordlys)
    await app.setLanguage('en')
    await app.page.evaluate('document.activeElement && document.activeElement.blur()')
    await app.page.keyboard.press('Alt+7')
    await expect.poll(() => view().isVisible(), wait).toBe(true)
    await expect.poll(() => countIn(listTab(view(), ['Suppliers', 'Leverandører'])), wait).toBeGreaterThan(0)
    await runAxe('register')
    await app.shoot('contacts-register')

    await view()
      .getByRole('searchbox', { name: /Search name/ })
      .fill(`NO ${formatOrgNumber(supplier.orgNumber!)} MVA`)
    const rows = dataRows(suppliers())
    await expect.poll(() => rows.count(), wait).toBe(1)
    expect(await rows.first().textContent()).toContain(supplier.name)
  }, 300_000)

  it('opens the card with Enter and closes it with Back', async () => {
    await dataRows(suppliers()).first().focus()
    await app.page.keyboard.press('Enter')
    await expect.poll(() => card(supplier.name).isVisible(), wait).toBe(true)
    expect(new URL(app.page.url()).hash).toMatch(/party=Supplier(%3A|:)\d+/)
    await runAxe('card')
    await app.shoot('contacts-card')
    await app.page.goBack()
    await expect.poll(() => card(supplier.name).count(), wait).toBe(0)
    await expect.poll(() => view().isVisible(), wait).toBe(true)
  }, 120_000)
})
