// VAT ids of the EU member states (and the UK's GB and XI) whose checksums are public, each checked by its own
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

/** The weighted sum of the first digits, as many as there are weights. */
const weighted = (digits: string, weights: number[]) => weightedSum(digits.slice(0, weights.length), weights)

/** Check digit of a weighted sum modulo 11 with a second set of weights where the first gives 10 (BG, LT). */
function mod11Retry(digits: string, first: (i: number) => number, second: (i: number) => number): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += first(i) * Number(digits[i])
  let check = sum % 11
  if (check === 10) {
    sum = 0
    for (let i = 0; i < digits.length; i++) sum += second(i) * Number(digits[i])
    check = sum % 11
  }
  return check % 10
}

/** Austrian UID: `ATU` and eight digits; weights 1,2,... with the cross sum of each doubled digit. */
function atValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < 7; i++) {
    const p = Number(digits[i]) * (i % 2 === 0 ? 1 : 2)
    sum += p > 9 ? p - 9 : p
  }
  return (10 - ((sum + 4) % 10)) % 10 === Number(digits[7])
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'

/**
 * Spanish NIF: a person's DNI (eight digits and a letter), a foreigner's NIE (`X`, `Y`, `Z`, seven digits and
 * a letter) or a company's CIF (a letter, seven digits and a Luhn check printed as a digit or as a letter).
 */
function esValid(nif: string): boolean {
  let m = /^(\d{8})([A-Z])$/.exec(nif)
  if (m) return DNI_LETTERS[Number(m[1]) % 23] === m[2]
  m = /^([XYZ])(\d{7})([A-Z])$/.exec(nif)
  if (m) return DNI_LETTERS[Number('XYZ'.indexOf(m[1]!) + m[2]!) % 23] === m[3]
  m = /^[ABCDEFGHJNPQRSUVW](\d{7})([\dA-J])$/.exec(nif)
  if (m) {
    const digit = Number(mod10CheckDigit(m[1]!))
    return m[2] === String(digit) || m[2] === 'JABCDEFGHI'[digit]
  }
  return false
}

const IE_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV'

/** Irish VAT number: seven digits, a check letter and maybe a second letter; the older form is rearranged. */
function ieValid(id: string): boolean {
  let s = id
  const old = /^(\d)[A-Z+*](\d{5})([A-W])$/.exec(s)
  if (old) s = `0${old[2]}${old[1]}${old[3]}`
  const m = /^(\d{7})([A-W])([A-IW]?)$/.exec(s)
  if (!m) return false
  const sum = weighted(m[1]!, [8, 7, 6, 5, 4, 3, 2]) + 9 * IE_LETTERS.indexOf(m[3] || 'W')
  return IE_LETTERS[sum % 23] === m[2]
}

/** Cypriot: eight digits (not starting `12`) and a check letter. */
function cyValid(digits: string, letter: string): boolean {
  if (digits.startsWith('12')) return false
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21]
  let sum = 0
  for (let i = 0; i < 8; i++) sum += i % 2 === 0 ? odd[Number(digits[i])]! : Number(digits[i])
  return String.fromCharCode(65 + (sum % 26)) === letter
}

/** Czech DIČ: a company's eight digits (MOD11) or a person's ten-digit birth number (divisible by 11). */
function czValid(digits: string): boolean {
  if (digits.length === 8) {
    if (digits[0] === '9') return false
    const check = (11 - (weighted(digits, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 11
    return (check === 0 ? 1 : check) % 10 === Number(digits[7])
  }
  // Nine digits beginning with 6: a person without a birth number; the check skips the first digit.
  if (digits.length === 9 && digits[0] === '6') {
    const sum = weighted(digits.slice(1, 8), [8, 7, 6, 5, 4, 3, 2]) % 11
    return (8 - ((10 - sum) % 11)) % 10 === Number(digits[8])
  }
  return digits.length === 10 && BigInt(digits) % 11n === 0n
}

/** Romanian CIF: two to ten digits, the check last, the weights aligned to the right. */
function roValid(digits: string): boolean {
  const body = digits.slice(0, -1).padStart(9, '0')
  return ((weighted(body, [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10 === Number(digits.slice(-1))
}

/** Each country's VAT id after its prefix (spaces, dots and dashes removed) and the check it must pass. */
const RULES: Record<string, { form: RegExp; valid: (m: RegExpExecArray) => boolean }> = {
  AT: { form: /^U(\d{8})$/, valid: (m) => atValid(m[1]!) },
  // Ten digits, or the nine of the older form (`BE 885 463 114`), which are the ten without their leading 0.
  BE: {
    form: /^([01]\d{9}|[1-9]\d{8})$/,
    valid: (m) => {
      const d = m[1]!.padStart(10, '0')
      return 97 - (Number(d.slice(0, 8)) % 97) === Number(d.slice(8))
    },
  },
  BG: {
    form: /^(\d{9})$/,
    valid: (m) =>
      mod11Retry(
        m[1]!.slice(0, 8),
        (i) => i + 1,
        (i) => i + 3,
      ) === Number(m[1]![8]),
  },
  CY: { form: /^(\d{8})([A-Z])$/, valid: (m) => cyValid(m[1]!, m[2]!) },
  CZ: { form: /^(\d{8}|6\d{8}|\d{10})$/, valid: (m) => czValid(m[1]!) },
  // A branch number may follow the nine digits of a UK VAT number (`GB123456789001`).
  GB: { form: /^(\d{9})(\d{3})?$/, valid: (m) => gbValid(m[1]!) },
  XI: { form: /^(\d{9})(\d{3})?$/, valid: (m) => gbValid(m[1]!) },
  DE: { form: /^(\d{9})$/, valid: (m) => m[1]![0] !== '0' && mod1110Valid(m[1]!) },
  DK: { form: /^(\d{8})$/, valid: (m) => weightedMod11(m[1]!, [2, 7, 6, 5, 4, 3, 2, 1]) === 0 },
  EE: {
    form: /^(10\d{7})$/,
    valid: (m) => (10 - (weighted(m[1]!, [3, 7, 1, 3, 7, 1, 3, 7]) % 10)) % 10 === Number(m[1]![8]),
  },
  EL: {
    form: /^(\d{8,9})$/,
    valid: (m) => {
      const d = m[1]!.padStart(9, '0')
      return (weighted(d, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === Number(d[8])
    },
  },
  ES: { form: /^([A-Z\d]\d{7}[A-Z\d])$/, valid: (m) => esValid(m[1]!) },
  FI: {
    form: /^(\d{8})$/,
    valid: (m) => {
      const r = weightedMod11(m[1]!, [7, 9, 10, 5, 8, 4, 2])
      return r !== 1 && (r === 0 ? 0 : 11 - r) === Number(m[1]![7])
    },
  },
  // A numeric key of the SIREN, (12 + 3 x (SIREN mod 97)) mod 97. Letter keys have no public check.
  FR: {
    form: /^(\d{2})(\d{9})$/,
    valid: (m) => Number(m[1]) === (12 + 3 * (Number(m[2]) % 97)) % 97 && luhnValid(m[2]!),
  },
  HR: { form: /^(\d{11})$/, valid: (m) => mod1110Valid(m[1]!) },
  HU: {
    form: /^(\d{8})$/,
    valid: (m) => (10 - (weighted(m[1]!, [9, 7, 3, 1, 9, 7, 3]) % 10)) % 10 === Number(m[1]![7]),
  },
  IE: { form: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, valid: (m) => ieValid(m[1]!) },
  IT: { form: /^(\d{11})$/, valid: (m) => !/^0{7}/.test(m[1]!) && luhnValid(m[1]!) },
  LT: {
    form: /^(\d{7}1\d|\d{10}1\d)$/,
    valid: (m) =>
      mod11Retry(
        m[1]!.slice(0, -1),
        (i) => 1 + (i % 9),
        (i) => 1 + ((i + 2) % 9),
      ) === Number(m[1]!.slice(-1)),
  },
  LU: { form: /^(\d{6})(\d{2})$/, valid: (m) => Number(m[1]) % 89 === Number(m[2]) },
  // A company's number (first digit above 3): the weighted sum with the check digit is 3 modulo 11.
  LV: {
    form: /^([4-9]\d{10})$/,
    valid: (m) => weighted(m[1]!, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3,
  },
  MT: { form: /^([1-9]\d{7})$/, valid: (m) => weighted(m[1]!, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0 },
  NL: { form: /^(\d{9})B\d{2}$/, valid: (m) => nlValid(`NL${m[0]}`) },
  PL: {
    form: /^(\d{10})$/,
    valid: (m) => weighted(m[1]!, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(m[1]![9]),
  },
  PT: {
    form: /^([1-9]\d{8})$/,
    valid: (m) => {
      const check = 11 - (weighted(m[1]!, [9, 8, 7, 6, 5, 4, 3, 2]) % 11)
      return (check > 9 ? 0 : check) === Number(m[1]![8])
    },
  },
  RO: { form: /^([1-9]\d{1,9})$/, valid: (m) => roValid(m[1]!) },
  SE: { form: /^(\d{10})01$/, valid: (m) => luhnValid(m[1]!) },
  SI: {
    form: /^([1-9]\d{7})$/,
    valid: (m) => {
      const check = 11 - (weighted(m[1]!, [8, 7, 6, 5, 4, 3, 2]) % 11)
      return check !== 11 && (check === 10 ? 0 : check) === Number(m[1]![7])
    },
  },
  SK: { form: /^([1-9]\d[2-47-9]\d{7})$/, valid: (m) => Number(m[1]) % 11 === 0 },
}

/** The prefixes whose VAT ids normaliseForeignVatId checks by a public rule; others' have none to check. */
export const CHECKED_VAT_COUNTRIES: ReadonlySet<string> = new Set(Object.keys(RULES))

/** Whether a value has the printed form of a checked country's VAT id, whether or not its checksum holds. */
export function hasForeignVatIdForm(value: string): boolean {
  const s = value.replace(/[\s.-]/g, '').toUpperCase()
  return RULES[s.slice(0, 2)]?.form.test(s.slice(2)) ?? false
}

/**
 * A foreign VAT id (`SE556036079301`, `DK12345674`, `DE123456788`, `ATU62353134`, `ESB58378431`) whose
 * checksum holds, upper case without the spaces, dots and dashes it was printed with; otherwise null.
 */
export function normaliseForeignVatId(value: string): string | null {
  const s = value.replace(/[\s.-]/g, '').toUpperCase()
  const rule = RULES[s.slice(0, 2)]
  const m = rule?.form.exec(s.slice(2))
  return m && rule!.valid(m) ? s : null
}
