// Orientation of scanned pages and photos: a page turned by 90, 180 or 270 degrees is read upright.
// Text lines make the ink profile along the page's height change sharply from row to row (line, gap, line);
// when the profile across the width changes more, the lines run vertically and the page is turned a quarter.
// Whether a page with horizontal lines is upside down shows in the shape of its lines: Latin letters, digits
// and capitals reach above the lowercase band (b d f h k l t, A-Z, 0-9) far more often than they reach below it
// (g j p q y), so an upright line carries more ink above its densest rows than below them. A page where the
// two are too close to tell is read as it is, and read again turned 180° when its words are not invoice
// vocabulary.

export interface GreyImage {
  width: number
  height: number
  /** One byte per pixel, 0 black to 255 white. */
  data: Uint8Array
}

/** Greyscale pixels of a binary PGM (P5, 8 bits), as rgbaToPgm writes it; null for anything else. */
export function parsePgm(pgm: Buffer): GreyImage | null {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))
  if (!header) return null
  const width = Number(header[1])
  const height = Number(header[2])
  const data = new Uint8Array(pgm.buffer, pgm.byteOffset + header[0].length, width * height)
  return { width, height, data }
}

export function toPgm(image: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii'), image.data])
}

/** Decodes PNG or JPEG bytes into greyscale pixels. */
export async function decodeImage(bytes: Uint8Array): Promise<GreyImage> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas')
  const img = await loadImage(Buffer.from(bytes))
  const canvas = createCanvas(img.width, img.height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, img.width, img.height)
  ctx.drawImage(img, 0, 0)
  const rgba = ctx.getImageData(0, 0, img.width, img.height).data
  const data = new Uint8Array(img.width * img.height)
  for (let i = 0, j = 0; j < data.length; i += 4, j++)
    data[j] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8
  return { width: img.width, height: img.height, data }
}

/** The image turned clockwise by a quarter turns (1, 2 or 3). */
export function rotateQuarter(image: GreyImage, quarters: number): GreyImage {
  const q = ((quarters % 4) + 4) % 4
  if (q === 0) return image
  const { width: w, height: h, data } = image
  const out = new Uint8Array(w * h)
  if (q === 2) {
    for (let i = 0; i < out.length; i++) out[i] = data[out.length - 1 - i]!
    return { width: w, height: h, data: out }
  }
  // Clockwise: source (x, y) goes to (h - 1 - y, x); counter-clockwise: to (y, w - 1 - x).
  for (let y = 0; y < h; y++) {
    const row = y * w
    for (let x = 0; x < w; x++) {
      const v = data[row + x]!
      if (q === 1) out[x * h + (h - 1 - y)] = v
      else out[(w - 1 - x) * h + y] = v
    }
  }
  return { width: h, height: w, data: out }
}

/**
 * Whether the page's text lines run vertically. On a reduced, thresholded copy the gaps between letters are
 * closed along one axis (run-length smearing): along the lines this melts each line into a bar, so the ink
 * profile across the bars alternates strongly between line and gap; across the lines it does not.
 */
export function linesRunVertically(image: GreyImage): boolean {
  const step = Math.max(1, Math.round(Math.min(image.width, image.height) / 400))
  // The middle of the page: a photo's table edge and a scanner's border are not text.
  const x0 = Math.floor(image.width * 0.1)
  const y0 = Math.floor(image.height * 0.1)
  const w = Math.floor((image.width * 0.8) / step)
  const h = Math.floor((image.height * 0.8) / step)
  const grey = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) {
    const row = (y0 + y * step) * image.width + x0
    for (let x = 0; x < w; x++) grey[y * w + x] = image.data[row + x * step]!
  }
  // Ink is darker than the paper around it (blocks' brightest pixel), so shadows and uneven light are not.
  const block = 16
  const ink = new Uint8Array(w * h)
  for (let by = 0; by < h; by += block) {
    for (let bx = 0; bx < w; bx += block) {
      let paper = 0
      for (let y = by; y < Math.min(h, by + block); y++)
        for (let x = bx; x < Math.min(w, bx + block); x++) paper = Math.max(paper, grey[y * w + x]!)
      for (let y = by; y < Math.min(h, by + block); y++)
        for (let x = bx; x < Math.min(w, bx + block); x++)
          ink[y * w + x] = paper > 60 && grey[y * w + x]! < paper * 0.6 ? 1 : 0
    }
  }
  const gap = Math.max(3, Math.round(w / 60))
  return smearedContrast(ink, w, h, 'vertical', gap) > smearedContrast(ink, w, h, 'horizontal', gap) * 1.1
}

/** Contrast (variance over squared mean) of the profile across the smeared direction. */
function smearedContrast(
  ink: Uint8Array,
  w: number,
  h: number,
  along: 'horizontal' | 'vertical',
  gap: number,
): number {
  const outer = along === 'horizontal' ? h : w
  const inner = along === 'horizontal' ? w : h
  const at = (o: number, i: number) => (along === 'horizontal' ? ink[o * w + i]! : ink[i * w + o]!)
  const profile = new Float64Array(outer)
  for (let o = 0; o < outer; o++) {
    let last = -1
    let count = 0
    for (let i = 0; i < inner; i++) {
      if (!at(o, i)) continue
      // The gap since the previous ink pixel is filled when it is short.
      count += last >= 0 && i - last <= gap ? i - last : 1
      last = i
    }
    profile[o] = count
  }
  let mean = 0
  for (const v of profile) mean += v
  mean /= outer || 1
  if (!mean) return 0
  let variance = 0
  for (const v of profile) variance += (v - mean) ** 2
  return variance / outer / (mean * mean)
}

/** What the shape of a page's text lines says about its turn: upright, upside down, or too close to tell. */
export type Uprightness = 'upright' | 'upside-down' | 'unsure'

/** Ink above over ink below the lowercase band must differ by this factor for a decision. */
const ASCENDER_RATIO = 1.15

/**
 * Whether a page whose lines run horizontally is upright or upside down (see the top of this file). The page
 * is cut into narrow vertical strips, so that a slightly turned page's lines stay level within a strip; in
 * each strip a text line is a run of rows with ink, its lowercase band the rows at half its densest row or
 * more, and the ink above and below that band is added up over the page.
 */
export function uprightness(image: GreyImage): Uprightness {
  const balance = ascenderBalance(image)
  if (balance === null) return 'unsure'
  if (balance > ASCENDER_RATIO) return 'upright'
  if (balance < 1 / ASCENDER_RATIO) return 'upside-down'
  return 'unsure'
}

/** Ink above the lowercase band over ink below it, summed over the page's lines; null without enough text. */
export function ascenderBalance(image: GreyImage): number | null {
  const { width, height } = image
  const ink = inkMask(image)
  const strip = Math.max(40, Math.round(width / 16))
  let above = 0
  let below = 0
  const profile = new Uint32Array(height)
  for (let x0 = Math.floor(width * 0.04); x0 + strip <= width * 0.96; x0 += strip) {
    for (let y = 0; y < height; y++) {
      let n = 0
      const row = y * width + x0
      for (let x = 0; x < strip; x++) n += ink[row + x]!
      profile[y] = n
    }
    let y = 0
    while (y < height) {
      if (profile[y] === 0) {
        y++
        continue
      }
      const start = y
      let peak = 0
      while (y < height && profile[y]! > 0) peak = Math.max(peak, profile[y++]!)
      const end = y
      // Rules, specks and box edges are not lines of text.
      if (end - start < 6 || end - start > height / 20 || peak < 3) continue
      let bandTop = start
      while (profile[bandTop]! * 2 < peak) bandTop++
      let bandBottom = end - 1
      while (profile[bandBottom]! * 2 < peak) bandBottom--
      for (let r = start; r < bandTop; r++) above += profile[r]!
      for (let r = bandBottom + 1; r < end; r++) below += profile[r]!
    }
  }
  if (above + below < 200) return null
  return above / Math.max(1, below)
}

/** One byte per pixel, 1 where the pixel is ink: darker than the paper of its block (see linesRunVertically). */
function inkMask(image: GreyImage): Uint8Array {
  const { width: w, height: h, data } = image
  const ink = new Uint8Array(w * h)
  const block = 32
  for (let by = 0; by < h; by += block) {
    for (let bx = 0; bx < w; bx += block) {
      let paper = 0
      for (let y = by; y < Math.min(h, by + block); y++)
        for (let x = bx; x < Math.min(w, bx + block); x++) paper = Math.max(paper, data[y * w + x]!)
      const limit = paper * 0.6
      for (let y = by; y < Math.min(h, by + block); y++)
        for (let x = bx; x < Math.min(w, bx + block); x++)
          ink[y * w + x] = paper > 60 && data[y * w + x]! < limit ? 1 : 0
    }
  }
  return ink
}
