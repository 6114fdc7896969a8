import { describe, expect, it } from 'vitest'
import {
  checkAccount,
  checkAmount,
  checkBankAccount,
  checkCountryCode,
  checkCreditDays,
  checkDate,
  checkDueDate,
  checkEmail,
  checkIban,
  checkKid,
  checkOrgNumber,
  checkPostalCode,
  checkRequired,
  checkVatCode,
  checkWebUrl,
  checksumCodes,
  errorsOf,
  finding,
  kidRule,
  type CheckResult,
} from './field-checks.ts'
import { readBankAccount } from './bank-account.ts'

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

  it('reads the field as every form reads it: a value starting with a letter is an IBAN', () => {
    // The invoice checks took `konto 8601…` for an 16-character account, the forms for an IBAN of
    // country KO; the check now follows the one reading (common/bank-account.ts).
    for (const text of ['konto 86011117947', 'US12 3456 7890 1234', 'NO93 8601 1117 94']) {
      const read = readBankAccount(text)
      expect(read && 'problem' in read ? read.problem.code : null, text).toBe(code(checkBankAccount(text)))
    }
    expect(code(checkBankAccount('konto 86011117947'))).toBe('ibanCountry')
  })

  it('names the check digit a Norwegian IBAN’s account needs', () => {
    const account = '86011117948'
    const check = 98 - Number(BigInt(`${account}232400`) % 97n)
    const iban = `NO${String(check).padStart(2, '0')}${account}`
    expect(checkBankAccount(iban)).toEqual({
      level: 'error',
      code: 'bankAccountChecksum',
      params: { expected: '7' },
    })
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
  it('accepts every form the date reader reads (common/parse.ts)', () => {
    for (const text of [
      '05.03.2026',
      '5.3.2026',
      '5/3/26',
      '05-03-2026',
      '2026-03-05',
      '2026-03-05T00:00:00Z',
    ])
      expect(checkDate(text), text).toBeNull()
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
  it('accepts what the amount reader reads (common/parse.ts)', () => {
    for (const text of ['1 234,56', '1.234,56', '1234.56', 'kr 18 419,-', '18 419,- kr', '(250,00)', '-250'])
      expect(checkAmount(text), text).toBeNull()
  })

  it('refuses text that is no amount', () => {
    expect(checkAmount('tolv kroner')).toEqual({ level: 'error', code: 'amountFormat', params: {} })
    expect(code(checkAmount('1.23.4'))).toBe('amountFormat')
    expect(code(checkAmount('12,34,56'))).toBe('amountFormat')
    expect(checkAmount('')).toBeNull()
  })
})

describe('accounts and VAT codes', () => {
  const accounts = [{ ID: 11, AccountNumber: 1920, AccountName: 'Bankinnskudd' }]
  const vatTypes = [{ ID: 7, VatCode: '1', Name: 'Inngående mva 25 %' }]

  it('accepts an account of the company by number or name, and names the one it does not have', () => {
    expect(checkAccount('1920', accounts)).toBeNull()
    expect(checkAccount('1920 Bankinnskudd', accounts)).toBeNull()
    expect(checkAccount(' 1921 ', accounts)).toEqual({
      level: 'error',
      code: 'accountUnknown',
      params: { account: '1921' },
    })
    expect(checkAccount('', accounts)).toBeNull()
  })

  it('accepts a VAT code of the company and names the one it does not have', () => {
    expect(checkVatCode('1', vatTypes)).toBeNull()
    expect(checkVatCode('86', vatTypes)).toMatchObject({ code: 'vatCodeUnknown', params: { code: '86' } })
  })
})

describe('what a form does with the findings', () => {
  it('asks for a field the form needs, and only when it is empty', () => {
    expect(checkRequired(null)).toEqual({ level: 'error', code: 'required', params: {} })
    expect(code(checkRequired('  '))).toBe('required')
    expect(checkRequired(7)).toBeNull()
    expect(checkRequired('x')).toBeNull()
  })

  it('lets only checksum failures be saved with a reason', () => {
    const overridable = (result: CheckResult) => result !== null && checksumCodes.has(result.code)
    expect(overridable(checkKid('79927398710'))).toBe(true)
    expect(overridable(checkBankAccount('8601.11.17948'))).toBe(true)
    expect(overridable(checkKid('12A4'))).toBe(false)
    expect(overridable(checkBankAccount('8601.11.1794'))).toBe(false)
  })

  it('stops a save on errors, never on warnings', () => {
    const error = finding('error', 'kidChecksum')
    const warning = finding('warning', 'amountNotPositive', { amount: '0,00' })
    expect(errorsOf({ PaymentID: error, TaxInclusiveAmount: warning })).toEqual({ PaymentID: error })
  })
})

describe('a party’s contact details', () => {
  it('takes an e-mail address with a name, an @ and a domain with a dot', () => {
    for (const ok of ['post@example.no', 'kari.nordmann+faktura@bakeri.example.com'])
      expect(checkEmail(ok)).toBeNull()
    for (const bad of ['post@example', 'post example.no', '@example.no', 'post@@example.no', 'post@.no'])
      expect(code(checkEmail(bad))).toBe('emailFormat')
    // The rules the platform's invitations had and the forms' lacked: a top-level name of two letters or more,
    // a name of at most 64 characters; and the forms' rule the others lacked: no empty name in the domain.
    for (const bad of [
      'post@example.n',
      `${'a'.repeat(65)}@example.no`,
      'post@example..no',
      `a@${'b'.repeat(250)}.no`,
    ])
      expect(code(checkEmail(bad))).toBe('emailFormat')
    expect(checkEmail(`${'a'.repeat(64)}@example.no`)).toBeNull()
    expect(checkEmail(' post@example.no ')).toBeNull()
    expect(checkEmail('  ')).toBeNull()
  })

  it('wants four digits in a Norwegian postal code and takes other countries’ codes as written', () => {
    expect(checkPostalCode('0150')).toBeNull()
    expect(checkPostalCode('0150', 'no')).toBeNull()
    expect(code(checkPostalCode('150'))).toBe('postalCodeFormat')
    expect(code(checkPostalCode('01500', 'NO'))).toBe('postalCodeFormat')
    expect(checkPostalCode('SW1A 1AA', 'GB')).toBeNull()
  })

  it('wants a two-letter country code', () => {
    expect(checkCountryCode('SE')).toBeNull()
    expect(code(checkCountryCode('Sverige'))).toBe('countryCodeFormat')
  })

  it('takes payment terms of 0 to 365 whole days', () => {
    for (const ok of ['0', '14', '365', 30]) expect(checkCreditDays(ok)).toBeNull()
    for (const bad of ['366', '-1', '14.5', 'fjorten', 1000])
      expect(checkCreditDays(bad)).toEqual(finding('error', 'creditDaysRange', { min: 0, max: 365 }))
  })

  it('takes a web address with or without its scheme', () => {
    for (const ok of ['example.no', 'https://www.example.no/om-oss', 'http://bakeri.example.com'])
      expect(checkWebUrl(ok)).toBeNull()
    for (const bad of ['example', 'www example.no', 'ftp://example.no'])
      expect(code(checkWebUrl(bad))).toBe('webUrlFormat')
  })
})
