// The scan station's words in main: the note on a supplier it creates, the name of the company's unknown
// supplier, and the notification that tells a finished batch.
import type { AppNotification } from '../../../../common/bridge/contract.ts'
import { scanMarkText } from '../../../../common/parties/scan-mark.ts'
import type { ScanLocale } from './reasons.ts'
import type { BatchSummary } from './station.ts'

export const scanWords = {
  nb: {
    // The contacts register finds the suppliers a scan created by this comment (common/parties/scan-mark.ts).
    note: scanMarkText('nb'),
    unknown: 'Ukjent leverandør (skanning)',
    title: 'Skanning ferdig',
    ready: (n: number, company: string) =>
      `${n} ${n === 1 ? 'faktura' : 'fakturaer'} klar for kontroll i ${company}`,
    failed: (n: number) => `${n} feilet`,
    dups: (n: number) => `${n} ${n === 1 ? 'duplikat' : 'duplikater'}`,
  },
  en: {
    note: scanMarkText('en'),
    unknown: 'Unknown supplier (scan)',
    title: 'Scanning finished',
    ready: (n: number, company: string) =>
      `${n} ${n === 1 ? 'invoice' : 'invoices'} ready for review in ${company}`,
    failed: (n: number) => `${n} failed`,
    dups: (n: number) => `${n} ${n === 1 ? 'duplicate' : 'duplicates'}`,
  },
}

function batchWords(b: BatchSummary, companyName: string, locale: ScanLocale) {
  const t = scanWords[locale]
  const parts = [t.ready(b.ready, companyName)]
  if (b.failed) parts.push(t.failed(b.failed))
  if (b.duplicates) parts.push(t.dups(b.duplicates))
  return { title: t.title, body: parts.join(', ') }
}

/** The notification of a finished batch of one company: in `locale`, and in each language beside. */
export function batchNotice(b: BatchSummary, companyName: string, locale: ScanLocale): AppNotification {
  return {
    ...batchWords(b, companyName, locale),
    languages: { nb: batchWords(b, companyName, 'nb'), en: batchWords(b, companyName, 'en') },
  }
}
