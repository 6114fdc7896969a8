// Ledgers written before reasons were kept as codes (common/bridge/scan.ts) hold a reason code beside the
// reason worded in the language of that day (`reasonCode`, `lastError`). Replayed, such a line gets its
// reason as a code with its parameters, so an old failed file is worded in the language of now; the words
// the platform or the file system gave are read back out of the old wording.
import { ScanReason } from '../../../../common/bridge/scan.ts'

/** The wordings of the reasons that carried a detail, as they were stored (nb and en). */
const WORDED: Record<string, string[]> = {
  refused: ['Plattformen avviste filen: {detail}', 'The platform refused the file: {detail}'],
  unreadable: ['Filen kunne ikke leses: {detail}', 'The file could not be read: {detail}'],
  localFile: [
    'Filen kunne ikke leses eller flyttes på denne maskinen: {detail}. Velg Prøv igjen eller Skann nå for å fortsette der den stoppet.',
    'The file could not be read or moved on this computer: {detail}. Choose Retry or Scan now to go on from where it stopped.',
  ],
}

function detailOf(code: string, text: string): string {
  for (const wording of WORDED[code] ?? []) {
    const [before = '', after = ''] = wording.split('{detail}')
    if (text.length >= before.length + after.length && text.startsWith(before) && text.endsWith(after))
      return text.slice(before.length, text.length - after.length)
  }
  return text
}

export interface FieldsBeforeCodes {
  reasonCode?: string | null
  lastError?: string | null
}

/**
 * The reason a line written before codes sets, or undefined when the line sets none. A line with only an
 * error and no code recorded a queued file waiting for the platform, with the error's own words.
 */
export function reasonOfLine(line: FieldsBeforeCodes): ScanReason | null | undefined {
  if ('reasonCode' in line) {
    if (!line.reasonCode) return null
    const params = WORDED[line.reasonCode] ? { detail: detailOf(line.reasonCode, line.lastError ?? '') } : {}
    const reason = ScanReason.safeParse({ code: line.reasonCode, params })
    // A code no version wrote: the entry keeps its state and shows no reason rather than a wrong one.
    return reason.success ? reason.data : null
  }
  if ('lastError' in line)
    return line.lastError ? { code: 'waiting', params: { detail: line.lastError } } : null
  return undefined
}
