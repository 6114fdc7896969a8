import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '@common/status'
import { bankAccountChanged, knownSupplierAccounts } from './bank-account.ts'
import { findDuplicates, invoiceNumberKey } from './duplicates.ts'
import { proposeCoding, proposalReason } from './supplier-memory.ts'

type Row = Record<string, unknown>
const companyKey = 'c-1'

let nextId = 100
function invoice(values: Row): Row {
  return { companyKey, ID: nextId++, StatusCode: SupplierInvoiceStatus.Draft, Deleted: false, ...values }
}

describe('duplicate warning', () => {
  const current = invoice({
    ID: 1,
    SupplierID: 7,
    InvoiceNumber: '2026-0042',
    InvoiceDate: '2026-03-10',
    TaxInclusiveAmount: 18419,
  })

  it('finds the same supplier and invoice number however it is written, and no other supplier', () => {
    const same = invoice({ SupplierID: 7, InvoiceNumber: '2026 0042', InvoiceDate: '2025-01-01' })
    const otherSupplier = invoice({ SupplierID: 8, InvoiceNumber: '2026-0042' })
    const found = findDuplicates(current, [current, same, otherSupplier])
    expect(found).toEqual([{ invoice: same, reason: 'sameNumber', daysApart: null }])
    expect(invoiceNumberKey(' 002026-0042 ')).toBe(invoiceNumberKey('2026.0042'))
  })

  it('finds the same supplier and amount within 30 days of the date, not 31', () => {
    const inside = invoice({
      SupplierID: 7,
      InvoiceNumber: 'X1',
      InvoiceDate: '2026-04-09',
      TaxInclusiveAmount: '18419.00',
    })
    const outside = invoice({
      SupplierID: 7,
      InvoiceNumber: 'X2',
      InvoiceDate: '2026-04-10',
      TaxInclusiveAmount: 18419,
    })
    const before = invoice({
      SupplierID: 7,
      InvoiceNumber: 'X3',
      InvoiceDate: '2026-03-01',
      TaxInclusiveAmount: 18419,
    })
    const otherAmount = invoice({
      SupplierID: 7,
      InvoiceNumber: 'X4',
      InvoiceDate: '2026-03-10',
      TaxInclusiveAmount: 18419.01,
    })
    const found = findDuplicates(current, [inside, outside, before, otherAmount])
    expect(found.map((d) => [d.invoice.InvoiceNumber, d.reason, d.daysApart])).toEqual([
      ['X3', 'sameAmount', 9],
      ['X1', 'sameAmount', 30],
    ])
  })

  it('ignores deleted invoices and the invoice itself, and has nothing without a supplier', () => {
    const deleted = invoice({ SupplierID: 7, InvoiceNumber: '2026-0042', Deleted: true })
    expect(findDuplicates(current, [current, deleted])).toEqual([])
    expect(
      findDuplicates({ ...current, SupplierID: null }, [
        invoice({ SupplierID: null, InvoiceNumber: '2026-0042' }),
      ]),
    ).toEqual([])
  })
})

const supplier: Row = {
  companyKey,
  ID: 7,
  CostAccountID: 6540,
  Info: {
    Name: 'Kontorrekvisita AS',
    BankAccounts: [{ ID: 31, AccountNumber: '86011117947', IBAN: 'NO9386011117947' }],
    DefaultBankAccount: { ID: 31, AccountNumber: '86011117947' },
  },
}

describe('bank account changed', () => {
  it('says nothing for an account on record, however it is written (dots, spaces, IBAN)', () => {
    for (const written of ['8601.11.17947', '8601 11 17947', 'NO93 8601 1117 947'])
      expect(bankAccountChanged(written, supplier, []), written).toBeNull()
  })

  it('warns strongly about an account neither on record nor paid to before, listing the known ones', () => {
    expect(bankAccountChanged('1503.12.34567', supplier, [])).toEqual({
      level: 'strong',
      code: 'bankAccountChanged',
      account: '15031234567',
      known: ['86011117947'],
      needsConfirmation: true,
    })
  })

  it('knows an account an approved or journaled invoice of the supplier was to be paid to', () => {
    const paid = invoice({
      SupplierID: 7,
      StatusCode: SupplierInvoiceStatus.Journaled,
      PaymentInformation: '1503.12.34567',
    })
    const draft = invoice({
      SupplierID: 7,
      StatusCode: SupplierInvoiceStatus.Draft,
      PaymentInformation: '9710.05.12345',
    })
    expect(knownSupplierAccounts(supplier, [paid, draft])).toEqual(['15031234567', '86011117947'])
    expect(bankAccountChanged('1503 12 34567', supplier, [paid, draft])).toBeNull()
    // An account only another draft names is not trusted: the fraudster's second invoice would vouch for the first.
    expect(bankAccountChanged('9710.05.12345', supplier, [paid, draft])?.code).toBe('bankAccountChanged')
  })

  it('reads the account of an earlier invoice through its BankAccountID among the supplier accounts', () => {
    const bare = {
      ...supplier,
      Info: { Name: 'x', BankAccounts: [{ ID: 32, AccountNumber: '15031234567' }] },
    }
    const approved = invoice({ SupplierID: 7, StatusCode: SupplierInvoiceStatus.Approved, BankAccountID: 32 })
    expect(knownSupplierAccounts(bare, [approved])).toEqual(['15031234567'])
  })

  it('says nothing about the first invoice of a supplier nothing is known of', () => {
    expect(bankAccountChanged('1503.12.34567', { ID: 9, Info: { Name: 'Ny AS' } }, [])).toBeNull()
    expect(bankAccountChanged('', supplier, [])).toBeNull()
  })
})

function coded(date: string, lines: Row[], extra: Row = {}): Row {
  return invoice({ SupplierID: 7, InvoiceDate: date, JournalEntry: { DraftLines: lines }, ...extra })
}
const line = (AccountID: number, VatTypeID: number, Amount: number, Description = 'Kontorrekvisita') => ({
  AccountID,
  VatTypeID,
  Amount,
  Description,
})

describe('supplier memory', () => {
  it('proposes what was used on most of the last invoices and says "7 of the last 8"', () => {
    const history = [
      ...Array.from({ length: 7 }, (_, i) =>
        coded(`2026-0${(i % 9) + 1}-15`, [line(6540, 1, 1000)], { DefaultDimensions: { DepartmentID: 3 } }),
      ),
      coded('2026-08-20', [line(6800, 11, 500, 'Kaffe')]),
      // Older than the last eight: not counted.
      coded('2024-01-01', [line(6800, 11, 500)]),
    ]
    const proposals = proposeCoding(supplier, history)
    expect(proposals.AccountID).toEqual({ value: 6540, source: 'history', count: 7, total: 8 })
    expect(proposals.VatTypeID?.value).toBe(1)
    expect(proposals.Description?.value).toBe('Kontorrekvisita')
    expect(proposals.DepartmentID).toEqual({ value: 3, source: 'history', count: 7, total: 8 })
    expect(proposalReason(proposals.AccountID!)).toEqual({ key: 'frequent', params: { count: 7, total: 8 } })
  })

  it('weights recent invoices more: three recent beat four old', () => {
    const history = [
      ...['2025-01-10', '2025-02-10', '2025-03-10', '2025-04-10'].map((d) => coded(d, [line(6540, 1, 100)])),
      ...['2026-01-10', '2026-02-10', '2026-03-10'].map((d) => coded(d, [line(6800, 1, 100)])),
    ]
    expect(proposeCoding(supplier, history).AccountID).toMatchObject({ value: 6800, count: 3, total: 7 })
  })

  it('lets the main cost line (largest amount) vote, and skips other suppliers, deleted and uncoded invoices', () => {
    const history = [
      coded('2026-01-10', [line(6800, 11, 50), line(6540, 1, -900)]),
      invoice({ SupplierID: 8, InvoiceDate: '2026-02-01', JournalEntry: { DraftLines: [line(7000, 1, 1)] } }),
      coded('2026-02-10', [line(7000, 1, 10)], { Deleted: true }),
      invoice({ SupplierID: 7, InvoiceDate: '2026-03-01' }),
    ]
    expect(proposeCoding(supplier, history).AccountID).toEqual({
      value: 6540,
      source: 'history',
      count: 1,
      total: 1,
    })
  })

  it('leaves the invoice under review out of its own history', () => {
    const self = coded('2026-05-01', [line(7000, 1, 10)])
    expect(proposeCoding(supplier, [self], { invoiceId: Number(self.ID) }).AccountID?.source).toBe(
      'supplierDefault',
    )
  })

  it('proposes the supplier default account and its VAT code when there is no history', () => {
    const accounts = new Map<number, Row>([[6540, { ID: 6540, VatTypeID: 1 }]])
    expect(proposeCoding(supplier, [], { accounts })).toEqual({
      AccountID: { value: 6540, source: 'supplierDefault', count: 0, total: 0 },
      VatTypeID: { value: 1, source: 'accountDefault', count: 0, total: 0 },
    })
    expect(proposeCoding({ ...supplier, CostAccountID: null }, [])).toEqual({})
  })
})
