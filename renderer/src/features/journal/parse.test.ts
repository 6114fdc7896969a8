import { describe, expect, it } from 'vitest'
import type { AccountRef } from '@common/parse'
import { readPastedRows, splitClipboard } from './parse.ts'

const accounts: AccountRef[] = [
  { ID: 11, AccountNumber: 1920, AccountName: 'Bankinnskudd', VatTypeID: null },
  { ID: 12, AccountNumber: 6300, AccountName: 'Leie lokale', VatTypeID: 7 },
  { ID: 13, AccountNumber: 2400, AccountName: 'Leverandørgjeld', VatTypeID: null },
]
const vatTypes = [
  { ID: 7, VatCode: '1', Name: 'Inngående mva 25 %' },
  { ID: 8, VatCode: '0', Name: 'Ingen mva' },
]

describe('rows pasted from a spreadsheet', () => {
  it('splits tabs and line ends, with quoted cells that hold a tab or newline', () => {
    expect(splitClipboard('a\tb\r\n"c\td"\t"e\nf"\n\n')).toEqual([
      ['a', 'b'],
      ['c\td', 'e\nf'],
    ])
  })

  it('reads three lines with nb-NO amounts, dates, accounts by number and VAT by SAF-T code', () => {
    const text = [
      '31.01.2026\t6300\t1\t12 500,00\tHusleie januar',
      '31.01.2026\t1920 Bankinnskudd\t\t(12 500,00)\tHusleie januar',
      '31.01.2026\t6300\t0\t-1.234,56\tKorreksjon',
    ].join('\n')
    const lines = readPastedRows(text, accounts, vatTypes)
    expect(lines).toEqual([
      expect.objectContaining({
        date: '2026-01-31',
        accountId: 12,
        vatTypeId: 7,
        amount: 1250000,
        problems: [],
      }),
      expect.objectContaining({
        accountId: 11,
        vatTypeId: null,
        amount: -1250000,
        description: 'Husleie januar',
      }),
      expect.objectContaining({ accountId: 12, vatTypeId: 8, amount: -123456, description: 'Korreksjon' }),
    ])
  })

  it('marks an unknown account with what was pasted and never guesses a neighbour', () => {
    const [line] = readPastedRows('01.02.2026\t6301\t\t100,00\tX', accounts, vatTypes)
    expect(line!.accountId).toBeNull()
    expect(line!.accountText).toBe('6301')
    expect(line!.problems).toEqual([{ field: 'account', text: '6301' }])
  })

  it('skips a header row and reads debit and credit columns', () => {
    const text = 'Dato\tKonto\tDebet\tKredit\n01.02.2026\t1920\t\t500,00\n01.02.2026\t6300\t500,00\t'
    const lines = readPastedRows(text, accounts, vatTypes, {
      columns: ['date', 'account', 'debit', 'credit'],
    })
    expect(lines.map((l) => l.amount)).toEqual([-50000, 50000])
  })

  it('keeps a row whose amount cannot be read, with the problem named', () => {
    const [line] = readPastedRows('01.02.2026\t1920\t\tmange\tX', accounts, vatTypes)
    expect(line!.amount).toBeNull()
    expect(line!.problems).toEqual([{ field: 'amount', text: 'mange' }])
  })
})
