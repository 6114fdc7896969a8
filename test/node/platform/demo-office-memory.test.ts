// The office-memory demo over the API, as the app reads it: Hamar Kontormøbler AS booked to 6540 Inventar
// with VAT code 1 in Nordlys Bakeri AS and Fjordbygg Rørlegger AS, and its first invoice waiting in Aurora
// Arkitekter AS with no lines and a supplier without a default account. The local platform's smart booking
// (`ledgersuggestions`) answers from the requesting company's own bookings only: nothing for Aurora.
import { describe, expect, it } from 'vitest'
import { usePlatformAs } from '../../support/platform.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../../platform/seed/demo-constants.ts'
import { DEMO_OFFICE_SUPPLIER as S } from '../../../platform/seed/demo-office-memory.ts'
import { SupplierInvoiceStatus } from '../../../common/status.ts'

const anne = usePlatformAs(DEMO_USERS.anne.email)

const get = anne.read

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
    const r = await anne.call(
      'GET',
      `api/biz/ledgersuggestions/${S.orgNumber}`,
      undefined,
      DEMO_COMPANIES.aurora.key,
    )
    expect(r.status).toBe(200)
    expect(r.body).toEqual([])
  })
})
