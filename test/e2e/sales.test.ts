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
import {
  definition,
  definitionStarting,
  dialogNamed,
  either,
  salesEditor,
  salesState,
  syncState,
  viewHeading,
} from './find.ts'

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
/** The editor's region keeps the invoice's ID (negative while only on this computer) in `data-invoice`. */
const editor = () => salesEditor(page())
const state = () => salesState(page())
const syncIndicator = () => syncState(page())
const title = () => editor().getByRole('heading', { level: 2 }).first().textContent()
const editorId = async () => Number(await editor().getAttribute('data-invoice'))
/** The columns of the invoice lines, each cell named by its column and line ("Antall 2"). */
const COLUMNS: readonly (readonly [string, string])[] = [
  ['Product', 'Produkt'],
  ['Text', 'Tekst'],
  ['Quantity', 'Antall'],
  ['Unit', 'Enhet'],
  ['Unit price', 'Enhetspris'],
  ['Discount %', 'Rabatt %'],
  ['VAT code', 'Mva-kode'],
]
/** A cell of the invoice lines: columns product, text, quantity, unit, price, discount, VAT code. */
const cell = (row: number, col: number) =>
  editor()
    .getByRole('table', { name: either(['Invoice lines', 'Fakturalinjer']) })
    .getByLabel(either([`${COLUMNS[col]![0]} ${row + 1}`, `${COLUMNS[col]![1]} ${row + 1}`]))
/** The name of the field that has the focus (a line's cell reads "Produkt 2"). */
const focusedCell = () => page().evaluate('document.activeElement?.getAttribute("aria-label")')
// axe-core takes CSS selectors; the workspace's main landmark holds the editor.
const axeOnEditor = () => axeViolations(page(), ['main'])
const totals = () => editor().getByRole('region', { name: either(['Totals', 'Summer']) })
const gross = () => definitionStarting(totals(), ['Total incl. VAT', 'Sum inkl. mva'])
const invoiceButton = () => editor().getByRole('button', { name: 'Fakturer', exact: true })
/** The new customer written with the invoice, and its fields by their labels. */
const newCustomer = () =>
  editor().getByRole('group', {
    name: either(['New customer with this invoice', 'Ny kunde med denne fakturaen']),
  })
const customerField = (label: string) => newCustomer().getByLabel(label, { exact: true })

/** A product picked by its number in a line's product cell; it fills the text, unit, price and VAT code. */
async function pickProduct(row: number, number: string, quantity: string): Promise<void> {
  await cell(row, 0).fill(number)
  await expect.poll(() => page().getByRole('listbox').getByRole('option').count(), wait).toBeGreaterThan(0)
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
    // The products come offline with the company's first sync: she waits for it, as the top bar tells.
    await expect.poll(() => syncIndicator().textContent(), slow).toContain('Sist synkronisert')
    await page().evaluate('document.activeElement && document.activeElement.blur()')
    await page().keyboard.press('Alt+6')
    await expect.poll(() => viewHeading(page(), 'sales').isVisible(), wait).toBe(true)

    app.route.cut = true
    await expect.poll(() => syncIndicator().getAttribute('data-state'), { timeout: 90_000 }).toBe('offline')
    await page().getByRole('button', { name: 'Ny faktura', exact: true }).click()
    await expect.poll(() => editor().isVisible(), wait).toBe(true)
    expect(await title()).toBe('Ny faktura')

    // The new customer's organisation number is checked (MOD11) on its field before it is taken.
    await editor().getByRole('button', { name: 'Ny kunde', exact: true }).click()
    await customerField('Navn').fill('Fjordkanten Kafé AS')
    await customerField('Organisasjonsnr.').fill('123456789')
    await customerField('Adresse').fill('Kaigata 4')
    await customerField('Postnummer').fill('6900')
    await customerField('Poststed').fill('Florø')
    await customerField('E-post').fill('post@fjordkanten.example')
    await customerField('Frist (dager)').fill('10')
    await newCustomer().getByRole('button', { name: 'Bruk denne kunden' }).click()
    const org = customerField('Organisasjonsnr.')
    await expect.poll(() => org.getAttribute('aria-invalid'), wait).toBe('true')
    expect(await newCustomer().textContent()).toContain('MOD11')
    expect(await axeOnEditor(), 'axe on the new customer form').toEqual([])
    await app.shoot('sales-editor-new-customer')
    await app.setLanguage('nb')

    await org.fill(formatOrgNumber(orgNumber))
    await newCustomer().getByRole('button', { name: 'Bruk denne kunden' }).click()
    await expect
      .poll(() => editor().getByText('Ny kunde: opprettes med fakturaen').textContent(), wait)
      .toContain(formatOrgNumber(orgNumber))
    expect(await editor().getByLabel('Betalingsfrist (dager)').inputValue()).toBe('10')

    // Lines typed keyboard first; leaving a field saves the draft on this computer under a local ID.
    await pickProduct(0, '1001', '7,5')
    await cell(0, 6).focus()
    await page().keyboard.press('Enter')
    await expect.poll(focusedCell, wait).toBe('Produkt 2')
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
    await expect.poll(() => state().textContent(), wait).toBe('Venter på å bli sendt')
    await expect.poll(() => syncIndicator().getAttribute('data-pending'), wait).toBe('1')
    // 7,5 × 1 250 + 4 × 450 + 0,9 × 2 500 + 2 × 0,9 × 2 500 = 17 925 excl. VAT; 25 % and 15 % VAT, course fees at 0 %.
    await expect
      .poll(() => definition(totals(), ['Total excl. VAT', 'Sum eks. mva']).textContent(), wait)
      .toMatch(/17\s925,00/)
    expect(await definitionStarting(totals(), ['VAT 25 %', 'Mva 25 %']).textContent()).toMatch(/2\s343,75/)
    expect(await definitionStarting(totals(), ['VAT 15 %', 'Mva 15 %']).textContent()).toMatch(/270,00/)
    expect(await gross().textContent()).toMatch(/20\s538,75/)
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
    await expect.poll(() => state().textContent(), slow).toMatch(/^Fakturert med nummer /)
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
    expect(await invoiceButton().count()).toBe(0)
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
    // An invoiced invoice offers its PDF (a draft offers a preview).
    await editor().getByRole('button', { name: 'PDF', exact: true }).click()
    const preview = dialogNamed(page(), ['Invoice as the customer sees it', 'Fakturaen slik kunden ser den'])
    await expect.poll(() => preview.isVisible(), wait).toBe(true)
    // A page is an image named by its number; the canvas in it shows that the page was drawn.
    await expect
      .poll(
        () =>
          preview
            .getByRole('img', { name: either(['Page 1', 'Side 1']) })
            .locator('canvas')
            .count(),
        wait,
      )
      .toBeGreaterThan(0)
    expect(await preview.textContent()).toContain(`${invoiceNumber}.pdf`)
    expect(await axeViolations(page(), ['.p-dialog']), 'axe on the preview').toEqual([])
    await app.shoot('sales-editor-pdf')
    await app.setLanguage('nb')
    await page().keyboard.press('Escape')
    await expect.poll(() => preview.count(), wait).toBe(0)
    // The dialog's Esc closed only the dialog: the invoice is still open.
    expect(await editorId()).toBe(draftId)
  }, 300_000)

  it('credits the invoice: the credit draft opens, and is invoiced', async () => {
    await editor().getByRole('button', { name: 'Krediter', exact: true }).click()
    await expect.poll(async () => (await editorId()) !== draftId, wait).toBe(true)
    await expect.poll(title, wait).toBe('Kreditnotakladd')
    await expect.poll(() => cell(0, 2).inputValue(), wait).toBe('-7,5')
    await expect.poll(() => gross().textContent(), wait).toMatch(/[−-]20\s538,75/)
    expect(await axeOnEditor(), 'axe on the credit draft').toEqual([])
    await app.shoot('sales-editor-credit-draft')
    await app.setLanguage('nb')

    // Online, the credit is answered with the platform's credit draft, which the editor follows.
    await expect.poll(editorId, slow).toBeGreaterThan(0)
    const creditId = await editorId()
    await expect.poll(() => state().textContent(), slow).toBe('Kladd på plattformen')
    await invoiceButton().click()
    await expect.poll(() => state().textContent(), slow).toMatch(/^Fakturert med nummer /)
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
