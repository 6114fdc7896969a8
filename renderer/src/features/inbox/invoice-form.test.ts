import { describe, expect, it } from 'vitest'
import { changesFrom, formFromRow } from './invoice-form.ts'

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

  it('names the field and the finding for a bad date, amount or KID, and changes nothing', () => {
    const form = {
      ...formFromRow(row, 'nb'),
      InvoiceDate: '31.02.2026',
      TaxInclusiveAmount: '12,500,5',
      PaymentID: '1234567890',
    }
    const found = changesFrom(form, row)
    expect(found.changes).toEqual({})
    expect(found.problems).toEqual({
      InvoiceDate: { level: 'error', code: 'dateNotReal', params: { value: '31.02.2026' } },
      TaxInclusiveAmount: { level: 'error', code: 'amountFormat', params: {} },
      PaymentID: { level: 'error', code: 'kidChecksum', params: { mod11: '2' } },
    })
    expect(changesFrom({ ...formFromRow(row, 'nb'), PaymentID: '12345678903' }, row).changes).toEqual({
      PaymentID: '12345678903',
    })
  })

  it('reads dates as the review reads them, and refuses impossible ones', () => {
    const saved = (text: string) =>
      changesFrom({ ...formFromRow(row, 'nb'), PaymentDueDate: text }, row).changes.PaymentDueDate
    expect(saved('1.2.2027')).toBe('2027-02-01')
    expect(saved('01/02/2027')).toBe('2027-02-01')
    expect(saved('2027-02-01')).toBe('2027-02-01')
    // The panel refused these before; the review took them. One reader now answers for both.
    expect(saved('01.02.27')).toBe('2027-02-01')
    expect(saved('2027-2-1')).toBe('2027-02-01')
    expect(changesFrom({ ...formFromRow(row, 'nb'), PaymentDueDate: '29.02.2027' }, row).problems).toEqual({
      PaymentDueDate: { level: 'error', code: 'dateNotReal', params: { value: '29.02.2027' } },
    })
    expect(
      changesFrom({ ...formFromRow(row, 'nb'), PaymentDueDate: 'next week' }, row).problems.PaymentDueDate
        ?.code,
    ).toBe('dateFormat')
  })

  it('refuses a due date before the invoice date, as the review does', () => {
    const form = { ...formFromRow(row, 'nb'), PaymentDueDate: '01.11.2026' }
    expect(changesFrom(form, row).problems.PaymentDueDate?.code).toBe('dueBeforeInvoiceDate')
  })

  it('saves a KID typed in groups without its spaces, as the review does', () => {
    const form = { ...formFromRow(row, 'nb'), PaymentID: '1234 5678 903' }
    expect(changesFrom(form, row)).toEqual({ changes: { PaymentID: '12345678903' }, problems: {} })
  })

  it('saves a total of zero: a warning never stops the save', () => {
    const form = { ...formFromRow(row, 'nb'), TaxInclusiveAmount: '0,00' }
    expect(changesFrom(form, row)).toEqual({ changes: { TaxInclusiveAmount: 0 }, problems: {} })
  })
})
