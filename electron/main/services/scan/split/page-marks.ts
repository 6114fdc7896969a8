// What a rendered page of a scanned batch is to the splitter: a blank page (the sheet a scanner operator
// puts between two invoices, or the back of a one-sided page scanned duplex) or Ledgerdesk's printed
// separator sheet, and the parts a batch's pages make between such pages. Pure functions of the page's
// pixels and text, so they are tested without pdf.js.

/** The words printed on the separator sheet (separator-sheet.ts), as its text layer carries them. */
export const SEPARATOR_TEXT = 'LEDGERDESK SEPARATOR'

/**
 * The separator sheet's four solid squares: each side `MARK_SIZE` of the page's width, `MARK_INSET` of the
 * page's width in from both edges of its corner. The detector looks at the middle of each square only
 * (`MARK_CORE`), so a sheet fed a little skewed or scaled by the scanner still shows them.
 */
export const MARK_INSET = 0.07
export const MARK_SIZE = 0.12
const MARK_CORE = 0.5
/** The share of a square's middle that must be ink. */
const MARK_FILLED = 0.8

/** A page's pixels as luminance 0 (black) to 255 (white), row by row. */
export interface GreyPage {
  width: number
  height: number
  grey: Uint8Array
}

/** Luminance of RGBA pixels (as a canvas's `getImageData` gives them). */
export function greyOf(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyPage {
  const grey = new Uint8Array(width * height)
  for (let i = 0, p = 0; i < grey.length; i++, p += 4)
    grey[i] = (rgba[p]! * 299 + rgba[p + 1]! * 587 + rgba[p + 2]! * 114) / 1000
  return { width, height, grey }
}

/**
 * The blankness test. A pixel is ink when it is clearly darker than the paper (the page's median
 * luminance, so grey or yellowish paper counts as paper). The outer `margin` of the page is left out:
 * scanners leave shadows and dark edges there. A page is blank when at most `maxInk` of what is left is
 * ink: a scanner's dust and speckle stay well under it (a few hundred specks on a page are 0.1 %), and a
 * page with as little as two lines of small print, rendered at the splitter's resolution, is above it.
 */
export function isBlank(page: GreyPage, options: { margin?: number; maxInk?: number } = {}): boolean {
  return inkShare(page, options.margin ?? 0.04) <= (options.maxInk ?? 0.003)
}

/** The share of ink pixels inside the page's margin (see isBlank). */
export function inkShare(page: GreyPage, margin: number): number {
  const { width, height, grey } = page
  const x0 = Math.floor(width * margin)
  const x1 = Math.ceil(width * (1 - margin))
  const y0 = Math.floor(height * margin)
  const y1 = Math.ceil(height * (1 - margin))
  const paper = medianOf(grey)
  const inkBelow = Math.max(0, paper - 64)
  let ink = 0
  let all = 0
  for (let y = y0; y < y1; y++) {
    const row = y * width
    for (let x = x0; x < x1; x++) {
      all++
      if (grey[row + x]! < inkBelow) ink++
    }
  }
  return all === 0 ? 0 : ink / all
}

function medianOf(grey: Uint8Array): number {
  const counts = new Uint32Array(256)
  for (const v of grey) counts[v]!++
  let seen = 0
  for (let v = 0; v < 256; v++) {
    seen += counts[v]!
    if (seen * 2 >= grey.length) return v
  }
  return 255
}

/** Whether the page shows the separator sheet's four corner squares (a scanned sheet has no text layer). */
export function hasCornerMarks(page: GreyPage): boolean {
  const { width, height, grey } = page
  const side = MARK_SIZE * width
  const inset = MARK_INSET * width
  const core = side * MARK_CORE
  const lead = (side - core) / 2
  const corners: [number, number][] = [
    [inset, inset],
    [width - inset - side, inset],
    [inset, height - inset - side],
    [width - inset - side, height - inset - side],
  ]
  return corners.every(([left, top]) => {
    const x0 = Math.max(0, Math.round(left + lead))
    const y0 = Math.max(0, Math.round(top + lead))
    const x1 = Math.min(width, Math.round(left + lead + core))
    const y1 = Math.min(height, Math.round(top + lead + core))
    let ink = 0
    let all = 0
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        all++
        if (grey[y * width + x]! < 96) ink++
      }
    return all > 0 && ink / all >= MARK_FILLED
  })
}

/** Whether a page's text layer carries the separator sheet's words (any case, any spacing). */
export function isSeparatorText(text: string): boolean {
  const squeeze = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '')
  return squeeze(text).includes(squeeze(SEPARATOR_TEXT))
}

/** What the splitter found on one page. */
export interface PageMark {
  blank: boolean
  separator: boolean
}

/**
 * The parts a batch's pages make (page numbers from 1), cut at every blank or separator page, which
 * belongs to no part. Two separators in a row make no empty part. Fewer than two parts: nothing to split.
 */
export function partsOf(marks: readonly PageMark[]): number[][] {
  const parts: number[][] = []
  let current: number[] = []
  marks.forEach((mark, i) => {
    if (mark.blank || mark.separator) {
      if (current.length) parts.push(current)
      current = []
    } else current.push(i + 1)
  })
  if (current.length) parts.push(current)
  return parts
}

/**
 * The parts the accountant chose: `cuts` are the page numbers a new part begins at (between page n-1 and
 * n), checked against the page count. Null when they make no split.
 */
export function partsAtCuts(pageCount: number, cuts: readonly number[]): number[][] | null {
  const at = [...new Set(cuts)]
    .filter((c) => Number.isInteger(c) && c > 1 && c <= pageCount)
    .sort((a, b) => a - b)
  if (at.length === 0) return null
  const parts: number[][] = []
  let start = 1
  for (const cut of [...at, pageCount + 1]) {
    parts.push(Array.from({ length: cut - start }, (_, i) => start + i))
    start = cut
  }
  return parts
}
