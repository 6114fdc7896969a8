// The readings both syntaxes share: amounts, dates, a party's Norwegian organisation number among its ids,
// and the payee account as IBAN or Norwegian bank account.
import { compactIban, isValidIban } from '../iban.ts'
import { digitsOnly, ibanToBankAccount, isValidBankAccount, isValidOrgNumber } from '../norwegian.ts'
import { EInvoiceError, type EInvoice, type EInvoiceParty, type UnreadAmount } from './types.ts'

/** ISO 6523 ICD 0192: the Norwegian register of legal entities (Enhetsregisteret). */
export const NORWEGIAN_ORG_SCHEME = '0192'

/**
 * The largest amount (and quantity, and rate) read from an invoice: a thousand billion. Beyond it a value is a
 * broken or hostile file's (a 400-digit PayableAmount is Infinity to JavaScript), never money to book.
 */
export const MAX_AMOUNT = 1e12

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/

/** Why a written amount is not read: not a number as XML writes one, or beyond ±MAX_AMOUNT (or infinite). */
export function amountProblem(value: string): UnreadAmount['reason'] | null {
  if (!NUMBER.test(value)) return 'notANumber'
  const n = Number(value)
  return Number.isFinite(n) && Math.abs(n) <= MAX_AMOUNT ? null : 'outOfRange'
}

/** An amount as written (`1656.25`, `-1500`), to two decimals; null when absent, not a number or out of range. */
export function amount(value: string | null): number | null {
  if (value === null || amountProblem(value)) return null
  return cents(Number(value))
}

/** A number to two decimals without a negative zero. */
export const cents = (n: number) => Math.round(n * 100) / 100 || 0

/** A decimal (a quantity, a rate) as written; null when absent, not a number or out of range. */
export function decimal(value: string | null): number | null {
  if (value === null || amountProblem(value)) return null
  return Number(value)
}

/**
 * The amounts of one invoice as its reader reads them: `read` answers an amount as written (0 when absent, as
 * before), and one written but not readable is 0 too and listed in `unread` by its business term, so that no
 * proposal is made of it (ocr-answer.ts) and the reason travels with the invoice.
 */
export function amountReader() {
  const unread: UnreadAmount[] = []
  const read = (written: string | null, term: string) => {
    const value = amount(written)
    if (written !== null && value === null)
      unread.push({ term, reason: amountProblem(written)!, asWritten: written.slice(0, 40) })
    return value ?? 0
  }
  return { read, unread }
}

/** A date as `yyyy-mm-dd`: UBL writes it so, CII as `yyyymmdd` (format 102). */
export function isoDate(value: string | null): string | null {
  if (!value) return null
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value)
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null
}

/** BT-3 type codes of a credit note (UNTDID 1001 as EN 16931 lists them). */
const CREDIT_TYPE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532'])
export const isCreditTypeCode = (code: string | null) => code !== null && CREDIT_TYPE_CODES.has(code)

/** An id a party carries, with the scheme its XML names (an ISO 6523 ICD, or `VA` for a VAT number). */
export interface PartyId {
  value: string
  scheme: string | null
}

/**
 * The party's Norwegian organisation number: an id under scheme 0192, a Norwegian VAT number
 * (`NO999999999MVA`), or a nine-digit legal registration id of a party in Norway; only when it passes MOD11.
 */
export function norwegianOrgNumber(
  ids: readonly PartyId[],
  vatId: string | null,
  legal: PartyId | null,
  country: string | null,
): string | null {
  const candidates = [
    ...ids.filter((id) => id.scheme === NORWEGIAN_ORG_SCHEME).map((id) => id.value),
    // The VAT number's nine digits without its `NO` and `MVA`.
    ...(vatId && /^NO\s*\d{3}\s*\d{3}\s*\d{3}\s*(MVA)?$/i.test(vatId.trim())
      ? [vatId.trim().replace(/^NO|MVA$/gi, '')]
      : []),
    ...(legal && (legal.scheme === null || legal.scheme === NORWEGIAN_ORG_SCHEME) && country === 'NO'
      ? [legal.value]
      : []),
  ]
  for (const candidate of candidates) {
    const digits = digitsOnly(candidate)
    if (digits.length === 9 && isValidOrgNumber(digits)) return digits
  }
  return null
}

/** ISO 6523 schemes of national registries whose numbers a VAT id derives from (SE, DK, FI). */
export const REGISTRY_SCHEMES: ReadonlySet<string> = new Set(['0007', '0184', '0212', '0213'])

function registryIdsOf(ids: readonly PartyId[]): Pick<EInvoiceParty, 'registryIds'> {
  const found = ids.flatMap((id) =>
    id.scheme && REGISTRY_SCHEMES.has(id.scheme) ? [{ value: id.value, scheme: id.scheme }] : [],
  )
  return found.length ? { registryIds: found } : {}
}

/** A party from what its XML gives. */
export function party(fields: {
  registrationName: string | null
  tradingName: string | null
  ids: PartyId[]
  /** The party identifiers (BT-29 / BT-46) among `ids`, without the electronic address (BT-34 / BT-49). */
  partyIds?: PartyId[]
  legal: PartyId | null
  vatId: string | null
  country: string | null
  address: (string | null)[]
}): EInvoiceParty {
  const country = fields.country?.toUpperCase() ?? null
  return {
    name: fields.registrationName ?? fields.tradingName ?? '',
    orgNumber: norwegianOrgNumber(
      fields.legal ? [...fields.ids, fields.legal] : fields.ids,
      fields.vatId,
      fields.legal,
      country,
    ),
    registrationId: fields.legal?.value ?? null,
    registrationScheme: fields.legal?.scheme ?? null,
    ...registryIdsOf(fields.partyIds ?? []),
    vatId: fields.vatId,
    country,
    address: fields.address.filter((line): line is string => !!line),
  }
}

/** BT-84 read as a valid IBAN and/or a Norwegian bank account; kept as written when it is neither. */
export function payeeAccount(
  values: readonly (string | null)[],
): Pick<EInvoice, 'iban' | 'bankAccount' | 'accountAsWritten'> {
  let iban: string | null = null
  let bankAccount: string | null = null
  let asWritten: string | null = null
  for (const value of values) {
    if (!value) continue
    const compact = compactIban(value)
    if (!iban && isValidIban(compact)) {
      iban = compact
      bankAccount ??= compact.startsWith('NO') ? ibanToBankAccount(compact) : null
      continue
    }
    const digits = digitsOnly(value)
    if (!bankAccount && /^[\d .]+$/.test(value.trim()) && isValidBankAccount(digits)) {
      bankAccount = digits
      continue
    }
    asWritten ??= value
  }
  return { iban, bankAccount, accountAsWritten: iban || bankAccount ? null : asWritten }
}

/** A required value, or an error naming the business term that is missing. */
export function required<T>(value: T | null | undefined, term: string): T {
  if (value === null || value === undefined || value === '')
    throw new EInvoiceError('incomplete', `The invoice has no ${term}`)
  return value
}
