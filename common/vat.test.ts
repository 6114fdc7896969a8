import { describe, expect, it } from 'vitest'
import { previewEntry, splitVat, vatPercentOn, type VatTypeRule } from './vat.ts'

const input25: VatTypeRule = {
  ID: 1,
  Name: 'Inngående mva 25 %',
  VatPercent: '25',
  OutputVat: false,
  ReversedTaxDutyVat: false,
  IncomingAccountID: 2710,
  OutgoingAccountID: null,
}
const output15: VatTypeRule = {
  ...input25,
  ID: 2,
  Name: 'Utgående mva 15 %',
  VatPercent: '15',
  OutputVat: true,
  IncomingAccountID: null,
  OutgoingAccountID: 2701,
}
const reverse: VatTypeRule = {
  ...input25,
  ID: 3,
  Name: 'Omvendt avgiftsplikt 25 %',
  ReversedTaxDutyVat: true,
  OutgoingAccountID: 2702,
}
const base = { accountId: 6540, foreign: false }

describe('the VAT rule of a journal line', () => {
  it('splits a gross amount with input VAT: net on the line account, VAT on the input VAT account', () => {
    const split = splitVat({
      ...base,
      amount: 1250_00,
      amountCurrency: 1250_00,
      vatType: input25,
      percent: '25',
    })
    expect(split).toEqual({
      ok: true,
      lines: [
        { accountId: 6540, amount: 1000_00, amountCurrency: 1000_00, role: 'line' },
        { accountId: 2710, amount: 250_00, amountCurrency: 250_00, role: 'vat', description: input25.Name },
      ],
    })
  })

  it('rounds the VAT of an amount with øre half away from zero, and the lines still add up to the gross', () => {
    const split = splitVat({
      ...base,
      amount: -99_99,
      amountCurrency: -99_99,
      vatType: output15,
      percent: '15',
    })
    if (!split.ok) throw new Error('expected a split')
    expect(split.lines.map((l) => l.amount)).toEqual([-86_95, -13_04])
    expect(split.lines[1]!.accountId).toBe(2701)
  })

  it('books reverse charge as output VAT on the amount paid and the same deduction as input VAT', () => {
    const split = splitVat({
      ...base,
      amount: 1000_00,
      amountCurrency: 1000_00,
      vatType: reverse,
      percent: '25',
    })
    if (!split.ok) throw new Error('expected a split')
    expect(split.lines.map((l) => [l.accountId, l.amount, l.role])).toEqual([
      [6540, 1000_00, 'line'],
      [2710, 250_00, 'vat'],
      [2702, -250_00, 'reverseChargeOutput'],
    ])
  })

  it('adds reverse-charge VAT to the cost when the type allows no deduction', () => {
    const noDeduction = { ...reverse, IncomingAccountID: null }
    const split = splitVat({
      ...base,
      amount: 1000_00,
      amountCurrency: 1000_00,
      vatType: noDeduction,
      percent: '25',
    })
    if (!split.ok) throw new Error('expected a split')
    expect(split.lines.map((l) => [l.accountId, l.amount])).toEqual([
      [6540, 1250_00],
      [2702, -250_00],
    ])
  })

  it('books a zero rate and a line without VAT type as one line', () => {
    expect(
      splitVat({ ...base, amount: 500_00, amountCurrency: 500_00, vatType: input25, percent: '0' }),
    ).toEqual({
      ok: true,
      lines: [{ accountId: 6540, amount: 500_00, amountCurrency: 500_00, role: 'line' }],
    })
    expect(
      splitVat({ ...base, amount: 500_00, amountCurrency: 500_00, vatType: null, percent: null }).ok,
    ).toBe(true)
  })

  it('refuses a VAT type without the VAT account it needs', () => {
    const broken = { ...input25, IncomingAccountID: null }
    expect(splitVat({ ...base, amount: 1_00, amountCurrency: 1_00, vatType: broken, percent: '25' })).toEqual(
      {
        ok: false,
        problem: 'noInputVatAccount',
      },
    )
  })

  it('takes the rate valid on the VAT date', () => {
    const food: VatTypeRule = {
      ...output15,
      VatPercentages: [
        { VatPercent: '15', ValidFrom: '2016-01-01', ValidTo: '2026-06-30' },
        { VatPercent: '12', ValidFrom: '2026-07-01', ValidTo: null },
      ],
    }
    expect(vatPercentOn(food, '2026-06-30')).toBe('15')
    expect(vatPercentOn(food, '2026-07-01')).toBe('12')
    expect(vatPercentOn({ ...food, VatPercentages: [] }, '2026-07-01')).toBe('15')
  })
})

describe('the preview of a draft entry', () => {
  const vatTypes = new Map([[1, input25]])

  it('shows the lines that will be booked and a zero balance for a balanced entry', () => {
    const preview = previewEntry(
      [
        { AccountID: 6540, Amount: '1250.00', FinancialDate: '2026-11-20', VatTypeID: 1 },
        { AccountID: 1920, Amount: -1250, FinancialDate: '2026-11-20' },
      ],
      vatTypes,
    )
    expect(preview.problems).toEqual([])
    expect(preview.balance).toBe(0)
    expect(preview.lines.map((l) => [l.draftIndex, l.accountId, l.amount])).toEqual([
      [0, 6540, 1000_00],
      [0, 2710, 250_00],
      [1, 1920, -1250_00],
    ])
  })

  it('names the difference of an unbalanced entry and the lines it cannot book', () => {
    const preview = previewEntry(
      [
        { AccountID: 6540, Amount: '100,00', FinancialDate: '2026-11-20' },
        { AccountID: 1920, Amount: -90, FinancialDate: '2026-11-20', VatTypeID: 77 },
        { AccountID: null, Amount: 5, FinancialDate: null },
      ],
      vatTypes,
    )
    expect(preview.balance).toBe(-90_00)
    expect(preview.problems).toEqual([
      { draftIndex: 0, field: 'Amount', problem: 'notAnAmount' },
      { draftIndex: 1, field: 'VatTypeID', problem: 'unknown' },
      { draftIndex: 2, field: 'AccountID', problem: 'missing' },
      { draftIndex: 2, field: 'FinancialDate', problem: 'missing' },
    ])
  })
})
