// Formatters bound to the language the app shows now.
import { useI18n } from 'vue-i18n'
import type { Locale } from '@common/bridge/contract'
import { formatAmount, formatBytes, formatDate, formatTimestamp } from '@renderer/i18n/format'

export function useFormat() {
  const { locale } = useI18n({ useScope: 'global' })
  return {
    amount: (value: number) => formatAmount(value, locale.value as Locale),
    date: (value: Date | string) => formatDate(value, locale.value as Locale),
    /** A platform date that may carry a time part (`2026-11-01T00:00:00`): the calendar date only. */
    day: (value: string | null) => (value ? formatDate(value.slice(0, 10), locale.value as Locale) : ''),
    dateTime: (value: Date | string) => formatTimestamp(value, locale.value as Locale),
    bytes: (value: number) => formatBytes(value, locale.value as Locale),
  }
}
