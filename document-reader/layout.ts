// Layout: a page's words grouped into lines and, within a line, into segments (columns) with the page's skew
// taken out; where a label's value is (right of it or below it); and what the blocks around a value say of
// it (the buyer's block, a table column, a payment slip's øre box).
import type { OcrWord } from '../common/ocr.ts'
import type { OcrPageResult } from './types.ts'
import {
  BUYER_HEADINGS,
  FUZZY_BUYER_HEADINGS,
  FUZZY_LABELS,
  FUZZY_SUPPLIER_HEADINGS,
  LABELS,
  LONGEST_LABEL_WORDS,
  nearLabel,
  normaliseLabel,
  ocrFold,
  SUPPLIER_HEADINGS,
  type LabelSpec,
} from './labels.ts'
import { CURRENCY_WORD, parseAmount, parseDate, readValue, RULES, text } from './values.ts'

export interface Segment {
  words: OcrWord[]
  line: number
  /** Vertical centre with the page's skew taken out. */
  level: number
  left: number
  right: number
  top: number
  bottom: number
  height: number
}

export interface Line {
  segments: Segment[]
  top: number
  bottom: number
  height: number
}

/**
 * The page's skew as a slope (dy per dx): scanned pages are often turned by a degree or so, which moves a
 * line's right end by more than a word's height. Pairs of words far enough apart on what can only be the
 * same line give slopes; their median is the page's.
 */
export function skewSlope(words: OcrWord[]): number {
  const slopes: number[] = []
  const byLeft = [...words].sort((a, b) => a.Left - b.Left)
  for (let i = 0; i < byLeft.length; i++) {
    const w = byLeft[i]!
    const cx = w.Left + w.Width / 2
    const cy = w.Top + w.Height / 2
    for (let j = i + 1; j < byLeft.length; j++) {
      const o = byLeft[j]!
      const dx = o.Left + o.Width / 2 - cx
      if (dx > w.Height * 30) break
      if (dx < w.Height * 6 || Math.abs(o.Height - w.Height) > w.Height * 0.5) continue
      const dy = o.Top + o.Height / 2 - cy
      if (Math.abs(dy) < Math.min(w.Height, o.Height) * 0.8) slopes.push(dy / dx)
    }
  }
  if (slopes.length < 5) return 0
  const m = median(slopes)
  return Math.abs(m) < 0.05 ? m : 0
}

/** A dash printed apart, between the parts of a number (`HA007 - 123123 - 37816396`). */
const DASH = /^[-–]$/
/** A part of such a number: three letters or digits at least, a digit among them, no other mark. */
const isNumberPart = (text: string) => /^[A-Za-z0-9]{3,}$/.test(text) && /\d/.test(text)

/**
 * A line's words with each number printed in parts around spaced dashes made one word (`HA007-123123-37816396`,
 * its box around them all): lines leave the lone dashes out, which would leave the parts as separate words.
 * Dates and amounts (`04.07.19 - 05.07.19`) carry marks of their own and are not parts.
 */
function joinDashedParts(group: OcrWord[], dashes: OcrWord[], level: (w: OcrWord) => number): OcrWord[] {
  const out: OcrWord[] = []
  for (const w of group) {
    const prev = out[out.length - 1]
    const prevRight = prev ? prev.Left + prev.Width : 0
    const between =
      prev &&
      isNumberPart(prev.Text.split('-').pop()!) &&
      isNumberPart(w.Text) &&
      dashes.find(
        (d) =>
          d.Left >= prevRight - 2 &&
          d.Left + d.Width <= w.Left + 2 &&
          Math.abs(level(d) - level(prev)) < prev.Height * 0.6 &&
          d.Left - prevRight < prev.Height * 1.5 &&
          w.Left - (d.Left + d.Width) < prev.Height * 1.5,
      )
    if (!prev || !between) {
      out.push(w)
      continue
    }
    const top = Math.min(prev.Top, w.Top)
    out[out.length - 1] = {
      ...prev,
      Text: `${prev.Text}-${w.Text}`,
      Top: top,
      Width: w.Left + w.Width - prev.Left,
      Height: Math.max(prev.Top + prev.Height, w.Top + w.Height) - top,
    }
  }
  return out
}

export function buildLines(allWords: OcrWord[], source: OcrPageResult['Source'] = 'text-layer'): Line[] {
  // Words without a letter or digit are specks and rules as far as the interpreter is concerned; a lone dash
  // only joins the parts of a number on its line.
  const words = allWords.filter((w) => /[\p{L}\d#№]/u.test(w.Text))
  const dashes = allWords.filter((w) => DASH.test(w.Text))
  // Text-layer heights are the font size; Tesseract's are the ink of capitals and digits (about 0.7 em).
  const gapFactor = source === 'tesseract' ? 1.7 : 1.1
  const slope = skewSlope(words)
  // Vertical position with the skew taken out; boxes themselves stay in page pixels.
  const level = (w: OcrWord) => w.Top + w.Height / 2 - slope * (w.Left + w.Width / 2)
  const sorted = [...words].sort((a, b) => level(a) - level(b) || a.Left - b.Left)
  const groups: OcrWord[][] = []
  const centres: number[] = []
  const heights: number[] = []
  for (const w of sorted) {
    const c = level(w)
    const g = groups.length - 1
    if (g >= 0 && Math.abs(c - centres[g]!) < Math.min(heights[g]!, w.Height) * 0.55) {
      groups[g]!.push(w)
      centres[g] = (centres[g]! * (groups[g]!.length - 1) + c) / groups[g]!.length
      heights[g] = Math.max(heights[g]!, w.Height)
    } else {
      groups.push([w])
      centres.push(c)
      heights.push(w.Height)
    }
  }
  const lines: Line[] = []
  for (const sortedGroup of groups) {
    sortedGroup.sort((a, b) => a.Left - b.Left)
    const group = dashes.length ? joinDashedParts(sortedGroup, dashes, level) : sortedGroup
    const height = median(group.map((w) => w.Height))
    const segments: Segment[] = []
    let current: OcrWord[] = []
    for (const w of group) {
      const prev = current[current.length - 1]
      if (prev && w.Left - (prev.Left + prev.Width) > splitGap(prev, w, height, gapFactor, source)) {
        segments.push(segment(current, lines.length, slope))
        current = []
      }
      current.push(w)
    }
    if (current.length) segments.push(segment(current, lines.length, slope))
    lines.push({
      segments,
      top: Math.min(...group.map((w) => w.Top)),
      bottom: Math.max(...group.map((w) => w.Top + w.Height)),
      height,
    })
  }
  return lines
}

/**
 * The gap that separates two segments (columns) rather than two words. Scanned monospaced text has word gaps
 * of a full character, wider than a capital is tall, so the character width counts too.
 */
function splitGap(
  a: OcrWord,
  b: OcrWord,
  height: number,
  factor: number,
  source: OcrPageResult['Source'],
): number {
  if (source !== 'tesseract') return height * factor
  const charWidth = (a.Width / a.Text.length + b.Width / b.Text.length) / 2
  return Math.max(height * factor, charWidth * 2.6)
}

/** The middle value (the upper one of an even count); 0 for none. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? 0
}

function segment(words: OcrWord[], line: number, slope: number): Segment {
  const first = words[0]!
  return {
    words,
    line,
    level: first.Top + first.Height / 2 - slope * (first.Left + first.Width / 2),
    left: words[0]!.Left,
    right: Math.max(...words.map((w) => w.Left + w.Width)),
    top: Math.min(...words.map((w) => w.Top)),
    bottom: Math.max(...words.map((w) => w.Top + w.Height)),
    height: median(words.map((w) => w.Height)),
  }
}

export interface LabelHit {
  spec: LabelSpec
  seg: Segment
  start: number
  count: number
  /**
   * The second of two labels printed as one word (`Rechnungsnr./-datum`): the row holds both values, the
   * first label's and then this one's.
   */
  pair?: LabelSpec
}

/**
 * Two labels in one word, the second written as the first's stem with another ending (`Rechnungsnr./-datum`,
 * `Lieferscheinnr./-datum`, `Fakturanr./-dato`): the specs of both, or null when either is not a label of a
 * property or both name the same.
 */
export function pairedLabels(word: string, fuzzy = false): [LabelSpec, LabelSpec] | null {
  const m = /^(\p{L}[\p{L}.-]*)\/-(\p{L}{3,})[.:]?$/u.exec(word)
  if (!m) return null
  const lookup = (t: string) => {
    const key = normaliseLabel(t)
    return LABELS.get(key) ?? (fuzzy ? foldedLabel(key) : undefined)
  }
  const first = lookup(m[1]!)
  if (!first || first.prop === null) return null
  const stem = m[1]!.replace(/[.-]+$/, '')
  for (let k = stem.length - 1; k >= 3; k--) {
    const second = lookup(stem.slice(0, k) + m[2]!)
    if (second) return second.prop === null || second.prop === first.prop ? null : [first, second]
  }
  return null
}

/**
 * The label a scanned word reads as with the letters a scanner confuses made one (labels.ts). A word of four
 * letters or fewer is taken so only where a digit or stroke stands for a letter (`K1D`): letter for letter, a
 * short word is as often another language's own (`lait`, milk, is not Danish `I alt`).
 */
function foldedLabel(key: string): LabelSpec | undefined {
  if (key.length <= 4 && /^\p{L}+$/u.test(key)) return undefined
  return FUZZY_LABELS.get(ocrFold(key))
}

/** The labels of the page; `fuzzy` (a scan) also takes labels with the letters a scanner confuses (labels.ts). */
export function findLabels(lines: Line[], fuzzy = false): LabelHit[] {
  const hits: LabelHit[] = []
  for (const line of lines) {
    for (const seg of line.segments) {
      for (let i = 0; i < seg.words.length; i++) {
        let best: { spec: LabelSpec; count: number } | null = null
        for (let k = 1; k <= LONGEST_LABEL_WORDS && i + k <= seg.words.length; k++) {
          const key = normaliseLabel(text(seg.words.slice(i, i + k)))
          const spec = LABELS.get(key) ?? (fuzzy ? foldedLabel(key) : undefined)
          if (spec) best = { spec, count: k }
        }
        const word = seg.words[i]!.Text
        const pair = best ? null : pairedLabels(word, fuzzy)
        if (pair) {
          hits.push({ spec: pair[0], seg, start: i, count: 1, pair: pair[1] })
          continue
        }
        // Two labels joined by a slash (`Lieferdatum/Rechnungsdatum`): the value is the last one's.
        if (!best && /\p{L}\/\p{L}/u.test(word)) {
          const spec = LABELS.get(normaliseLabel(word.slice(word.lastIndexOf('/') + 1)))
          if (spec) best = { spec, count: 1 }
        }
        // A long label with one character misread (`kechnung Nr.:`), only on a scan and only where no label
        // was found: its words together, the longest first, then the word alone.
        for (let k = Math.min(3, seg.words.length - i); !best && fuzzy && k >= 1; k--) {
          const spec = nearLabel(ocrFold(normaliseLabel(text(seg.words.slice(i, i + k)))), k)
          if (spec) best = { spec, count: k }
        }
        if (best) {
          // The word before a label on a scan may make it another's, misread (`Urspringliche Rg.nr.`: the
          // original invoice a correction names, never this one's number).
          const wider =
            fuzzy && i > 0 && best.spec.prop !== null
              ? nearLabel(
                  ocrFold(normaliseLabel(text(seg.words.slice(i - 1, i + best.count)))),
                  best.count + 1,
                )
              : undefined
          if (wider?.prop === null) hits.push({ spec: wider, seg, start: i - 1, count: best.count + 1 })
          else hits.push({ spec: best.spec, seg, start: i, count: best.count })
          i += best.count - 1
        }
      }
    }
  }
  return hits
}

export interface ValueRegion {
  words: OcrWord[]
  placement: 'right' | 'below' | 'above'
  seg: Segment
  /** Right of the label but more than 0.4 of the page's width away. */
  far?: boolean
}

/**
 * The value region of a label: the rest of its segment, else the nearest segment right of it, else below it
 * (on a page whose captions stand under their values, `captionsUnder`, the segment above it first and never
 * below). A rest that begins with a word or two without digits (`(Invoice no.) 1042`) is also tried without
 * them; a rest of a word or two that has no digit at all (a label's tail a scan misread, `(KIDY`) is part of
 * the label.
 */
export function valueRegions(
  hit: LabelHit,
  lines: Line[],
  pageWidth: number,
  captionsUnder = false,
): ValueRegion[] {
  const { seg } = hit
  const rest = seg.words.slice(hit.start + hit.count)
  const firstDigit = rest.findIndex((w) => /\d/.test(w.Text))
  // Free text (a department, a reference) has no digits to tell a value from a label's tail.
  const freeText = hit.spec.prop !== null && RULES[hit.spec.prop].wholeRegion
  const { bare } = hit.spec
  const tail =
    rest.length > 0 && rest.length <= 2 && firstDigit < 0 && !hit.spec.titleOnly && !freeText && !bare
  if (rest.length && !tail) {
    const regions: ValueRegion[] = [{ words: rest, placement: 'right', seg }]
    if (bare) return regions
    if (firstDigit > 0 && firstDigit <= 2)
      regions.push({ words: rest.slice(firstDigit), placement: 'right', seg })
    // A short rest that is not the value (a receipt's item count, `SUMME [3] | EUR | 152,00`): the next
    // column is tried after it.
    if (rest.length <= 2 && !hit.spec.titleOnly && !freeText) {
      const next = rightSegment(seg, rest, lines, pageWidth)
      if (next) regions.push(next)
    }
    return regions
  }
  // A document title (`INVOICE #1042`) names the value printed right after it, never what stands below;
  // in a row of column headings (`Klant | Order | Factuur datum | Factuur | Vervaldatum`) it heads the number.
  if (hit.spec.titleOnly) return headingRow(seg, lines) ? cellBelow(seg, lines) : []
  const labelWords = seg.words.slice(hit.start, hit.start + hit.count + rest.length)
  const labelLeft = labelWords[0]!.Left
  const labelRight = Math.max(...labelWords.map((w) => w.Left + w.Width))
  const regions: ValueRegion[] = []
  if (captionsUnder) {
    const above = segmentNear(seg, lines, -1)
    if (above && !labelSegment(above)) regions.push({ words: above.words, placement: 'above', seg: above })
  }
  const right = rightSegment(seg, labelWords, lines, pageWidth)
  if (right) regions.push(right)
  if (captionsUnder) return regions
  const tolerance = seg.height * 1.5
  for (let l = seg.line + 1; l < lines.length && l <= seg.line + 3; l++) {
    const below = lines[l]!
    if (below.top - seg.bottom > seg.height * 3) break
    const under = below.segments.find(
      (s) => s.right > labelLeft - tolerance && s.left < labelRight + tolerance,
    )
    if (under) {
      // Only the words that start under the label or after it (a row of boxes keeps its neighbours apart).
      const words = under.words.filter((w) => w.Left + w.Width > labelLeft - tolerance)
      regions.push({ words, placement: 'below', seg: under })
      break
    }
  }
  return regions
}

/** The segment next above (`step` -1) or below (+1) a segment, overlapping it, within two of its heights. */
function segmentNear(seg: Segment, lines: Line[], step: -1 | 1): Segment | null {
  for (let l = seg.line + step; l >= 0 && l < lines.length && Math.abs(l - seg.line) <= 2; l += step) {
    const line = lines[l]!
    const gap = step < 0 ? seg.top - line.bottom : line.top - seg.bottom
    if (gap > seg.height * 2) return null
    const near = line.segments.find((s) => s.right > seg.left && s.left < seg.right)
    if (near) return near
  }
  return null
}

/** Whether a segment begins with a label (another caption, not a value). */
function labelSegment(seg: Segment): boolean {
  return findLabels([{ segments: [seg], top: seg.top, bottom: seg.bottom, height: seg.height }]).some(
    (h) => h.start === 0,
  )
}

/**
 * Whether the page prints its captions under their values (`787855-2026` over `Rechnungsnummer`, `EUR
 * 9.001,97` over `Zahlbetrag`), the way a grid of boxes or a strip of sums often does: read as labels over
 * their values, each caption would name the next row's value. Each caption alone in its segment votes: for
 * under where the segment above reads as its value and nearer than one below that reads too, for over the
 * other way round. The page is read with captions under where at least two vote so and more than twice as
 * many as the other way.
 */
export function captionsUnderValues(hits: LabelHit[], lines: Line[]): boolean {
  let under = 0
  let over = 0
  for (const hit of hits) {
    const { seg, spec } = hit
    if (spec.prop === null || hit.pair || spec.titleOnly || RULES[spec.prop].wholeRegion) continue
    if (hit.start !== 0 || hit.count !== seg.words.length) continue
    const reads = (s: Segment | null): s is Segment =>
      s !== null && !labelSegment(s) && readValue(RULES[spec.prop!], s.words) !== null
    const above = segmentNear(seg, lines, -1)
    const below = segmentNear(seg, lines, 1)
    const upGap = above ? seg.top - above.bottom : Infinity
    const downGap = below ? below.top - seg.bottom : Infinity
    if (reads(above) && (!reads(below) || upGap < downGap)) under++
    else if (reads(below) && (!reads(above) || downGap < upGap)) over++
  }
  return under >= 2 && under > 2 * over
}

/** A currency alone in its column (`SUMME | EUR | 16,62`): the amount is in the next one. */
const CURRENCY_ONLY = new RegExp(`^(?:euro|${CURRENCY_WORD})\\.?$`, 'i')

/**
 * The nearest segment right of some words at their height, also when a scan put it on its own line; a
 * segment of a currency alone is passed over. A row of a totals table may run across the page (`Totalt å
 * betale` left, the amount in the right column): a value that far off is taken less surely.
 */
function rightSegment(seg: Segment, words: OcrWord[], lines: Line[], pageWidth: number): ValueRegion | null {
  const labelRight = Math.max(...words.map((w) => w.Left + w.Width))
  const nearby = lines.slice(Math.max(0, seg.line - 2), seg.line + 3).flatMap((l) => l.segments)
  const candidates = nearby
    .filter(
      (s) =>
        s !== seg &&
        s.left >= labelRight &&
        s.left - labelRight < pageWidth * 0.8 &&
        Math.abs(s.level - seg.level) < Math.min(s.height, seg.height) * 0.6,
    )
    .sort((a, b) => a.left - b.left)
  let right = candidates[0]
  if (right && right.words.length === 1 && CURRENCY_ONLY.test(right.words[0]!.Text) && candidates[1])
    right = candidates[1]
  if (!right) return null
  return {
    words: right.words,
    placement: 'right',
    seg: right,
    far: right.left - labelRight >= pageWidth * 0.4,
  }
}

/** A line of three or more columns, each a label: a table's heading row. */
function headingRow(seg: Segment, lines: Line[]): boolean {
  const line = lines[seg.line]
  if (!line || line.segments.length < 3) return false
  const labelled = line.segments.filter((s) => s !== seg && LABELS.has(normaliseLabel(text(s.words))))
  return labelled.length >= 2
}

/** The cell right under a heading: the first segment below that overlaps it, on the next line or two. */
function cellBelow(seg: Segment, lines: Line[]): ValueRegion[] {
  for (let l = seg.line + 1; l < lines.length && l <= seg.line + 2; l++) {
    const below = lines[l]!
    if (below.top - seg.bottom > seg.height * 3) break
    const under = below.segments.find((s) => s.right > seg.left && s.left < seg.right)
    if (under) return [{ words: under.words, placement: 'below', seg: under }]
  }
  return []
}

/**
 * A whole-kroner amount followed by a two-digit øre box (payment slip) is one amount: the box close beside
 * it, or further off or run into the kroner's words when the slip's `Øre` label stands above it.
 */
export function withOreBox(
  value: string,
  seg: Segment,
  lines: Line[],
  used: OcrWord[],
): { value: string; words: OcrWord[]; slip?: boolean } {
  if (!/\.00$/.test(value)) return { value, words: used }
  const last = used[used.length - 1]!
  const lastRight = last.Left + last.Width
  const at = seg.words.indexOf(last)
  let ore: OcrWord | null = null
  if (at >= 0 && at === seg.words.length - 2) {
    // `4 512 75`: the øre box read into the kroner's segment, the last word of it.
    const word = seg.words[at + 1]!
    if (oreLabelAbove(word, seg, lines, used[0]!.Left)) ore = word
  } else if (at === seg.words.length - 1) {
    const next = lines[seg.line]!.segments.find((s) => s.left > lastRight && s.words.length === 1)
    const word = next?.words[0]
    if (
      next &&
      word &&
      (next.left - lastRight < seg.height * 6 || oreLabelAbove(word, seg, lines, used[0]!.Left))
    )
      ore = word
  }
  if (ore && /^\d{2}$/.test(ore.Text))
    return { value: `${value.slice(0, -3)}.${ore.Text}`, words: [...used, ore], slip: true }
  return { value, words: used }
}

/** Whether an `Øre` label stands on one of the three lines above, right of where the kroner begin. */
function oreLabelAbove(word: OcrWord, seg: Segment, lines: Line[], kronerLeft: number): boolean {
  for (let l = seg.line - 1; l >= 0 && l >= seg.line - 3; l--)
    for (const s of lines[l]!.segments)
      for (const w of s.words)
        if (/^(øre|ore|0re)$/i.test(w.Text.replace(/[.:]$/, '')) && w.Left > kronerLeft)
          return w.Left < word.Left + word.Width + seg.height * 4
  return false
}

type Context = 'buyer' | 'supplier' | null

/**
 * The start of a line naming the person an address is for: `Att.`, `Att:`, `Attn`, `Attention:`, `z. Hd.`, `zu
 * Händen`, `T.a.v.`, `À l'attention de`; never Swedish `Att betala` (no mark after it).
 */
const ATTENTION_LINE =
  /^(?:att[.:]|attn\b|attention:|z\.\s?hd\b|zu\s+h[äa]nden\b|t\.\s?a\.\s?v\.|[àa]\s+l'attention\b)/i

/**
 * Whether a value sits in the buyer's block (a heading such as "Kunde", or a line for someone's attention,
 * above it in the same column).
 */
export function blockContext(
  seg: Segment,
  start: number,
  lines: Line[],
  walk = true,
  fuzzy = false,
): Context {
  // A scan compares headings with the letters it confuses made one, as it does labels (findLabels).
  const key = fuzzy ? (t: string) => ocrFold(normaliseLabel(t)) : normaliseLabel
  const buyerHeadings = fuzzy ? FUZZY_BUYER_HEADINGS : BUYER_HEADINGS
  const supplierHeadings = fuzzy ? FUZZY_SUPPLIER_HEADINGS : SUPPLIER_HEADINGS
  for (let i = 0; i < start; i++) {
    const before = key(seg.words[i]!.Text)
    if (buyerHeadings.has(before) || before.startsWith('kunde') || before === 'buyers') return 'buyer'
  }
  if (!walk) return null
  let bottom = seg.top
  for (let l = seg.line - 1; l >= 0 && l >= seg.line - 8; l--) {
    const line = lines[l]!
    const above = line.segments.find(
      (s) => s.right > seg.left - seg.height && s.left < seg.left + seg.height * 4,
    )
    // A line with nothing in this column (another column's label, a speck a scan read as a word) neither
    // continues the block nor ends it: the gap is measured to the next line the column has.
    if (!above) continue
    if (bottom - line.bottom > line.height * 2.2) return null
    bottom = line.top
    // A line for the attention of someone (`Att. Ola Hansen`, `z. Hd. Herrn Weber`) is in the recipient's address.
    if (ATTENTION_LINE.test(text(above.words.slice(0, 3)))) return 'buyer'
    for (let k = Math.min(3, above.words.length); k >= 1; k--) {
      const head = key(text(above.words.slice(0, k)))
      if (buyerHeadings.has(head)) return 'buyer'
      if (supplierHeadings.has(head)) return 'supplier'
    }
  }
  return null
}

/**
 * Whether a date below a heading heads a column of dates (`Date | Description` over a folio's dated rows):
 * another segment beginning with a date in the same column on one of the next three lines, before any
 * label there (`Invoice date` over its date, `Due date` over the next, is no column).
 */
export function dateColumnContinues(seg: Segment, lines: Line[]): boolean {
  let bottom = seg.bottom
  for (let l = seg.line + 1; l < lines.length && l <= seg.line + 3; l++) {
    const next = lines[l]!
    if (next.top - bottom > seg.height * 2.5) return false
    bottom = next.bottom
    const under = next.segments.filter((s) => s.right > seg.left && s.left < seg.right)
    if (under.some(labelSegment)) return false
    if (under.some((s) => s.words[0] && parseDate(s.words[0].Text))) return true
  }
  return false
}

/**
 * Whether a label's segment is one of a table's column headings: its line holds two other segments or more,
 * every one without a digit (`Item | Qty | Total`), so that the value below it is a row's, not the sum's.
 */
export function headsColumns(seg: Segment, lines: Line[]): boolean {
  const others = lines[seg.line]?.segments.filter((s) => s !== seg) ?? []
  return others.length >= 2 && others.every((s) => !s.words.some((w) => /\d/.test(w.Text)))
}

/** Whether the line under a value holds another amount in the same column (a table, not a total). */
export function columnContinues(seg: Segment, lines: Line[]): boolean {
  const next = lines[seg.line + 1]
  if (!next || next.top - seg.bottom > seg.height * 2.5) return false
  return next.segments.some(
    (s) => s.right > seg.left && s.left < seg.right && parseAmount(text(s.words)) !== null,
  )
}
