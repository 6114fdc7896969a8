import { describe, expect, it } from 'vitest'
import { GenericStatus } from '@common/status'
import type { Cached } from '@renderer/data/schema'
import {
  buildRegisterRows,
  numberForms,
  viewRegister,
  type RegisterRows,
  type RegisterSource,
  type RegisterView,
} from './register-rows.ts'

const companyKey = 'nordlys'
const base = { companyKey, UpdatedAt: '2026-11-01T10:00:00Z' }

function supplier(ID: number, name: string, more: Partial<Cached<'Supplier'>> = {}, info: object = {}) {
  return {
    ...base,
    ID,
    StatusCode: GenericStatus.Active,
    BusinessRelationID: 1000 + ID,
    ...more,
    Info: { ID: 1000 + ID, UpdatedAt: null, Name: name, InvoiceAddressID: null, ...info },
  } as Cached<'Supplier'>
}

const customer = (ID: number, name: string, more: Partial<Cached<'Customer'>> = {}, info: object = {}) =>
  ({ ...supplier(ID, name, more, info), OrgNumber: more.OrgNumber ?? null }) as unknown as Cached<'Customer'>

const account = (ID: number, AccountNumber: string | null, IBAN: string | null = null) => ({
  ID,
  UpdatedAt: null,
  AccountNumber,
  IBAN,
})

function source(more: Partial<RegisterSource> = {}): RegisterSource {
  return {
    Supplier: [
      supplier(
        1,
        'Bergen Kontorrekvisita AS',
        { OrgNumber: '995525828', CostAccountID: 71 },
        {
          InvoiceAddress: { ID: 1, City: 'Bergen' },
          DefaultEmail: { ID: 1, UpdatedAt: null, EmailAddress: 'faktura@bergenkontor.no' },
          DefaultPhone: { ID: 1, UpdatedAt: null, Number: '+47 55 00 11 17' },
          BankAccounts: [account(5, '86011117947'), account(6, null, 'DE89370400440532013000')],
          DefaultBankAccountID: 5,
        },
      ),
      supplier(2, 'Fjord Frakt AS', { OrgNumber: 'NO 923 609 016 MVA' }),
      supplier(3, 'Fjordfrakt (dublett)', { OrgNumber: '923609016' }),
      supplier(4, 'Gamle Leverandør AS', { OrgNumber: '923609016', StatusCode: GenericStatus.Inactive }),
      supplier(5, 'Skannet Leverandør AS'),
      supplier(6, 'Kontrollert Leverandør AS'),
      supplier(7, 'Slettet AS', { Deleted: true }),
    ],
    Customer: [
      customer(11, 'Kaffebrenneriet AS', { OrgNumber: '995525828' }),
      customer(
        12,
        'Ola Nordmann',
        {},
        { DefaultEmail: { ID: 2, UpdatedAt: null, EmailAddress: 'ola@example.no' } },
      ),
    ],
    Contact: [
      {
        ...base,
        ID: 21,
        InfoID: 2021,
        Comment: null,
        ParentBusinessRelationID: 1001,
        Info: { ID: 2021, UpdatedAt: null, Name: 'Kari Kontakt', InvoiceAddressID: null },
      } as Cached<'Contact'>,
    ],
    Comment: [
      { ...base, ID: 31, Text: 'Opprettet fra skanning', EntityType: 'Supplier', EntityID: 5 },
      { ...base, ID: 32, Text: 'Created from a scan', EntityType: 'Supplier', EntityID: 6 },
      { ...base, ID: 33, Text: 'Kontrollert etter skanning', EntityType: 'Supplier', EntityID: 6 },
    ] as Cached<'Comment'>[],
    Account: [
      { ...base, ID: 71, AccountNumber: 6800, AccountName: 'Kontorrekvisita' },
    ] as Cached<'Account'>[],
    pending: new Map(),
    refused: new Set(),
    ...more,
  }
}

const view = (rows: RegisterRows, more: Partial<RegisterView> = {}) =>
  viewRegister(rows, { tab: 'Supplier', filter: 'all', query: '', showInactive: false, ...more })
const names = (rows: RegisterRows, more: Partial<RegisterView> = {}) =>
  view(rows, more).rows.map((r) => r.name)

describe('the contacts register rows', () => {
  const rows = buildRegisterRows(source())

  it('shows what the table needs, formatted once', () => {
    const bergen = rows.Supplier.find((row) => row.ID === 1)!
    expect(bergen).toMatchObject({
      key: 'Supplier:1',
      orgNumber: '995 525 828',
      email: 'faktura@bergenkontor.no',
      phone: '+47 55 00 11 17',
      bankAccount: '8601 11 17947',
      city: 'Bergen',
      costAccount: '6800 Kontorrekvisita',
    })
    expect(rows.Supplier.find((row) => row.ID === 2)!.orgNumber).toBe('923 609 016')
    expect(rows.Contact[0]!.worksFor).toEqual({
      entity: 'Supplier',
      ID: 1,
      name: 'Bergen Kontorrekvisita AS',
    })
  })

  it('counts each tab without the deactivated and deleted parties unless inactive ones are shown', () => {
    expect(view(rows).counts.tabs).toEqual({ Supplier: 5, Customer: 2, Contact: 1 })
    expect(names(rows)).not.toContain('Gamle Leverandør AS')
    expect(names(rows)).not.toContain('Slettet AS')
    expect(view(rows, { showInactive: true }).counts.tabs.Supplier).toBe(6)
    expect(names(rows, { showInactive: true })).toContain('Gamle Leverandør AS')
    expect(names(rows, { tab: 'Customer' })).toEqual(['Kaffebrenneriet AS', 'Ola Nordmann'])
  })

  it('filters the suppliers a scan created that nobody has checked yet, in either language', () => {
    expect(view(rows).counts.scanUnchecked).toBe(1)
    expect(names(rows, { filter: 'scanUnchecked' })).toEqual(['Skannet Leverandør AS'])
    expect(rows.Supplier.find((row) => row.ID === 6)!.scan).toBe('checked')
    expect(rows.Supplier.find((row) => row.ID === 1)!.scan).toBeNull()
  })

  it('marks and filters duplicates by organisation number of the same kind, not a deactivated one', () => {
    expect(names(rows, { filter: 'duplicates' })).toEqual(['Fjord Frakt AS', 'Fjordfrakt (dublett)'])
    expect(view(rows).counts.duplicates).toBe(2)
    // A customer with a supplier's organisation number is no duplicate: they are different kinds.
    expect(rows.Customer.find((row) => row.ID === 11)!.duplicate).toBe(false)
  })

  it('finds an organisation number in any spacing, with or without NO … MVA, also while it is typed', () => {
    for (const query of [
      '995525828',
      '995 525 828',
      'NO 995 525 828 MVA',
      'no995525828mva',
      '995.525',
      'NO 995 525 828 M',
    ])
      expect(names(rows, { query }), query).toEqual(['Bergen Kontorrekvisita AS'])
    for (const query of ['923609016', 'NO 923 609 016 MVA', '923 609'])
      expect(names(rows, { query }), query).toEqual(['Fjord Frakt AS', 'Fjordfrakt (dublett)'])
    expect(view(rows, { query: '995 525 828' }).counts.tabs).toEqual({ Supplier: 1, Customer: 1, Contact: 0 })
  })

  it('finds a bank account in dotted, spaced or IBAN form, any of the party’s accounts', () => {
    for (const query of [
      '86011117947',
      '8601.11.17947',
      '8601 11 17947',
      'NO93 8601 1117 947',
      '8601.11',
      'DE89 3704 0044',
    ])
      expect(names(rows, { query }), query).toEqual(['Bergen Kontorrekvisita AS'])
  })

  it('finds a phone number with or without +47, and an e-mail address', () => {
    for (const query of ['+47 55 00 11 17', '55001117', '0047 5500', '55 00 11', 'faktura@bergen'])
      expect(names(rows, { query }), query).toEqual(['Bergen Kontorrekvisita AS'])
    expect(names(rows, { tab: 'Customer', query: 'ola@example' })).toEqual(['Ola Nordmann'])
  })

  it('finds names by every word in any order, ignoring case', () => {
    expect(names(rows, { query: 'frakt AS fjord' })).toEqual(['Fjord Frakt AS'])
    expect(names(rows, { query: 'LEVERANDØR skannet' })).toEqual(['Skannet Leverandør AS'])
    expect(names(rows, { query: 'ingen slik' })).toEqual([])
  })

  it('marks a party whose change waits in the outbox, and one in conflict', () => {
    const pending = buildRegisterRows(
      source({
        pending: new Map([
          ['Supplier:2', false],
          ['Customer:12', true],
        ]),
      }),
    )
    expect(pending.Supplier.find((row) => row.ID === 2)).toMatchObject({ unsynced: true, conflict: false })
    expect(pending.Customer.find((row) => row.ID === 12)).toMatchObject({ unsynced: true, conflict: true })
    expect(pending.Supplier.find((row) => row.ID === 1)!.unsynced).toBe(false)
  })
})

describe('the forms of a typed number', () => {
  it('takes NO/MVA off an organisation number, NO and its check digits off an IBAN, +47 off a phone', () => {
    expect(numberForms('NO 995 525 828 MVA')).toContain('995525828')
    expect(numberForms('NO93 8601 1117 947')).toContain('86011117947')
    expect(numberForms('+47 55 00')).toContain('5500')
    expect(numberForms('+46 8 123')).toContain('00468123')
    expect(numberForms('Fjord')).toEqual([])
    expect(numberForms('12')).toEqual([])
  })
})
