// Amounts and dates through Intl in the user's language: `1 234,56` and `dd.mm.yyyy` in bokmål.
import type { Locale } from '@common/bridge/contract'

/** BCP 47 tags for Intl. English uses British conventions: day before month, as Norwegian readers expect. */
export const intlLocale: Record<Locale, string> = { nb: 'nb-NO', en: 'en-GB' }

const amountFormats = new Map<Locale, Intl.NumberFormat>()
const dateFormats = new Map<Locale, Intl.DateTimeFormat>()
const utcDateFormats = new Map<Locale, Intl.DateTimeFormat>()

function cached<T>(cache: Map<Locale, T>, locale: Locale, make: () => T): T {
  let value = cache.get(locale)
  if (!value) {
    value = make()
    cache.set(locale, value)
  }
  return value
}

/** An amount with two decimals and grouped thousands, without a currency sign: `1 234,56` in nb. */
export function formatAmount(amount: number, locale: Locale): string {
  const format = cached(
    amountFormats,
    locale,
    () => new Intl.NumberFormat(intlLocale[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  )
  // Negative zero would print as "-0,00".
  return format.format(Object.is(amount, -0) ? 0 : amount)
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * A calendar date as `dd.mm.yyyy` in nb (`dd/mm/yyyy` in en). The platform's dates are `yyyy-mm-dd`
 * strings without a time zone; they are printed as written, whatever the machine's time zone.
 * A Date is printed in the machine's time zone.
 */
export function formatDate(date: Date | string, locale: Locale): string {
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' }
  if (typeof date === 'string') {
    const match = isoDate.exec(date)
    const parsed = match
      ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
      : undefined
    if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
      throw new RangeError(`Not a calendar date (yyyy-mm-dd): ${date}`)
    }
    const format = cached(
      utcDateFormats,
      locale,
      () => new Intl.DateTimeFormat(intlLocale[locale], { ...options, timeZone: 'UTC' }),
    )
    return format.format(parsed)
  }
  if (Number.isNaN(date.getTime())) throw new RangeError('Not a valid date')
  return cached(dateFormats, locale, () => new Intl.DateTimeFormat(intlLocale[locale], options)).format(date)
}

const timestampFormats = new Map<Locale, Intl.DateTimeFormat>()

/** A moment (an ISO timestamp) as date and time of day in the machine's time zone: `23.11.2026, 14:05`. */
export function formatTimestamp(value: string | Date, locale: Locale): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid timestamp: ${String(value)}`)
  return cached(
    timestampFormats,
    locale,
    () => new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'short', timeStyle: 'short' }),
  ).format(date)
}

const units = ['B', 'kB', 'MB', 'GB'] as const

/** A size in bytes with the unit that keeps it short: `12,4 MB` in nb, `12.4 MB` in en. */
export function formatBytes(bytes: number, locale: Locale): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1
  const number = new Intl.NumberFormat(intlLocale[locale], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value)
  return `${number}\u00a0${units[unit]}`
}
