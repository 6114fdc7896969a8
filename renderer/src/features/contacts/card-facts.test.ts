import { describe, expect, it } from 'vitest'
import { generateBankAccount, generateOrgNumber } from '@common/norwegian'
import { CustomerInvoiceStatus, GenericStatus, PaymentStatus, SupplierInvoiceStatus } from '@common/status'
import {
  addressLines,
  bankAccountFacts,
  contactPersons,
  costAccountFact,
  duplicateFacts,
  invoiceFacts,
  orgNumberFact,
  yearBefore,
} from './card-facts.ts'

const today = '2026-11-27'
const supplierInvoice = (ID: number, fields: Record<string, unknown>) => ({
  ID,
  SupplierID: 7,
  StatusCode: SupplierInvoiceStatus.Journaled,
  PaymentStatus: PaymentStatus.NotPaid,
  InvoiceDate: '2026-10-01',
  PaymentDueDate: '2026-12-01',
  TaxInclusiveAmount: 1000,
  ...fields,
})

describe('a party’s invoices in figures', () => {
  it('adds up what is open and what of it is overdue, from what is left to pay', () => {
    const facts = invoiceFacts(
      'Supplier',
      [
        supplierInvoice(1, { TaxInclusiveAmount: 1250.5 }),
        // Past its due date: overdue.
        supplierInvoice(2, { PaymentDueDate: '2026-11-26', TaxInclusiveAmount: 400 }),
        // Partly paid: what is left counts.
        supplierInvoice(3, { PaymentDueDate: '2026-11-01', TaxInclusiveAmount: 900, RestAmount: 300 }),
        // Paid, rejected and deleted invoices owe nothing.
        supplierInvoice(4, { PaymentStatus: PaymentStatus.Paid }),
        supplierInvoice(5, { StatusCode: SupplierInvoiceStatus.Rejected }),
        supplierInvoice(6, { Deleted: true }),
        // Due today is not overdue yet.
        supplierInvoice(7, { PaymentDueDate: today, TaxInclusiveAmount: 50 }),
      ],
      today,
    )
    expect(facts).toMatchObject({ count: 6, openCount: 4, open: 200_050, overdueCount: 2, overdue: 70_000 })
  })

  it('totals the invoices dated in the twelve months up to today', () => {
    const facts = invoiceFacts(
      'Supplier',
      [
        supplierInvoice(1, { InvoiceDate: '2026-11-27', TaxInclusiveAmount: 100 }),
        supplierInvoice(2, { InvoiceDate: '2025-11-28', TaxInclusiveAmount: 200 }),
        // A year ago to the day is outside the twelve months; later than today is not yet.
        supplierInvoice(3, { InvoiceDate: '2025-11-27', TaxInclusiveAmount: 400 }),
        supplierInvoice(4, { InvoiceDate: '2026-11-28', TaxInclusiveAmount: 800 }),
        // A credit note takes its amount off.
        supplierInvoice(5, { InvoiceDate: '2026-06-01', TaxInclusiveAmount: -50 }),
        // A rejected invoice was never the supplier's due.
        supplierInvoice(6, { InvoiceDate: '2026-06-01', StatusCode: SupplierInvoiceStatus.Rejected }),
      ],
      today,
    )
    expect(facts.lastTwelveMonths).toBe(25_000)
  })

  it('counts a customer’s invoices once sent, and what they still owe', () => {
    const invoice = (ID: number, fields: Record<string, unknown>) => ({
      ID,
      CustomerID: 3,
      InvoiceDate: '2026-09-01',
      PaymentDueDate: '2026-10-01',
      TaxInclusiveAmount: 500,
      RestAmount: 500,
      ...fields,
    })
    const facts = invoiceFacts(
      'Customer',
      [
        invoice(1, { StatusCode: CustomerInvoiceStatus.Invoiced }),
        invoice(2, {
          StatusCode: CustomerInvoiceStatus.PartlyPaid,
          RestAmount: 120,
          PaymentDueDate: '2026-12-24',
        }),
        invoice(3, { StatusCode: CustomerInvoiceStatus.Paid, RestAmount: 0 }),
        // A draft is not sent yet: it owes nothing and is no turnover.
        invoice(4, { StatusCode: CustomerInvoiceStatus.Draft }),
      ],
      today,
    )
    expect(facts).toEqual({
      count: 4,
      openCount: 2,
      open: 62_000,
      overdueCount: 1,
      overdue: 50_000,
      lastTwelveMonths: 150_000,
    })
  })

  it('goes back a year from 29 February to 28 February', () => {
    expect(yearBefore('2028-02-29')).toBe('2027-02-28')
    expect(yearBefore('2026-01-05')).toBe('2025-01-05')
  })
})

describe('what the card shows of a party', () => {
  const valid = generateOrgNumber(4)
  const account = generateBankAccount(9)
  const wrongCheck = `${account.slice(0, 10)}${(Number(account[10]) + 1) % 10}`

  it('shows the organisation number in groups of three and says whether its check digit holds', () => {
    expect(orgNumberFact(valid)).toEqual({
      shown: `${valid.slice(0, 3)} ${valid.slice(3, 6)} ${valid.slice(6)}`,
      valid: true,
    })
    expect(orgNumberFact(`NO ${valid} MVA`)?.valid).toBe(true)
    expect(orgNumberFact(`${valid.slice(0, 8)}${(Number(valid[8]) + 1) % 10}`)?.valid).toBe(false)
    expect(orgNumberFact('12345')).toEqual({ shown: '12345', valid: false })
    expect(orgNumberFact(null)).toBeNull()
  })

  it('lists the bank accounts formatted and checked, the default first', () => {
    const facts = bankAccountFacts({
      Info: {
        DefaultBankAccountID: 12,
        BankAccounts: [
          { ID: 11, AccountNumber: wrongCheck, Label: 'Opprettet fra skanning' },
          { ID: 12, AccountNumber: account },
          { ID: 13, IBAN: 'DE89370400440532013000' },
          { ID: 14, AccountNumber: account, Deleted: true },
        ],
      },
    })
    expect(facts.map((f) => [f.id, f.shown, f.isDefault, f.problem?.code ?? null])).toEqual([
      [12, `${account.slice(0, 4)} ${account.slice(4, 6)} ${account.slice(6)}`, true, null],
      [
        11,
        `${wrongCheck.slice(0, 4)} ${wrongCheck.slice(4, 6)} ${wrongCheck.slice(6)}`,
        false,
        'bankAccountChecksum',
      ],
      [13, 'DE89 3704 0044 0532 0130 00', false, null],
    ])
    expect(facts[1]!.label).toBe('Opprettet fra skanning')
  })

  it('writes the invoice address as lines, a foreign country last', () => {
    expect(
      addressLines({
        Info: {
          InvoiceAddress: { AddressLine1: 'Storgata 1', PostalCode: '0150', City: 'Oslo', CountryCode: 'NO' },
        },
      }),
    ).toEqual(['Storgata 1', '0150 Oslo'])
    expect(addressLines({ Info: { InvoiceAddress: { City: 'Göteborg', CountryCode: 'se' } } })).toEqual([
      'Göteborg',
      'SE',
    ])
    expect(addressLines({ Info: null })).toEqual([])
  })

  it('lists the contact persons who work for the party, by name', () => {
    const people = contactPersons(
      [
        {
          ID: 1,
          ParentBusinessRelationID: 70,
          Role: 'Regnskap',
          Info: { Name: 'Ola Nordmann', DefaultEmail: { EmailAddress: 'ola@example.no' } },
        },
        {
          ID: 2,
          ParentBusinessRelationID: 70,
          Info: { Name: 'Anne Berg', DefaultPhone: { Number: '+47 55 00 11 17' } },
        },
        { ID: 3, ParentBusinessRelationID: 71, Info: { Name: 'Someone Else' } },
        { ID: 4, ParentBusinessRelationID: 70, Deleted: true, Info: { Name: 'Gone' } },
      ],
      { ID: 7, BusinessRelationID: 70 },
    )
    expect(people).toEqual([
      { id: 2, name: 'Anne Berg', role: '', email: '', phone: '+47 55 00 11 17' },
      { id: 1, name: 'Ola Nordmann', role: 'Regnskap', email: 'ola@example.no', phone: '' },
    ])
    expect(contactPersons([{ ID: 1, ParentBusinessRelationID: null }], { ID: 7 })).toEqual([])
  })

  it('names the other parties with the same organisation number', () => {
    const parties = [
      { ID: 1, OrgNumber: valid, Info: { Name: 'Bakeriet AS' } },
      { ID: 2, OrgNumber: `NO ${valid} MVA`, Info: { Name: 'Bakeriet' } },
      { ID: 3, OrgNumber: valid, StatusCode: GenericStatus.Inactive, Info: { Name: 'Merged' } },
      { ID: 4, OrgNumber: generateOrgNumber(5), Info: { Name: 'Other' } },
    ]
    expect(duplicateFacts(parties, 1)).toEqual([{ id: 2, name: 'Bakeriet' }])
    expect(duplicateFacts(parties, 4)).toEqual([])
  })

  it('shows the default cost account with the VAT code that follows it', () => {
    const accounts = [
      { ID: 63, AccountNumber: 6300, AccountName: 'Leie lokale', VatTypeID: 1 },
      { ID: 64, AccountNumber: 6400, AccountName: 'Leie maskiner', VatTypeID: null },
    ]
    const vatTypes = [{ ID: 1, VatCode: '1', Name: 'Inngående mva 25 %' }]
    expect(costAccountFact({ CostAccountID: 63 }, accounts, vatTypes)).toEqual({
      accountId: 63,
      number: '6300',
      name: 'Leie lokale',
      vatCode: '1 Inngående mva 25 %',
    })
    expect(costAccountFact({ CostAccountID: 64 }, accounts, vatTypes)?.vatCode).toBe('')
    expect(costAccountFact({ CostAccountID: null }, accounts, vatTypes)).toBeNull()
  })
})
