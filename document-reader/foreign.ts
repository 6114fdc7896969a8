// Numbers of foreign suppliers: IBANs of any country (the one registry of common/iban.ts), the
// VAT ids of the countries whose checksums are public (the EU member states and the UK, common/vat-id.ts) and the registry numbers
// printed beside them (Swedish organisationsnummer, Danish CVR, Finnish Y-tunnus), each by its own national
// rule, so that a misread id is never proposed and a foreign id is never taken for a Norwegian one.

import { compactIban, ibanCheckDigits, ibanKinds, isValidIban } from '../common/iban.ts'
import { luhnValid, normaliseForeignVatId } from '../common/vat-id.ts'

export { normaliseForeignVatId }

/**
 * A valid IBAN of a registry country (common/iban.ts: length, letters and digits where the country's
 * structure puts them, MOD97), upper case without the spaces, dots and dashes it was printed with;
 * otherwise null.
 */
export function normaliseIban(value: string): string | null {
  return isValidIban(value) ? compactIban(value) : null
}

/** The IBAN of a country and its national account part (BBAN), with the check digits computed. */
export function makeIban(country: string, bban: string): string {
  return `${country}${ibanCheckDigits(country, bban)}${bban}`
}

/** VAT prefixes that are not the country's ISO code: Greece's `EL`, Northern Ireland's `XI`. */
const VAT_PREFIX_COUNTRY: Record<string, string> = { EL: 'GR', XI: 'GB' }

/** A foreign supplier's number, kept with its country for the supplier record (never a Norwegian one). */
export interface ForeignSupplierId {
  /** ISO 3166 alpha-2. */
  CountryCode: string
  /** The VAT id with its country prefix (`SE556036079301`); a registry number is given in that form. */
  Value: string
  /** What was printed: the VAT id itself or the national registry number it derives from. */
  Kind: 'vat' | 'registry'
}

/**
 * A foreign VAT id or national registry number, by its own rule: `SE556036079301`, `DK 12 34 56 74`,
 * Swedish `556036-0793` (Luhn), Finnish `1234567-1`, and, where a label says it is Danish (`CVR`), eight
 * digits (MOD11). Registry numbers are answered in their VAT form, so a supplier has one number to be found by.
 */
export function parseForeignId(raw: string, danishLabel = false): ForeignSupplierId | null {
  const t = scannedDigits(scannedCountryPrefix(raw.trim().replace(/[,;.]$/, '')))
  // After the prefix a digit, or the letter some countries' ids begin with (`ATU…`, `ESB…`, `IE8D…`).
  if (/^[A-Z]{2}[\s:-]?(\d|[A-Z][\s-]?\d)/i.test(t)) {
    const vat = normaliseForeignVatId(t.replace(/^([A-Z]{2}):/i, '$1'))
    return vat
      ? { CountryCode: VAT_PREFIX_COUNTRY[vat.slice(0, 2)] ?? vat.slice(0, 2), Value: vat, Kind: 'vat' }
      : null
  }
  let m = /^(\d{6})-(\d{4})$/.exec(t)
  if (m) {
    const digits = m[1]! + m[2]!
    return luhnValid(digits) ? { CountryCode: 'SE', Value: `SE${digits}01`, Kind: 'registry' } : null
  }
  m = /^(\d{7})-(\d)$/.exec(t)
  if (m) {
    const vat = normaliseForeignVatId(`FI${m[1]}${m[2]}`)
    return vat ? { CountryCode: 'FI', Value: vat, Kind: 'registry' } : null
  }
  if (danishLabel && /^\d{2}\s?\d{2}\s?\d{2}\s?\d{2}$/.test(t)) {
    const vat = normaliseForeignVatId(`DK${t}`)
    return vat ? { CountryCode: 'DK', Value: vat, Kind: 'registry' } : null
  }
  return null
}

/** A label's colon or dot a scan printed onto a VAT id (`:DE 813 129 242`). */
const LEADING_MARK = /^[:;.,]+(?=[A-Z])/
/**
 * A short label glued to a VAT id, or to its country prefix, by its dot, colon or dash (`Stir.-DE212829784`,
 * `UmSt-.D.Nr.DE 115 055 186`, `UST-ID-NR:DE 305 …`).
 */
const GLUED_ID_LABEL = /^\p{L}[\p{L}.:-]{0,12}[.:-](?=[A-Z]{2}(?:\d{8,12})?(?:\s|$))/u

/** A VAT id's text as a scan printed it, without the mark or short label glued to its front. */
export function withoutGluedLabel(text: string): string {
  return text.replace(LEADING_MARK, '').replace(GLUED_ID_LABEL, '')
}

/** Characters a scan reads for the letters of a country prefix (`$E`, `5E` for `SE`; `0` for `O`; `8` for `B`). */
const PREFIX_LETTER: Record<string, string> = {
  $: 'S',
  '5': 'S',
  '0': 'O',
  '8': 'B',
  '1': 'I',
  l: 'I',
  '|': 'I',
}

/**
 * Letters a scan reads for a faint `D` of a country prefix: it loses its upright (`CE 281 260 691` for
 * `DE 281 260 691`) or reads round (`O`, `Q`).
 */
const PREFIX_LOOK_ALIKE: Record<string, string> = { C: 'D', O: 'D', Q: 'D' }

/**
 * A VAT id whose country prefix a scan misread, one of its two characters still a letter (`$E556036079301`):
 * read with the letter. A prefix of two letters that names no country whose rule the id passes, one of them a
 * look-alike of the letter that does (`CE281260691`), is read with that letter. The national rule still
 * decides, so a misreading is never taken for an id.
 */
function scannedCountryPrefix(t: string): string {
  const m = /^([A-Za-z$5081l|])([A-Za-z$5081l|])(\s?\d)/.exec(t)
  if (!m || !/[A-Za-z]/.test(m[1]! + m[2]!)) return t
  const rest = t.slice(2)
  if (/^[A-Za-z]{2}$/.test(m[1]! + m[2]!)) {
    if (normaliseForeignVatId(t)) return t
    const [a, b] = [m[1]!.toUpperCase(), m[2]!.toUpperCase()]
    const candidates = [
      PREFIX_LOOK_ALIKE[a] && PREFIX_LOOK_ALIKE[a] + b,
      PREFIX_LOOK_ALIKE[b] && a + PREFIX_LOOK_ALIKE[b],
    ].filter((p): p is string => !!p && !!normaliseForeignVatId(p + rest))
    return candidates.length === 1 ? candidates[0]! + rest : t
  }
  const letter = (c: string) => (/[A-Za-z]/.test(c) && c !== 'l' ? c : (PREFIX_LETTER[c] ?? c))
  const prefix = letter(m[1]!) + letter(m[2]!)
  return /^[A-Za-z]{2}$/.test(prefix) && normaliseForeignVatId(prefix + rest) ? prefix + rest : t
}

/** Letters a scan reads for digits (`DEB12720447` for `DE812720447`). */
export const DIGIT_LETTER: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  '|': '1',
  B: '8',
  S: '5',
  Z: '2',
}

/** Countries whose VAT id is digits only after its prefix, where a letter among them can only be a misreading. */
const ALL_DIGITS = new Set('BE BG CZ DE DK EE EL FI HR HU IT LT LU LV MT PL PT RO SI SK'.split(' '))

/**
 * A VAT id of a digits-only country with one or two of its digits misread as letters (`DEB12720447`): read
 * with the digits, when that passes the country's rule and the id as read does not.
 */
function scannedDigits(t: string): string {
  const m = /^([A-Z]{2})([\s-]?)([\dOolDIB|SZ\s.-]{7,})$/.exec(t)
  if (!m || !ALL_DIGITS.has(m[1]!) || normaliseForeignVatId(t)) return t
  const letters = m[3]!.replace(/[\d\s.-]/g, '').length
  if (letters === 0 || letters > 2) return t
  const fixed = m[1]! + m[2]! + m[3]!.replace(/[OolDIB|SZ]/g, (c) => DIGIT_LETTER[c]!)
  return normaliseForeignVatId(fixed) ? fixed : t
}

/**
 * An IBAN with one or two of its digits misread as letters where its country's structure has digits (`DEOS
 * 2394 …` for `DE05 2394 …`): the IBAN with those digits, when it passes MOD 97; otherwise null. An IBAN whose
 * length is not its country's (a character read twice or lost) is not guessed at.
 */
export function scannedIban(raw: string): string | null {
  const iban = compactIban(raw)
  const kinds = ibanKinds(iban.slice(0, 2))
  if (!kinds || iban.length !== kinds.length) return null
  let misread = 0
  const fixed = [...iban]
    .map((c, i) => {
      if (i < 2 || kinds[i] !== 'n' || /\d/.test(c)) return c
      misread++
      return DIGIT_LETTER[c] ?? c
    })
    .join('')
  return misread > 0 && misread <= 2 && isValidIban(fixed) ? fixed : null
}

/** A valid VAT id of the country built from a seed (for generated documents). */
export function makeForeignVatId(country: 'SE' | 'DK' | 'DE', seed: number): string {
  for (let n = seed; ; n++) {
    const base = String(((n * 7919 + 100_000_000) % 900_000_000) + 100_000_000)
    const candidate =
      country === 'SE'
        ? `SE${5 + (n % 5)}${base}01`
        : country === 'DK'
          ? `DK${base.slice(0, 8)}`
          : `DE${base}`
    if (normaliseForeignVatId(candidate)) return candidate
  }
}
