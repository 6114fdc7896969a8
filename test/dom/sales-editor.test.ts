// The invoice editor in the whole shell over the test bridge, on the Sales view's `?invoice=` address: the
// sync engine pulls the company's customers, products, VAT types and invoices as main would answer, and the
// editor works on the cache: a customer picked (or created inline, its organisation number checked), a
// product filling price and VAT code, the keyboard, the totals of common/sales/totals.ts, an invoiced
// invoice read-only with its number and KID, and a refusal of the platform shown on the field it names.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import type { OutboxCommand } from '@common/bridge/outbox'
import type { PlatformRow } from '@common/bridge/sync'
import type { CustomFieldDefinition } from '@common/bridge/admin-fields'
import type { CustomerInvoice, VatType } from '@common/entities/rows'
import { CustomFieldStatus } from '@common/status'
import { draftTotals, vatPercentsOf } from '@common/sales/totals'
import { formatAmount } from '@renderer/i18n/format'
import { createSalesDraft } from '@renderer/data/sales'
import type { WorkspaceDb } from '@renderer/data/schema'
import { pressKey, waitForElement, type MountedShell } from './mount-shell.ts'
import { mountWorkspace } from './mount-workspace.ts'

const companies = [{ ID: 1, Name: 'Nordlys Bakeri AS', Key: 'nordlys', IsTest: false, OrganizationNumber: '924956488' }]
const at = '2026-11-01T10:00:00.000Z'
const vatTypes = [
  { ID: 3, UpdatedAt: at, VatCode: '3', Name: 'Utgående mva, høy sats', VatPercent: 25, OutputVat: true, OutgoingAccountID: 2700 },
  { ID: 33, UpdatedAt: at, VatCode: '33', Name: 'Utgående mva, lav sats', VatPercent: 12, OutputVat: true, OutgoingAccountID: 2702 },
  { ID: 1, UpdatedAt: at, VatCode: '1', Name: 'Inngående mva, høy sats', VatPercent: 25, OutputVat: false, OutgoingAccountID: null, IncomingAccountID: 2710 },
  { ID: 9, UpdatedAt: at, VatCode: '0', Name: 'Ingen mva-behandling', VatPercent: 0, OutputVat: false, OutgoingAccountID: null },
]
const invoiced = {
  ID: 500,
  UpdatedAt: at,
  CustomerID: 11,
  CustomerName: 'Kaffebrenneriet AS',
  InvoiceNumber: '100017',
  InvoiceType: 0,
  InvoiceDate: '2026-10-01',
  PaymentDueDate: '2026-10-15',
  StatusCode: 42002,
  TaxInclusiveAmount: 125,
  RestAmount: 125,
  CurrencyCodeID: 1,
  PaymentID: '0001101000170',
  Items: [
    { ID: 501, UpdatedAt: at, CustomerInvoiceID: 500, ItemText: 'Rundstykker', NumberOfItems: 1, PriceExVatCurrency: 100, VatTypeID: 3, SortIndex: 0 },
  ],
}
const rows: Record<string, PlatformRow[]> = {
  CompanySettings: [{ ID: 1, UpdatedAt: at, CompanyName: 'Nordlys Bakeri AS', BaseCurrencyCodeID: 1 }],
  CurrencyCode: [{ ID: 1, UpdatedAt: at, Code: 'NOK' }, { ID: 2, UpdatedAt: at, Code: 'EUR' }],
  VatType: vatTypes,
  Customer: [
    {
      ID: 11,
      UpdatedAt: at,
      StatusCode: 30001,
      CustomerNumber: 10001,
      OrgNumber: '995525828',
      CreditDays: 14,
      Info: { ID: 111, UpdatedAt: at, Name: 'Kaffebrenneriet AS', InvoiceAddressID: 1, InvoiceAddress: { ID: 1, UpdatedAt: at, AddressLine1: 'Torgallmenningen 1', PostalCode: '5014', City: 'Bergen' } },
    },
  ],
  Product: [
    { ID: 41, UpdatedAt: at, Name: 'Surdeigsbrød', PartName: '100', Unit: 'stk', PriceExVat: 64.5, VatTypeID: 33, AccountID: 3000 },
  ],
  CustomerInvoice: [invoiced],
}

let shell: MountedShell | undefined
let db: WorkspaceDb | undefined

/** The shell on `/sales?invoice=…`; main holds every outbox command, so what the editor queued stays queued. */
async function mount(invoice: string, language = 'en-US') {
  const sent: OutboxCommand[] = []
  const mounted = await mountWorkspace({
    path: '/',
    languages: [language],
    companies,
    permissions: ['ui_sales'],
    views: ['sales', 'settings'],
    rows: { nordlys: rows },
    handlers: {
      'outbox.execute': async (_key, command) => {
        sent.push(command)
        return new Promise(() => undefined)
      },
    },
  })
  shell = mounted.shell
  db = mounted.db
  await vi.waitFor(async () => expect(await db!.Product.count()).toBe(1), { timeout: 15_000 })
  await vi.waitFor(async () => expect(await db!.VatType.count()).toBe(4), { timeout: 15_000 })
  await vi.waitFor(async () => expect(await db!.CustomerInvoice.count()).toBe(1), { timeout: 15_000 })
  await shell.router.push(`/sales?invoice=${invoice}`)
  const editor = await waitForElement('[data-testid="sales-editor"]')
  return { sent, db, editor }
}

const q = <T extends HTMLElement = HTMLInputElement>(selector: string) => document.querySelector<T>(selector)!
const text = (selector: string) => document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
const cell = (row: number, col: number) => q(`[data-testid="sales-lines"] [data-row="${row}"][data-col="${col}"]`)
async function typeInto(input: HTMLInputElement, value: string) {
  input.focus()
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
  await flushPromises()
}
/**
 * Picks the customer the search finds, then leaves the field: the draft is saved with its local ID and the
 * view opens it by that ID (a new editor on the saved row).
 */
async function pickCustomer(query: string) {
  await typeInto(q('[data-testid="sales-customer"] input'), query)
  const option = await waitForElement('[role="option"]')
  option.click()
  await flushPromises()
  ;(document.activeElement as HTMLElement).blur()
  await vi.waitFor(() => expect(q('[data-testid="sales-editor"]').dataset.invoice).toMatch(/^-\d+$/))
  await waitForElement('[data-testid="sales-lines"] [data-row="0"]')
}
async function pickFromList(input: HTMLInputElement, typed: string) {
  await typeInto(input, typed)
  pressKey(input, { key: 'Enter' })
  await flushPromises()
}
const money = (ore: number) => formatAmount(ore / 100, 'en')

/** A field the company keeps on its sales invoices (spec 2.16), as Admin last read it. */
const customField = (Name: string, kind: CustomFieldDefinition['kind']): CustomFieldDefinition => ({
  model: 'CustomerInvoice',
  Name,
  ID: 70,
  DataType: kind,
  kind,
  Nullable: true,
  StatusCode: CustomFieldStatus.Active,
})
function labelled(label: string): HTMLInputElement {
  const found = [...document.querySelectorAll('[data-testid="custom-values"] label')].find((l) =>
    l.textContent?.trim().startsWith(label),
  ) as HTMLLabelElement | undefined
  if (!found) throw new Error(`No custom field labelled ${label}`)
  return document.getElementById(found.htmlFor) as HTMLInputElement
}

describe('the invoice editor', () => {
  it('saves the company’s custom values of sales invoices with the draft, and invoices nothing while one cannot be read', async () => {
    const { db } = await mount('new')
    await db.customFieldSets.put({
      companyKey: 'nordlys',
      types: [],
      models: [],
      fields: [customField('Prosjekt', 'smalltext'), customField('Timer', 'number')],
      readAt: null,
    })
    // Another company's field of the same model never reaches this company's editor.
    await db.customFieldSets.put({
      companyKey: 'fjordkraft',
      types: [],
      models: [],
      fields: [customField('Kostnadssted', 'smalltext')],
      readAt: null,
    })
    await pickCustomer('9955')
    await typeInto(cell(0, 1), 'Kaffe levert')
    await typeInto(cell(0, 4), '200')
    await pickFromList(cell(0, 6), '3')
    await waitForElement('[data-testid="custom-values"]')
    expect(document.querySelector('[data-testid="custom-values"]')!.textContent).not.toContain('Kostnadssted')
    await typeInto(labelled('Prosjekt'), 'P-17')
    labelled('Prosjekt').dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    await vi.waitFor(async () => {
      const [draft] = (await db.CustomerInvoice.toArray()).filter((r) => r.ID < 0) as unknown as CustomerInvoice[]
      expect(draft!.CustomValues).toMatchObject({ CustomProsjekt: 'P-17' })
      expect(JSON.stringify(await db.outbox.toArray())).toContain('"CustomProsjekt":"P-17"')
    })
    // A whole number that is no number: the draft is not invoiced, and the field says why.
    await typeInto(labelled('Timer'), 'tre')
    labelled('Timer').dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    pressKey(cell(0, 1), { key: 'Enter', ctrlKey: true })
    await vi.waitFor(() => expect(labelled('Timer').getAttribute('aria-invalid')).toBe('true'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const actions = (await db.outbox.toArray()).map((e) => e.action)
    expect(actions).not.toContain('invoice')
    expect(JSON.stringify(await db.outbox.toArray())).not.toContain('tre')
  })

  it('fills address and due date from the customer picked, price and VAT from the product, and shows the totals of totals.ts', async () => {
    await mount('new')
    await pickCustomer('Kaffe')
    const editor = q('[data-testid="sales-editor"]')
    await vi.waitFor(() => expect(q<HTMLInputElement>('[data-testid="sales-customer"] input').value).toBe('Kaffebrenneriet AS'))
    await vi.waitFor(() => expect(editor.querySelector<HTMLInputElement>('input[id$="-address"]')!.value).toBe('Torgallmenningen 1'))
    expect(q<HTMLInputElement>('[data-testid="sales-credit-days"]').value).toBe('14')
    // The product fills text, unit, price and its (sales) VAT code.
    await pickFromList(cell(0, 0), '100')
    await vi.waitFor(() => expect(cell(0, 1).value).toBe('Surdeigsbrød'))
    expect(cell(0, 3).value).toBe('stk')
    expect(cell(0, 4).value).toBe('64.50')
    expect(cell(0, 6).value).toBe('33 Utgående mva, lav sats')
    await typeInto(cell(0, 2), '3')
    await typeInto(cell(0, 5), '10')
    const expected = draftTotals(
      { InvoiceDate: new Date().toISOString().slice(0, 10), Items: [{ NumberOfItems: 3, PriceExVatCurrency: 64.5, DiscountPercent: 10, VatTypeID: 33 }] },
      vatPercentsOf(vatTypes as unknown as VatType[]),
    )
    await vi.waitFor(() => expect(text('[data-testid="sales-total-gross"]')).toBe(money(expected.gross)))
    expect(text('[data-testid="sales-total-net"]')).toBe(money(expected.net))
    expect(text('[data-testid="sales-vat-12"]')).toBe(money(expected.vat[0]!.vat))
    expect(text('[data-testid="sales-line-sum-0"]')).toBe(money(expected.lines[0]!.net))
    // Every control named (colours are judged in the browser suite, which has layout).
    const { default: axe } = await import('axe-core')
    const result = await axe.run(editor, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] })
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
  })

  it('offers only the sales VAT codes of the company', async () => {
    await mount('new')
    // The editor reads the company's VAT types as it opens.
    await vi.waitFor(async () => {
      await typeInto(cell(0, 6), 'mva')
      expect(document.querySelector('[role="listbox"] [role="option"]')).not.toBeNull()
    })
    const offered = [...document.querySelectorAll('[role="listbox"] [role="option"]')].map((o) => o.textContent?.trim())
    expect(offered.some((o) => o?.startsWith('3 '))).toBe(true)
    expect(offered.some((o) => o?.startsWith('1 '))).toBe(false)
  })

  it('moves with Enter, adds a line after the last cell, duplicates with Ctrl+D and invoices with Ctrl+Enter', async () => {
    const { db } = await mount('new')
    await pickCustomer('9955')
    await typeInto(cell(0, 1), 'Kaffe levert')
    pressKey(cell(0, 1), { key: 'Enter' })
    await flushPromises()
    expect(document.activeElement).toBe(cell(0, 2))
    await typeInto(cell(0, 4), '200')
    await pickFromList(cell(0, 6), '3')
    pressKey(cell(0, 6), { key: 'Enter' })
    await vi.waitFor(() => expect(document.activeElement).toBe(cell(1, 0)))
    // Delete on the new, empty line removes it.
    pressKey(cell(1, 0), { key: 'Delete' })
    await vi.waitFor(() => expect(document.querySelector('[data-testid="sales-line-1"]')).toBeNull())
    pressKey(cell(0, 1), { key: 'd', ctrlKey: true })
    await vi.waitFor(() => expect(cell(1, 1).value).toBe('Kaffe levert'))
    pressKey(cell(1, 1), { key: 'Enter', ctrlKey: true })
    await vi.waitFor(async () => {
      const actions = (await db.outbox.toArray()).map((e) => e.action)
      // The create is on its way (main holds it), so the lines typed since follow as an edit of the draft.
      expect(actions[0]).toBe('create')
      expect(actions.slice(-2)).toEqual(['invoice', 'attach-document'])
    })
    const [created] = (await db.CustomerInvoice.toArray()).filter((r) => r.ID < 0)
    expect((created as unknown as CustomerInvoice).Items).toHaveLength(2)
    await vi.waitFor(() => expect(q('[data-testid="sales-state"]').dataset.state).toMatch(/invoicing|sending/))
    // On its way to be invoiced: nothing can be typed any more.
    expect(cell(0, 1).readOnly).toBe(true)
  })

  it('refuses a new customer with a bad organisation number on its field, and takes a good one inline', async () => {
    await mount('new', 'nb-NO')
    q<HTMLButtonElement>('[data-testid="sales-customer-new"]').click()
    await flushPromises()
    await typeInto(q('[data-testid="sales-customer-Name"]'), 'Fjellbakeriet AS')
    await typeInto(q('[data-testid="sales-customer-OrgNumber"]'), '123456789')
    // The e-mail rule of every form (common/field-checks.ts): a top-level name of two letters or more.
    await typeInto(q('[data-testid="sales-customer-EmailAddress"]'), 'post@fjellbakeriet.n')
    q<HTMLButtonElement>('[data-testid="sales-customer-use"]').click()
    await flushPromises()
    const org = q('[data-testid="sales-customer-OrgNumber"]')
    expect(org.getAttribute('aria-invalid')).toBe('true')
    expect(text(`#${CSS.escape(org.getAttribute('aria-describedby')!)}`)).toContain('MOD11')
    expect(q('[data-testid="sales-customer-EmailAddress"]').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(org)
    await typeInto(q('[data-testid="sales-customer-EmailAddress"]'), 'post@fjellbakeriet.no')
    // The number as invoices print it is taken, and kept as its nine digits.
    await typeInto(org, 'NO 995 525 828 MVA')
    q<HTMLButtonElement>('[data-testid="sales-customer-use"]').click()
    await flushPromises()
    expect(text('[data-testid="sales-customer-inline"]')).toBe('Ny kunde: opprettes med fakturaen · 995 525 828')
    expect(document.querySelector('[data-testid="sales-customer-form"]')).toBeNull()

    // Saved on this computer, left and opened again: the new customer comes back from the queued create.
    cell(0, 1).focus()
    ;(document.activeElement as HTMLElement).blur()
    await vi.waitFor(() => expect(q('[data-testid="sales-editor"]').dataset.invoice).toMatch(/^-\d+$/))
    const id = q('[data-testid="sales-editor"]').dataset.invoice!
    await shell!.router.push('/sales')
    await vi.waitFor(() => expect(document.querySelector('[data-testid="sales-editor"]')).toBeNull())
    await shell!.router.push(`/sales?invoice=${id}`)
    await vi.waitFor(() => expect(text('[data-testid="sales-customer-inline"]')).toBe('Ny kunde: opprettes med fakturaen · 995 525 828'))
    await typeInto(cell(0, 1), 'Brød levert')
    ;(document.activeElement as HTMLElement).blur()
    await flushPromises()
    expect(document.querySelector('[data-testid="sales-editor"] [role="alert"]')).toBeNull()
  })

  it('shows an invoiced invoice read-only with its number and KID, and credits it into a credit draft', async () => {
    const { db } = await mount('500')
    await vi.waitFor(() => expect(text('[data-testid="sales-state"]')).toBe('Invoiced as number 100017 · KID 0001101000170'))
    expect(cell(0, 1).readOnly).toBe(true)
    expect(document.querySelector('[data-testid="sales-invoice"]')).toBeNull()
    q<HTMLButtonElement>('[data-testid="sales-credit"]').click()
    await vi.waitFor(() => expect(q('[data-testid="sales-editor"]').dataset.invoice).toMatch(/^-\d+$/))
    await vi.waitFor(() => expect(text('h2')).toBe('Credit note draft'))
    expect(cell(0, 1).readOnly).toBe(false)
    const credit = (await db.CustomerInvoice.get(['nordlys', Number(q('[data-testid="sales-editor"]').dataset.invoice)])) as unknown as CustomerInvoice
    expect(credit.InvoiceReferenceID).toBe(500)
  })

  it('shows a refusal of the platform on the field it names', async () => {
    const { db } = await mount('new')
    const id = await createSalesDraft(db, 'nordlys', {
      CustomerID: 11,
      CustomerName: 'Kaffebrenneriet AS',
      InvoiceDate: '2026-11-02',
      Items: [{ ItemText: 'Kaker', NumberOfItems: 1, PriceExVatCurrency: 50, VatTypeID: 3, SortIndex: 0 }],
    })
    const entry = (await db.outbox.where('[companyKey+entity+entityId]').equals(['nordlys', 'CustomerInvoice', id]).first())!
    await db.outbox.update(entry.seq!, {
      state: 'failed',
      lastError: { code: 'VALIDATION', message: 'VatType 3 is not valid on this date', field: 'Items[0].VatTypeID' },
    })
    await shell!.router.push(`/sales?invoice=${id}`)
    await vi.waitFor(() => expect(text('[data-testid="sales-line-0-vat-problem"]')).toContain('VatType 3 is not valid on this date'))
    expect(cell(0, 6).getAttribute('aria-invalid')).toBe('true')
    expect(q('[data-testid="sales-state"]').dataset.state).toBe('refused')
  })
})
