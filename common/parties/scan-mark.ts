// The comments that tell a supplier the scan pipeline created from one an accountant made or checked. The
// pipeline marks a supplier it creates with a comment (`comments/Supplier/{id}`, field notes "Approvals");
// the contacts register's "Mark as checked" adds a second one. Both are worded here, in both languages the
// app speaks, so the pipeline, the register's filter and the outbox all read the same texts, whichever
// language the user who wrote the comment had.
import type { Locale } from '../bridge/contract.ts'

const scanMarks: Record<Locale, string> = { nb: 'Opprettet fra skanning', en: 'Created from a scan' }
const checkedMarks: Record<Locale, string> = {
  nb: 'Kontrollert etter skanning',
  en: 'Checked after a scan',
}

const normalised = (text: string | null | undefined) => (text ?? '').trim().toLowerCase()
const isOneOf = (marks: Record<Locale, string>, text: string | null | undefined) => {
  const wanted = normalised(text)
  return wanted !== '' && Object.values(marks).some((mark) => mark.toLowerCase() === wanted)
}

/** The comment the scan pipeline puts on a supplier it created, in the user's language. */
export function scanMarkText(locale: Locale): string {
  return scanMarks[locale]
}

/** The comment "Mark as checked" puts on a supplier the scan pipeline created, in the user's language. */
export function checkedMarkText(locale: Locale): string {
  return checkedMarks[locale]
}

/** Whether a comment is the scan pipeline's mark (in either language; case and spacing around ignored). */
export function isScanMark(text: string | null | undefined): boolean {
  return isOneOf(scanMarks, text)
}

/** Whether a comment is an accountant's check of a supplier the scan pipeline created. */
export function isCheckedMark(text: string | null | undefined): boolean {
  return isOneOf(checkedMarks, text)
}

export interface MarkComment {
  Text: string | null
  Deleted?: boolean | null
}

/**
 * Where a supplier stands, from its comments: `null` when the scan pipeline did not create it, `unchecked`
 * when it did and no one has checked it yet, `checked` once someone has. A deleted comment counts for nothing.
 */
export function scanCheckState(comments: Iterable<MarkComment>): 'unchecked' | 'checked' | null {
  let scanned = false
  let checked = false
  for (const comment of comments) {
    if (comment.Deleted === true) continue
    if (isScanMark(comment.Text)) scanned = true
    else if (isCheckedMark(comment.Text)) checked = true
  }
  if (!scanned) return null
  return checked ? 'checked' : 'unchecked'
}
