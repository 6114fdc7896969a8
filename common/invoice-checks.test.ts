import { describe, expect, it } from 'vitest'
import {
  checkAmount,
  checkBankAccount,
  checkCostLines,
  checkDate,
  checkDueDate,
  checkIban,
  checkInvoiceFields,
  checkKid,
  checkOrgNumber,
  costLineFigures,
  kidRule,
  parseInvoiceAmount,
  parseInvoiceDate,
} from './invoice-checks.ts'
import type { VatTypeRule } from './vat.ts'

const code = (result: { code: string } | null) => result?.code ?? null

describe('organisation number', () => {
  it('accepts a valid number as typed and as printed on invoices', () => {
    expect(checkOrgNumber('995525828')).toBeNull()
    expect(checkOrgNumber('995 525 828')).toBeNull()
    expect(checkOrgNumber('NO 995 525 828 MVA')).toBeNull()
  })

  it('refuses a wrong check digit and says which digit MOD11 expects', () => {
    expect(checkOrgNumber('995525829')).toEqual({
      level: 'error',
      code: 'orgNumberChecksum',
      params: { expected: '8' },
    })
  })

  it('refuses a number whose MOD11 remainder gives 10 (no check digit exists)', () => {
    // The first eight digits whose weighted sum leaves 11 - 10: no ninth digit makes them valid.
    for (let n = 10000000; n < 10000200; n++) {
      const first8 = String(n)
      const sum = [3, 2, 7, 6, 5, 4, 3, 2].reduce((s, w, i) => s + w * Number(first8[i]), 0)
      if (11 - (sum % 11) !== 10) continue
      for (let d = 0; d <= 9; d++) expect(code(checkOrgNumber(first8 + d))).toBe('orgNumberChecksum')
      return
    }
    throw new Error('no remainder-10 number in the range')
  })

  it('names the length when digits are missing', () => {
    expect(checkOrgNumber('99552582')).toMatchObject({ code: 'orgNumberLength', params: { length: 8 } })
  })

  it('has nothing to say about an empty field', () => {
    expect(checkOrgNumber('')).toBeNull()
    expect(checkOrgNumber('  ')).toBeNull()
    expect(checkOrgNumber(null)).toBeNull()
  })
})

describe('bank account', () => {
  it('accepts a valid account with dots, spaces, non-breaking spaces or nothing between the groups', () => {
    for (const written of ['86011117947', '8601.11.17947', '8601 11 17947', '8601\u00a011\u00a017947'])
      expect(checkBankAccount(written), written).toBeNull()
  })

  it('refuses a wrong check digit, with dots too', () => {
    expect(checkBankAccount('8601.11.17948')).toEqual({
      level: 'error',
      code: 'bankAccountChecksum',
      params: { expected: '7' },
    })
  })

  it('refuses a swapped pair of digits (the typing mistake MOD11 is made to catch)', () => {
    expect(code(checkBankAccount('8601.11.19747'))).toBe('bankAccountChecksum')
  })

  it('names the length of an account with a digit too few or too many', () => {
    expect(checkBankAccount('8601.11.1794')).toMatchObject({
      code: 'bankAccountLength',
      params: { length: 10 },
    })
    expect(checkBankAccount('8601.11.179470')).toMatchObject({ params: { length: 12 } })
  })

  it('checks an account written as an IBAN with the IBAN rules', () => {
    expect(checkBankAccount('NO93 8601 1117 947')).toBeNull()
    expect(code(checkBankAccount('NO94 8601 1117 947'))).toBe('ibanChecksum')
    expect(checkBankAccount('DE89 3704 0044 0532 0130 00')).toBeNull()
  })
})

describe('KID', () => {
  it('accepts MOD10 and MOD11 KIDs and says which rule they follow', () => {
    expect(checkKid('79927398713')).toBeNull()
    expect(kidRule('79927398713')).toBe('MOD10')
    // 10002345 with weights 2..7 from the right: 47, and 11 - (47 mod 11) = 8; Luhn gives 6.
    expect(checkKid('100023458')).toBeNull()
    expect(kidRule('100023458')).toBe('MOD11')
    expect(checkKid('100023456')).toBeNull()
    expect(kidRule('100023456')).toBe('MOD10')
  })

  it('accepts a MOD11 KID whose check digit is a dash (remainder 10)', () => {
    expect(checkKid('10072345-')).toBeNull()
    expect(kidRule('10072345-')).toBe('MOD11')
    expect(checkKid('1007 2345-')).toBeNull()
    // A dash on a payload whose MOD11 digit is a number is wrong.
    expect(code(checkKid('10002345-'))).toBe('kidChecksum')
  })

  it('refuses a KID with a wrong check digit', () => {
    expect(checkKid('79927398710')).toMatchObject({ level: 'error', code: 'kidChecksum' })
  })

  it('refuses a dash anywhere but last, letters, and lengths outside 2-25', () => {
    expect(code(checkKid('12-34'))).toBe('kidCharacters')
    expect(code(checkKid('12A4'))).toBe('kidCharacters')
    expect(code(checkKid('-'))).toBe('kidCharacters')
    expect(checkKid('5')).toMatchObject({ code: 'kidLength', params: { length: 1 } })
    expect(checkKid('1'.repeat(26))).toMatchObject({ code: 'kidLength', params: { length: 26 } })
  })

  it('keeps leading zeros: a KID is text', () => {
    // 0000000000 + Luhn digit 0 is valid; dropping the zeros would make it 1 character.
    expect(checkKid('00000000000')).toBeNull()
  })
})

describe('IBAN', () => {
  it('accepts valid IBANs of several countries, spaced or not, in any case', () => {
    for (const iban of [
      'NO9386011117947',
      'NO93 8601 1117 947',
      'GB82 WEST 1234 5698 7654 32',
      'gb82west12345698765432',
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
      'SE4550000000058398257466',
    ])
      expect(checkIban(iban), iban).toBeNull()
  })

  it('refuses a wrong check pair (MOD97)', () => {
    expect(code(checkIban('GB82 WEST 1234 5698 7654 33'))).toBe('ibanChecksum')
    expect(code(checkIban('DE88370400440532013000'))).toBe('ibanChecksum')
  })

  it('refuses the wrong length for the country', () => {
    expect(checkIban('NO938601111794')).toMatchObject({
      code: 'ibanLength',
      params: { country: 'NO', expected: 15, length: 14 },
    })
  })

  it('refuses a country the IBAN registry does not list, even with a right check pair', () => {
    // A made-up country "ZZ" with a check pair computed for it: 98 - mod97("123456ZZ00").
    const body = '123456'
    const numeric = `${body}${35}${35}00`
    const check = 98 - Number(BigInt(numeric) % 97n)
    const iban = `ZZ${String(check).padStart(2, '0')}${body}`
    expect(checkIban(iban)).toMatchObject({ code: 'ibanCountry', params: { country: 'ZZ' } })
  })

  it('refuses something that is no IBAN at all', () => {
    expect(checkIban('8601 11 17947')).toMatchObject({ code: 'ibanCountry', params: { country: '86' } })
  })

  it('names the position that holds the wrong kind of character', () => {
    expect(checkIban('GB82 WEST 1234 5698 7654 3X')).toMatchObject({
      code: 'ibanCharacter',
      params: { position: 22, expected: 'n', found: 'X' },
    })
  })

  it('refuses a Norwegian IBAN with valid MOD97 whose account fails MOD11', () => {
    // Account 86011117948 (wrong MOD11 digit) with a check pair that makes MOD97 right.
    const account = '86011117948'
    const check = 98 - Number(BigInt(`${account}232400`) % 97n)
    const iban = `NO${String(check).padStart(2, '0')}${account}`
    expect(code(checkIban(iban))).toBe('bankAccountChecksum')
  })
})

describe('dates', () => {
  it('reads dd.mm.yyyy, one-digit day and month, two-digit years, / and - and ISO', () => {
    expect(parseInvoiceDate('05.03.2026')).toBe('2026-03-05')
    expect(parseInvoiceDate('5.3.2026')).toBe('2026-03-05')
    expect(parseInvoiceDate('5/3/26')).toBe('2026-03-05')
    expect(parseInvoiceDate('05-03-2026')).toBe('2026-03-05')
    expect(parseInvoiceDate('2026-03-05')).toBe('2026-03-05')
    expect(parseInvoiceDate('2026-03-05T00:00:00Z')).toBe('2026-03-05')
  })

  it('knows 29 February of leap years only (2000 yes, 1900 and 2100 no)', () => {
    expect(checkDate('29.02.2024')).toBeNull()
    expect(checkDate('29.02.2000')).toBeNull()
    expect(checkDate('29.02.2025')).toEqual({
      level: 'error',
      code: 'dateNotReal',
      params: { value: '29.02.2025' },
    })
    expect(code(checkDate('29.02.2100'))).toBe('dateNotReal')
    expect(code(checkDate('29.02.1900'))).toBe('dateNotReal')
  })

  it('refuses 31 April, month 13 and day 0', () => {
    expect(code(checkDate('31.04.2026'))).toBe('dateNotReal')
    expect(code(checkDate('01.13.2026'))).toBe('dateNotReal')
    expect(code(checkDate('00.01.2026'))).toBe('dateNotReal')
    expect(code(checkDate('2026-02-30'))).toBe('dateNotReal')
  })

  it('asks for the format when the text is no date at all', () => {
    expect(code(checkDate('mars 2026'))).toBe('dateFormat')
    expect(code(checkDate('2026.03.05'))).toBe('dateFormat')
  })

  it('refuses a due date before the invoice date, however each is written', () => {
    expect(checkDueDate('15.03.2026', '14.03.2026')).toEqual({
      level: 'error',
      code: 'dueBeforeInvoiceDate',
      params: { invoiceDate: '2026-03-15', dueDate: '2026-03-14' },
    })
    expect(checkDueDate('2026-03-15', '15.03.2026')).toBeNull()
    expect(checkDueDate('28.02.2026', '01.03.2026')).toBeNull()
    expect(checkDueDate('31.12.2025', '2.1.2026')).toBeNull()
  })

  it('has nothing to compare when a date is missing or unreadable', () => {
    expect(checkDueDate('', '14.03.2026')).toBeNull()
    expect(checkDueDate('30.02.2026', '14.03.2026')).toBeNull()
  })
})

describe('amounts', () => {
  it('reads 1 234,56 and 1.234,56 and kr 18 419,- as Norwegians write them', () => {
    expect(parseInvoiceAmount('1 234,56')).toBe(123456)
    expect(parseInvoiceAmount('1\u00a0234,56')).toBe(123456)
    expect(parseInvoiceAmount('1.234,56')).toBe(123456)
    expect(parseInvoiceAmount('kr 18 419,-')).toBe(1841900)
    expect(parseInvoiceAmount('18 419,- kr')).toBe(1841900)
    expect(parseInvoiceAmount('1234.56')).toBe(123456)
    expect(parseInvoiceAmount('1.234')).toBe(123400)
    expect(parseInvoiceAmount('NOK 12 500')).toBe(1250000)
  })

  it('refuses text that is no amount', () => {
    expect(parseInvoiceAmount('12,34,56')).toBeNull()
    expect(code(checkAmount('tolv kroner'))).toBe('amountFormat')
    expect(code(checkAmount('1.23.4'))).toBe('amountFormat')
  })

  it('warns, without refusing, about a total of zero or less', () => {
    expect(checkAmount('0,00')).toEqual({
      level: 'warning',
      code: 'amountNotPositive',
      params: { amount: '0,00' },
    })
    expect(checkAmount('-250')).toMatchObject({ level: 'warning', params: { amount: '-250,00' } })
    expect(checkAmount('kr 18 419,-')).toBeNull()
  })
})

const vat = (ID: number, VatPercent: number, extra: Partial<VatTypeRule> = {}): [number, VatTypeRule] => [
  ID,
  {
    ID,
    Name: `${VatPercent}%`,
    VatPercent,
    OutputVat: false,
    ReversedTaxDutyVat: false,
    IncomingAccountID: 2710,
    OutgoingAccountID: 2700,
    ...extra,
  },
]
const vatTypes = new Map([
  vat(1, 25),
  vat(11, 15),
  vat(13, 12),
  vat(0, 0),
  vat(86, 25, { ReversedTaxDutyVat: true }),
  vat(99, 25, { VatPercentages: [{ VatPercent: 24, ValidFrom: '2027-01-01', ValidTo: null }] }),
])

describe('cost lines against the total', () => {
  it('accepts gross lines that add up to the total to the øre, and splits out their VAT', () => {
    const lines = [
      { amount: 1250000, VatTypeID: 1 },
      { amount: 57500, VatTypeID: 11 },
      { amount: 10000, VatTypeID: null },
    ]
    expect(checkCostLines('13 175,00', lines, vatTypes, '2026-03-01')).toBeNull()
    const figures = costLineFigures(lines, vatTypes, '2026-03-01')
    expect(figures.lines.map((l) => l.vat)).toEqual([250000, 7500, 0])
    expect(figures).toMatchObject({ net: 1060000, vat: 257500, gross: 1317500, problems: [] })
  })

  it('refuses a total one øre away and says the difference', () => {
    const lines = [{ amount: 1250000, VatTypeID: 1 }]
    expect(checkCostLines(12500.01, lines, vatTypes, '2026-03-01')).toEqual({
      level: 'error',
      code: 'costLinesMismatch',
      params: { total: '12\u00a0500,01', sum: '12\u00a0500,00', difference: '0,01' },
    })
  })

  it('adds VAT on top of net lines, rounded half away from zero per line', () => {
    // 0,02 * 25% = 0,005 -> 0,01; 3 lines: 0,06 net + 0,03 VAT = 0,09.
    const lines = [1, 2, 3].map(() => ({ amount: 2, VatTypeID: 1 }))
    const figures = costLineFigures(lines, vatTypes, '2026-03-01', 'net')
    expect(figures).toMatchObject({ net: 6, vat: 3, gross: 9 })
    expect(checkCostLines('0,09', lines, vatTypes, '2026-03-01', 'net')).toBeNull()
    expect(code(checkCostLines('0,08', lines, vatTypes, '2026-03-01', 'net'))).toBe('costLinesMismatch')
  })

  it('counts no VAT on reverse-charge lines: the supplier abroad does not charge it', () => {
    const lines = [{ amount: 100000, VatTypeID: 86 }]
    expect(checkCostLines(1000, lines, vatTypes, '2026-03-01', 'net')).toBeNull()
    expect(costLineFigures(lines, vatTypes, '2026-03-01', 'net').vat).toBe(0)
  })

  it('uses the VAT rate valid on the invoice date', () => {
    const lines = [{ amount: 10000, VatTypeID: 99 }]
    expect(costLineFigures(lines, vatTypes, '2026-12-31', 'net').vat).toBe(2500)
    expect(costLineFigures(lines, vatTypes, '2027-01-01', 'net').vat).toBe(2400)
  })

  it('names the line without an amount or with an unknown VAT code', () => {
    expect(checkCostLines(100, [{ amount: 10000 }, { amount: null }], vatTypes, '2026-03-01')).toMatchObject({
      code: 'costLineAmount',
      params: { line: 2 },
    })
    expect(checkCostLines(100, [{ amount: 10000, VatTypeID: 42 }], vatTypes, '2026-03-01')).toMatchObject({
      code: 'costLineVatType',
      params: { line: 1 },
    })
  })

  it('has nothing to compare without lines or without a total', () => {
    expect(checkCostLines(100, [], vatTypes, '2026-03-01')).toBeNull()
    expect(checkCostLines(null, [{ amount: 1 }], vatTypes, '2026-03-01')).toBeNull()
  })
})

describe('all fields at once', () => {
  it('reports each field with its finding and leaves valid fields out', () => {
    const found = checkInvoiceFields({
      SupplierOrgNumber: 'NO 995 525 828 MVA',
      BankAccount: '8601.11.17948',
      PaymentID: '79927398710',
      InvoiceDate: '29.02.2024',
      PaymentDueDate: '28.02.2024',
      TaxInclusiveAmount: 'kr 18 419,-',
    })
    expect(Object.keys(found).sort()).toEqual(['BankAccount', 'PaymentDueDate', 'PaymentID'])
    expect(found.PaymentDueDate?.code).toBe('dueBeforeInvoiceDate')
  })
})
