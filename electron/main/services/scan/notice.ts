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

/**
 * How long a batch's notice counts as still on screen (the window's toast shows it six seconds): a batch of
 * the same company that finishes meanwhile is told in its place, the two batches' files counted together.
 */
export const BATCH_NOTICE_MS = 6000

/**
 * The notices of finished batches, one per company at a time: a scanner that feeds a stack in several runs
 * finishes several batches seconds apart, and the office hears of them as one ("5 invoices ready …"), not as
 * a stack of notices. A batch that finishes after its company's notice has gone is told on its own.
 */
export function createBatchNotices(now: () => number = Date.now) {
  const shown = new Map<string, { summary: BatchSummary; at: number; run: number }>()
  return (b: BatchSummary, companyName: string, locale: ScanLocale): AppNotification => {
    const at = now()
    const before = shown.get(b.companyKey)
    const joins = before !== undefined && at - before.at < BATCH_NOTICE_MS
    const summary = joins
      ? {
          companyKey: b.companyKey,
          ready: before.summary.ready + b.ready,
          failed: before.summary.failed + b.failed,
          duplicates: before.summary.duplicates + b.duplicates,
        }
      : b
    // The tag names the run of batches told together: a notice takes the place of the one it counts in, never
    // of an earlier one a desktop may still show (its system notifications stay longer than the window's toast).
    const run = joins ? before.run : (before?.run ?? 0) + 1
    shown.set(b.companyKey, { summary, at, run })
    return { ...batchNotice(summary, companyName, locale), tag: `scan-batch:${b.companyKey}:${run}` }
  }
}
