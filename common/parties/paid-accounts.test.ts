import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../status.ts'
import { knownSupplierAccounts, paidAccounts } from './paid-accounts.ts'

const supplier = {
  ID: 7,
  Info: { BankAccounts: [{ ID: 70, AccountNumber: '86011117947' }] },
}

const invoice = (ID: number, fields: Record<string, unknown>) => ({
  ID,
  SupplierID: 7,
  StatusCode: SupplierInvoiceStatus.Journaled,
  ...fields,
})

describe('the accounts a supplier has been paid to', () => {
  it('lists the accepted invoices’ accounts with the first invoice date of each, earliest first', () => {
    const paid = paidAccounts(supplier, [
      invoice(1, { BankAccountID: 70, InvoiceDate: '2026-03-01' }),
      invoice(2, { BankAccountID: 70, InvoiceDate: '2025-11-15' }),
      invoice(3, {
        PaymentInformation: '1503.40.12345',
        InvoiceDate: '2026-05-02',
        StatusCode: SupplierInvoiceStatus.Approved,
      }),
      invoice(4, { BankAccount: { IBAN: 'DE89 3704 0044 0532 0130 00' }, InvoiceDate: '2026-06-01' }),
    ])
    expect(paid).toEqual([
      { account: '86011117947', firstUsed: '2025-11-15', invoices: 2 },
      { account: '15034012345', firstUsed: '2026-05-02', invoices: 1 },
      { account: 'DE89370400440532013000', firstUsed: '2026-06-01', invoices: 1 },
    ])
  })

  it('leaves out drafts, rejected and deleted invoices and other suppliers’ invoices', () => {
    const paid = paidAccounts(supplier, [
      invoice(1, { PaymentInformation: '15034012345', StatusCode: SupplierInvoiceStatus.Draft }),
      invoice(2, { PaymentInformation: '15034012345', StatusCode: SupplierInvoiceStatus.Rejected }),
      invoice(3, { PaymentInformation: '15034012345', Deleted: true }),
      invoice(4, { PaymentInformation: '15034012345', SupplierID: 8 }),
    ])
    expect(paid).toEqual([])
  })

  it('knows a supplier by its accounts on record and those it has been paid to', () => {
    const known = knownSupplierAccounts(supplier, [invoice(1, { PaymentInformation: '15034012345' })])
    expect(known).toEqual(['15034012345', '86011117947'])
  })
})
