// Numbers of foreign suppliers: IBANs of any country (length per country and the ISO 13616 MOD97 check) and
// the VAT ids of the neighbouring countries whose checksums are public (SE, DK, DE, FI), so that a misread id
// is never proposed.

/** IBAN length per country (ISO 13616 registry, the countries a Norwegian office meets). */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GL: 18,
  IE: 22,
  IS: 26,
  IT: 27,
  LT: 20,
  LU: 20,
  LV: 21,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  SE: 24,
}

function mod97(digits: string): number {
  let rest = 0
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97
  return rest
}

function ibanNumeric(s: string): string {
  return (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
}

/** A valid IBAN of a known country (spaces allowed), upper case without spaces; otherwise null. */
export function normaliseIban(value: string): string | null {
  const s = value.replace(/\s/g, '').toUpperCase()
  const length = IBAN_LENGTHS[s.slice(0, 2)]
  if (!length || s.length !== length || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(s)) return null
  return mod97(ibanNumeric(s)) === 1 ? s : null
}

/** The IBAN of a country and its national account part (BBAN), with the check digits computed. */
export function makeIban(country: string, bban: string): string {
  const check = 98 - mod97(ibanNumeric(`${country}00${bban}`))
  return `${country}${String(check).padStart(2, '0')}${bban}`
}

function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

function weightedMod11(digits: string, weights: number[]): number {
  let sum = 0
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!
  return sum % 11
}

/** ISO 7064 MOD 11,10 (German USt-IdNr). */
function mod1110Valid(digits: string): boolean {
  let product = 10
  for (let i = 0; i < digits.length - 1; i++) {
    let sum = (Number(digits[i]) + product) % 10
    if (sum === 0) sum = 10
    product = (2 * sum) % 11
  }
  let check = 11 - product
  if (check === 10) check = 0
  return check === Number(digits[digits.length - 1])
}

/** A foreign VAT id (`SE556677889901`, `DK12345674`, `DE123456788`, `FI12345671`) whose checksum holds. */
export function normaliseForeignVatId(value: string): string | null {
  const s = value.replace(/[\s.-]/g, '').toUpperCase()
  let m = /^SE(\d{10})01$/.exec(s)
  if (m) return luhnValid(m[1]!) ? s : null
  m = /^DK(\d{8})$/.exec(s)
  if (m) return weightedMod11(m[1]!, [2, 7, 6, 5, 4, 3, 2, 1]) === 0 ? s : null
  m = /^DE(\d{9})$/.exec(s)
  if (m) return mod1110Valid(m[1]!) ? s : null
  m = /^FI(\d{8})$/.exec(s)
  if (m) {
    const r = weightedMod11(m[1]!, [7, 9, 10, 5, 8, 4, 2])
    const check = r === 0 ? 0 : 11 - r
    return r !== 1 && check === Number(m[1]![7]) ? s : null
  }
  return null
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
