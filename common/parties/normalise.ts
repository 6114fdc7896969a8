// How the contacts register compares what people type with what parties hold: an organisation number in
// any spacing, with or without `NO … MVA` (field notes: printed `NO 995 525 828 MVA`); a bank account with
// dots or spaces, or as an IBAN (a Norwegian IBAN is its account); a phone number with or without +47/0047.
// The register's search and its duplicate check both read these, so "the same organisation number" means
// one thing.
import { compactIban } from '../iban.ts'
import { digitsOnly } from '../norwegian.ts'

/** The nine digits of a Norwegian organisation number as written anywhere; null when it is not one. */
export function normaliseOrgNumber(text: string | null | undefined): string | null {
  if (!text) return null
  const stripped = text.toUpperCase().replace(/^\s*NO(?=[\s\d.])/, '').replace(/(?<=[\s\d.])MVA\s*$/, '')
  if (/[A-Z]/.test(stripped)) return null
  const digits = digitsOnly(stripped)
  return /^\d{9}$/.test(digits) ? digits : null
}

/** An account in its comparable form: 11 digits, or an IBAN without spaces (NO IBANs as their 11 digits). */
export function normaliseAccount(text: string | null | undefined): string | null {
  if (!text) return null
  const trimmed = text.trim()
  if (/^[A-Za-z]{2}\d/.test(trimmed)) {
    const iban = compactIban(trimmed)
    return iban.startsWith('NO') && iban.length === 15 ? iban.slice(4) : iban
  }
  const digits = digitsOnly(trimmed)
  return digits.length >= 4 ? digits : null
}

/** A phone number's digits without the Norwegian country prefix (+47, 0047), for search. */
export function normalisePhone(text: string | null | undefined): string | null {
  if (!text) return null
  const digits = digitsOnly(text.replace(/^\s*\+/, '00'))
  const national = digits.startsWith('0047') && digits.length > 8 ? digits.slice(4) : digits
  return national.length >= 3 ? national : null
}
