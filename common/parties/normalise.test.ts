import { describe, expect, it } from 'vitest'
import { normaliseAccount, normaliseOrgNumber, normalisePhone } from './normalise.ts'

describe('comparing what is typed with what a party holds', () => {
  it('reads an organisation number in any spacing, with or without NO … MVA', () => {
    for (const text of ['995525828', '995 525 828', 'NO 995 525 828 MVA', 'no995525828mva', ' 995.525.828 '])
      expect(normaliseOrgNumber(text)).toBe('995525828')
    expect(normaliseOrgNumber('99552582')).toBeNull()
    expect(normaliseOrgNumber('SE556677889901')).toBeNull()
    expect(normaliseOrgNumber('')).toBeNull()
  })

  it('reads a bank account with dots or spaces, or as an IBAN; a Norwegian IBAN is its account', () => {
    expect(normaliseAccount('8601.11.17947')).toBe('86011117947')
    expect(normaliseAccount('8601 11 17947')).toBe('86011117947')
    expect(normaliseAccount('NO93 8601 1117 947')).toBe('86011117947')
    expect(normaliseAccount('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000')
    expect(normaliseAccount('12')).toBeNull()
  })

  it('reads a phone number without the Norwegian country prefix', () => {
    expect(normalisePhone('+47 55 00 11 17')).toBe('55001117')
    expect(normalisePhone('0047 55001117')).toBe('55001117')
    expect(normalisePhone('55 00 11 17')).toBe('55001117')
    expect(normalisePhone('+46 8 123 456')).toBe('00468123456')
  })
})
