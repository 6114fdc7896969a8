// Customer invoices over HTTP (spec 2.4-2.6, 3.3, 4.3): inline customers, computed sums, invoicing with
// number, KID and a balanced booking, credit notes, and the draft-only edit rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidKid } from '../../../common/norwegian.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

const nordlys: string = DEMO_COMPANIES.nordlys.key

let p: TestPlatform
let anne: string
const call = (method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token: anne, companyKey: nordlys, body })

const vat: Record<string, number> = {}
const account: Record<number, number> = {}
let kidTypeId: number

async function vatTypeId(code: string): Promise<number> {
  const r = await call('GET', `api/biz/vattypes?filter=VatCode eq '${code}'&select=ID,VatCode,VatPercent`)
  expect(r.body).toHaveLength(1)
  return r.body[0].ID
}

async function accountId(n: number): Promise<number> {
  const r = await call('GET', `api/biz/accounts?filter=AccountNumber eq ${n}&select=ID,AccountNumber`)
  expect(r.body).toHaveLength(1)
  return r.body[0].ID
}

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  for (const code of ['3', '31', '33', '5']) vat[code] = await vatTypeId(code)
  for (const n of [1500, 2700, 2701, 2702, 3000, 3100]) account[n] = await accountId(n)
  const kid = await call('GET', `api/biz/paymentinfotype?filter=Name eq 'KID: kundenummer og fakturanummer'`)
  kidTypeId = kid.body[0].ID
})
afterAll(() => p?.close())

const inlineCustomer = (name: string) => ({
  CustomerID: 0,
  Customer: {
    _createguid: 'c1',
    OrgNumber: '987654321',
    Info: {
      _createguid: 'i1',
      Name: name,
      Addresses: [{ _createguid: 'a1', AddressLine1: 'Storgata 1', PostalCode: '0155', City: 'Oslo' }],
      Phones: [{ _createguid: 'p1', Number: '+4722334455', Description: 'Sentralbord' }],
      Emails: [{ _createguid: 'e1', EmailAddress: 'faktura@kunde.example' }],
      InvoiceAddress: { _createguid: 'a2', AddressLine1: 'Postboks 12', PostalCode: '0101', City: 'Oslo' },
      DefaultPhone: { _createguid: 'p2', Number: '+4799887766' },
      DefaultEmail: { _createguid: 'e2', EmailAddress: 'post@kunde.example' },
    },
  },
})

/** Five items: 25 % with discount, 15 %, 12 % with discount, 0 % and a gross-priced 25 % item. */
const mixedItems = () => [
  {
    ItemText: 'Konsulent',
    NumberOfItems: 3,
    PriceExVat: 1250,
    DiscountPercent: 10,
    VatTypeID: vat['3'],
    AccountID: account[3000],
  },
  { ItemText: 'Mat', NumberOfItems: 2.5, PriceExVat: 99.99, VatTypeID: vat['31'] },
  { ItemText: 'Kino', NumberOfItems: 1, PriceExVat: 33.33, DiscountPercent: 3, VatTypeID: vat['33'] },
  { ItemText: 'Avis', NumberOfItems: 4, PriceExVat: 10.005, VatTypeID: vat['5'], AccountID: account[3100] },
  {
    ItemText: 'Brutto',
    NumberOfItems: 1,
    PriceIncVat: 125,
    CalculateGrossPriceBasedOnNetPrice: true,
    VatTypeID: vat['3'],
  },
]

async function createMixedInvoice(name: string) {
  const r = await call('POST', 'api/biz/invoices?expand=Items,Customer,Customer.Info', {
    ...inlineCustomer(name),
    PaymentInfoTypeID: kidTypeId,
    CreditDays: 10,
    Items: mixedItems(),
  })
  expect(r.status).toBe(201)
  return r.body
}

describe('creating customer invoices', () => {
  it('creates the inline customer with its Info graph and a customer number, and links it', async () => {
    const inv = await createMixedInvoice('Inline Kunde AS')
    expect(inv.CustomerID).toBeGreaterThan(0)
    expect(inv.CustomerName).toBe('Inline Kunde AS')
    expect(inv).toMatchObject({
      InvoiceAddressLine1: 'Postboks 12',
      InvoicePostalCode: '0101',
      InvoiceCity: 'Oslo',
    })
    const c = await call(
      'GET',
      `api/biz/customers/${inv.CustomerID}?expand=Info,Info.Addresses,Info.Phones,Info.Emails,Info.InvoiceAddress,Info.DefaultPhone,Info.DefaultEmail`,
    )
    expect(c.status).toBe(200)
    expect(c.body.CustomerNumber).toBeGreaterThan(10000)
    expect(c.body.OrgNumber).toBe('987654321')
    expect(c.body.Info.Name).toBe('Inline Kunde AS')
    expect(c.body.Info.Addresses.map((a: { AddressLine1: string }) => a.AddressLine1)).toContain('Storgata 1')
    expect(c.body.Info.Phones.map((x: { Number: string }) => x.Number)).toContain('+4722334455')
    expect(c.body.Info.Emails.map((x: { EmailAddress: string }) => x.EmailAddress)).toContain(
      'faktura@kunde.example',
    )
    expect(c.body.Info.InvoiceAddress.AddressLine1).toBe('Postboks 12')
    expect(c.body.Info.DefaultPhone.Number).toBe('+4799887766')
    expect(c.body.Info.DefaultEmail.EmailAddress).toBe('post@kunde.example')
    // Two inline customers get different numbers.
    const second = await createMixedInvoice('Inline Kunde To AS')
    const c2 = await call('GET', `api/biz/customers/${second.CustomerID}`)
    expect(c2.body.CustomerNumber).toBe(c.body.CustomerNumber + 1)
  })

  it('computes item sums and totals to the øre for VAT 25/15/12/0, discounts and a gross price', async () => {
    const inv = await createMixedInvoice('Summer AS')
    const items = [...inv.Items].sort((a: { ID: number }, b: { ID: number }) => a.ID - b.ID)
    expect(items.map((i: Record<string, number>) => [i.SumTotalExVat, i.SumVat, i.SumTotalIncVat])).toEqual([
      [3375, 843.75, 4218.75],
      [249.98, 37.5, 287.48],
      [32.33, 3.88, 36.21],
      [40.02, 0, 40.02],
      [100, 25, 125],
    ])
    expect(items[0]).toMatchObject({
      Discount: 375,
      VatPercent: 25,
      PriceIncVat: 1562.5,
      SumTotalIncVatCurrency: 4218.75,
    })
    expect(items[2]).toMatchObject({ Discount: 1, VatPercent: 12 })
    expect(items[4]).toMatchObject({ PriceExVat: 100, PriceIncVat: 125 })
    expect(inv).toMatchObject({
      TaxExclusiveAmount: 3797.33,
      VatTotalsAmount: 910.13,
      TaxInclusiveAmount: 4707.46,
      TaxExclusiveAmountCurrency: 3797.33,
      VatTotalsAmountCurrency: 910.13,
      TaxInclusiveAmountCurrency: 4707.46,
      RestAmount: 4707.46,
      CurrencyExchangeRate: 1,
      StatusCode: 42001,
    })
  })

  it('computes company-currency amounts with the exchange rate', async () => {
    const eur = await call('GET', `api/biz/currencycodes?filter=Code eq 'EUR'`)
    const r = await call('POST', 'api/biz/invoices?expand=Items', {
      ...inlineCustomer('Euro GmbH'),
      CurrencyCodeID: eur.body[0]?.ID ?? null,
      CurrencyExchangeRate: 11.5,
      Items: [{ ItemText: 'Beratung', NumberOfItems: 2, PriceExVatCurrency: 100.1, VatTypeID: vat['3'] }],
    })
    expect(r.status).toBe(201)
    expect(r.body.Items[0]).toMatchObject({
      PriceExVatCurrency: 100.1,
      PriceExVat: 1151.15,
      SumTotalExVatCurrency: 200.2,
      SumVatCurrency: 50.05,
      SumTotalIncVatCurrency: 250.25,
      SumTotalExVat: 2302.3,
      SumVat: 575.58,
      SumTotalIncVat: 2877.88,
    })
    expect(r.body).toMatchObject({
      TaxInclusiveAmount: 2877.88,
      TaxInclusiveAmountCurrency: 250.25,
      CurrencyExchangeRate: 11.5,
    })
  })

  it('fills name, address, credit days and item defaults from an existing customer and product', async () => {
    const customers = await call('GET', 'api/biz/customers?expand=Info&top=1&orderby=ID')
    const customer = customers.body[0]
    const product = (await call('GET', `api/biz/products?filter=name eq 'Konsulenttime'`)).body[0]
    const r = await call('POST', 'api/biz/invoices?expand=Items', {
      CustomerID: customer.ID,
      Items: [{ ProductID: product.ID, NumberOfItems: 2 }],
    })
    expect(r.status).toBe(201)
    expect(r.body.CustomerName).toBe(customer.Info.Name)
    expect(r.body.Items[0]).toMatchObject({
      ItemText: 'Konsulenttime',
      Unit: 'timer',
      PriceExVat: 1250,
      VatTypeID: product.VatTypeID,
      AccountID: product.AccountID,
      SumTotalExVat: 2500,
      SumVat: 625,
    })
    expect(r.body.TaxInclusiveAmount).toBe(3125)
  })

  it('recomputes the totals when items change and refuses an unknown customer', async () => {
    const inv = await createMixedInvoice('Endring AS')
    const first = inv.Items.find((i: { ItemText: string }) => i.ItemText === 'Konsulent')
    const others = inv.Items.filter((i: { ID: number }) => i.ID !== first.ID).map((i: { ID: number }) => ({
      ID: i.ID,
      Deleted: true,
    }))
    const r = await call('PUT', `api/biz/invoices/${inv.ID}?expand=Items`, {
      ID: inv.ID,
      Items: [
        { ID: first.ID, NumberOfItems: 1, DiscountPercent: 0 },
        ...others,
        { ItemText: 'Ny', PriceExVat: 0.01, VatTypeID: vat['3'] },
      ],
    })
    expect(r.status).toBe(200)
    expect(r.body.Items).toHaveLength(2)
    expect(r.body).toMatchObject({
      TaxExclusiveAmount: 1250.01,
      VatTotalsAmount: 312.5,
      TaxInclusiveAmount: 1562.51,
    })
    const item = await call('PUT', `api/biz/invoiceitems/${first.ID}`, { ID: first.ID, NumberOfItems: 2 })
    expect(item.status).toBe(200)
    const again = await call('GET', `api/biz/invoices/${inv.ID}`)
    expect(again.body.TaxInclusiveAmount).toBe(3125.01)
    const bad = await call('POST', 'api/biz/invoices', { CustomerID: 999999, Items: [] })
    expect(bad.status).toBe(400)
    expect(bad.body.Message).toMatch(/CustomerID 999999/)
    expect(bad.body._validationResults.CustomerID[0].Message).toMatch(/not a Customer of this company/)
  })
})

describe('invoicing and crediting', () => {
  let invoice: Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

  it('invoices a draft: number, KID of the right length with padded parts, due date and a balanced booking', async () => {
    const draft = await createMixedInvoice('Faktura Mottaker AS')
    const r = await call('POST', `api/biz/invoices/${draft.ID}?action=invoice`)
    expect(r.status).toBe(200)
    invoice = r.body
    const today = new Date().toISOString().slice(0, 10)
    expect(invoice.StatusCode).toBe(42002)
    expect(invoice.InvoiceNumber).toMatch(new RegExp(`^${today.slice(0, 4)}\\d{5}$`))
    expect(invoice.InvoiceDate).toBe(today)
    const due = new Date(`${today}T00:00:00Z`)
    due.setUTCDate(due.getUTCDate() + 10)
    expect(invoice.PaymentDueDate).toBe(due.toISOString().slice(0, 10))
    const customer = await call('GET', `api/biz/customers/${invoice.CustomerID}`)
    const kid: string = invoice.PaymentID
    expect(kid).toHaveLength(15)
    expect(isValidKid(kid, 'mod10')).toBe(true)
    expect(kid.slice(0, 5)).toBe(String(customer.body.CustomerNumber).padStart(5, '0'))
    expect(kid.slice(5, 14)).toBe(invoice.InvoiceNumber.padStart(9, '0'))

    const lines = await call(
      'GET',
      `api/biz/journalentrylines?filter=JournalEntryID eq ${invoice.JournalEntryID}`,
    )
    expect(lines.status).toBe(200)
    const byAccount = new Map<number, number>()
    for (const l of lines.body)
      byAccount.set(l.AccountID, Math.round(((byAccount.get(l.AccountID) ?? 0) + l.Amount) * 100) / 100)
    expect(lines.body.reduce((s: number, l: { Amount: number }) => s + Math.round(l.Amount * 100), 0)).toBe(0)
    expect(byAccount.get(account[1500]!)).toBe(4707.46)
    expect(byAccount.get(account[2700]!)).toBe(-868.75)
    expect(byAccount.get(account[2701]!)).toBe(-37.5)
    expect(byAccount.get(account[2702]!)).toBe(-3.88)
    expect(byAccount.get(account[3100]!)).toBe(-40.02)
    const receivable = lines.body.find((l: { AccountID: number }) => l.AccountID === account[1500])
    expect(receivable.CustomerInvoiceID).toBe(invoice.ID)
    const entry = await call('GET', `api/biz/journalentries/${invoice.JournalEntryID}`)
    expect(entry.body.JournalEntryNumber).toMatch(/^\d+-\d{4}$/)

    const second = await createMixedInvoice('Neste AS')
    const r2 = await call('POST', `api/biz/invoices/${second.ID}?action=invoice`)
    expect(Number(r2.body.InvoiceNumber)).toBe(Number(invoice.InvoiceNumber) + 1)
  })

  it('refuses to edit or re-invoice an invoiced invoice and to invoice a draft without items', async () => {
    const edit = await call('PUT', `api/biz/invoices/${invoice.ID}`, {
      ID: invoice.ID,
      OurReference: 'Endret',
    })
    expect(edit.status).toBe(400)
    expect(edit.body.Message).toMatch(/can no longer be changed/)
    const item = await call('PUT', `api/biz/invoiceitems/${invoice.Items[0].ID}`, {
      ID: invoice.Items[0].ID,
      NumberOfItems: 9,
    })
    expect(item.status).toBe(400)
    const again = await call('POST', `api/biz/invoices/${invoice.ID}?action=invoice`)
    expect(again.status).toBe(400)
    // Sending the unchanged invoice back (as clients that save whole graphs do) is no change.
    const current = await call('GET', `api/biz/invoices/${invoice.ID}?expand=Items`)
    const echo = await call('PUT', `api/biz/invoices/${invoice.ID}`, current.body)
    expect(echo.status).toBe(200)
    expect(echo.body.TaxInclusiveAmount).toBe(4707.46)
    const empty = await call('POST', 'api/biz/invoices', inlineCustomer('Tom AS'))
    const refused = await call('POST', `api/biz/invoices/${empty.body.ID}?action=invoice`)
    expect(refused.status).toBe(400)
    expect(refused.body.Message).toMatch(/no items/)
    expect((await call('GET', `api/biz/invoices/${empty.body.ID}`)).body.StatusCode).toBe(42001)
  })

  it('creates a negated credit draft; invoicing part of it leaves the original partly credited', async () => {
    const r = await call('PUT', `api/biz/invoices/${invoice.ID}?action=create-credit-draft-invoice`)
    expect(r.status).toBe(200)
    const credit = r.body
    expect(credit).toMatchObject({
      InvoiceType: 1,
      StatusCode: 42001,
      InvoiceReferenceID: invoice.ID,
      CustomerID: invoice.CustomerID,
      TaxExclusiveAmount: -3797.33,
      VatTotalsAmount: -910.13,
      TaxInclusiveAmount: -4707.46,
    })
    expect(credit.Items).toHaveLength(5)
    expect(credit.Items.every((i: { NumberOfItems: number }) => i.NumberOfItems < 0)).toBe(true)
    // Credit only the gross-priced item (−125.00).
    const keep = credit.Items.find((i: { ItemText: string }) => i.ItemText === 'Brutto')
    const cut = await call('PUT', `api/biz/invoices/${credit.ID}`, {
      ID: credit.ID,
      Items: credit.Items.filter((i: { ID: number }) => i.ID !== keep.ID).map((i: { ID: number }) => ({
        ID: i.ID,
        Deleted: true,
      })),
    })
    expect(cut.body.TaxInclusiveAmount).toBe(-125)
    const done = await call('POST', `api/biz/invoices/${credit.ID}?action=invoice`)
    expect(done.status).toBe(200)
    expect(done.body.StatusCode).toBe(42002)
    const lines = await call(
      'GET',
      `api/biz/journalentrylines?filter=JournalEntryID eq ${done.body.JournalEntryID}`,
    )
    const receivable = lines.body.find((l: { AccountID: number }) => l.AccountID === account[1500])
    expect(receivable.Amount).toBe(-125)
    const original = await call('GET', `api/biz/invoices/${invoice.ID}`)
    expect(original.body).toMatchObject({
      Credited: true,
      CreditedAmount: 125,
      CreditedAmountCurrency: 125,
      RestAmount: 4582.46,
      RestAmountCurrency: 4582.46,
      StatusCode: 42007,
    })
  })

  it('refuses a credit larger than the rest, then credits the rest fully', async () => {
    const full = await call('PUT', `api/biz/invoices/${invoice.ID}?action=create-credit-draft-invoice`)
    expect(full.body.TaxInclusiveAmount).toBe(-4707.46)
    const refused = await call('POST', `api/biz/invoices/${full.body.ID}?action=invoice`)
    expect(refused.status).toBe(400)
    expect(refused.body.Message).toMatch(/larger than the rest 4582.46/)
    const brutto = full.body.Items.find((i: { ItemText: string }) => i.ItemText === 'Brutto')
    await call('PUT', `api/biz/invoices/${full.body.ID}`, {
      ID: full.body.ID,
      Items: [{ ID: brutto.ID, Deleted: true }],
    })
    const ok = await call('POST', `api/biz/invoices/${full.body.ID}?action=invoice`)
    expect(ok.status).toBe(200)
    const original = await call('GET', `api/biz/invoices/${invoice.ID}`)
    expect(original.body).toMatchObject({
      CreditedAmount: 4707.46,
      RestAmount: 0,
      StatusCode: 42006,
      Credited: true,
    })
    const more = await call('PUT', `api/biz/invoices/${invoice.ID}?action=create-credit-draft-invoice`)
    expect(more.status).toBe(400)
  })
})
