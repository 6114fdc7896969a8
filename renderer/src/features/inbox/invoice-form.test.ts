import { describe, expect, it } from 'vitest'
import { changesFrom, formFromRow, parseDay } from './invoice-form.ts'

const row = {
  InvoiceNumber: '41202',
  InvoiceDate: '2026-11-02',
  PaymentDueDate: '2026-12-02T00:00:00',
  TaxInclusiveAmount: '12500.50',
  PaymentID: null,
}

describe('the invoice panel form', () => {
  it('shows the platform values in the user’s language', () => {
    expect(formFromRow(row, 'nb')).toEqual({
      InvoiceNumber: '41202',
      InvoiceDate: '02.11.2026',
      PaymentDueDate: '02.12.2026',
      TaxInclusiveAmount: '12\u00a0500,50',
      PaymentID: '',
      BankAccount: '',
    })
  })

  it('sends only what changed, as platform values', () => {
    const form = { ...formFromRow(row, 'nb'), InvoiceNumber: 'OFF-4711', PaymentDueDate: '31.12.2026' }
    expect(changesFrom(form, row)).toEqual({
      changes: { InvoiceNumber: 'OFF-4711', PaymentDueDate: '2026-12-31' },
      problems: {},
    })
    const same = { ...formFromRow(row, 'en'), TaxInclusiveAmount: '12500.5' }
    expect(changesFrom(same, row)).toEqual({ changes: {}, problems: {} })
  })

  it('names the field and the problem for a bad date, amount or KID, and changes nothing', () => {
    const form = {
      ...formFromRow(row, 'nb'),
      InvoiceDate: '31.02.2026',
      TaxInclusiveAmount: '12,500,5',
      PaymentID: '1234567890',
    }
    expect(changesFrom(form, row).problems).toEqual({
      InvoiceDate: 'invalidDate',
      TaxInclusiveAmount: 'invalidAmount',
      PaymentID: 'invalidKid',
    })
    expect(changesFrom({ ...formFromRow(row, 'nb'), PaymentID: '12345678903' }, row).changes).toEqual({
      PaymentID: '12345678903',
    })
  })

  it('reads dd.mm.yyyy, d/m/yyyy and ISO dates and refuses impossible ones', () => {
    expect(parseDay('1.2.2027')).toBe('2027-02-01')
    expect(parseDay('01/02/2027')).toBe('2027-02-01')
    expect(parseDay('2027-02-01')).toBe('2027-02-01')
    expect(parseDay('29.02.2027')).toBeUndefined()
    expect(parseDay('next week')).toBeUndefined()
  })
})
