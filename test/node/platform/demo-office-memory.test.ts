// The office-memory demo over the API, as the app reads it: Hamar Kontormøbler AS booked to 6540 Inventar
// with VAT code 1 in Nordlys Bakeri AS and Fjordbygg Rørlegger AS, and its first invoice waiting in Aurora
// Arkitekter AS with no lines and a supplier without a default account. The local platform's smart booking
// (`ledgersuggestions`) answers from the requesting company's own bookings only: nothing for Aurora.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, startTestPlatform, type TestPlatform } from '../../support/platform.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { DEMO_OFFICE_SUPPLIER as S } from '../../../platform/seed/demo-office-memory.ts'
import { SupplierInvoiceStatus } from '../../../common/status.ts'

let p: TestPlatform
let anne: string

beforeAll(async () => {
  p = await startTestPlatform()
  anne = await p.token(DEMO_USERS.anne.email)
})
afterAll(() => p?.close())

/* eslint-disable @typescript-eslint/no-explicit-any */
async function get(companyKey: string, path: string): Promise<any> {
  const r = await api(p.urls.base, 'GET', `api/biz/${path}`, { token: anne, companyKey })
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200)
  return r.body
}

const invoicesOf = async (companyKey: string) => {
  const [supplier] = await get(companyKey, `suppliers?filter=OrgNumber eq '${S.orgNumber}'`)
  return {
    supplier,
    invoices: await get(
      companyKey,
      `supplierinvoices?filter=SupplierID eq ${supplier.ID}&expand=JournalEntry,JournalEntry.DraftLines`,
    ),
  }
}

describe('the office-memory demo', () => {
  it('has the supplier booked to 6540 Inventar with VAT code 1 in two clients', async () => {
    for (const slug of ['nordlys', 'fjordbygg'] as const) {
      const key = DEMO_COMPANIES[slug].key
      const { invoices } = await invoicesOf(key)
      expect(invoices).toHaveLength(S.booked[slug])
      const accounts = await get(key, `accounts?filter=AccountNumber eq ${S.accountNumber}`)
      const vatTypes = await get(key, `vattypes?filter=VatCode eq '${S.vatCode}'`)
      for (const invoice of invoices) {
        expect(invoice.StatusCode).toBe(SupplierInvoiceStatus.Journaled)
        const [line] = invoice.JournalEntry.DraftLines
        expect(line.AccountID).toBe(accounts[0].ID)
        expect(accounts[0].AccountName).toBe(S.accountName)
        expect(line.VatTypeID).toBe(vatTypes[0].ID)
      }
    }
  })

  it('has its first invoice in Aurora waiting with no lines, and a supplier without a default account', async () => {
    const key = DEMO_COMPANIES.aurora.key
    const { supplier, invoices } = await invoicesOf(key)
    expect(supplier.CostAccountID ?? null).toBeNull()
    expect(invoices).toHaveLength(1)
    expect(invoices[0].StatusCode).toBe(SupplierInvoiceStatus.Draft)
    expect(invoices[0].InvoiceNumber).toBe(S.firstInvoice.invoiceNumber)
    expect(invoices[0].JournalEntry?.DraftLines ?? []).toEqual([])
  })

  it('has smart booking propose nothing in Aurora: the other clients’ bookings are not its rows', async () => {
    const r = await api(p.urls.base, 'GET', `api/biz/ledgersuggestions/${S.orgNumber}`, {
      token: anne,
      companyKey: DEMO_COMPANIES.aurora.key,
    })
    expect(r.status).toBe(200)
    expect(r.body).toEqual([])
  })
})
