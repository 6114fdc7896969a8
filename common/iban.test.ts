// IBANs checked per country from the SWIFT IBAN registry (ISO 13616): every registry country's example
// IBAN passes; an unknown country, a wrong length, a letter where the registry has a digit (or the other
// way round) and a wrong check pair are each refused with their own reason; IBANs are read as printed,
// with spaces, dots or dashes in any grouping.
import { describe, expect, it } from 'vitest'
import {
  IBAN_REGISTRY,
  IBAN_TERRITORIES,
  compactIban,
  ibanCheckDigits,
  ibanLength,
  ibanProblem,
  isValidIban,
} from './iban.ts'

/** The registry's own example IBAN of each of its 89 countries (SWIFT IBAN registry, release 101). */
const registryExamples = [
  'AD1200012030200359100100', 'AE070331234567890123456', 'AL47212110090000000235698741',
  'AT611904300234573201', 'AZ21NABZ00000000137010001944', 'BA391290079401028494',
  'BE68539007547034', 'BG80BNBG96611020345678', 'BH67BMAG00001299123456',
  'BI4210000100010000332045181', 'BR1800360305000010009795493C1', 'BY13NBRB3600900000002Z00AB00',
  'CH9300762011623852957', 'CR05015202001026284066', 'CY17002001280000001200527600',
  'CZ6508000000192000145399', 'DE89370400440532013000', 'DJ2100010000000154000100186',
  'DK5000400440116243', 'DO28BAGR00000001212453611324', 'EE382200221020145685',
  'EG380019000500000000263180002', 'ES9121000418450200051332', 'FI2112345600000785',
  'FK88SC123456789012', 'FO6264600001631634', 'FR1420041010050500013M02606',
  'GB29NWBK60161331926819', 'GE29NB0000000101904917', 'GI75NWBK000000007099453',
  'GL8964710001000206', 'GR1601101250000000012300695', 'GT82TRAJ01020000001210029690',
  'HN88CABF00000000000250005469', 'HR1210010051863000160', 'HU42117730161111101800000000',
  'IE29AIBK93115212345678', 'IL620108000000099999999', 'IQ98NBIQ850123456789012',
  'IS140159260076545510730339', 'IT60X0542811101000000123456', 'JO94CBJO0010000000000131000302',
  'KW81CBKU0000000000001234560101', 'KZ86125KZT5004100100', 'LB62099900000001001901229114',
  'LC55HEMM000100010012001200023015', 'LI21088100002324013AA', 'LT121000011101001000',
  'LU280019400644750000', 'LV80BANK0000435195001', 'LY83002048000020100120361',
  'MC5811222000010123456789030', 'MD24AG000225100013104168', 'ME25505000012345678951',
  'MK07250120000058984', 'MN121234123456789123', 'MR1300020001010000123456753',
  'MT84MALT011000012345MTLCAST001S', 'MU17BOMM0101101030300200000MUR', 'NI45BAPR00000013000003558124',
  'NL91ABNA0417164300', 'NO9386011117947', 'OM810180000001299123456',
  'PK36SCBL0000001123456702', 'PL61109010140000071219812874', 'PS92PALS000000000400123456702',
  'PT50000201231234567890154', 'QA58DOHB00001234567890ABCDEFG', 'RO49AAAA1B31007593840000',
  'RS35260005601001611379', 'RU0304452522540817810538091310419', 'SA0380000000608010167519',
  'SC18SSCB11010000000000001497USD', 'SD2129010501234001', 'SE4550000000058398257466',
  'SI56263300012039086', 'SK3112000000198742637541', 'SM86U0322509800000000270100',
  'SO211000001001000100141', 'ST23000100010051845310146', 'SV62CENR00000000000000700025',
  'TL380080012345678910157', 'TN5910006035183598478831', 'TR330006100519786457841326',
  'UA213223130000026007233566001', 'VA59001123000012345678', 'VG96VPVG0000012345678901',
  'XK051212012345678906', 'YE15CBYE0001018861234567891234',
] // prettier-ignore

describe('the IBAN registry', () => {
  it('covers the 89 countries of the SWIFT IBAN registry', () => {
    expect(Object.keys(IBAN_REGISTRY)).toHaveLength(89)
    expect(registryExamples.map((iban) => iban.slice(0, 2)).sort()).toEqual(Object.keys(IBAN_REGISTRY).sort())
  })

  it('accepts the registry’s example IBAN of every country', () => {
    for (const iban of registryExamples) expect(ibanProblem(iban), iban).toBeNull()
  })

  it('gives each country the length of its example', () => {
    for (const iban of registryExamples) expect(ibanLength(iban.slice(0, 2)), iban).toBe(iban.length)
    expect(ibanLength('NO')).toBe(15)
    expect(ibanLength('LC')).toBe(32)
    expect(ibanLength('US')).toBeNull()
  })

  it('accepts the territories the registry lists under another country, with that country’s structure', () => {
    // Åland uses Finland's structure: the Finnish example's BBAN with check digits for AX.
    const bban = 'FI2112345600000785'.slice(4)
    expect(isValidIban(`AX${ibanCheckDigits('AX', bban)}${bban}`)).toBe(true)
    const french = '20041010050500013M02606'
    for (const territory of Object.keys(IBAN_TERRITORIES).filter((c) => IBAN_TERRITORIES[c] === 'FR'))
      expect(isValidIban(`${territory}${ibanCheckDigits(territory, french)}${french}`), territory).toBe(true)
  })
})

describe('an IBAN as printed', () => {
  it('reads spaces, dots and dashes in any grouping, and small letters', () => {
    for (const printed of [
      'NO93 8601.11.17947',
      'NO93 8601 1117 947',
      'NO93-8601-1117-947',
      'no93.8601.1117.947',
      'NO9386011117947',
      ' NO93\u00a08601 1117 947 ',
      'DE89 3704 0044 0532 0130 00',
      'GB29-NWBK-6016-1331-9268-19',
      'FR14 2004 1010 0505 0001 3M02 606',
      'SE45 5000.0000.0583.9825.7466',
    ])
      expect(ibanProblem(printed), printed).toBeNull()
    expect(compactIban('NO93 8601.11-17947')).toBe('NO9386011117947')
  })
})

describe('an IBAN that fails', () => {
  it('refuses a country code the registry does not list', () => {
    expect(ibanProblem('US12 3456 7890 1234')).toEqual({ code: 'ibanCountry', country: 'US' })
    expect(ibanProblem('8601 11 17947')).toEqual({ code: 'ibanCountry', country: '86' })
    expect(ibanProblem('')).toEqual({ code: 'ibanCountry', country: '' })
  })

  it('refuses the wrong length for the country', () => {
    expect(ibanProblem('NO93 8601 1117 94')).toEqual({
      code: 'ibanLength',
      country: 'NO',
      expected: 15,
      length: 14,
    })
    expect(ibanProblem('DE89 3704 0044 0532 0130 001')).toMatchObject({ code: 'ibanLength', expected: 22 })
  })

  it('names the position of a letter where the registry has a digit, and of a digit where it has a letter', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 0O')).toEqual({
      code: 'ibanCharacter',
      position: 22,
      expected: 'n',
      found: 'O',
    })
    // The Dutch bank code is four letters: a zero read for an O is refused at its place.
    expect(ibanProblem('NL91 AB0A 0417 1643 00')).toEqual({
      code: 'ibanCharacter',
      position: 7,
      expected: 'a',
      found: '0',
    })
    // The check digits are digits in every country.
    expect(ibanProblem('NOX3 8601 1117 947')).toMatchObject({ code: 'ibanCharacter', position: 3 })
    // Something that is neither a letter nor a digit.
    expect(ibanProblem('NO93 8601 1117 94/')).toMatchObject({
      code: 'ibanCharacter',
      position: 15,
      found: '/',
    })
  })

  it('refuses a wrong check pair (MOD 97-10)', () => {
    expect(ibanProblem('NO94 8601 1117 947')).toEqual({ code: 'ibanChecksum' })
    expect(ibanProblem('GB82 WEST 1234 5698 7654 33')).toEqual({ code: 'ibanChecksum' })
    // Two digits swapped: the structure holds, MOD97 catches it.
    expect(ibanProblem('DE89 3704 0044 0532 0103 00')).toEqual({ code: 'ibanChecksum' })
  })
})
