// The scan station's messages live in this feature's own messages.ts, registered under `scan`; the
// global scope follows the user's language as it changes.
import { useI18n } from 'vue-i18n'

export function useScanI18n() {
  return useI18n({ useScope: 'global' })
}
