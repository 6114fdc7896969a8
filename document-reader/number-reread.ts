// The invoice number a scan read with doubt, read again. An invoice number has no check digit to say it was
// misread, and a fax reads a slash as a 1 (`20261203889` for `2026/203889`): both are invoice numbers of the
// same form, and one is wrong. Cut out of the page and read again at other sizes, the
// print is read alike every time where the reading is right; where the readings differ, nothing tells which is.
// So a doubtful number is taken as the readings read it, and where they differ it stays doubtful (Confidence
// 0: interpret.ts does not propose an invoice number whose words Tesseract doubted).
import { enlarged } from './bilevel.ts'
import type { GreyImage } from './orient.ts'
import { toPgm } from './orient.ts'
import { cropImage } from './paper-crop.ts'
import { tesseractWords, UNSURE_CONFIDENCE, type ReadWord } from './tesseract.ts'
import { editDistance, RULES } from './values.ts'
import { OcrPropertyId } from '../common/ocr.ts'

/** The invoice number as interpreted from the first reading: its value and its box in the page's pixels. */
export interface NumberHit {
  Value: string
  Left: number
  Top: number
  Width: number
  Height: number
}

/** Sizes, relative to the page as read, at which the number is read again. */
const SCALES = [1.5, 2, 1] as const
/** Margin around the number, in its height. */
const MARGIN = 0.5
/** Readings, of those that find the number in the print, that must read it alike. */
const AGREEING = 2
/** Characters a reading may differ in from the first (the misread ones). */
const MAX_EDITS = 2

/** A box in an image's pixels. */
type Box = Omit<NumberHit, 'Value'>

const centreIn = (w: Box, box: Box) => {
  const x = w.Left + w.Width / 2
  const y = w.Top + w.Height / 2
  return x >= box.Left && x <= box.Left + box.Width && y >= box.Top && y <= box.Top + box.Height
}

/**
 * The invoice number a reading of the number's print holds: the run of its characters closest to the first
 * reading's value (at most MAX_EDITS apart, the longer run on a tie), where it is an invoice number; else null.
 * The run leaves out a label read with it, glued or apart (`RgNr:AR1316347`, `RaNr :AR1313445`).
 */
export function readingOf(text: string, first: string): string | null {
  let best: string | null = null
  let distance = MAX_EDITS + 1
  for (let i = 0; i < text.length; i++) {
    for (let n = Math.max(1, first.length - MAX_EDITS); n <= first.length + MAX_EDITS; n++) {
      if (i + n > text.length) break
      const run = text.slice(i, i + n)
      const d = editDistance(run, first)
      if (d < distance || (d === distance && best !== null && run.length > best.length)) {
        best = run
        distance = d
      }
    }
  }
  return best === null ? null : RULES[OcrPropertyId.InvoiceNumber].parse(best)
}

/**
 * The page's words with the invoice number `hit` read again where Tesseract doubted its word (below
 * UNSURE_CONFIDENCE). Where the readings that find the number (AGREEING at least) read it alike, it is taken as
 * read, sure: the first reading's value where they read that, else theirs where Tesseract read it surer than
 * the first (the word's text with the value replaced). Readings that differ leave the word doubtful (Confidence
 * 0). A number read sure the first time is not read again: at other sizes a fax's enlarged specks misread
 * digits the first reading had right (`2926/331371` for `2026/331371`).
 */
export async function withInvoiceNumberReadAgain(
  image: GreyImage,
  words: ReadWord[],
  hit: NumberHit,
): Promise<ReadWord[]> {
  const word = words.find((w) => centreIn(w, hit) && w.Text.includes(hit.Value))
  if (!word || word.Confidence >= UNSURE_CONFIDENCE) return words
  const h = word.Height
  const x = Math.max(0, word.Left - h)
  const y = Math.max(0, word.Top - Math.round(h * MARGIN))
  const crop = cropImage(image, {
    x,
    y,
    width: Math.min(image.width, word.Left + word.Width + h) - x,
    height: Math.min(image.height, word.Top + word.Height + Math.round(h * MARGIN)) - y,
  })
  // The word's span in the crop: a reading's words outside it are the edges of its neighbours.
  const span = { Left: word.Left - x, Top: word.Top - y, Width: word.Width, Height: word.Height }
  let agreed: { value: string; count: number; confidence: number } | null = null
  for (const scale of SCALES) {
    let read: ReadWord[]
    try {
      read = await tesseractWords(toPgm(scale === 1 ? crop : enlarged(crop, scale)))
    } catch {
      return doubted(words, word)
    }
    const inSpan = read
      .map((w) => ({
        ...w,
        Left: w.Left / scale,
        Top: w.Top / scale,
        Width: w.Width / scale,
        Height: w.Height / scale,
      }))
      .filter((w) => centreIn(w, span))
    const value = readingOf(inSpan.map((w) => w.Text).join(''), hit.Value)
    // A reading that does not find the number in the print has no say.
    if (!value) continue
    if (agreed && value !== agreed.value) return doubted(words, word)
    const confidence = Math.min(...inSpan.map((w) => w.Confidence))
    if (agreed) {
      agreed.count++
      agreed.confidence = Math.min(agreed.confidence, confidence)
    } else agreed = { value, count: 1, confidence }
  }
  if (!agreed || agreed.count < AGREEING) return doubted(words, word)
  // Read alike: the agreement is the assurance, whatever Tesseract's doubt in each reading.
  const sure = Math.max(UNSURE_CONFIDENCE, agreed.confidence)
  if (agreed.value === hit.Value) return replaced(words, word, { Confidence: sure })
  // Another value replaces the first reading's only where Tesseract read it surer than that; else the word
  // stays as it was read, doubtful.
  if (agreed.confidence <= word.Confidence) return words
  return replaced(words, word, { Text: word.Text.replace(hit.Value, agreed.value), Confidence: sure })
}

function replaced(words: ReadWord[], word: ReadWord, change: Partial<ReadWord>): ReadWord[] {
  return words.map((w) => (w === word ? { ...w, ...change } : w))
}

/** The page's words with the number's word left doubtful. */
function doubted(words: ReadWord[], word: ReadWord): ReadWord[] {
  return replaced(words, word, { Confidence: 0 })
}
