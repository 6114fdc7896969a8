// Factoring over HTTP (spec 2.11, 3.3, 4.4): activation refused for each missing or malformed part and
// accepted when complete, sending invoices with factoring, the partner's accept and decline, and
// deactivation with the stored setups still listable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidKid } from '../../../common/norwegian.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { defaultBankAccountNumber, exampleActivation } from '../../support/factoring.ts'

const fjordbygg: string = DEMO_COMPANIES.fjordbygg.key

let p: TestPlatform
let anne: string
const call = (method: string, path: string, body?: unknown) =>
  api(p.urls.base, method, path, { token: anne, companyKey: fjordbygg, body })

let bankAccountNumber: string
let vat25: number

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
  bankAccountNumber = await defaultBankAccountNumber((path) => call('GET', path))
  vat25 = (await call('GET', `api/biz/vattypes?filter=VatCode eq '3'`)).body[0].ID
})
afterAll(() => p?.close())

/** The spec 2.11 example as the platform's DTO: its payment info type as the platform stores it. */
const dto = (over: Record<string, unknown> = {}, info: Record<string, unknown> = {}) => {
  const example = exampleActivation(bankAccountNumber)
  return {
    ...example,
    FactoringPaymentInfo: {
      ...example.FactoringPaymentInfo,
      Type: 1,
      StatusCode: 42400,
      HasKid: true,
      ...info,
    },
    ...over,
  }
}

async function refusal(body: unknown) {
  const r = await call('PUT', 'api/biz/factoringsettings?action=activate-factoring', body)
  expect(r.status).toBe(400)
  return r.body as { Message: string; Messages: { PropertyName: string; Message: string }[] }
}

async function draftInvoice(name: string) {
  const r = await call('POST', 'api/biz/invoices', {
    CustomerID: 0,
    Customer: { _createguid: 'c', Info: { _createguid: 'i', Name: name } },
    Items: [{ ItemText: 'Tømrerarbeid', NumberOfItems: 8, PriceExVat: 800, VatTypeID: vat25 }],
  })
  expect(r.status).toBe(201)
  return r.body
}

describe('activating factoring', () => {
  it('refuses a bank account the company does not have, naming it', async () => {
    const b = await refusal(dto({ BankAccountNumber: '1234.56.78903' }))
    expect(b.Message).toMatch(/bank account 1234.56.78903 does not exist on the company/)
    expect(b.Messages.map((m) => m.PropertyName)).toEqual(['BankAccountNumber'])
  })

  it('refuses a factoring account missing from the chart', async () => {
    const b = await refusal(dto({ FactoringAccountNumber: 1599 }))
    expect(b.Messages).toEqual([expect.objectContaining({ PropertyName: 'FactoringAccountNumber' })])
    expect(b.Message).toMatch(/factoring account 1599 does not exist in the chart of accounts/)
  })

  it('refuses a loan account missing from the chart', async () => {
    const b = await refusal(dto({ FactoringLoanAccountNumber: 2399 }))
    expect(b.Messages).toEqual([expect.objectContaining({ PropertyName: 'FactoringLoanAccountNumber' })])
    expect(b.Message).toMatch(/factoring loan account 2399 does not exist/)
  })

  it('refuses a Length that is not the sum of the parts', async () => {
    const b = await refusal(dto({}, { Length: 19 }))
    expect(b.Messages).toEqual([expect.objectContaining({ PropertyName: 'FactoringPaymentInfo.Length' })])
    expect(b.Message).toMatch(/add up to 20, not the KID length 19/)
  })

  it('refuses the string "modulus10" as Modulus', async () => {
    const b = await refusal(dto({}, { Modulus: 'modulus10' }))
    expect(b.Messages.map((m) => m.PropertyName)).toContain('FactoringPaymentInfo.Modulus')
    expect(b.Message).toMatch(/Modulus must be the integer 10 \(modulus 10\), not "modulus10"/)
  })

  it('names every problem at once, with _validationResults per property', async () => {
    const b = (await refusal(
      dto(
        {
          BankAccountNumber: '9999.99.99999',
          FactoringAccountNumber: 1599,
          FactoringLoanAccountNumber: 2399,
        },
        { HasKid: false },
      ),
    )) as unknown as Record<string, unknown> & { Messages: { PropertyName: string }[] }
    expect(b.Messages.map((m) => m.PropertyName).sort()).toEqual([
      'BankAccountNumber',
      'FactoringAccountNumber',
      'FactoringLoanAccountNumber',
      'FactoringPaymentInfo.HasKid',
    ])
    expect(Object.keys(b._validationResults as object)).toContain('FactoringLoanAccountNumber')
    expect((await call('GET', 'api/biz/factoringsettings')).body).toEqual([])
  })

  it('refuses sending with factoring while it is not active', async () => {
    const inv = await draftInvoice('Uten Factoring AS')
    const r = await call('POST', `api/biz/invoices/${inv.ID}?action=send-with-factoring`)
    expect(r.status).toBe(400)
    expect(r.body.Message).toMatch(/Factoring is not active/)
  })

  it('activates a complete setup and answers it with the four relations expanded', async () => {
    const r = await call('PUT', 'api/biz/factoringsettings?action=activate-factoring', dto())
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      FactoringCustomerNumber: '4711',
      FactoringDistribution: 1,
      FactoringNotificationText: 'Fakturaen er overdratt til Factoring AS',
      SkipJournalEntry: false,
      FactoringAccount: { AccountNumber: 1510 },
      FactoringLoanAccount: { AccountNumber: 2380 },
      FactoringBankAccount: { AccountNumber: bankAccountNumber },
      FactoringPaymentInfoType: { Length: 20, Modulus: 10, HasKid: true },
    })
    const parts = await call(
      'GET',
      `api/biz/paymentinfotypeparts?filter=PaymentInfoTypeID eq ${r.body.FactoringPaymentInfoTypeID}&orderby=SortIndex`,
    )
    expect(parts.body.map((x: { Part: string }) => x.Part)).toEqual([
      '<kid_prefix>',
      '<customer_number>',
      '<invoice_number>',
      '<kid_code>',
      '<modulus10>',
    ])
    const settings = await call('GET', 'api/biz/companysettings')
    expect(settings.body[0].UseFactoring).toBe(true)
  })
})

describe('invoices with factoring', () => {
  let held: Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

  it('sends a draft with factoring: invoiced with the factoring KID and held in 42503', async () => {
    const inv = await draftInvoice('Factoring Kunde AS')
    const r = await call('POST', `api/biz/invoices/${inv.ID}?action=send-with-factoring`)
    expect(r.status).toBe(200)
    held = r.body
    expect(held).toMatchObject({ StatusCode: 42503, CollectorStatusCode: 42503, TaxInclusiveAmount: 8000 })
    expect(held.InvoiceNumber).toBeTruthy()
    const customer = await call('GET', `api/biz/customers/${held.CustomerID}`)
    const kid: string = held.PaymentID
    expect(kid).toHaveLength(20)
    expect(isValidKid(kid, 'mod10')).toBe(true)
    expect(kid.slice(0, 4)).toBe('4711')
    expect(kid.slice(4, 9)).toBe(String(customer.body.CustomerNumber).padStart(5, '0'))
    expect(kid.slice(9, 18)).toBe(held.InvoiceNumber.padStart(9, '0'))
    expect(kid[18]).toBe('0')
    const list = await call('GET', 'api/biz/invoices?filter=StatusCode eq 42503')
    expect(list.body.map((i: { ID: number }) => i.ID)).toEqual([held.ID])
  })

  it('refuses factoring-accepted with an externalStatus outside 42601-42605', async () => {
    for (const externalStatus of [42600, 42606, 'Registered', null]) {
      const r = await call('PUT', `api/biz/invoices/${held.ID}?action=factoring-accepted`, { externalStatus })
      expect(r.status, String(externalStatus)).toBe(400)
      expect(r.body.Message).toMatch(/externalStatus must be one of 42601/)
    }
    expect((await call('GET', `api/biz/invoices/${held.ID}`)).body.StatusCode).toBe(42503)
  })

  it('accepts: statuses, reference and notes recorded, receivable moved to the factoring account', async () => {
    const r = await call('PUT', `api/biz/invoices/${held.ID}?action=factoring-accepted`, {
      externalStatus: 42601,
      externalDebtCollectionReference: 'FA-2026-77',
      externalDebtCollectionNotes: 'Mottatt',
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      StatusCode: 42002,
      CollectorStatusCode: 42504,
      ExternalStatusCode: 42601,
      ExternalDebtCollectionReference: 'FA-2026-77',
      ExternalDebtCollectionNotes: 'Mottatt',
    })
    const lines = await call(
      'GET',
      `api/biz/journalentrylines?filter=CustomerInvoiceID eq ${held.ID}&expand=Account`,
    )
    const moved = lines.body.filter(
      (l: { JournalEntryID: number }) => l.JournalEntryID !== held.JournalEntryID,
    )
    expect(
      moved
        .map((l: { Account: { AccountNumber: number }; Amount: number }) => [
          l.Account.AccountNumber,
          l.Amount,
        ])
        .sort(),
    ).toEqual([
      [1500, -8000],
      [1510, 8000],
    ])
    const again = await call('PUT', `api/biz/invoices/${held.ID}?action=factoring-accepted`, {
      externalStatus: 42603,
    })
    expect(again.status).toBe(400)
    expect(again.body.Message).toMatch(/only invoices waiting for factoring/)
  })

  it('declines: the invoice returns to the normal flow with the reason recorded', async () => {
    const inv = await draftInvoice('Avslått AS')
    await call('POST', `api/biz/invoices/${inv.ID}?action=invoice`)
    const sent = await call('POST', `api/biz/invoices/${inv.ID}?action=send-with-factoring`)
    expect(sent.body).toMatchObject({ StatusCode: 42503, CollectorStatusCode: 42503 })
    expect(sent.body.PaymentID.slice(0, 4)).toBe('4711')
    const r = await call('PUT', `api/biz/invoices/${inv.ID}?action=factoring-declined`, {
      reason: 'Kunden er ikke kredittverdig',
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      StatusCode: 42002,
      CollectorStatusCode: null,
      FactoringDeclinedReason: 'Kunden er ikke kredittverdig',
    })
    const twice = await call('PUT', `api/biz/invoices/${inv.ID}?action=factoring-declined`, { reason: 'x' })
    expect(twice.status).toBe(400)
  })

  it('deactivates with 204; the stored setups stay listable with their relations', async () => {
    const r = await call('PUT', 'api/biz/factoringsettings?action=deactivate-factoring')
    expect(r.status).toBe(204)
    expect((await call('GET', 'api/biz/companysettings')).body[0].UseFactoring).toBe(false)
    const list = await call(
      'GET',
      'api/biz/factoringsettings?$expand=FactoringAccount,FactoringLoanAccount,FactoringBankAccount,FactoringPaymentInfoType',
    )
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(1)
    expect(list.body[0]).toMatchObject({
      FactoringAccount: { AccountNumber: 1510 },
      FactoringLoanAccount: { AccountNumber: 2380 },
      FactoringBankAccount: { AccountNumber: bankAccountNumber },
      FactoringPaymentInfoType: { Length: 20 },
    })
    const inv = await draftInvoice('Etterpå AS')
    const send = await call('POST', `api/biz/invoices/${inv.ID}?action=send-with-factoring`)
    expect(send.status).toBe(400)
  })
})
