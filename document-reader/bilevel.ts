// Black-and-white pages of small letters: a fax, or a scanner's bilevel TIFF at 100–150 dpi. Each speck of
// noise is one pixel the line flipped, and at that size a letter's stroke is one or two pixels wide, so
// Tesseract reads the specks as marks and the thin strokes as broken. Before reading, a pixel whose eight
// neighbours all have the other colour is given theirs (a period or the dot of an i covers more than one
// pixel at any size a document is printed legibly). Then, where the page's marks are small, the page is
// doubled with its edges smoothed, which gives Tesseract letters nearer the height it reads best. A bilevel
// page of letters large enough (a receipt printer's 203 dpi image) is read as it came.
import type { GreyImage } from './orient.ts'

/**
 * The median height in pixels of the page's marks: its black connected regions (8-connected) between 3 and
 * 120 pixels high, letters and digits for the most part; null where there are too few to tell.
 */
export function markHeight(image: GreyImage): number | null {
  const { width: w, height: h, data } = image
  // Union-find over runs of black pixels, row by row: a run joins every run of the row above it touches.
  const parent: number[] = []
  const top: number[] = []
  const bottom: number[] = []
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!
    return i
  }
  const join = (a: number, b: number) => {
    const ra = find(a)
    const rb = find(b)
    if (ra === rb) return
    parent[rb] = ra
    top[ra] = Math.min(top[ra]!, top[rb]!)
    bottom[ra] = Math.max(bottom[ra]!, bottom[rb]!)
  }
  let above: { x0: number; x1: number; id: number }[] = []
  for (let y = 0; y < h; y++) {
    const row: { x0: number; x1: number; id: number }[] = []
    let x = 0
    while (x < w) {
      if (data[y * w + x]! >= 128) {
        x++
        continue
      }
      const x0 = x
      while (x < w && data[y * w + x]! < 128) x++
      const id = parent.length
      parent.push(id)
      top.push(y)
      bottom.push(y)
      row.push({ x0, x1: x - 1, id })
    }
    let j = 0
    for (const run of row) {
      while (j < above.length && above[j]!.x1 < run.x0 - 1) j++
      for (let k = j; k < above.length && above[k]!.x0 <= run.x1 + 1; k++) join(above[k]!.id, run.id)
    }
    above = row
  }
  const heights: number[] = []
  for (let i = 0; i < parent.length; i++) {
    if (find(i) !== i) continue
    const height = bottom[i]! - top[i]! + 1
    if (height >= 3 && height <= 120) heights.push(height)
  }
  if (heights.length < 20) return null
  heights.sort((a, b) => a - b)
  return heights[heights.length >> 1]!
}

/** Whether every pixel is black or white (sampled: a bilevel image has no other value anywhere). */
export function isBilevel(image: GreyImage): boolean {
  const { data } = image
  const step = Math.max(1, Math.floor(data.length / 20_000))
  for (let i = 0; i < data.length; i += step) if (data[i] !== 0 && data[i] !== 255) return false
  return data.length > 0
}

/** The image with every pixel whose eight neighbours all have the other colour given their colour. */
export function withoutSpecks(image: GreyImage): GreyImage {
  const { width: w, height: h, data } = image
  const out = new Uint8Array(data)
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x
      const v = data[i]!
      if (
        data[i - w - 1] !== v &&
        data[i - w] !== v &&
        data[i - w + 1] !== v &&
        data[i - 1] !== v &&
        data[i + 1] !== v &&
        data[i + w - 1] !== v &&
        data[i + w] !== v &&
        data[i + w + 1] !== v
      )
        out[i] = data[i - 1]!
    }
  return { width: w, height: h, data: out }
}

/** The image `factor` times as wide and high, each pixel interpolated between its neighbours (bilinear). */
export function enlarged(image: GreyImage, factor: number): GreyImage {
  const { width: w, height: h, data } = image
  const W = Math.round(w * factor)
  const H = Math.round(h * factor)
  const out = new Uint8Array(W * H)
  for (let Y = 0; Y < H; Y++) {
    const sy = Math.min(h - 1, Math.max(0, (Y + 0.5) / factor - 0.5))
    const y0 = Math.floor(sy)
    const y1 = Math.min(h - 1, y0 + 1)
    const fy = sy - y0
    for (let X = 0; X < W; X++) {
      const sx = Math.min(w - 1, Math.max(0, (X + 0.5) / factor - 0.5))
      const x0 = Math.floor(sx)
      const x1 = Math.min(w - 1, x0 + 1)
      const fx = sx - x0
      const top = data[y0 * w + x0]! * (1 - fx) + data[y0 * w + x1]! * fx
      const bottom = data[y1 * w + x0]! * (1 - fx) + data[y1 * w + x1]! * fx
      out[Y * W + X] = Math.round(top * (1 - fy) + bottom * fy)
    }
  }
  return { width: W, height: H, data: out }
}

/** The image twice as wide and high (see enlarged). */
export function doubled(image: GreyImage): GreyImage {
  return enlarged(image, 2)
}

/**
 * Tesseract reads letters best when a capital is about 30 pixels high; a page whose marks are at most half
 * that is doubled.
 */
export const SMALL_MARKS = 16

/** A page image as Tesseract is given it, and the factor its pixels were scaled by from the page's. */
export interface PreparedPage {
  image: GreyImage
  factor: number
}

/**
 * A black-and-white page of small letters made ready for Tesseract: specks removed and doubled, with the
 * factor its pixels were scaled by; any other image as it is, with factor 1.
 */
export function preparedBilevel(image: GreyImage): PreparedPage {
  if (!isBilevel(image)) return { image, factor: 1 }
  const clean = withoutSpecks(image)
  const marks = markHeight(clean)
  if (marks === null || marks > SMALL_MARKS) return { image, factor: 1 }
  return { image: doubled(clean), factor: 2 }
}
