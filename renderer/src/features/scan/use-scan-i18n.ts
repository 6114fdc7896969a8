// The scan station's messages, kept in this feature's own module and merged into the component's scope
// (the global messages stay reachable through the root fallback).
import { useI18n } from 'vue-i18n'
import scanEn, { type ScanMessages } from './messages-en.ts'
import scanNb from './messages-nb.ts'

export function useScanI18n() {
  return useI18n<{ message: { scan: ScanMessages } }, 'en' | 'nb'>({
    useScope: 'local',
    inheritLocale: true,
    messages: { en: { scan: scanEn }, nb: { scan: scanNb } },
  })
}
