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
  // The older nine-digit form, kept as printed.
  ['BE 428759497', 'BE428759497'],
  ['BE403019261', 'BE403019261'],
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

// Numbers of registered businesses as printed on their documents (several per country, in the forms they are
// printed in), and the same numbers with one digit or the check letter changed.
const printed: Record<string, string[]> = {
  AT: ['ATU 142 43 102', 'ATU13585627', 'ATU62353134', 'ATU 65480455'],
  BG: ['BG 103873594', 'BG 124 551 319', 'BG175074752'],
  CY: ['CY 10246672X', 'CY-10189098G', 'CY00632993 F'],
  CZ: ['CZ 25123891', 'CZ00023205', 'CZ 6956220612', 'CZ7205151536', 'CZ 640903926'],
  EE: ['EE 100 931 558', 'EE101256753'],
  EL: ['EL 094012834', 'EL-082857563', 'EL 94051189', 'El 800 179 925'],
  ES: ['ES B-58378431', 'ES A08370314', 'ES Q-2818015-F', 'ES 54362315K', 'ES X5277343Q', 'ESA78109592'],
  HR: ['HR33392005961'],
  HU: ['HU 10672101', 'HU-12892312', 'HU13852467'],
  IE: ['IE 6433435F', 'IE 632 3420 C', 'IE6433435IH', 'IE8D79739I', 'IE9Y71814N'],
  IT: ['IT 00743110157', 'IT - 01404480202', 'IT 00 595 000 217'],
  LT: ['LT 119511515', 'LT 100001354118', 'LT290068995116'],
  LU: ['LU 10059929', 'LU 22 22 12 68', 'LU.248.70.640'],
  LV: ['LV 40003189718', 'LV 5000 399 3021'],
  MT: ['MT 1039-6417', 'MT 17025737'],
  PL: ['PL 5211355116', 'PL 584-030-44-72', 'PL 777 26 68 285'],
  PT: ['PT 500 019 720', 'PT 502448911', 'PT-505 856 468'],
  RO: ['RO 11358544', 'RO 573768', 'RO 185 472 90'],
  SI: ['SI 26808498', 'SI 3609 7152', 'SI-83815201'],
  SK: ['SK 1078449064', 'SK 202 274 96 19', 'SK2022193459'],
  XI: ['XI 980 7806 84'],
}
const mangled = [
  'ATU 143 43 102',
  'ATU46080904',
  'BG 131 172 009',
  'CY 10246672F',
  'CY-12259033P',
  'CZ 25557481',
  'CZ 8058018314',
  'CZ 640903927',
  'CZ 540903926',
  'BE 431150351',
  'EE 100525487',
  'EL 094013834',
  'ES 54362415K',
  'Es-a48951310',
  'ES-x-2322300w',
  'HR33392005962',
  'HU 10672102',
  'IE 4731823H',
  'IE8D79729I',
  'IT 00743110158',
  'LT 100001509922',
  'LU 10059928',
  'LV 40003189715',
  'MT 1039-6418',
  'PL 5211355117',
  'PT 500 019 721',
  'RO 11358545',
  'SI 26808499',
  'SK 1078449164',
]

describe('VAT ids of the other EU member states', () => {
  it.each(Object.entries(printed))('reads the printed ids of %s', (country, ids) => {
    for (const id of ids) {
      const value = normaliseForeignVatId(id)
      expect(value, id).toBe(id.replace(/[\s.:-]/g, '').toUpperCase())
      expect(value!.slice(0, 2)).toBe(country)
    }
  })

  it.each(mangled)('refuses %s', (id) => {
    expect(normaliseForeignVatId(id)).toBeNull()
  })

  it('refuses the wrong length and a missing `U` of an Austrian id', () => {
    for (const id of ['ATU 151592092', 'AT 13585627', 'ES B-583784312', 'SK 012 274 96 19', 'LT 100001354'])
      expect(normaliseForeignVatId(id), id).toBeNull()
  })
})
