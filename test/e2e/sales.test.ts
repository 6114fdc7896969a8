// An invoice from draft to credit note in Chromium with the demo office, in Norwegian and English: Anne
// writes a draft for a new customer (created with the invoice) while the platform cannot be reached, the
// draft waits in the outbox; back online it becomes the platform's draft, she invoices it and reads the
// number and KID the platform gave, opens the customer's PDF in the document viewer, credits the invoice and
// invoices the credit draft. axe-core passes on the editor and the preview in both languages.
import { describe, expect, it } from 'vitest'
import { formatOrgNumber, generateOrgNumber } from '../../common/norwegian.ts'
import { CustomerInvoiceStatus, InvoiceType } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { syncState } from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
const app = useApp()
const wait = { timeout: 60_000 }
const slow = { timeout: 120_000 }
const orgNumber = generateOrgNumber(9_100)

interface Row {
  ID: number
  [field: string]: unknown
}
const platform = <T>(path: string) =>
  platformApi<T>(app.route.origin(), DEMO_USERS.anne.email, nordlys.key, path)

const page = () => app.page
const editor = () => page().getByTestId('sales-editor')
const state = () => editor().getByTestId('sales-state')
const syncIndicator = () => syncState(page())
const title = () => editor().locator('h2').first().textContent()
const editorId = async () => Number(await editor().getAttribute('data-invoice'))
/** A cell of the invoice lines: columns product, text, quantity, unit, price, discount, VAT code. */
const cell = (row: number, col: number) =>
  editor().locator(`[data-testid="sales-lines"] [data-row="${row}"][data-col="${col}"]`)
/** The line cell that has the focus, as `row:column`. */
const focusedCell = () =>
  page().evaluate(
    'document.activeElement?.getAttribute("data-row") + ":" + document.activeElement?.getAttribute("data-col")',
  )
const axeOnEditor = () => axeViolations(page(), ['[data-testid="sales-editor"]'])

/** A product picked by its number in a line's product cell; it fills the text, unit, price and VAT code. */
async function pickProduct(row: number, number: string, quantity: string): Promise<void> {
  await cell(row, 0).fill(number)
  await expect.poll(() => page().locator('[role="listbox"] [role="option"]').count(), wait).toBeGreaterThan(0)
  await page().keyboard.press('Enter')
  await expect.poll(() => cell(row, 1).inputValue(), wait).not.toBe('')
  await cell(row, 2).fill(quantity)
}

describe('an invoice drafted offline, invoiced, shown as PDF and credited', () => {
  let draftId: number
  let invoiceNumber: string
  let kid: string

  it('writes a draft for a new customer while the platform cannot be reached', async () => {
    await app.signIn(DEMO_USERS.anne)
    await app.openCompany(nordlys)
    await app.setLanguage('nb')
    await expect.poll(() => syncIndicator().getAttribute('data-state'), slow).toBe('online')
    await page().evaluate('document.activeElement && document.activeElement.blur()')
    await page().keyboard.press('Alt+6')
    await expect.poll(() => page().getByTestId('sales-table').isVisible(), wait).toBe(true)

    app.route.cut = true
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('offline')
    await page().getByTestId('sales-new').click()
    await expect.poll(() => editor().isVisible(), wait).toBe(true)
    expect(await title()).toBe('Ny faktura')

    // The new customer's organisation number is checked (MOD11) on its field before it is taken.
    await editor().getByTestId('sales-customer-new').click()
    await editor().getByTestId('sales-customer-Name').fill('Fjordkanten Kafé AS')
    await editor().getByTestId('sales-customer-OrgNumber').fill('123456789')
    await editor().getByTestId('sales-customer-AddressLine1').fill('Kaigata 4')
    await editor().getByTestId('sales-customer-PostalCode').fill('6900')
    await editor().getByTestId('sales-customer-City').fill('Florø')
    await editor().getByTestId('sales-customer-EmailAddress').fill('post@fjordkanten.example')
    await editor().getByTestId('sales-customer-CreditDays').fill('10')
    await editor().getByTestId('sales-customer-use').click()
    const org = editor().getByTestId('sales-customer-OrgNumber')
    await expect.poll(() => org.getAttribute('aria-invalid'), wait).toBe('true')
    expect(await editor().getByTestId('sales-customer-form').textContent()).toContain('MOD11')
    expect(await axeOnEditor(), 'axe on the new customer form').toEqual([])
    await app.shoot('sales-editor-new-customer')
    await app.setLanguage('nb')

    await org.fill(formatOrgNumber(orgNumber))
    await editor().getByTestId('sales-customer-use').click()
    await expect
      .poll(() => editor().getByTestId('sales-customer-inline').textContent(), wait)
      .toContain(formatOrgNumber(orgNumber))
    expect(await editor().getByTestId('sales-credit-days').inputValue()).toBe('10')

    // Lines typed keyboard first; leaving a field saves the draft on this computer under a local ID.
    await pickProduct(0, '1001', '7,5')
    await cell(0, 6).focus()
    await page().keyboard.press('Enter')
    await expect.poll(focusedCell, wait).toBe('1:0')
    await pickProduct(1, '2001', '4')
    await cell(1, 6).focus()
    await page().keyboard.press('Enter')
    await pickProduct(2, '3002', '1')
    await cell(2, 5).fill('10')
    await cell(2, 1).focus()
    await page().keyboard.press('Control+d')
    await expect.poll(() => cell(3, 1).inputValue(), wait).toBe('Kursavgift')
    await cell(3, 2).fill('2')
    await editor().getByLabel('Deres referanse').fill('Ola Fjordkanten')
    await editor().getByLabel('Tekst på fakturaen').fill('Takk for handelen!')
    await cell(0, 1).focus()
    await expect.poll(editorId, wait).toBeLessThan(0)
    draftId = await editorId()
    expect(new URL(page().url()).hash).toContain(`invoice=${draftId}`)
    await expect.poll(() => state().getAttribute('data-state'), wait).toBe('queued')
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), wait).toBe('1')
    // 7,5 × 1 250 + 4 × 450 + 0,9 × 2 500 + 2 × 0,9 × 2 500 = 17 925 excl. VAT; 25 % and 15 % VAT, course fees at 0 %.
    await expect.poll(() => editor().getByTestId('sales-total-net').textContent(), wait).toMatch(/17\s925,00/)
    expect(await editor().getByTestId('sales-vat-25').textContent()).toMatch(/2\s343,75/)
    expect(await editor().getByTestId('sales-vat-15').textContent()).toMatch(/270,00/)
    expect(await editor().getByTestId('sales-total-gross').textContent()).toMatch(/20\s538,75/)
    expect(await axeOnEditor(), 'axe on the draft').toEqual([])
    await app.shoot('sales-editor-draft')
    await app.setLanguage('nb')
  }, 300_000)

  it('sends the draft once the platform answers again, then invoices it and shows number and KID', async () => {
    app.route.cut = false
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('online')
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), slow).toBe('0')
    // The editor follows the draft onto the platform's ID, and the address names that ID.
    await expect.poll(editorId, wait).toBeGreaterThan(0)
    draftId = await editorId()
    await expect.poll(() => new URL(page().url()).hash, wait).toContain(`invoice=${draftId}`)
    const draft = await platform<Row>(`invoices/${draftId}?expand=Items,Customer.Info`)
    expect(draft.StatusCode).toBe(CustomerInvoiceStatus.Draft)
    expect((draft.Items as Row[]).length).toBe(4)
    expect((draft.Customer as { OrgNumber: string; Info: { Name: string } }).OrgNumber).toBe(orgNumber)
    expect(draft.TaxInclusiveAmount).toBe(20_538.75)
    const customers = await platform<Row[]>(`customers?filter=OrgNumber eq '${orgNumber}'`)
    expect(customers).toHaveLength(1)

    await cell(0, 1).focus()
    await page().keyboard.press('Control+Enter')
    await expect.poll(() => state().getAttribute('data-state'), slow).toBe('invoiced')
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), slow).toBe('0')
    const invoiced = await platform<Row>(`invoices/${draftId}`)
    invoiceNumber = String(invoiced.InvoiceNumber)
    kid = String(invoiced.PaymentID)
    expect(invoiceNumber).toMatch(/^\d+$/)
    expect(kid).toMatch(/^\d+$/)
    await expect
      .poll(() => state().textContent(), wait)
      .toBe(`Fakturert med nummer ${invoiceNumber} · KID ${kid}`)
    expect(await title()).toBe(`Faktura ${invoiceNumber}`)
    expect(await cell(0, 1).getAttribute('readonly')).not.toBeNull()
    expect(await editor().getByTestId('sales-invoice').count()).toBe(0)
    expect(await axeOnEditor(), 'axe on the invoiced invoice').toEqual([])
    await app.shoot('sales-editor-invoiced')

    // In English the same row reads in English.
    await app.setLanguage('en')
    await expect
      .poll(() => state().textContent(), wait)
      .toBe(`Invoiced as number ${invoiceNumber} · KID ${kid}`)
    expect(await title()).toBe(`Invoice ${invoiceNumber}`)
    expect(await axeOnEditor(), 'axe on the invoiced invoice in English').toEqual([])
    await app.setLanguage('nb')
  }, 300_000)

  it('opens the customer’s PDF in the document viewer', async () => {
    await editor().getByTestId('sales-preview-button').click()
    const preview = page().getByTestId('sales-preview')
    await expect.poll(() => preview.isVisible(), wait).toBe(true)
    await expect
      .poll(() => preview.locator('.dv__page[data-page="1"] canvas').count(), wait)
      .toBeGreaterThan(0)
    expect(await preview.textContent()).toContain(`${invoiceNumber}.pdf`)
    expect(await axeViolations(page(), ['[data-testid="sales-preview"]']), 'axe on the preview').toEqual([])
    await app.shoot('sales-editor-pdf')
    await app.setLanguage('nb')
    await page().keyboard.press('Escape')
    await expect.poll(() => preview.count(), wait).toBe(0)
    // The dialog's Esc closed only the dialog: the invoice is still open.
    expect(await editorId()).toBe(draftId)
  }, 300_000)

  it('credits the invoice: the credit draft opens, and is invoiced', async () => {
    await editor().getByTestId('sales-credit').click()
    await expect.poll(async () => (await editorId()) !== draftId, wait).toBe(true)
    await expect.poll(title, wait).toBe('Kreditnotakladd')
    await expect.poll(() => cell(0, 2).inputValue(), wait).toBe('-7,5')
    await expect
      .poll(() => editor().getByTestId('sales-total-gross').textContent(), wait)
      .toMatch(/[−-]20\s538,75/)
    expect(await axeOnEditor(), 'axe on the credit draft').toEqual([])
    await app.shoot('sales-editor-credit-draft')
    await app.setLanguage('nb')

    // Online, the credit is answered with the platform's credit draft, which the editor follows.
    await expect.poll(editorId, slow).toBeGreaterThan(0)
    const creditId = await editorId()
    await expect.poll(() => state().getAttribute('data-state'), slow).toBe('draft')
    await editor().getByTestId('sales-invoice').click()
    await expect.poll(() => state().getAttribute('data-state'), slow).toBe('invoiced')
    const credit = await platform<Row>(`invoices/${creditId}`)
    expect(credit.InvoiceType).toBe(InvoiceType.CreditNote)
    expect(credit.InvoiceReferenceID).toBe(draftId)
    expect(credit.TaxInclusiveAmount).toBe(-20_538.75)
    await expect.poll(title, wait).toBe(`Kreditnota ${String(credit.InvoiceNumber)}`)
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), slow).toBe('0')
    const original = await platform<Row>(`invoices/${draftId}`)
    expect(original.StatusCode).toBe(CustomerInvoiceStatus.Credited)
    expect(app.pageErrors).toEqual([])
  }, 300_000)
})
