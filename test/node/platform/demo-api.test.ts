// The demo office as an integrator sees it: the spec's own calls (sections 4.3-4.8) over real HTTP
// answer the seeded data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidBankAccount, isValidOrgNumber } from '../../../common/norwegian.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'

let p: TestPlatform
let anne: string
const fjordbygg = DEMO_COMPANIES.fjordbygg.key

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
})
afterAll(() => p?.close())

/* eslint-disable @typescript-eslint/no-explicit-any */
async function get(path: string): Promise<any> {
  const r = await api(p.urls.base, 'GET', `api/biz/${path}`, { token: anne, companyKey: fjordbygg })
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200)
  return r.body
}

describe('demo office over the API', () => {
  it('lists suppliers with their business relation as spec 4.5 asks for them', async () => {
    const suppliers = await get('suppliers?expand=info&filter=StatusCode eq 20001 OR StatusCode eq 30001')
    expect(suppliers.length).toBeGreaterThanOrEqual(10)
    for (const s of suppliers) {
      expect(isValidOrgNumber(s.OrgNumber)).toBe(true)
      expect(s.Info.Name).toMatch(/AS$/)
    }
    const [one] = await get(
      `suppliers?expand=Info.DefaultBankAccount,Info.InvoiceAddress&filter=Info.Name eq 'Oslo Revisjon AS'`,
    )
    expect(isValidBankAccount(one.Info.DefaultBankAccount.AccountNumber)).toBe(true)
    expect(one.Info.DefaultBankAccount.IBAN).toMatch(/^NO\d{13}$/)
    expect(one.Info.InvoiceAddress).toMatchObject({ City: 'Oslo', PostalCode: '0154' })
  })

  it("answers spec 4.5's supplier lookup in its exact spelling, with a slash before the query", async () => {
    const suppliers = await get(
      'suppliers/?expand=info&filter=StatusCode eq 20001 OR StatusCode eq 30001&hateoas=false',
    )
    expect(suppliers.length).toBeGreaterThanOrEqual(10)
  })

  it('looks up accounts and VAT types with the select lists of spec 4.6', async () => {
    const [account] = await get(
      'accounts?filter=accountnumber eq 2400&select=ID,AccountNumber,AccountName,VatTypeID',
    )
    expect(account).toMatchObject({ AccountNumber: 2400, AccountName: 'Leverandørgjeld' })
    const vat = await get('vattypes?select=ID,Name,VatPercent,VatCode,OutputVat')
    const high = vat.find((v: any) => v.VatCode === '3')
    expect(high).toMatchObject({ VatPercent: 25, OutputVat: true })
    expect(vat.find((v: any) => v.VatCode === '11')).toMatchObject({ VatPercent: 15, OutputVat: false })
    const [sales] = await get('accounts?filter=AccountNumber eq 3000&expand=VatType')
    expect(sales.VatType.VatCode).toBe('3')
  })

  it('answers the lookups of spec 4.3 and the contact list of 4.7', async () => {
    const kid = await get('paymentinfotype?filter=statuscode eq 42400&expand=PaymentInfoTypeParts')
    expect(kid.length).toBeGreaterThanOrEqual(2)
    for (const k of kid) {
      const total = k.PaymentInfoTypeParts.reduce((sum: number, part: any) => sum + part.Length, 0)
      expect(total).toBe(k.Length)
    }
    const plans = await get(`distributions?filter=EntityType eq 'CustomerInvoice'`)
    expect(plans.length).toBeGreaterThanOrEqual(2)
    expect(plans.every((d: any) => d.StatusCode === 30001)).toBe(true)
    const customers = await get(`customers?expand=Info&filter=startswith(info.name,'Hansen')`)
    expect(customers.map((c: any) => c.Info.Name)).toEqual(['Hansen Dagligvare AS'])
    const products = await get(`products?filter=name eq 'Konsulenttime'`)
    expect(products[0]).toMatchObject({ PriceExVat: 1250, PriceIncVat: 1562.5 })
    const contacts = await get(
      'contacts?expand=Info,Info.InvoiceAddress,Info.DefaultPhone,Info.DefaultEmail,Info.DefaultAddress&hateoas=false&top=10',
    )
    expect(contacts.length).toBeGreaterThanOrEqual(3)
    expect(contacts[0].Info).toMatchObject({
      Name: 'Ola Hansen',
      DefaultEmail: { EmailAddress: 'ola.hansen@kontakt.example' },
      InvoiceAddress: { City: 'Oslo' },
    })
    expect(contacts[0].Info.DefaultPhone.Number).toMatch(/^\+47\d{8}$/)
  })

  it('shows the company settings, teams and draft supplier invoices', async () => {
    const [settings] = await get('companysettings')
    expect(settings).toMatchObject({
      CompanyName: DEMO_COMPANIES.fjordbygg.name,
      OrganizationNumber: DEMO_COMPANIES.fjordbygg.organizationNumber,
    })
    const teams = await get('teams?expand=Positions')
    expect(teams.map((t: any) => t.Name)).toContain('Godkjennere')
    const drafts = await get(
      'supplierinvoices?filter=StatusCode eq 30101&expand=Supplier.Info,BankAccount,CurrencyCode',
    )
    expect(drafts.length).toBeGreaterThanOrEqual(5)
    expect(drafts[0].CurrencyCode.Code).toBe('NOK')
    expect(isValidBankAccount(drafts[0].BankAccount.AccountNumber)).toBe(true)
    expect(drafts[0].Supplier.Info.Name).toBeTruthy()
  })
})
