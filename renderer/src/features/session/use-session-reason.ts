// A session reason (why a sign-in ended, why the user was signed out) in the user's words.
import { useI18n } from 'vue-i18n'
import type { SessionReason } from '@common/bridge/contract'

export function useSessionReason() {
  const { t, te } = useI18n()
  return (reason: SessionReason | null): string | null => {
    if (!reason) return null
    const key = `session.reasons.${reason.code}`
    return te(key, 'en')
      ? t(key, { message: reason.message })
      : t('session.reasons.other', { message: reason.message })
  }
}
