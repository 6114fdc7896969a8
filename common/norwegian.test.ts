import { describe, expect, it } from 'vitest'
import {
  bankAccountToIban,
  formatPhone,
  buildKid,
  kidSetupFindings,
  kidSetupProblems,
  formatBankAccount,
  formatIban,
  formatOrgNumber,
  generateBankAccount,
  generateKid,
  generateOrgNumber,
  ibanToBankAccount,
  isValidBankAccount,
  isValidKid,
  isValidNorwegianIban,
  isValidOrgNumber,
  kidMethod,
  makeKid,
  mod10CheckDigit,
  mod11CheckDigit,
} from './norwegian.ts'

describe('KID', () => {
  it('computes Luhn (MOD10) check digits of known numbers', () => {
    expect(mod10CheckDigit('7992739871')).toBe('3')
    expect(mod10CheckDigit('12345678')).toBe('2')
    expect(mod10CheckDigit('0')).toBe('0')
  })

  it('computes MOD11 check digits with weights 2..7 from the right, 11 as 0 and 10 as a dash', () => {
    expect(mod11CheckDigit('12345678')).toBe('5')
    expect(mod11CheckDigit('1003')).toBe('0')
    expect(mod11CheckDigit('1009')).toBe('-')
  })

  it('accepts KIDs with a valid MOD10 or MOD11 check digit and tells which', () => {
    expect(kidMethod('79927398713')).toBe('mod10')
    expect(kidMethod('123456785')).toBe('mod11')
    expect(kidMethod('1009-')).toBe('mod11')
    expect(isValidKid('123456782', 'mod10')).toBe(true)
    expect(isValidKid('123456782', 'mod11')).toBe(false)
  })

  it('rejects KIDs with a wrong check digit, letters, or a length outside 2-25', () => {
    expect(isValidKid('79927398714')).toBe(false)
    expect(isValidKid('12345A782')).toBe(false)
    expect(isValidKid('0')).toBe(false)
    expect(isValidKid(makeKid('1'.repeat(25)))).toBe(false)
    expect(isValidKid(makeKid('1'.repeat(24)))).toBe(true)
    expect(isValidKid('-1')).toBe(false)
  })

  it('keeps leading zeros when making a KID', () => {
    expect(makeKid('000123', 'mod10')).toMatch(/^000123\d$/)
    expect(isValidKid(makeKid('000123', 'mod11'))).toBe(true)
  })
})

describe('bank account', () => {
  it('accepts valid accounts in the forms people write them', () => {
    expect(isValidBankAccount('86011117947')).toBe(true)
    expect(isValidBankAccount('8601.11.17947')).toBe(true)
    expect(isValidBankAccount('8601 11 17947')).toBe(true)
    expect(isValidBankAccount('1503 36 24074')).toBe(true)
  })

  it('rejects wrong check digits and wrong lengths', () => {
    expect(isValidBankAccount('86011117948')).toBe(false)
    expect(isValidBankAccount('8601111794')).toBe(false)
    expect(isValidBankAccount('860111179470')).toBe(false)
    expect(isValidBankAccount('8601x117947')).toBe(false)
  })

  it('rejects an account whose first ten digits give remainder 10 whatever the last digit', () => {
    let first10 = ''
    for (let i = 0; i < 1000 && !first10; i++) {
      const candidate = `86010${String(i).padStart(5, '0')}`
      const sum = [...candidate].reduce((s, d, k) => s + Number(d) * [5, 4, 3, 2, 7, 6, 5, 4, 3, 2][k]!, 0)
      if (11 - (sum % 11) === 10) first10 = candidate
    }
    expect(first10).not.toBe('')
    for (let d = 0; d <= 9; d++) expect(isValidBankAccount(first10 + d)).toBe(false)
  })

  it('formats as 4-2-5 groups', () => {
    expect(formatBankAccount('86011117947')).toBe('8601 11 17947')
    expect(formatBankAccount('8601.11.17947')).toBe('8601 11 17947')
    expect(formatBankAccount('123')).toBe('123')
  })
})

describe('organisation number', () => {
  it('accepts known valid organisation numbers, also printed as NO ... MVA', () => {
    for (const n of ['995525828', '974760673', '923609016', '984851006'])
      expect(isValidOrgNumber(n)).toBe(true)
    expect(isValidOrgNumber('NO 995 525 828 MVA')).toBe(true)
    expect(isValidOrgNumber('995 525 828')).toBe(true)
  })

  it('rejects wrong check digits and lengths', () => {
    expect(isValidOrgNumber('995525829')).toBe(false)
    expect(isValidOrgNumber('99552582')).toBe(false)
    expect(isValidOrgNumber('9955258280')).toBe(false)
  })

  it('formats as 3-3-3 groups', () => {
    expect(formatOrgNumber('995525828')).toBe('995 525 828')
  })
})

describe('IBAN', () => {
  it('converts a bank account to its Norwegian IBAN and back', () => {
    expect(bankAccountToIban('8601.11.17947')).toBe('NO9386011117947')
    expect(ibanToBankAccount('NO93 8601 1117 947')).toBe('86011117947')
    expect(formatIban('NO9386011117947')).toBe('NO93 8601 1117 947')
  })

  it('accepts the printed form and rejects wrong check digits or an invalid account', () => {
    expect(isValidNorwegianIban('NO93 8601 1117 947')).toBe(true)
    expect(isValidNorwegianIban('no9386011117947')).toBe(true)
    expect(isValidNorwegianIban('NO94 8601 1117 947')).toBe(false)
    expect(isValidNorwegianIban('NO93 8601 1117 948')).toBe(false)
    expect(isValidNorwegianIban('SE93 8601 1117 947')).toBe(false)
    expect(bankAccountToIban('86011117948')).toBeNull()
    expect(ibanToBankAccount('NO94 8601 1117 947')).toBeNull()
  })
})

describe('generators', () => {
  it('generate valid, stable numbers from a seed', () => {
    const orgs = new Set<string>()
    const accounts = new Set<string>()
    for (let seed = 0; seed < 500; seed++) {
      const org = generateOrgNumber(seed)
      const account = generateBankAccount(seed)
      expect(isValidOrgNumber(org), org).toBe(true)
      expect(org).toMatch(/^[89]\d{8}$/)
      expect(isValidBankAccount(account), account).toBe(true)
      expect(isValidNorwegianIban(bankAccountToIban(account)!)).toBe(true)
      expect(isValidKid(generateKid(seed, 12, 'mod11'), 'mod11')).toBe(true)
      expect(generateKid(seed, 7)).toHaveLength(7)
      orgs.add(org)
      accounts.add(account)
    }
    expect(orgs.size).toBeGreaterThan(490)
    expect(accounts.size).toBeGreaterThan(490)
    expect(generateOrgNumber(42)).toBe(generateOrgNumber(42))
    expect(generateBankAccount(7, '9710')).toMatch(/^9710\d{7}$/)
  })
})

describe('KID from a payment info type', () => {
  const parts = [
    { Part: '<modulus10>', Length: 1, SortIndex: 2 },
    { Part: '<customer_number>', Length: 5, SortIndex: 0 },
    { Part: '<invoice_number>', Length: 9, SortIndex: 1 },
  ]

  it('orders parts by SortIndex, left-pads numbers and appends the check digit', () => {
    const kid = buildKid(15, parts, { customer_number: 10001, invoice_number: '1234' })
    expect(kid).toBe(`10001000001234${mod10CheckDigit('10001000001234')}`)
    expect(isValidKid(kid, 'mod10')).toBe(true)
  })

  it('keeps literal digit parts and supports a MOD11 check digit', () => {
    const kid = buildKid(
      8,
      [
        { Part: '70', Length: 2, SortIndex: 0 },
        { Part: '<invoice_number>', Length: 5, SortIndex: 1 },
        { Part: '<modulus11>', Length: 1, SortIndex: 2 },
      ],
      { invoice_number: 42 },
    )
    expect(kid.slice(0, 7)).toBe('7000042')
    expect(isValidKid(kid, 'mod11')).toBe(true)
  })

  it('names what is wrong with an unusable setup', () => {
    expect(kidSetupProblems(15, parts)).toEqual([])
    expect(kidSetupProblems(14, parts)[0]).toContain('add up to 15')
    expect(
      kidSetupProblems(15, [...parts.slice(1), { Part: '<modulus10>', Length: 1, SortIndex: -1 }]),
    ).toContain('<modulus10> must be the last part')
    expect(
      kidSetupProblems(3, [
        { Part: '7a', Length: 2, SortIndex: 0 },
        { Part: '<modulus10>', Length: 1, SortIndex: 1 },
      ]),
    ).toEqual(['literal part 7a must be 2 digits'])
    expect(() => buildKid(15, parts, { customer_number: 123456, invoice_number: 1 })).toThrow(/longer than 5/)
    expect(() => buildKid(15, parts, { invoice_number: 1 })).toThrow(/no digits for <customer_number>/)
  })

  it('gives the same problems as codes with their parameters, for forms to word', () => {
    expect(kidSetupFindings(15, parts)).toEqual([])
    expect(
      kidSetupFindings(4, [
        { Part: '<modulus10>', Length: 2, SortIndex: 0 },
        { Part: '7', Length: 1, SortIndex: 1 },
      ]),
    ).toEqual([
      { code: 'total', total: 3, length: 4 },
      { code: 'checkLast', part: '<modulus10>' },
      { code: 'checkLength', part: '<modulus10>' },
    ])
  })
})

describe('formatPhone', () => {
  it('groups Norwegian numbers as they are written, mobile and landline', () => {
    expect(formatPhone('+4755001117')).toBe('+47 55 00 11 17')
    expect(formatPhone('0047 92000000')).toBe('+47 920 00 000')
    expect(formatPhone('41234567')).toBe('412 34 567')
    expect(formatPhone('22 33 44 55')).toBe('22 33 44 55')
    expect(formatPhone('+46 8 123 456')).toBe('+46 8 123 456')
    expect(formatPhone('1881')).toBe('1881')
  })
})
