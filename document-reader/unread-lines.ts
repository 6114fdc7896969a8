// Lines of ink Tesseract left without a word. Reading a page as one column, Tesseract sometimes drops a whole
// line whose letters are much larger than the rest: a till receipt's double-height `SUMME EUR 27,42`, the one
// line that matters most. Such a line shows as a band of rows that carry ink but lie under no word's box; read
// again on its own, cut out of the page, the line is read.
import { median } from './layout.ts'
import type { GreyImage } from './orient.ts'
import type { Region } from './paper-crop.ts'

interface Box {
  Text: string
  Top: number
  Height: number
}

/** A pixel darker than this is ink (the pages Tesseract reads have paper near white). */
const INK_LEVEL = 128
/** A row carries ink when at least this share of its pixels is ink... */
const ROW_INK_SHARE = 0.005
/** ...and at least this many pixels, so that a speck in a wide page is not a line. */
const ROW_INK_PIXELS = 4
/** A band is a line when it is at least this many times the page's median word height... */
const MIN_BAND_HEIGHT = 0.6
/** ...and at most this many times it: taller is a logo, a picture or a barcode block. */
const MAX_BAND_HEIGHT = 4
/** A band whose rows are on average this much ink is a barcode, a black box or a photo's edge, not a line. */
const MAX_BAND_INK = 0.35
/** At most this many bands are read again on a page: a page of many is a picture, not lost lines. */
const MAX_BANDS = 6
/** Rows of paper kept above and below a band when it is cut out. */
const BAND_MARGIN = 8

/**
 * The bands of the page, top to bottom, that carry ink under no word, each with a margin of paper: the regions
 * to read again. None when the page has too few words to know its line height, or too many such bands.
 */
export function unreadBands(image: GreyImage, words: readonly Box[]): Region[] {
  const { width: w, height: h, data } = image
  const heights = words.filter((word) => /[\p{L}\d]/u.test(word.Text)).map((word) => word.Height)
  if (heights.length < 5) return []
  const lineHeight = median(heights)
  const covered = new Uint8Array(h)
  for (const word of words) {
    for (let y = Math.max(0, word.Top); y < Math.min(h, word.Top + word.Height); y++) covered[y] = 1
  }
  const ink = new Float64Array(h)
  for (let y = 0; y < h; y++) {
    if (covered[y]) continue
    let n = 0
    const row = y * w
    for (let x = 0; x < w; x++) if (data[row + x]! < INK_LEVEL) n++
    ink[y] = n >= ROW_INK_PIXELS ? n / w : 0
  }
  const bands: Region[] = []
  let start = -1
  for (let y = 0; y <= h; y++) {
    const inked = y < h && !covered[y] && ink[y]! >= ROW_INK_SHARE
    if (inked && start < 0) start = y
    if (inked || start < 0) continue
    const height = y - start
    let sum = 0
    for (let r = start; r < y; r++) sum += ink[r]!
    if (
      height >= lineHeight * MIN_BAND_HEIGHT &&
      height <= lineHeight * MAX_BAND_HEIGHT &&
      sum / height <= MAX_BAND_INK
    ) {
      const top = Math.max(0, start - BAND_MARGIN)
      const bottom = Math.min(h, y + BAND_MARGIN)
      bands.push({ x: 0, y: top, width: w, height: bottom - top })
    }
    start = -1
  }
  return bands.length <= MAX_BANDS ? bands : []
}
