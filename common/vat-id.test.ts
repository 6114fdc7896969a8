// Foreign VAT ids by their own national rule: each country's published example or a number built by its
// rule passes, the same with one digit changed fails.
import { describe, expect, it } from 'vitest'
import { luhnValid, normaliseForeignVatId } from './vat-id.ts'

const valid: [string, string][] = [
  ['SE 5560 3607 9301', 'SE556036079301'],
  ['DK13585628', 'DK13585628'],
  ['DE136695976', 'DE136695976'],
  ['FI20774740', 'FI20774740'],
  ['GB 980 7806 84', 'GB980780684'],
  ['GB980780684001', 'GB980780684001'],
  ['NL004495445B01', 'NL004495445B01'],
  ['FR 40 303 265 045', 'FR40303265045'],
  ['BE 0403.170.701', 'BE0403170701'],
]

describe('foreign VAT ids', () => {
  it.each(valid)('reads %s as %s', (printed, value) => {
    expect(normaliseForeignVatId(printed)).toBe(value)
  })

  it.each(valid)('refuses %s with a digit changed', (_, value) => {
    // The last digit of the checked part: after the NL `B` suffix and the GB branch it is earlier.
    const at = value.startsWith('NL')
      ? 10
      : value.startsWith('GB')
        ? 10
        : value.startsWith('SE')
          ? 11
          : value.length - 1
    const changed = value.slice(0, at) + String((Number(value[at]) + 1) % 10) + value.slice(at + 1)
    expect(normaliseForeignVatId(changed), changed).toBeNull()
  })

  it('refuses a Norwegian number and unknown forms', () => {
    for (const v of ['NO995525828MVA', '995525828', 'XX123456789', 'FRAB303265045', ''])
      expect(normaliseForeignVatId(v), v).toBeNull()
  })

  it('checks Luhn digits', () => {
    expect(luhnValid('5560360793')).toBe(true)
    expect(luhnValid('5560360794')).toBe(false)
  })
})
