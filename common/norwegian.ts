// Norwegian number rules (field notes, "Norwegian numbers"): KID check digits (MOD10/MOD11), bank
// account numbers, organisation numbers and Norwegian IBANs. Pure functions over digit strings, so
// the platform, the main process and the renderer share one implementation. IBANs of every country are
// checked in iban.ts; a Norwegian IBAN's account must pass MOD11 as well.
import { compactIban, ibanCheckDigits, isValidIban } from './iban.ts'

/** Digits only: drops spaces, dots and dashes people type (`8601.11.17947`, `995 525 828`). */
export function digitsOnly(value: string): string {
  return value.replace(/[\s.\-\u00a0]/g, '')
}

const isDigits = (s: string) => /^\d+$/.test(s)

/** Luhn check digit for a digit string (the check digit is appended to the right of it). */
export function mod10CheckDigit(payload: string): string {
  if (!isDigits(payload)) throw new Error(`not a digit string: ${payload}`)
  let sum = 0
  for (let i = 0; i < payload.length; i++) {
    // Counting from the right, the payload's last digit is doubled (it sits next to the check digit).
    let d = Number(payload[payload.length - 1 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return String((10 - (sum % 10)) % 10)
}

/** Sum of digits times weights, the weights applied left to right. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i]!
  return sum
}

/** 11 - (sum mod 11), with 11 becoming 0; 10 is returned as is (callers decide what it means). */
function mod11Remainder(sum: number): number {
  const r = 11 - (sum % 11)
  return r === 11 ? 0 : r
}

/** KID MOD11 check digit: weights 2..7 repeating from the right; 11 gives 0, 10 gives `-`. */
export function mod11CheckDigit(payload: string): string {
  if (!isDigits(payload)) throw new Error(`not a digit string: ${payload}`)
  const weights: number[] = []
  for (let i = 0; i < payload.length; i++) weights.unshift(2 + (i % 6))
  const r = mod11Remainder(weightedSum(payload, weights))
  return r === 10 ? '-' : String(r)
}

export type KidMethod = 'mod10' | 'mod11'

/** Which check-digit method a KID satisfies (MOD10 first when both do), or null when it is not a valid KID. */
export function kidMethod(kid: string): KidMethod | null {
  const k = kid.trim()
  if (k.length < 2 || k.length > 25) return null
  const payload = k.slice(0, -1)
  const check = k.slice(-1)
  if (!isDigits(payload) || !/^[\d-]$/.test(check)) return null
  if (check !== '-' && mod10CheckDigit(payload) === check) return 'mod10'
  if (mod11CheckDigit(payload) === check) return 'mod11'
  return null
}

/** A KID is 2-25 digits whose last is a MOD10 or MOD11 check digit (MOD11 may end in `-`). */
export function isValidKid(kid: string, method?: KidMethod): boolean {
  if (method === undefined) return kidMethod(kid) !== null
  const k = kid.trim()
  if (k.length < 2 || k.length > 25 || !isDigits(k.slice(0, -1))) return false
  return makeKid(k.slice(0, -1), method) === k
}

/** Appends the check digit of the method to a payload (KIDs stay strings: leading zeros matter). */
export function makeKid(payload: string, method: KidMethod = 'mod10'): string {
  return payload + (method === 'mod10' ? mod10CheckDigit(payload) : mod11CheckDigit(payload))
}

const BANK_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const
const ORG_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const

/** Check digit of a bank account's first ten digits, or null when the remainder gives 10 (no valid account). */
export function bankAccountCheckDigit(first10: string): string | null {
  if (first10.length !== 10 || !isDigits(first10)) throw new Error(`need ten digits: ${first10}`)
  const r = mod11Remainder(weightedSum(first10, BANK_WEIGHTS))
  return r === 10 ? null : String(r)
}

/** 11 digits, MOD11 with weights 5,4,3,2,7,6,5,4,3,2; accepts `8601.11.17947` and `8601 11 17947`. */
export function isValidBankAccount(value: string): boolean {
  const d = digitsOnly(value)
  if (d.length !== 11 || !isDigits(d)) return false
  return bankAccountCheckDigit(d.slice(0, 10)) === d[10]
}

/** Check digit of an organisation number's first eight digits, or null when the remainder gives 10. */
export function orgNumberCheckDigit(first8: string): string | null {
  if (first8.length !== 8 || !isDigits(first8)) throw new Error(`need eight digits: ${first8}`)
  const r = mod11Remainder(weightedSum(first8, ORG_WEIGHTS))
  return r === 10 ? null : String(r)
}

/** 9 digits, MOD11 with weights 3,2,7,6,5,4,3,2; accepts `995 525 828` and `NO 995 525 828 MVA`. */
export function isValidOrgNumber(value: string): boolean {
  const d = digitsOnly(value.replace(/^\s*NO/i, '').replace(/MVA\s*$/i, ''))
  if (d.length !== 9 || !isDigits(d)) return false
  return orgNumberCheckDigit(d.slice(0, 8)) === d[8]
}

/** Norwegian IBAN: a valid IBAN (common/iban.ts) of `NO` whose 11-digit account passes MOD11 too. */
export function isValidNorwegianIban(value: string): boolean {
  const s = compactIban(value)
  return s.startsWith('NO') && isValidIban(s) && isValidBankAccount(s.slice(4))
}

/** Bank account -> IBAN (`NO9386011117947`); null when the account is not valid. */
export function bankAccountToIban(account: string): string | null {
  const d = digitsOnly(account)
  if (!isValidBankAccount(d)) return null
  return `NO${ibanCheckDigits('NO', d)}${d}`
}

/** IBAN -> bank account (11 digits); null when it is not a valid Norwegian IBAN. */
export function ibanToBankAccount(iban: string): string | null {
  const s = compactIban(iban)
  return isValidNorwegianIban(s) ? s.slice(4) : null
}

/** `86011117947` -> `8601 11 17947`; anything else is returned unchanged. */
export function formatBankAccount(value: string): string {
  const d = digitsOnly(value)
  return /^\d{11}$/.test(d) ? `${d.slice(0, 4)} ${d.slice(4, 6)} ${d.slice(6)}` : value
}

/** `995525828` -> `995 525 828`; anything else is returned unchanged. */
export function formatOrgNumber(value: string): string {
  const d = digitsOnly(value)
  return /^\d{9}$/.test(d) ? `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : value
}

/**
 * A Norwegian phone number as it is written: mobile numbers (4xx, 9xx) `920 00 000`, others `55 00 11 17`,
 * with `+47 ` before them when it was given (or `0047`). Anything else (a foreign number, a short code) is
 * returned as it was typed.
 */
export function formatPhone(value: string): string {
  const compact = value.replace(/[\s.-]/g, '')
  const match = /^(\+47|0047)?(\d{8})$/.exec(compact)
  if (!match) return value
  const d = match[2]!
  const national = /^[49]/.test(d)
    ? `${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`
    : `${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)} ${d.slice(6)}`
  return match[1] ? `+47 ${national}` : national
}

/** `NO9386011117947` -> `NO93 8601 1117 947` (groups of four). */
export function formatIban(value: string): string {
  const s = compactIban(value)
  return s.replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * Deterministic pseudo-random digits from a seed number (a 32-bit mix), so generated numbers are
 * stable across runs: the demo seed and test fixtures get the same companies and suppliers every time.
 */
function seededDigits(seed: number, count: number): string {
  let x = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0
  let out = ''
  while (out.length < count) {
    x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0
    x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0
    x = (x ^ (x >>> 16)) >>> 0
    out += String(x % 10)
    x = (x + 0x6d2b79f5) >>> 0
  }
  return out
}

/** A valid organisation number derived from seed (starting with 8 or 9, as Norwegian enterprises do). */
export function generateOrgNumber(seed: number): string {
  for (let attempt = 0; ; attempt++) {
    const body = (seed + attempt) % 2 === 0 ? '9' : '8'
    const first8 = body + seededDigits(seed * 31 + attempt, 7)
    const check = orgNumberCheckDigit(first8)
    if (check !== null) return first8 + check
  }
}

/** Bank (clearing) codes of real Norwegian banks, used as the first four digits of generated accounts. */
const BANK_CODES = [
  '1503',
  '1506',
  '1594',
  '1607',
  '1813',
  '2801',
  '3000',
  '3201',
  '4202',
  '6011',
  '9710',
  '8601',
]

/** A valid 11-digit bank account derived from seed; `bankCode` fixes its first four digits. */
export function generateBankAccount(seed: number, bankCode?: string): string {
  const bank = bankCode ?? BANK_CODES[Math.abs(Math.trunc(seed)) % BANK_CODES.length]!
  if (!/^\d{4}$/.test(bank)) throw new Error(`bank code must be four digits: ${bank}`)
  for (let attempt = 0; ; attempt++) {
    const first10 = bank + seededDigits(seed * 17 + attempt, 6)
    const check = bankAccountCheckDigit(first10)
    if (check !== null) return first10 + check
  }
}

/** A valid KID of `length` characters (2-25) derived from seed, with the method's check digit. */
export function generateKid(seed: number, length = 10, method: KidMethod = 'mod10'): string {
  if (length < 2 || length > 25) throw new Error(`KID length must be 2-25: ${length}`)
  return makeKid(seededDigits(seed, length - 1), method)
}

/** A part of a KID setup (spec 2.9 PaymentInfoTypeParts). */
export interface KidPart {
  /** A macro (`<invoice_number>`, `<customer_number>`, `<modulus10>`, `<modulus11>`) or literal digits. */
  Part: string
  Length: number
  SortIndex: number
}

const MACRO = /^<([a-z_0-9]+)>$/i
const CHECK_MACROS: Record<string, KidMethod> = { modulus10: 'mod10', modulus11: 'mod11' }

/** A problem of a KID setup, as a code and its parameters (forms word them in the user's language). */
export type KidSetupFinding =
  | { code: 'length'; length: number }
  | { code: 'total'; total: number; length: number }
  | { code: 'partLength'; part: string }
  | { code: 'checkLast'; part: string }
  | { code: 'checkLength'; part: string }
  | { code: 'literal'; part: string; length: number }

/**
 * What is wrong with a KID setup (spec 2.11, field notes): part lengths must add up to `length`,
 * literal parts are digits as long as their Length, a check-digit macro is the last part with length 1.
 * An empty list means the setup is usable.
 */
export function kidSetupFindings(length: number, parts: readonly KidPart[]): KidSetupFinding[] {
  const found: KidSetupFinding[] = []
  const sorted = [...parts].sort((a, b) => a.SortIndex - b.SortIndex)
  const total = sorted.reduce((sum, p) => sum + p.Length, 0)
  if (length < 2 || length > 25) found.push({ code: 'length', length })
  if (total !== length) found.push({ code: 'total', total, length })
  sorted.forEach((p, i) => {
    const macro = MACRO.exec(p.Part)?.[1]?.toLowerCase()
    if (!Number.isInteger(p.Length) || p.Length < 1) found.push({ code: 'partLength', part: p.Part })
    if (macro && macro in CHECK_MACROS) {
      if (i !== sorted.length - 1) found.push({ code: 'checkLast', part: p.Part })
      if (p.Length !== 1) found.push({ code: 'checkLength', part: p.Part })
    } else if (!macro && !(isDigits(p.Part) && p.Part.length === p.Length)) {
      found.push({ code: 'literal', part: p.Part, length: p.Length })
    }
  })
  return found
}

/** The findings of `kidSetupFindings` in English (the platform's messages). */
export function kidSetupProblems(length: number, parts: readonly KidPart[]): string[] {
  return kidSetupFindings(length, parts).map((f) => {
    switch (f.code) {
      case 'length':
        return `KID length must be 2-25, not ${f.length}`
      case 'total':
        return `the parts' lengths add up to ${f.total}, not the KID length ${f.length}`
      case 'partLength':
        return `part ${f.part} needs a length of at least 1`
      case 'checkLast':
        return `${f.part} must be the last part`
      case 'checkLength':
        return `${f.part} must have length 1`
      case 'literal':
        return `literal part ${f.part} must be ${f.length} digits`
    }
  })
}

/**
 * Builds a KID from its parts: macros take their value from `values` (`{ invoice_number: 1234 }`),
 * numeric values are left-padded with zeros to the part's Length, a check-digit macro covers all
 * digits before it. Throws when the setup is unusable or a value does not fit its part.
 */
export function buildKid(
  length: number,
  parts: readonly KidPart[],
  values: Record<string, string | number>,
): string {
  const problems = kidSetupProblems(length, parts)
  if (problems.length > 0) throw new Error(problems.join('; '))
  let kid = ''
  for (const p of [...parts].sort((a, b) => a.SortIndex - b.SortIndex)) {
    const macro = MACRO.exec(p.Part)?.[1]?.toLowerCase()
    if (!macro) {
      kid += p.Part
      continue
    }
    const method = CHECK_MACROS[macro]
    if (method) {
      kid = makeKid(kid, method)
      continue
    }
    const value = digitsOnly(String(values[macro] ?? ''))
    if (!isDigits(value)) throw new Error(`no digits for ${p.Part}`)
    if (value.length > p.Length) throw new Error(`${p.Part} ${value} is longer than ${p.Length} digits`)
    kid += value.padStart(p.Length, '0')
  }
  return kid
}
