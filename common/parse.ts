// Reading what accountants type and paste, one reader per kind for every form: the review, the inbox
// panel, the journal grid and its paste, and the sales and contact forms to come. Each answers the
// platform's value (a date as `yyyy-mm-dd`, an amount in øre, a KID as text, the account or VAT type a cell
// names), or undefined when the text is not one; what exactly is wrong, the field checks say
// (common/field-checks.ts), and the renderer words it. Pure, so it runs anywhere.
import { parseMoney } from './money.ts'

/**
 * Amounts: `1 234,56`, `1.234,56`, `1234.56`, `18 419,-`, `(1 234,56)`, in øre (common/money.ts). Every
 * form reads amounts with this one function.
 */
export { parseMoney }

/**
 * A quantity, a percentage or another plain decimal as people type it: `2,5` or `2.5`, `1 000` (spaces
 * group digits), `-1`. Undefined for empty text and text that is no number; amounts are parseMoney's.
 */
export function parseDecimal(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.')
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : undefined
}

type DateParts = [year: number, month: number, day: number]

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
const SEPARATED_DATE = /^(\d{1,2})[./-](\d{1,2})(?:[./-](\d{4}|\d{2})|\.)?$/
const DIGITS_DATE = /^(\d{2})(\d{2})(\d{4}|\d{2})?$/

function yearOf(written: string | undefined, reference: string | undefined): number {
  if (written === undefined)
    return reference !== undefined ? Number(reference.slice(0, 4)) : new Date().getFullYear()
  return written.length === 2 ? 2000 + Number(written) : Number(written)
}

function dateParts(text: string, reference: string | undefined): DateParts | undefined {
  const s = text.trim()
  const iso = ISO_DATE.exec(s)
  if (iso) return [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  const local = SEPARATED_DATE.exec(s) ?? DIGITS_DATE.exec(s)
  if (local) return [yearOf(local[3], reference), Number(local[2]), Number(local[1])]
  return undefined
}

/**
 * A date as accountants type it, to `yyyy-mm-dd`. One rule for every form, day always before month (as
 * nb-NO and en-GB write dates; `1/31/2026` is no date):
 * - ISO `yyyy-mm-dd` (one-digit month and day too), with or without a time (`2026-01-31T00:00:00`), as the
 *   platform and the OCR write dates;
 * - day, month and year separated by `.`, `/` or `-`, mixed as handwriting mixes them: `31.01.2026`,
 *   `31/1-26`, `5-3-2026`;
 * - day and month alone (`31.01`, `31.1.`, `31/1`) are in the year of `reference` (`yyyy-mm-dd`; without
 *   one, this year);
 * - digits alone, two for the day, two for the month: `3101` (the reference's year), `310126`, `31012026`;
 * - a two-digit year is 20yy (`31.01.26` is 2026); a year outside 1900-2199 is refused.
 * Undefined when the text is in none of these forms, or names a day the calendar does not have (31.04,
 * 29.02.2027).
 */
export function parseDate(text: string, reference?: string): string | undefined {
  const parts = dateParts(text, reference)
  if (!parts) return undefined
  const [year, month, day] = parts
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return undefined
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Whether the text is written in one of parseDate's forms, whether or not the calendar has the day. */
export function looksLikeDate(text: string): boolean {
  return dateParts(text, '2000-01-01') !== undefined
}

/**
 * A KID as the platform keeps it: text (leading zeros matter) without the spaces people group it with
 * (`1234 5678 903`). Undefined when the field is empty. Whether it is a valid KID: checkKid.
 */
export function parseKid(text: string): string | undefined {
  const kid = text.replace(/[\s\u00a0]/g, '')
  return kid === '' ? undefined : kid
}

/** What a form needs to know of the company's accounts to read one named in a cell. */
export interface AccountRef {
  ID: number
  AccountNumber: number
  AccountName: string
  VatTypeID?: number | null
}

/**
 * The account a cell names: its number exactly (`1920`), its number and name (`1920 Bankinnskudd`), or its
 * exact name when only one account has it; never a near neighbour.
 */
export function findAccount(text: string, accounts: readonly AccountRef[]): AccountRef | undefined {
  const m = /^\s*(\d+)\b/.exec(text)
  if (!m) {
    const name = text.trim().toLowerCase()
    if (!name) return undefined
    const byName = accounts.filter((a) => a.AccountName.toLowerCase() === name)
    return byName.length === 1 ? byName[0] : undefined
  }
  const number = Number(m[1])
  return accounts.find((a) => a.AccountNumber === number)
}

/** What a form needs to know of the company's VAT types to read one named in a cell. */
export interface VatTypeRef {
  ID: number
  VatCode?: string | null
  Name: string
}

/** The VAT type a cell names by its SAF-T code (`1`, `11`, `86`) or its exact name. */
export function findVatType<T extends VatTypeRef>(text: string, vatTypes: readonly T[]): T | undefined {
  const s = text.trim().toLowerCase()
  if (!s) return undefined
  return (
    vatTypes.find((v) => (v.VatCode ?? '').toLowerCase() === s) ??
    vatTypes.find((v) => v.Name.toLowerCase() === s)
  )
}
