// IBANs as ISO 13616 defines them and as people print them. The SWIFT IBAN registry gives each country its
// BBAN structure (the part after the country code and the two check digits) in its own notation: `4!n` four
// digits, `4!a` four capital letters, `4!c` four letters or digits. An IBAN is checked against its
// country's structure (so its length and which positions are letters or digits), then by ISO 7064 MOD 97-10.
// Spaces, dots and dashes in any grouping are how IBANs are printed (`NO93 8601.11.17947`), not part of it.
// The one IBAN check of the app: the review and inbox forms, the invoice checks, the scan station's OCR
// reading and the Norwegian number rules all call it. Pure, so it runs anywhere.

/**
 * BBAN structure per country, from the SWIFT IBAN registry (ISO 13616), release 101 (December 2025): all
 * 89 countries with their English names.
 */
export const IBAN_REGISTRY: Readonly<Record<string, string>> = {
  AD: '4!n4!n12!c', // Andorra
  AE: '3!n16!n', // United Arab Emirates (The)
  AL: '8!n16!c', // Albania
  AT: '5!n11!n', // Austria
  AZ: '4!a20!c', // Azerbaijan
  BA: '3!n3!n8!n2!n', // Bosnia and Herzegovina
  BE: '3!n7!n2!n', // Belgium
  BG: '4!a4!n2!n8!c', // Bulgaria
  BH: '4!a14!c', // Bahrain
  BI: '5!n5!n11!n2!n', // Burundi
  BR: '8!n5!n10!n1!a1!c', // Brazil
  BY: '4!c4!n16!c', // Belarus
  CH: '5!n12!c', // Switzerland
  CR: '4!n14!n', // Costa Rica
  CY: '3!n5!n16!c', // Cyprus
  CZ: '4!n16!n', // Czechia
  DE: '8!n10!n', // Germany
  DJ: '5!n5!n11!n2!n', // Djibouti
  DK: '4!n9!n1!n', // Denmark
  DO: '4!c20!n', // Dominican Republic
  EE: '2!n14!n', // Estonia
  EG: '4!n4!n17!n', // Egypt
  ES: '4!n4!n1!n1!n10!n', // Spain
  FI: '6!n8!n', // Finland
  FK: '2!a12!n', // Falkland Islands (Malvinas)
  FO: '4!n9!n1!n', // Faroe Islands
  FR: '5!n5!n11!c2!n', // France
  GB: '4!a6!n8!n', // United Kingdom
  GE: '2!a16!n', // Georgia
  GI: '4!a15!c', // Gibraltar
  GL: '4!n9!n1!n', // Greenland
  GR: '3!n4!n16!c', // Greece
  GT: '4!c20!c', // Guatemala
  HN: '4!a20!n', // Honduras
  HR: '7!n10!n', // Croatia
  HU: '3!n4!n1!n15!n1!n', // Hungary
  IE: '4!a6!n8!n', // Ireland
  IL: '3!n3!n13!n', // Israel
  IQ: '4!a3!n12!n', // Iraq
  IS: '4!n2!n6!n10!n', // Iceland
  IT: '1!a5!n5!n12!c', // Italy
  JO: '4!a4!n18!c', // Jordan
  KW: '4!a22!c', // Kuwait
  KZ: '3!n13!c', // Kazakhstan
  LB: '4!n20!c', // Lebanon
  LC: '4!a24!c', // Saint Lucia
  LI: '5!n12!c', // Liechtenstein
  LT: '5!n11!n', // Lithuania
  LU: '3!n13!c', // Luxembourg
  LV: '4!a13!c', // Latvia
  LY: '3!n3!n15!n', // Libya
  MC: '5!n5!n11!c2!n', // Monaco
  MD: '2!c18!c', // Moldova, Republic of
  ME: '3!n13!n2!n', // Montenegro
  MK: '3!n10!c2!n', // North Macedonia
  MN: '4!n12!n', // Mongolia
  MR: '5!n5!n11!n2!n', // Mauritania
  MT: '4!a5!n18!c', // Malta
  MU: '4!a2!n2!n12!n3!n3!a', // Mauritius
  NI: '4!a20!n', // Nicaragua
  NL: '4!a10!n', // Netherlands (The)
  NO: '4!n6!n1!n', // Norway
  OM: '3!n16!c', // Oman
  PK: '4!a16!c', // Pakistan
  PL: '8!n16!n', // Poland
  PS: '4!a21!c', // Palestine, State of
  PT: '4!n4!n11!n2!n', // Portugal
  QA: '4!a21!c', // Qatar
  RO: '4!a16!c', // Romania
  RS: '3!n13!n2!n', // Serbia
  RU: '9!n5!n15!c', // Russia
  SA: '2!n18!c', // Saudi Arabia
  SC: '4!a2!n2!n16!n3!a', // Seychelles
  SD: '2!n12!n', // Sudan
  SE: '3!n16!n1!n', // Sweden
  SI: '5!n8!n2!n', // Slovenia
  SK: '4!n6!n10!n', // Slovakia
  SM: '1!a5!n5!n12!c', // San Marino
  SO: '4!n3!n12!n', // Somalia
  ST: '4!n4!n11!n2!n', // Sao Tome and Principe
  SV: '4!a20!n', // El Salvador
  TL: '3!n14!n2!n', // Timor-Leste
  TN: '2!n3!n13!n2!n', // Tunisia
  TR: '5!n1!n16!c', // Turkiye
  UA: '6!n19!c', // Ukraine
  VA: '3!n15!n', // Holy See
  VG: '4!a16!n', // Virgin Islands (British)
  XK: '4!n10!n2!n', // Kosovo
  YE: '4!a4!n18!c', // Yemen
} // prettier-ignore

/**
 * Territories the registry lists under another country's entry ("includes"): their own country code with
 * the structure of the country they are listed under.
 */
export const IBAN_TERRITORIES: Readonly<Record<string, string>> = {
  AX: 'FI', // Åland Islands
  BL: 'FR', // Saint Barthélemy
  GF: 'FR', // French Guiana
  GP: 'FR', // Guadeloupe
  MF: 'FR', // Saint Martin (French part)
  MQ: 'FR', // Martinique
  NC: 'FR', // New Caledonia
  PF: 'FR', // French Polynesia
  PM: 'FR', // Saint Pierre and Miquelon
  RE: 'FR', // Réunion
  TF: 'FR', // French Southern Territories
  WF: 'FR', // Wallis and Futuna
  YT: 'FR', // Mayotte
} // prettier-ignore

/** What a position may hold: `n` a digit, `a` a capital letter, `c` either. */
export type IbanCharacterKind = 'n' | 'a' | 'c'

/** Why a value is not an IBAN; the form words it (the position is 1-based, in the IBAN without spaces). */
export type IbanProblem =
  | { code: 'ibanCountry'; country: string }
  | { code: 'ibanLength'; country: string; expected: number; length: number }
  | { code: 'ibanCharacter'; position: number; expected: IbanCharacterKind; found: string }
  | { code: 'ibanChecksum' }

/** The IBAN as one string: spaces (also non-breaking), dots and dashes dropped, letters upper-case. */
export function compactIban(value: string): string {
  return value.replace(/[\s\u00a0.\-\u2010-\u2013]/g, '').toUpperCase()
}

/** A value that is written as an IBAN (two letters, two digits) rather than a domestic account number. */
export function looksLikeIban(value: string): boolean {
  return /^[A-Z]{2}\d{2}/.test(compactIban(value))
}

/** The position kinds of a country's whole IBAN (`2!a2!n` and its BBAN), or null for an unknown country. */
export function ibanKinds(country: string): IbanCharacterKind[] | null {
  const structure = IBAN_REGISTRY[IBAN_TERRITORIES[country] ?? country]
  if (structure === undefined) return null
  const kinds: IbanCharacterKind[] = ['a', 'a', 'n', 'n']
  for (const [, count, kind] of structure.matchAll(/(\d+)!([nac])/g))
    for (let i = 0; i < Number(count); i++) kinds.push(kind as IbanCharacterKind)
  return kinds
}

/** The IBAN length of a country (ISO 13616 registry), or null when the registry does not list it. */
export function ibanLength(country: string): number | null {
  return ibanKinds(country.toUpperCase())?.length ?? null
}

const fits = (ch: string, kind: IbanCharacterKind) =>
  kind === 'n' ? /^[0-9]$/.test(ch) : kind === 'a' ? /^[A-Z]$/.test(ch) : /^[A-Z0-9]$/.test(ch)

/** ISO 7064 MOD 97-10 of an IBAN in checking order (BBAN, country, check digits; A=10 ... Z=35). */
export function mod97(rearranged: string): number {
  let rest = 0
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0)
    const part = code >= 65 && code <= 90 ? String(code - 55) : ch
    rest = Number(String(rest) + part) % 97
  }
  return rest
}

/** The two check digits of a country's BBAN (`bankAccountToIban`): 98 minus MOD 97 of it with `00`. */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(`${bban}${country}00`)).padStart(2, '0')
}

/**
 * What is wrong with an IBAN as printed, or null when it is a valid one: the country must be in the
 * registry, the length and each position's kind (digit, letter) the country's, and MOD 97 must give 1.
 * An empty value is no IBAN: `ibanLength` of its (absent) country.
 */
export function ibanProblem(value: string): IbanProblem | null {
  const iban = compactIban(value)
  const country = iban.slice(0, 2)
  const kinds = /^[A-Z]{2}$/.test(country) ? ibanKinds(country) : null
  if (!kinds) return { code: 'ibanCountry', country }
  if (iban.length !== kinds.length)
    return { code: 'ibanLength', country, expected: kinds.length, length: iban.length }
  for (let i = 2; i < iban.length; i++)
    if (!fits(iban[i]!, kinds[i]!))
      return { code: 'ibanCharacter', position: i + 1, expected: kinds[i]!, found: iban[i]! }
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) return { code: 'ibanChecksum' }
  return null
}

/** Whether a value is a valid IBAN of a registry country, however it is grouped. */
export function isValidIban(value: string): boolean {
  return ibanProblem(value) === null
}
