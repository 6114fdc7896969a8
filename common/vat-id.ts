// VAT ids of the countries whose checksums are public (SE, DK, DE, FI, GB, NL, FR, BE), each checked by its own
// national rule: the OCR reader proposes a foreign supplier's id only when it holds, and the scan station
// finds or creates the supplier by it. Pure, so it runs anywhere.

import { mod97 } from './iban.ts'
import { mod10CheckDigit, weightedSum } from './norwegian.ts'

/** A digit string whose last digit is its Luhn (MOD10) check digit. */
export function luhnValid(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && mod10CheckDigit(digits.slice(0, -1)) === digits.slice(-1)
}

function weightedMod11(digits: string, weights: number[]): number {
  return weightedSum(digits.slice(0, weights.length), weights) % 11
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

/** HMRC's check of a 9-digit UK VAT number: weights 8..2 plus the last two digits, 0 or 42 (-55) modulo 97. */
function gbValid(digits: string): boolean {
  const sum = weightedSum(digits.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) + Number(digits.slice(7, 9))
  return sum % 97 === 0 || (sum + 55) % 97 === 0
}

/** A Dutch btw-id: the older 11-test on the first nine digits, or the MOD97 check of the whole id (2020). */
function nlValid(id: string): boolean {
  const digits = id.slice(2, 11)
  if (weightedSum(digits.slice(0, 8), [9, 8, 7, 6, 5, 4, 3, 2]) % 11 === Number(digits[8])) return true
  return mod97(id) === 1
}

/** The countries whose VAT ids normaliseForeignVatId checks by a public rule; others' have none to check. */
export const CHECKED_VAT_COUNTRIES: ReadonlySet<string> = new Set([
  'SE',
  'DK',
  'DE',
  'FI',
  'GB',
  'NL',
  'FR',
  'BE',
])

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
  // A branch number may follow the nine digits of a UK VAT number (`GB123456789001`).
  m = /^GB(\d{9})(\d{3})?$/.exec(s)
  if (m) return gbValid(m[1]!) ? s : null
  m = /^NL\d{9}B\d{2}$/.exec(s)
  if (m) return nlValid(s) ? s : null
  // French: a numeric key of the SIREN, (12 + 3 x (SIREN mod 97)) mod 97. Letter keys have no public check.
  m = /^FR(\d{2})(\d{9})$/.exec(s)
  if (m) return Number(m[1]) === (12 + 3 * (Number(m[2]) % 97)) % 97 && luhnValid(m[2]!) ? s : null
  m = /^BE([01]\d{9})$/.exec(s)
  if (m) return 97 - (Number(m[1]!.slice(0, 8)) % 97) === Number(m[1]!.slice(8)) ? s : null
  return null
}
