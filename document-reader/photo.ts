// Clean-up of camera photos before Tesseract. A phone photo of a page has paper that is not white (shadow,
// tint, the table around the page) and often a fine stripe pattern (moiré, where the camera's pixel grid meets
// the page's print or the screen it was shot from); Tesseract's own binarisation then drops light grey text
// and whole label lines. A photo is told from a scan or a rendered page by its paper: scanners and renderers
// give white paper, a photo gives paper darker than white over a good part of the page. Pages with white
// paper are answered unchanged.
// The clean-up: the stripe pattern is smoothed along its direction, each pixel is divided by the brightness
// of the paper around it (flat white paper, the ink's contrast kept), and the tones are darkened by a gamma
// curve so that light grey print reads as dark print.
import type { GreyImage } from './orient.ts'

/** Side of the square blocks in which the paper's brightness is measured. */
const BLOCK = 24
export const PAPER_BLOCK = BLOCK
/** A block's paper: this share of its pixels is darker (so a block half filled by ink still shows paper). */
const PAPER_QUANTILE = 0.9
/** Paper darker than this is not a scanner's or a renderer's white. */
const GREY_PAPER = 225
/** A photo: at least this share of the blocks has grey paper. */
const PHOTO_SHARE = 0.1
/** Stripes: paper differs this many times more across one axis than across the other. */
const STRIPE_RATIO = 1.5
/**
 * Tone curve after the paper is flattened. On photos of seeds the benchmark does not use, 1.5 read more fields
 * right and fewer wrong than 2 (bolder print merges digits) or 1 (light grey print is lost).
 */
const GAMMA = 1.5
/** Paper brightness below which a block is not divided (a black border, not paper). */
const MIN_PAPER = 40

/** Whether `cleanPhoto` will change the image, and how: the measured properties it decides on. */
export interface PhotoProperties {
  /** Share of blocks whose paper is grey (see GREY_PAPER). */
  greyPaperShare: number
  /** Direction of a stripe pattern across the paper, or null. */
  stripes: 'rows' | 'columns' | null
}

/** The paper brightness of every block (BLOCK × BLOCK pixels), row by row; not to be changed. */
export interface BlockPaper {
  paper: Uint8Array
  bw: number
  bh: number
}

/**
 * blockPaper's answers by image: a page is measured for its paper when its receipt is looked for, when it is
 * told to be a photo and when it is flattened. Images are never changed in place.
 */
const MEASURED = new WeakMap<GreyImage, BlockPaper>()

/** The paper brightness of every block (BLOCK × BLOCK pixels), row by row. */
export function blockPaper(image: GreyImage): BlockPaper {
  let blocks = MEASURED.get(image)
  if (!blocks) {
    blocks = measuredPaper(image)
    MEASURED.set(image, blocks)
  }
  return blocks
}

function measuredPaper(image: GreyImage): BlockPaper {
  const { width: w, height: h, data } = image
  const bw = Math.ceil(w / BLOCK)
  const bh = Math.ceil(h / BLOCK)
  const paper = new Uint8Array(bw * bh)
  const histogram = new Uint32Array(256)
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      histogram.fill(0)
      let n = 0
      for (let y = by * BLOCK; y < Math.min(h, by * BLOCK + BLOCK); y++)
        for (let x = bx * BLOCK; x < Math.min(w, bx * BLOCK + BLOCK); x++) {
          histogram[data[y * w + x]!]!++
          n++
        }
      const rank = Math.floor(n * PAPER_QUANTILE)
      let seen = 0
      let v = 0
      while (v < 255 && seen + histogram[v]! <= rank) seen += histogram[v++]!
      paper[by * bw + bx] = v
    }
  }
  return { paper, bw, bh }
}

/**
 * Direction of stripes on the paper: the mean difference between neighbouring pixels down the columns against
 * along the rows, on bright pixels whose neighbours are bright too (paper, not the edges of letters).
 */
function stripeDirection(image: GreyImage): 'rows' | 'columns' | null {
  const { width: w, height: h, data } = image
  let down = 0
  let across = 0
  let n = 0
  const step = 3
  for (let y = 0; y + 1 < h; y += step) {
    for (let x = 0; x + 1 < w; x += step) {
      const v = data[y * w + x]!
      const below = data[(y + 1) * w + x]!
      const right = data[y * w + x + 1]!
      if (v < 150 || below < 150 || right < 150) continue
      down += Math.abs(v - below)
      across += Math.abs(v - right)
      n++
    }
  }
  if (n < 1000) return null
  down /= n
  across /= n
  // Paper differences of a level or two are sensor noise in both directions.
  if (down > 2 && down > across * STRIPE_RATIO) return 'rows'
  if (across > 2 && across > down * STRIPE_RATIO) return 'columns'
  return null
}

/** The properties `cleanPhoto` decides on. */
export function photoProperties(image: GreyImage): PhotoProperties {
  const { paper } = blockPaper(image)
  let grey = 0
  for (const v of paper) if (v < GREY_PAPER) grey++
  const greyPaperShare = paper.length ? grey / paper.length : 0
  return { greyPaperShare, stripes: greyPaperShare >= PHOTO_SHARE ? stripeDirection(image) : null }
}

/** The image smoothed along one axis with the kernel 1 2 2 2 1 (a stripe period of up to four pixels). */
function smoothAcrossStripes(image: GreyImage, along: 'rows' | 'columns'): GreyImage {
  const { width: w, height: h, data } = image
  const out = new Uint8Array(w * h)
  const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, v))
  if (along === 'rows') {
    for (let y = 0; y < h; y++) {
      const a = clamp(y - 2, h) * w
      const b = clamp(y - 1, h) * w
      const c = y * w
      const d = clamp(y + 1, h) * w
      const e = clamp(y + 2, h) * w
      for (let x = 0; x < w; x++)
        out[c + x] = (data[a + x]! + 2 * (data[b + x]! + data[c + x]! + data[d + x]!) + data[e + x]! + 4) >> 3
    }
  } else {
    for (let y = 0; y < h; y++) {
      const row = y * w
      for (let x = 0; x < w; x++) {
        const a = data[row + (x >= 2 ? x - 2 : 0)]!
        const b = data[row + (x >= 1 ? x - 1 : 0)]!
        const d = data[row + (x + 1 < w ? x + 1 : w - 1)]!
        const e = data[row + (x + 2 < w ? x + 2 : w - 1)]!
        out[row + x] = (a + 2 * (b + data[row + x]! + d) + e + 4) >> 3
      }
    }
  }
  return { width: w, height: h, data: out }
}

/** Each pixel divided by the paper around it (block papers, widened to their neighbours, interpolated). */
export function flattenPaper(image: GreyImage): GreyImage {
  const { width: w, height: h, data } = image
  const { paper, bw, bh } = blockPaper(image)
  // A block filled by a large letter or a rule takes the brightest paper of its neighbours.
  const wide = new Uint8Array(bw * bh)
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let m = 0
      for (let y = Math.max(0, by - 1); y <= Math.min(bh - 1, by + 1); y++)
        for (let x = Math.max(0, bx - 1); x <= Math.min(bw - 1, bx + 1); x++)
          m = Math.max(m, paper[y * bw + x]!)
      wide[by * bw + bx] = m
    }
  // Tones after division, darkened by a gamma curve: light grey print becomes dark.
  const tone = new Uint8Array(256)
  for (let v = 0; v < 256; v++) tone[v] = Math.round(255 * (v / 255) ** GAMMA)
  // Bilinear interpolation between block centres: per column the two blocks and the weight, per row the
  // papers of that row.
  const x0s = new Uint16Array(w)
  const x1s = new Uint16Array(w)
  const axs = new Float32Array(w)
  for (let x = 0; x < w; x++) {
    const fx = Math.min(bw - 1, Math.max(0, x / BLOCK - 0.5))
    x0s[x] = Math.floor(fx)
    x1s[x] = Math.min(bw - 1, x0s[x]! + 1)
    axs[x] = fx - x0s[x]!
  }
  const rowPaper = new Float32Array(bw)
  const out = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bh - 1, Math.max(0, y / BLOCK - 0.5))
    const y0 = Math.floor(fy)
    const y1 = Math.min(bh - 1, y0 + 1)
    const ay = fy - y0
    for (let bx = 0; bx < bw; bx++) rowPaper[bx] = wide[y0 * bw + bx]! * (1 - ay) + wide[y1 * bw + bx]! * ay
    const row = y * w
    for (let x = 0; x < w; x++) {
      const p = rowPaper[x0s[x]!]! * (1 - axs[x]!) + rowPaper[x1s[x]!]! * axs[x]!
      const v = data[row + x]!
      out[row + x] = tone[p > MIN_PAPER ? Math.min(255, Math.round((v * 255) / p)) : v]!
    }
  }
  return { width: w, height: h, data: out }
}

/**
 * A camera photo cleaned for Tesseract (see the top of this file); any other image (white paper) is answered
 * as it is, the same object.
 */
export function cleanPhoto(image: GreyImage, properties = photoProperties(image)): GreyImage {
  if (properties.greyPaperShare < PHOTO_SHARE) return image
  const smooth = properties.stripes ? smoothAcrossStripes(image, properties.stripes) : image
  return flattenPaper(smooth)
}
