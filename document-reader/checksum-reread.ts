// Numbers with a check digit read again where the check fails. A fax or a photo misreads one digit of an IBAN
// or an organisation number (`DE33125887…` for `DE33195887…`, `$18 419 780` for `918 419 780`); the check digit
// says the reading is wrong but not which digit, and a one-digit change that passes the check is not unique
// (about one in ten passes by chance). Cut out of the page and read again at other sizes, the number is most often
// read right: a value the check accepts is taken only where two of those readings agree on it, none reads
// another value the check accepts, and it differs from the first reading in at most two characters.
// A VAT id whose digits the first reading lost altogether (`UST-ID-NR: DES]`, a receipt's print over the grey
// show-through of its back) is read again the same way from its label to the page's right edge: there the first
// reading has nothing to be close to, so the value must be a VAT id whose country's check holds (a misread digit
// fails it about ten times in eleven), read after the label by two readings and no other.
import { ibanLength } from '../common/iban.ts'
import { hasForeignVatIdForm, normaliseForeignVatId } from '../common/vat-id.ts'
import { enlarged } from './bilevel.ts'
import { scaledBoxes } from './boxes.ts'
import type { GreyImage } from './orient.ts'
import { toPgm } from './orient.ts'
import { buildLines } from './layout.ts'
import { cropImage } from './paper-crop.ts'
import { tesseractWords, type ReadWord } from './tesseract.ts'
import { editDistance, orgNumberText, RULES } from './values.ts'
import { OcrPropertyId } from '../common/ocr.ts'
import { parseForeignId, withoutGluedLabel } from './foreign.ts'

interface CheckedNumber {
  /** Printed like this kind of number (the words of a run joined by spaces). */
  shaped(raw: string): boolean
  /** The number the words print, where its check holds; else null. */
  valid(raw: string): string | null
  /** The most words it is printed in. */
  maxWords: number
  /** The characters of the number as printed, without spaces, dots or the letters around it (`NO … MVA`). */
  key(raw: string): string
}

const compact = (raw: string) =>
  raw
    .replace(/[\s.-]/g, '')
    .replace(/[,;:.]$/, '')
    .toUpperCase()
const parser = (id: OcrPropertyId) => (raw: string) => RULES[id].parse(raw)
/** Characters a scan reads for a digit (`$` for 9, `O` for 0, `l` for 1, `S` for 5, `B` for 8). */
const DIGIT_LIKE = '[\\dOoIlSB$]'
const DIGIT_GROUPS = new RegExp(`^${DIGIT_LIKE}{3}[ .]?${DIGIT_LIKE}{3}[ .]?${DIGIT_LIKE}{3}$`)
const VAT_ID: CheckedNumber = {
  shaped: (raw) => hasForeignVatIdForm(compact(withoutGluedLabel(raw))),
  valid: (raw) => normaliseForeignVatId(compact(withoutGluedLabel(raw))),
  maxWords: 5,
  key: (raw) => compact(withoutGluedLabel(raw)),
}
const CHECKED: readonly CheckedNumber[] = [
  {
    shaped: (raw) => {
      const t = compact(raw).replace(/^N0/, 'NO')
      // A character too many or too few: a scan reads one letter as two (`LOYDS` for `LOYD5`) or two as one.
      const length = ibanLength(t.slice(0, 2))
      return /^[A-Z]{2}\d{2}[A-Z0-9$]{11,30}$/.test(t) && length !== null && Math.abs(length - t.length) <= 1
    },
    valid: parser(OcrPropertyId.Iban),
    maxWords: 9,
    key: compact,
  },
  {
    // Nine digits, one of them perhaps read as a letter or a sign.
    shaped: (raw) => {
      const t = orgNumberText(raw)
      return DIGIT_GROUPS.test(t) && t.replace(/[\d .]/g, '').length <= 1
    },
    valid: parser(OcrPropertyId.OfficialNumber),
    maxWords: 5,
    key: (raw) => compact(orgNumberText(raw)),
  },
  {
    shaped: (raw) => /^\d{4}[ .]{0,2}\d{2}[ .]{0,2}\d{5}$/.test(raw.trim().replace(/[,;.]$/, '')),
    valid: parser(OcrPropertyId.BankAccount),
    maxWords: 3,
    key: compact,
  },
  VAT_ID,
]

/**
 * A VAT id read again after its label: any country's id whose check holds, its digits read as a scan misreads
 * them (`DEB14689550`, foreign.ts), and a country prefix glued to the label (`UmSt-ID.Nr.DE 115 055 186`).
 */
const LABELLED_VAT_ID: CheckedNumber = {
  shaped: () => false,
  valid: (raw) => parseForeignId(withoutGluedLabel(raw))?.Value ?? null,
  maxWords: 5,
  key: compact,
}

/**
 * A VAT id label as a scan reads it: `USt-IdNr.`, `UST-ID-NR:`, `UmSt-.D.Nr.`, `USt-Ident-Nr.`, `VAT Reg. No`,
 * `BTW-nr`, `MwSt-Nr.` (the word and the one after it). Not a VAT amount's `MwSt. 19%`, not `Steuer-Nr.` (a
 * German tax number, no VAT id).
 */
const VAT_ID_LABEL = /^(?:u[mn]?st|mwst|vat|btw|tva|moms)\W{0,3}\p{L}?\W{0,3}(?:id|ident|nr|no|reg)/iu

interface Suspect {
  check: CheckedNumber
  words: ReadWord[]
  /** A VAT id label whose line reads no VAT id: `words` is the label, read again to the page's right edge. */
  label?: boolean
}

/** Runs of words printed together: the segments of the page's lines (layout.ts), left to right. */
function lines(words: readonly ReadWord[]): ReadWord[][] {
  const numbered = words.map((w, i) => ({ ...w, Id: i, PageNo: 1 }))
  return buildLines(numbered, 'tesseract').flatMap((line) =>
    line.segments.map((segment) => segment.words.map((w) => words[w.Id]!)),
  )
}

/** Runs of a segment's words printed like a checked number whose check fails; overlapping runs, the longest. */
export function suspects(words: readonly ReadWord[]): Suspect[] {
  const found: Suspect[] = []
  for (const line of lines(words)) {
    // A run with a word of a number whose check holds (an IBAN's digit groups) is no suspect.
    const taken = new Set<ReadWord>()
    const runs: Suspect[] = []
    for (let i = 0; i < line.length; i++) {
      for (let j = i + 1; j <= Math.min(line.length, i + 9); j++) {
        const run = line.slice(i, j)
        const raw = run.map((w) => w.Text).join(' ')
        for (const check of CHECKED) {
          if (run.length > check.maxWords) continue
          if (check.valid(raw)) run.forEach((w) => taken.add(w))
          else if (check.shaped(raw)) runs.push({ check, words: run })
        }
      }
    }
    const label = line.find((w, i) => VAT_ID_LABEL.test(`${w.Text} ${line[i + 1]?.Text ?? ''}`))
    // The id may stand apart from its label, in the next column of the same line.
    const after =
      label &&
      words.filter((w) => w.Left >= label.Left && Math.abs(middle(w) - middle(label)) < label.Height / 2)
    if (
      label &&
      after &&
      validRuns(LABELLED_VAT_ID, after).size === 0 &&
      !runs.some((r) => r.check === VAT_ID)
    )
      found.push({ check: LABELLED_VAT_ID, words: [label], label: true })
    runs.sort((a, b) => b.words.length - a.words.length)
    for (const run of runs) {
      if (run.words.some((w) => taken.has(w))) continue
      run.words.forEach((w) => taken.add(w))
      found.push(run)
    }
  }
  return found
}

/** Sizes, relative to the page as read, at which a suspect number is read again. */
const REREAD_SCALES = [1.5, 2, 1] as const
/** Margin above and below a run, in its height. */
const MARGIN = 0.5
/**
 * A lost VAT id is read at one size more, and each size cut with two margins: the first reading, at size 1,
 * read nothing of it, and a receipt's grey show-through makes a line's reading change with what the cut holds.
 */
const LABEL_SCALES = [1.5, 2, 1, 3] as const
const LABEL_MARGINS = [MARGIN, 0.8] as const
/** Readings that must agree on a value. */
const AGREEING = 2
/** Characters the value may differ in from the first reading (the misread digits). */
const MAX_EDITS = 2

/** The values the check accepts among a reading's runs of words, each with the words it was read from. */
function validRuns(check: CheckedNumber, words: readonly ReadWord[]): Map<string, ReadWord[]> {
  const out = new Map<string, ReadWord[]>()
  for (const line of lines(words)) {
    for (let i = 0; i < line.length; i++) {
      for (let j = i + 1; j <= Math.min(line.length, i + check.maxWords); j++) {
        const run = line.slice(i, j)
        const value = check.valid(run.map((w) => w.Text).join(' '))
        if (value && !out.has(value)) out.set(value, run)
      }
    }
  }
  return out
}

/**
 * The run read again, cut out of `image` with a margin: its words in the page's pixels where the readings
 * agree on one value the check accepts, else null.
 */
async function readAgain(image: GreyImage, suspect: Suspect): Promise<ReadWord[] | null> {
  const { words, check, label } = suspect
  const h = Math.max(...words.map((w) => w.Height))
  const x = Math.max(0, Math.min(...words.map((w) => w.Left)) - h)
  const right = label
    ? image.width
    : Math.min(image.width, Math.max(...words.map((w) => w.Left + w.Width)) + h)
  const cut = (margin: number) => {
    const y = Math.max(0, Math.min(...words.map((w) => w.Top)) - Math.round(h * margin))
    const bottom = Math.min(
      image.height,
      Math.max(...words.map((w) => w.Top + w.Height)) + Math.round(h * margin),
    )
    return { y, crop: cropImage(image, { x, y, width: right - x, height: bottom - y }) }
  }
  const readings = (label ? LABEL_MARGINS : [MARGIN]).flatMap((margin) => {
    const { y, crop } = cut(margin)
    return (label ? LABEL_SCALES : REREAD_SCALES).map((scale) => ({ y, crop, scale }))
  })
  const first = check.key(words.map((w) => w.Text).join(' '))
  const votes = new Map<string, { count: number; words: ReadWord[]; scale: number; y: number }>()
  for (const [i, { y, crop, scale }] of readings.entries()) {
    // Stop where the readings left can no longer make a value agreed on.
    const most = Math.max(0, ...[...votes.values()].map((v) => v.count))
    if (most + readings.length - i < AGREEING) return null
    let read: ReadWord[]
    try {
      read = await tesseractWords(toPgm(scale === 1 ? crop : enlarged(crop, scale)))
      read = read.filter((w) => /[\p{L}\d]/u.test(w.Text))
    } catch {
      return null
    }
    for (const [value, run] of validRuns(check, read)) {
      const vote = votes.get(value)
      if (vote) vote.count++
      else votes.set(value, { count: 1, words: run, scale, y })
    }
  }
  const [agreed, ...others] = [...votes]
  if (!agreed || others.length > 0) return null
  const [value, vote] = agreed
  if (vote.count < AGREEING || (!label && editDistance(first, check.key(value)) > MAX_EDITS)) return null
  return scaledBoxes(vote.words, 1 / vote.scale, 1 / vote.scale, x, vote.y)
}

/**
 * The page's words with each number whose check fails read again (see the head of this file): the run's words
 * replaced by the agreeing reading's, in their place; a run the readings do not settle stays as it was read.
 */
export async function withNumbersReadAgain(image: GreyImage, words: ReadWord[]): Promise<ReadWord[]> {
  let out = words
  for (const suspect of suspects(words)) {
    const again = await readAgain(image, suspect)
    if (!again) continue
    const at = out.indexOf(suspect.words[0]!)
    // A lost VAT id's reading replaces what the first reading made of the same print (`DES]`), the label too
    // where the reading holds it (`UmSt-ID.Nr.DE`).
    const replaced = suspect.label
      ? (w: ReadWord) => overlaps(w, again)
      : (w: ReadWord) => suspect.words.includes(w)
    out = out.filter((w) => !replaced(w))
    out.splice(Math.max(0, Math.min(at, out.length)), 0, ...again)
  }
  return out
}

const middle = (w: ReadWord) => w.Top + w.Height / 2

/** Whether a word's box overlaps the span of the given words, across and down. */
function overlaps(word: ReadWord, words: readonly ReadWord[]): boolean {
  const left = Math.min(...words.map((w) => w.Left))
  const right = Math.max(...words.map((w) => w.Left + w.Width))
  const top = Math.min(...words.map((w) => w.Top))
  const bottom = Math.max(...words.map((w) => w.Top + w.Height))
  return word.Left < right && word.Left + word.Width > left && middle(word) > top && middle(word) < bottom
}
