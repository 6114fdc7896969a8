// Smart booking on the local platform (`GET api/biz/ledgersuggestions/{orgNumber}`, field notes), on its
// documented surface: the requesting company's own booked cost lines of suppliers with the organisation
// number first (most used account, its most used VAT code), else the table of common suppliers looked up
// in the company's own chart; never another company's rows; `[]` for a number nothing is known of.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidOrgNumber } from '../../../common/norwegian.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { DEMO_OFFICE_SUPPLIER as S } from '../../../platform/seed/demo-office-memory.ts'
import { COMMON_SUPPLIERS } from '../../../platform/domain/ledger-suggestions.ts'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'

let p: TestPlatform
let anne: string

beforeAll(async () => {
  p = await startTestPlatform({ platformOptions: { surface: 'documented' } })
  anne = await p.token(DEMO_USERS.anne.email)
})
afterAll(() => p?.close())

type Row = Record<string, unknown> & { ID: number }

/* eslint-disable @typescript-eslint/no-explicit-any */
async function call(companyKey: string, method: string, path: string, body?: unknown): Promise<any> {
  const r = await api(p.urls.base, method, `api/biz/${path}`, { token: anne, companyKey, body })
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300)
  return r.body
}
const suggestions = (companyKey: string, orgNumber: string) =>
  api(p.urls.base, 'GET', `api/biz/ledgersuggestions/${orgNumber}`, { token: anne, companyKey })
const accountId = async (companyKey: string, number: number) =>
  Number((await call(companyKey, 'GET', `accounts?filter=AccountNumber eq ${number}`))[0].ID)
const vatTypeId = async (companyKey: string, code: string) =>
  Number((await call(companyKey, 'GET', `vattypes?filter=VatCode eq '${code}'`))[0].ID)

const { nordlys, fjordbygg, aurora } = DEMO_COMPANIES
const TELENOR = '976967631'

describe('ledgersuggestions', () => {
  it('proposes the company’s own most used account and VAT code for the organisation number', async () => {
    for (const company of [nordlys, fjordbygg]) {
      const r = await suggestions(company.key, S.orgNumber)
      expect(r.status).toBe(200)
      expect(r.body).toEqual([
        {
          AccountID: await accountId(company.key, S.accountNumber),
          AccountNumber: S.accountNumber,
          AccountName: S.accountName,
          VatTypeID: await vatTypeId(company.key, S.vatCode),
          VatCode: S.vatCode,
        },
      ])
    }
  })

  it('never reads another company’s rows: a client without bookings of it gets nothing', async () => {
    // Nordlys and Fjordbygg booked Hamar Kontormøbler; Aurora only registered it.
    const r = await suggestions(aurora.key, S.orgNumber)
    expect(r.status).toBe(200)
    expect(r.body).toEqual([])
  })

  it('answers from the table of common suppliers with the company’s own account and VAT type', async () => {
    const r = await suggestions(aurora.key, TELENOR)
    expect(r.status).toBe(200)
    expect(r.body).toEqual([
      {
        AccountID: await accountId(aurora.key, 6900),
        AccountNumber: 6900,
        AccountName: 'Telefon',
        VatTypeID: await vatTypeId(aurora.key, '1'),
        VatCode: '1',
      },
    ])
  })

  it('prefers the company’s own bookings over the table, in that company only', async () => {
    const key = fjordbygg.key
    // The supplier is made in its first invoice's graph write (field notes "Graph writes").
    let supplierId: number | null = null
    const account = await accountId(key, 6800)
    const vat = await vatTypeId(key, '1')
    for (const n of [1, 2]) {
      const invoice: Row = await call(key, 'POST', 'supplierinvoices', {
        ...(supplierId === null
          ? {
              Supplier: {
                _createguid: 'tn',
                OrgNumber: TELENOR,
                Info: { _createguid: 'tn-info', Name: 'Telenor Norge AS' },
              },
            }
          : { SupplierID: supplierId }),
        InvoiceNumber: `TN-${n}`,
        InvoiceDate: '2026-03-10',
        PaymentDueDate: '2026-03-24',
        TaxInclusiveAmount: 500,
        JournalEntry: {
          _createguid: `je-tn-${n}`,
          DraftLines: [{ _createguid: `l-tn-${n}`, AccountID: account, VatTypeID: vat, Amount: 500 }],
        },
      })
      supplierId = Number(invoice.SupplierID)
      await call(key, 'POST', `supplierinvoices/${invoice.ID}?action=journal`)
    }
    // A draft is not a booking: it does not count.
    await call(key, 'POST', 'supplierinvoices', {
      SupplierID: supplierId,
      InvoiceNumber: 'TN-3',
      TaxInclusiveAmount: 700,
      JournalEntry: {
        _createguid: 'je-tn-3',
        DraftLines: [{ _createguid: 'l-tn-3', AccountID: await accountId(key, 6900), Amount: 700 }],
      },
    })
    const own = await suggestions(key, TELENOR)
    expect(own.body).toEqual([
      {
        AccountID: account,
        AccountNumber: 6800,
        AccountName: expect.any(String),
        VatTypeID: vat,
        VatCode: '1',
      },
    ])
    // Another client still gets the table's account from its own chart.
    const other = await suggestions(nordlys.key, TELENOR)
    expect(other.body).toMatchObject([{ AccountNumber: 6900, AccountID: await accountId(nordlys.key, 6900) }])
  })

  it('answers [] for a number nothing is known of, and refuses what is not an organisation number', async () => {
    const unknown = await suggestions(aurora.key, '923609016')
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual([])
    const bad = await suggestions(aurora.key, '12345')
    expect(bad.status).toBe(400)
  })

  it('keeps only organisation numbers that pass MOD11 in its table', () => {
    expect(COMMON_SUPPLIERS.length).toBeGreaterThanOrEqual(5)
    for (const s of COMMON_SUPPLIERS) expect(isValidOrgNumber(s.orgNumber), s.name).toBe(true)
  })
})
