// The note beside a file in failed/ (`<name>.reason.txt`), for someone at the file system: why the file did not
// become an invoice, in the user's language, in the words the scan queue shows (common/scan-reason-words.ts).
import type { Locale } from '../../../../common/bridge/contract.ts'
import { failedFileWords, type FailedFileReason } from '../../../../common/scan-reason-words.ts'

export type ScanLocale = Locale
export type { FailedFileReason }

/** The note's text: the reason's wording with its parameters filled in. */
export function failedNote(reason: FailedFileReason, locale: ScanLocale): string {
  const params: Record<string, string> = reason.params
  return failedFileWords[locale][reason.code].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '')
}
