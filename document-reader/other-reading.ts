// A scanned page's other reading: the scanner's own OCR text layer under the page image (a ScanSnap's, a
// copier's). The page is read by Tesseract and interpreted from its words; the scanner's text is a second,
// independent OCR of the same pixels. A field Tesseract's reading yields no value for is taken from the
// scanner's reading where Tesseract's words hold the same characters, word for word: two engines that read
// the same digits, one of them beside the field's label, are seldom both wrong. A value only the scanner
// read is never taken (its OCR misreads too: a hotel bill's `60.00` for Tesseract's labelled `1871.00`).
import type {
  InterpretationCandidate,
  InterpretedProperty,
  OcrForeignSupplierId,
  OcrWord,
} from '../common/ocr.ts'
import { OcrPropertyId } from '../common/ocr.ts'
import type { OcrPageResult } from './types.ts'

export interface Interpretation {
  properties: InterpretedProperty[]
  foreignSupplierIds: OcrForeignSupplierId[]
}

/** Longest run of the page's words one value may span (`DE 297 308 020`). */
const MAX_WORDS = 5

/** The pages as their other reading has them: a page without one stays as it is. */
export function otherReadingPages(pages: OcrPageResult[]): OcrPageResult[] {
  return pages.map((page) => {
    if (!page.OtherReading?.length) return page
    const { OtherReading, UnsureWords: _unsure, ...rest } = page
    return { ...rest, Words: OtherReading }
  })
}

const characters = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[^\p{L}\d]/gu, '')
    .toUpperCase()

/** Whether the words print `printed`'s letters and digits as a run of whole words, in reading order. */
function readAlike(words: OcrWord[], printed: string): boolean {
  const wanted = characters(printed)
  if (!wanted) return false
  const chars = words.map((w) => characters(w.Text))
  for (let i = 0; i < chars.length; i++) {
    let run = ''
    for (let j = i; j < Math.min(chars.length, i + MAX_WORDS); j++) {
      run += chars[j]
      if (run === wanted) return true
      if (!wanted.startsWith(run)) break
    }
  }
  return false
}

/**
 * The interpretation of Tesseract's words with the fields it lacks taken from the other reading's, where the
 * page's Tesseract words read the same characters as the other reading's value was read from. Foreign supplier
 * ids likewise, where Tesseract's reading found none and proposes no Norwegian organisation number; a Norwegian
 * organisation number is not added beside a foreign supplier id.
 */
export function fillFromOtherReading(
  read: Interpretation,
  other: Interpretation,
  pages: OcrPageResult[],
): Interpretation {
  const wordsOf = new Map(pages.map((p) => [p.PageNo, p.Words]))
  const seenOnPage = (printed: string, pageNo: number | undefined) =>
    readAlike(wordsOf.get(pageNo ?? pages[0]!.PageNo) ?? [], printed)
  // Beside a Norwegian organisation number Tesseract's reading proposes, a foreign id only the other reading
  // found is left out: the reading that found both would have decided which is the buyer's.
  const official = read.properties.some((p) => p.OcrPropertyId === OcrPropertyId.OfficialNumber)
  const foreignSupplierIds =
    read.foreignSupplierIds.length || official
      ? read.foreignSupplierIds
      : other.foreignSupplierIds.filter((f) => seenOnPage(f.HitWordText ?? f.Value, f.PageNo))
  const has = new Set(read.properties.map((p) => p.OcrPropertyId))
  let candidateId = Math.max(
    0,
    ...read.properties.flatMap((p) => p.InterpretationCandidates.map((c) => c.Id)),
  )
  const added: InterpretedProperty[] = []
  for (const property of other.properties) {
    if (has.has(property.OcrPropertyId)) continue
    if (property.OcrPropertyId === OcrPropertyId.OfficialNumber && foreignSupplierIds.length) continue
    const proposed = property.ProposedCandidate
    if (!seenOnPage(proposed.HitWordText, proposed.PageNo)) continue
    // The one candidate both readings bear out; its word is the other reading's (HitWordId 0: none of the
    // answer's words), its box where that reading found it.
    const candidate: InterpretationCandidate = { ...proposed, Id: ++candidateId, HitWordId: 0 }
    added.push({
      ...property,
      ProposedCandidateId: candidate.Id,
      ProposedCandidate: candidate,
      SelectedCandidateId: null,
      SelectedCandidate: null,
      InterpretationCandidates: [candidate],
    })
  }
  if (!added.length) return { properties: read.properties, foreignSupplierIds }
  const order = Object.values(OcrPropertyId) as number[]
  const properties = [...read.properties, ...added].sort(
    (a, b) => order.indexOf(a.OcrPropertyId) - order.indexOf(b.OcrPropertyId),
  )
  return { properties, foreignSupplierIds }
}
