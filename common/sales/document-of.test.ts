import { describe, expect, it } from 'vitest'
import type {
  CompanySettings,
  Customer,
  CustomerInvoice,
  CustomerInvoiceItem,
  PaymentInfoType,
} from '../entities/rows.ts'
import { makeKid } from '../norwegian.ts'
import { salesDocument, type SalesDocumentContext } from './document-of.ts'

const item = (over: Partial<CustomerInvoiceItem>): CustomerInvoiceItem =>
  ({
    ID: 1,
    ItemText: 'Grovbrød',
    Unit: 'stk',
    NumberOfItems: 10,
    PriceExVatCurrency: 42.5,
    DiscountPercent: 0,
    VatTypeID: 31,
    VatPercent: null,
    SumTotalExVatCurrency: null,
    SumVatCurrency: null,
    SumTotalIncVatCurrency: null,
    SortIndex: 0,
    ...over,
  }) as CustomerInvoiceItem

const invoice = (over: Partial<CustomerInvoice>): CustomerInvoice =>
  ({
    ID: -1,
    StatusCode: 42001,
    InvoiceType: 0,
    InvoiceNumber: null,
    PaymentID: null,
    CustomerID: 7,
    CustomerName: 'Fjordkafeen AS',
    InvoiceDate: '2026-11-02',
    PaymentDueDate: '2026-11-16',
    InvoiceAddressLine1: null,
    Items: [
      item({
        ID: 2,
        SortIndex: 1,
        ItemText: 'Kanelsnurr',
        NumberOfItems: 24,
        PriceExVatCurrency: 18,
        VatTypeID: 31,
      }),
      item({ ID: 1, SortIndex: 0 }),
      item({
        ID: 3,
        SortIndex: 2,
        ItemText: 'Levering',
        Unit: null,
        NumberOfItems: 1,
        PriceExVatCurrency: 250,
        VatTypeID: 3,
      }),
    ],
    ...over,
  }) as CustomerInvoice

const company: CompanySettings = {
  ID: 1,
  CompanyName: 'Nordlys Bakeri AS',
  OrganizationNumber: '912345678',
  DefaultEmail: 'post@nordlys.example',
  DefaultPhone: '+4722100111',
  DefaultBankAccount: { ID: 4, AccountNumber: '15030123456', IBAN: 'NO9315030123456' },
} as CompanySettings

const customer = {
  ID: 7,
  CustomerNumber: 10004,
  OrgNumber: '987654321',
  Info: {
    ID: 70,
    Name: 'Fjordkafeen AS',
    InvoiceAddress: {
      ID: 71,
      AddressLine1: 'Bryggen 3',
      AddressLine2: null,
      PostalCode: '5003',
      City: 'Bergen',
      CountryCode: 'NO',
    },
    DefaultEmail: { ID: 72, EmailAddress: 'faktura@fjordkafeen.example' },
  },
} as unknown as Customer

const kidType = {
  ID: 1,
  Length: 10,
  HasKid: true,
  StatusCode: 42400,
  PaymentInfoTypeParts: [
    { Part: '<invoice_number>', Length: 9, SortIndex: 0 },
    { Part: '<modulus10>', Length: 1, SortIndex: 1 },
  ],
} as PaymentInfoType

const ctx: SalesDocumentContext = {
  language: 'nb',
  company,
  customer,
  vatPercentOf: (id) => ({ 3: 25, 31: 15 })[id ?? 0] ?? 0,
  kidType,
  currencyCode: 'NOK',
  creditedInvoiceNumber: null,
}

describe('salesDocument', () => {
  it("previews a draft: lines in order, sums at today's rates, the customer's address, no number and no KID", () => {
    const doc = salesDocument(invoice({}), ctx)
    expect(doc).toMatchObject({ draft: true, kind: 'invoice', number: null, kid: null, currency: 'NOK' })
    expect(doc.lines.map((l) => [l.text, l.net, l.vatPercent])).toEqual([
      ['Grovbrød', 42500, 15],
      ['Kanelsnurr', 43200, 15],
      ['Levering', 25000, 25],
    ])
    expect(doc.vat).toEqual([
      { percent: 25, base: 25000, vat: 6250 },
      { percent: 15, base: 85700, vat: 12855 },
    ])
    expect(doc.totals).toEqual({ net: 110700, vat: 19105, gross: 129805 })
    expect(doc.buyer).toMatchObject({
      name: 'Fjordkafeen AS',
      orgNumber: '987654321',
      addressLines: ['Bryggen 3', '5003 Bergen'],
    })
    expect(doc.seller).toMatchObject({
      name: 'Nordlys Bakeri AS',
      bankAccount: '15030123456',
      vatRegistered: true,
    })
  })

  it('prints what the platform booked on an invoiced row, its number and KID', () => {
    const booked = invoice({
      ID: 55,
      StatusCode: 42002,
      InvoiceNumber: '10023',
      InvoiceAddressLine1: 'Strandkaien 1',
      InvoicePostalCode: '5013',
      InvoiceCity: 'Bergen',
      Items: [
        item({
          VatPercent: 14,
          SumTotalExVatCurrency: 425,
          SumVatCurrency: 59.5,
          SumTotalIncVatCurrency: 484.5,
        }),
      ],
    })
    const doc = salesDocument(booked, ctx)
    expect(doc).toMatchObject({ draft: false, number: '10023', kid: makeKid('000010023') })
    expect(doc.vat).toEqual([{ percent: 14, base: 42500, vat: 5950 }])
    expect(doc.totals.gross).toBe(48450)
    expect(doc.buyer.addressLines).toEqual(['Strandkaien 1', '5013 Bergen'])
  })

  it('names a credit note and the invoice it credits', () => {
    const doc = salesDocument(invoice({ InvoiceType: 1 }), {
      ...ctx,
      language: 'en',
      creditedInvoiceNumber: '10023',
    })
    expect(doc).toMatchObject({
      kind: 'credit-note',
      creditedInvoiceNumber: '10023',
      language: 'en',
      kid: null,
    })
  })
})
