import { describe, expect, it } from 'vitest'
import {
  findAccount,
  findVatType,
  looksLikeDate,
  parseDate,
  parseDecimal,
  parseKid,
  parseMoney,
  type AccountRef,
} from './parse.ts'

// The reference date gives the year of a date typed without one.
const reference = '2025-11-20'

describe('dates as accountants type them', () => {
  it.each([
    ['31.01.2026', '2026-01-31'],
    ['31.01.26', '2026-01-31'],
    ['31/1-26', '2026-01-31'],
    ['31/01/2026', '2026-01-31'],
    ['31-01-2026', '2026-01-31'],
    ['1.2.26', '2026-02-01'],
    ['5.3.2026', '2026-03-05'],
    ['2026-01-31', '2026-01-31'],
    ['2026-1-5', '2026-01-05'],
    ['2026-01-31T00:00:00', '2026-01-31'],
    ['2026-01-31T00:00:00.000Z', '2026-01-31'],
    ['310126', '2026-01-31'],
    ['31012026', '2026-01-31'],
    ['29.02.2028', '2028-02-29'],
    ['29/02/2028', '2028-02-29'],
    ['2026-03-15', '2026-03-15'],
    ['29.02.2000', '2000-02-29'],
    ['  31.01.2026 ', '2026-01-31'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseDate(text, reference)).toBe(iso)
  })

  it.each([
    ['3101', '2025-01-31'],
    ['15.06', '2025-06-15'],
    ['15.6.', '2025-06-15'],
    ['15/6', '2025-06-15'],
  ])('reads %s, which has no year, in the reference year: %s', (text, iso) => {
    expect(parseDate(text, reference)).toBe(iso)
  })

  it('takes this year for a date without one when there is no reference', () => {
    expect(parseDate('15.06')).toBe(`${new Date().getFullYear()}-06-15`)
  })

  it.each([
    '31.04.2026', // April has 30 days
    '31.02.2026',
    '2026-13-01',
    '29.02.2027', // not a leap year
    '29.02.1900', // a century that is not a leap year
    '29.02.2100',
    '00.01.2026',
    '01.13.2026',
    '2026-02-30',
    '1/31/2026', // month first is never read
    '31.01.1899', // outside the years the platform books
    '31.01.2200',
  ])('refuses %j: a day the calendar does not have', (text) => {
    expect(parseDate(text, reference)).toBeUndefined()
    expect(looksLikeDate(text)).toBe(true)
  })

  it.each([
    '',
    'i går',
    'mars 2026',
    '2026.03.05',
    '2026/01/31',
    '31.01.202',
    '31012',
    '3101202',
    '31 01 2026',
    '2026-01-31Tnoon',
  ])('refuses %j: no date form', (text) => {
    expect(parseDate(text, reference)).toBeUndefined()
    expect(looksLikeDate(text)).toBe(false)
  })

  // The review accepted two-digit years and one-digit ISO parts, the inbox did not; the journal alone read
  // `3101` and `310126`, and no form read `31/1-26`. One reader now answers for all of them.
  it('gives every form the answer the most lenient one gave before', () => {
    for (const text of ['31.01.26', '2026-1-31', '31/1-26', '310126', '3101', '31.01'])
      expect(parseDate(text, '2026-05-01'), text).toBe('2026-01-31')
  })
})

describe('amounts as accountants type and paste them', () => {
  it.each([
    ['1 234,56', 123456],
    ['1\u00a0234,56', 123456],
    ['1.234,56', 123456],
    ['1234.56', 123456],
    ['1,234.56', 123456],
    ['-1.234,56', -123456],
    ['\u22121 234,56', -123456],
    ['(1 234,56)', -123456],
    ['1 234,56-', -123456],
    ['kr 18 419,-', 1841900],
    ['18 419,- kr', 1841900],
    ['18 419,\u2013', 1841900],
    ['NOK 12 500', 1250000],
    ['kr 99,5', 9950],
    ['0,01', 1],
    ['(0)', 0],
  ])('reads %s as %i øre', (text, ore) => {
    expect(parseMoney(text)).toBe(ore)
  })

  it.each(['', '-', 'abc', '1,2,3,4', '12,34,56', '1.23.4', '(-5)', '-5-', '12 3,4,5', '(1 234,56'])(
    'refuses %j',
    (text) => {
      expect(parseMoney(text)).toBeUndefined()
    },
  )
})

describe('quantities and percentages', () => {
  it('reads a decimal with a comma or a point, digits grouped with spaces, and a minus', () => {
    expect(parseDecimal('2,5')).toBe(2.5)
    expect(parseDecimal('2.5')).toBe(2.5)
    expect(parseDecimal('1 000')).toBe(1000)
    expect(parseDecimal('-1')).toBe(-1)
    for (const no of ['', ' ', 'to', '2,5,1', '1e3', '5 %']) expect(parseDecimal(no), no).toBeUndefined()
  })
})

describe('KIDs', () => {
  it('keeps a KID as text without the spaces it is grouped with, leading zeros and all', () => {
    expect(parseKid(' 0012 3456 7890 ')).toBe('001234567890')
    expect(parseKid('1007 2345-')).toBe('10072345-')
    expect(parseKid('   ')).toBeUndefined()
  })
})

describe('accounts and VAT codes named in a cell', () => {
  const accounts: AccountRef[] = [
    { ID: 11, AccountNumber: 1920, AccountName: 'Bankinnskudd' },
    { ID: 12, AccountNumber: 6300, AccountName: 'Leie lokale', VatTypeID: 7 },
    { ID: 13, AccountNumber: 63001, AccountName: 'Leie lager' },
    { ID: 14, AccountNumber: 6301, AccountName: 'Leie lokale' },
  ]
  const vatTypes = [
    { ID: 7, VatCode: '1', Name: 'Inngående mva 25 %' },
    { ID: 8, VatCode: '11', Name: 'Inngående mva 15 %' },
  ]

  it('finds an account by its number, or its number and name', () => {
    expect(findAccount('6300', accounts)?.ID).toBe(12)
    expect(findAccount(' 1920 Bankinnskudd', accounts)?.ID).toBe(11)
    expect(findAccount('63001', accounts)?.ID).toBe(13)
  })

  it('finds an account by its exact name only when one account has it', () => {
    expect(findAccount('bankinnskudd', accounts)?.ID).toBe(11)
    expect(findAccount('Leie lokale', accounts)).toBeUndefined()
  })

  it('never takes a near neighbour for an account the company does not have', () => {
    expect(findAccount('630', accounts)).toBeUndefined()
    expect(findAccount('6302', accounts)).toBeUndefined()
    expect(findAccount('Bank', accounts)).toBeUndefined()
    expect(findAccount('', accounts)).toBeUndefined()
  })

  it('finds a VAT type by its SAF-T code, then by its exact name', () => {
    expect(findVatType('11', vatTypes)?.ID).toBe(8)
    expect(findVatType('inngående mva 25 %', vatTypes)?.ID).toBe(7)
    expect(findVatType('25', vatTypes)).toBeUndefined()
  })
})
