import { describe, expect, it } from 'vitest'
import { generateBankAccount, generateOrgNumber } from '@common/norwegian'
import { SupplierDraft } from '@common/bridge/parties'
import {
  bankAccountDraft,
  changesAfterCreate,
  checkPartyForm,
  formFromParty,
  partyChanges,
  partyDraft,
} from './card-form.ts'

const org = generateOrgNumber(11)
const account = generateBankAccount(3)
const accounts = [
  { ID: 63, AccountNumber: 6300, AccountName: 'Leie lokale', VatTypeID: 1 },
  { ID: 65, AccountNumber: 6540, AccountName: 'Inventar', VatTypeID: 1 },
]
const supplier = {
  ID: 7,
  OrgNumber: `NO ${org} MVA`,
  CreditDays: 14,
  CostAccountID: 63,
  WebUrl: null,
  Info: {
    Name: 'Bakeriet AS',
    InvoiceAddress: { AddressLine1: 'Storgata 1', PostalCode: '0150', City: 'Oslo', CountryCode: 'NO' },
    DefaultEmail: { EmailAddress: 'post@bakeriet.example' },
    DefaultPhone: null,
  },
}

describe('the party form', () => {
  it('reads a party into text fields, the cost account by its number', () => {
    const values = formFromParty('Supplier', supplier, accounts)
    expect(values).toMatchObject({
      'Info.Name': 'Bakeriet AS',
      'Info.InvoiceAddress.City': 'Oslo',
      'Info.DefaultPhone.Number': '',
      OrgNumber: org,
      CreditDays: '14',
      CostAccountID: '6300',
    })
  })

  it('names each field’s problem with the check’s code', () => {
    const values = formFromParty('Supplier', supplier, accounts)
    Object.assign(values, {
      'Info.Name': ' ',
      OrgNumber: `${org.slice(0, 8)}${(Number(org[8]) + 1) % 10}`,
      'Info.DefaultEmail.EmailAddress': 'post@bakeriet',
      'Info.InvoiceAddress.PostalCode': '150',
      CreditDays: '400',
      CostAccountID: '9999',
      WebUrl: 'not a web address',
    })
    const codes = Object.fromEntries(
      Object.entries(checkPartyForm('Supplier', values, accounts)).map(([path, found]) => [
        path,
        found?.code,
      ]),
    )
    expect(codes).toEqual({
      'Info.Name': 'required',
      OrgNumber: 'orgNumberChecksum',
      'Info.DefaultEmail.EmailAddress': 'emailFormat',
      'Info.InvoiceAddress.PostalCode': 'postalCodeFormat',
      CreditDays: 'creditDaysRange',
      CostAccountID: 'accountUnknown',
      WebUrl: 'webUrlFormat',
    })
    // A Swedish postal code is taken as written.
    values['Info.InvoiceAddress.PostalCode'] = '411 06'
    values['Info.InvoiceAddress.CountryCode'] = 'SE'
    expect(checkPartyForm('Supplier', values, accounts)['Info.InvoiceAddress.PostalCode']).toBeUndefined()
  })

  it('sends only the paths that changed, each as the platform keeps it', () => {
    const values = formFromParty('Supplier', supplier, accounts)
    expect(partyChanges('Supplier', supplier, values, accounts)).toEqual({})
    Object.assign(values, {
      'Info.InvoiceAddress.City': ' Bergen ',
      'Info.DefaultPhone.Number': '55 00 11 17',
      'Info.DefaultEmail.EmailAddress': '',
      CreditDays: '30',
      CostAccountID: '6540',
      OrgNumber: `${org.slice(0, 3)} ${org.slice(3, 6)} ${org.slice(6)}`,
      'Info.InvoiceAddress.CountryCode': 'no',
    })
    expect(partyChanges('Supplier', supplier, values, accounts)).toEqual({
      'Info.InvoiceAddress.City': 'Bergen',
      'Info.DefaultPhone.Number': '55 00 11 17',
      'Info.DefaultEmail.EmailAddress': null,
      CreditDays: 30,
      CostAccountID: 65,
    })
  })

  it('builds a new supplier’s draft that the outbox takes, with its bank accounts and a web address after it', () => {
    const values = formFromParty('Supplier', null)
    Object.assign(values, {
      'Info.Name': 'Ny Leverandør AS',
      OrgNumber: `NO ${org} MVA`,
      'Info.InvoiceAddress.PostalCode': '0150',
      CreditDays: '10',
      CostAccountID: '6300',
      WebUrl: 'leverandor.example',
    })
    const draft = partyDraft('Supplier', values, accounts, {
      bankAccounts: [
        `${account.slice(0, 4)}.${account.slice(4, 6)}.${account.slice(6)}`,
        'DE89 3704 0044 0532 0130 00',
      ],
    })
    expect(SupplierDraft.parse(draft)).toEqual({
      Name: 'Ny Leverandør AS',
      InvoiceAddress: {
        AddressLine1: null,
        AddressLine2: null,
        PostalCode: '0150',
        City: null,
        CountryCode: null,
      },
      EmailAddress: null,
      PhoneNumber: null,
      OrgNumber: org,
      CreditDays: 10,
      CostAccountID: 63,
      BankAccounts: [{ AccountNumber: account }, { IBAN: 'DE89370400440532013000' }],
    })
    expect(changesAfterCreate('Supplier', values)).toEqual({ WebUrl: 'leverandor.example' })
  })

  it('links a new contact person to the party they work for', () => {
    const values = formFromParty('Contact', null)
    Object.assign(values, { 'Info.Name': 'Kari Nordmann', Role: 'Regnskap' })
    expect(partyDraft('Contact', values, [], { parentBusinessRelationId: 70 })).toMatchObject({
      Name: 'Kari Nordmann',
      Role: 'Regnskap',
      Comment: null,
      InvoiceAddress: null,
      ParentBusinessRelationID: 70,
    })
  })

  it('takes a bank account only when its check digit holds', () => {
    expect(bankAccountDraft(account)).toEqual({ AccountNumber: account })
    expect(bankAccountDraft(`NO${'00'}${account}`)).toBeNull()
    expect(bankAccountDraft(`${account.slice(0, 10)}${(Number(account[10]) + 1) % 10}`)).toBeNull()
  })
})
