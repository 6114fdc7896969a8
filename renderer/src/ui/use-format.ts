// Formatters bound to the language the app shows now.
import { useI18n } from 'vue-i18n'
import type { Locale } from '@common/bridge/contract'
import { formatAmount, formatDate } from '@renderer/i18n/format'

export function useFormat() {
  const { locale } = useI18n({ useScope: 'global' })
  return {
    amount: (value: number) => formatAmount(value, locale.value as Locale),
    date: (value: Date | string) => formatDate(value, locale.value as Locale),
  }
}
