import { describe, expect, it } from 'vitest'
import type { PaymentInfoType } from '../entities/rows.ts'
import { isValidKid, makeKid } from '../norwegian.ts'
import { kidOf, kidTypeFor } from './kid.ts'

/** A KID type as the demo seeds them (platform/seed/demo-sales.ts). */
function kidType(
  ID: number,
  parts: [string, number][],
  over: Partial<PaymentInfoType> = {},
): PaymentInfoType {
  return {
    ID,
    Name: `KID ${ID}`,
    Type: 1,
    Length: parts.reduce((s, [, l]) => s + l, 0),
    Modulus: 10,
    Control: 10,
    HasKid: true,
    Locked: false,
    StatusCode: 42400,
    PaymentInfoTypeParts: parts.map(([Part, Length], SortIndex) => ({ Part, Length, SortIndex })),
    ...over,
  } as PaymentInfoType
}

const customerAndInvoice = kidType(1, [
  ['<customer_number>', 5],
  ['<invoice_number>', 9],
  ['<modulus10>', 1],
])
const invoiceOnly = kidType(2, [
  ['<invoice_number>', 9],
  ['<modulus10>', 1],
])
const prefixed = kidType(
  3,
  [
    ['70', 2],
    ['<invoice_number>', 9],
    ['<modulus10>', 1],
  ],
  { Type: 4 },
)
const oldSetup = kidType(
  4,
  [
    ['<invoice_number>', 6],
    ['<modulus10>', 1],
  ],
  { StatusCode: 42401 },
)
const invoice = { PaymentID: null, InvoiceNumber: '10023', InvoiceType: 0 }

describe('kidOf', () => {
  it('builds the demo KID types from the customer and invoice numbers, with a MOD10 check digit', () => {
    expect(kidOf(invoice, customerAndInvoice, 10004)).toBe(makeKid('10004000010023'))
    expect(kidOf(invoice, invoiceOnly, 10004)).toBe(makeKid('000010023'))
    expect(kidOf(invoice, prefixed, null)).toBe(makeKid('70000010023'))
    for (const t of [customerAndInvoice, invoiceOnly, prefixed])
      expect(isValidKid(kidOf(invoice, t, 10004)!, 'mod10')).toBe(true)
  })

  it('answers the KID the platform assigned, and none when that one fails its check', () => {
    expect(kidOf({ ...invoice, PaymentID: '0000100230' }, invoiceOnly, 10004)).toBe('0000100230')
    expect(kidOf({ ...invoice, PaymentID: '0000100231' }, invoiceOnly, 10004)).toBeNull()
  })

  it('answers none when a number does not fit its part', () => {
    expect(kidOf({ ...invoice, InvoiceNumber: '1234567' }, oldSetup, 1)).toBeNull() // disabled anyway
    expect(kidOf({ ...invoice, InvoiceNumber: '1234567' }, { ...oldSetup, StatusCode: 42400 }, 1)).toBeNull()
    expect(kidOf(invoice, customerAndInvoice, 123456)).toBeNull()
  })

  it('answers none for a draft, a credit note, a type without KID, a broken setup or no customer number', () => {
    expect(kidOf({ ...invoice, InvoiceNumber: null }, invoiceOnly, 1)).toBeNull()
    expect(kidOf({ ...invoice, InvoiceType: 1 }, invoiceOnly, 1)).toBeNull()
    expect(kidOf(invoice, { ...invoiceOnly, HasKid: false }, 1)).toBeNull()
    expect(kidOf(invoice, null, 1)).toBeNull()
    expect(kidOf(invoice, { ...invoiceOnly, Length: 12 }, 1)).toBeNull()
    expect(kidOf(invoice, customerAndInvoice, null)).toBeNull()
  })
})

describe('kidTypeFor', () => {
  const types = [oldSetup, prefixed, invoiceOnly, customerAndInvoice]

  it("takes the invoice's own KID type, else the first active regular one no factoring setup uses", () => {
    expect(kidTypeFor({ PaymentInfoTypeID: 3 }, types)?.ID).toBe(3)
    expect(kidTypeFor({ PaymentInfoTypeID: null }, types)?.ID).toBe(1)
    expect(kidTypeFor({ PaymentInfoTypeID: null }, types, [{ FactoringPaymentInfoTypeID: 1 }])?.ID).toBe(2)
    expect(kidTypeFor({ PaymentInfoTypeID: null }, [oldSetup, prefixed])).toBeNull()
    expect(kidTypeFor({ PaymentInfoTypeID: 99 }, types)).toBeNull()
  })
})
