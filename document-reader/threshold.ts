// Black and white by the page's own neighbourhoods (Sauvola's method). Tesseract turns a grey page black and
// white with one threshold for the whole page (Otsu's); on a till receipt whose thermal print fades along the
// roll, or a scan lit unevenly, one threshold drops the faint digits together with the paper. Here each pixel
// is ink where it is darker than its neighbourhood's mean by a share that grows where the neighbourhood is
// flat (paper) and shrinks where it holds ink's contrast.
import type { GreyImage } from './orient.ts'

/**
 * Side of the square neighbourhood, in pixels: about two lines of a receipt's print at the 200-300 dpi pages
 * are read at, so that every neighbourhood holding a letter also holds the paper around it.
 */
export const NEIGHBOURHOOD = 41
/** Sauvola's k: how far below the local mean a pixel must be, in flat paper, to be ink. */
const K = 0.2
/** Sauvola's R: the greatest standard deviation of an 8-bit image, to which the local one is compared. */
const R = 128

/**
 * The image as black (0) and white (255), each pixel against its neighbourhood: threshold
 * mean × (1 + K × (deviation / R − 1)). Sums over the neighbourhood are kept per column and slid along each row,
 * so the work is linear in the pixels and the memory in the width.
 */
export function localThreshold(image: GreyImage, side = NEIGHBOURHOOD): GreyImage {
  const { width: w, height: h, data } = image
  const r = side >> 1
  const colSum = new Float64Array(w)
  const colSquares = new Float64Array(w)
  const out = new Uint8Array(w * h)
  const addRow = (y: number, sign: number) => {
    const row = y * w
    for (let x = 0; x < w; x++) {
      const v = data[row + x]!
      colSum[x] = colSum[x]! + sign * v
      colSquares[x] = colSquares[x]! + sign * v * v
    }
  }
  // Rows 0..r are in the columns' sums before row 0 is decided.
  for (let y = 0; y <= Math.min(h - 1, r); y++) addRow(y, 1)
  for (let y = 0; y < h; y++) {
    if (y > 0) {
      if (y + r < h) addRow(y + r, 1)
      if (y - r - 1 >= 0) addRow(y - r - 1, -1)
    }
    const rows = Math.min(h - 1, y + r) - Math.max(0, y - r) + 1
    let sum = 0
    let squares = 0
    for (let x = 0; x <= Math.min(w - 1, r); x++) {
      sum += colSum[x]!
      squares += colSquares[x]!
    }
    const row = y * w
    for (let x = 0; x < w; x++) {
      if (x > 0) {
        if (x + r < w) {
          sum += colSum[x + r]!
          squares += colSquares[x + r]!
        }
        if (x - r - 1 >= 0) {
          sum -= colSum[x - r - 1]!
          squares -= colSquares[x - r - 1]!
        }
      }
      const n = rows * (Math.min(w - 1, x + r) - Math.max(0, x - r) + 1)
      const mean = sum / n
      const deviation = Math.sqrt(Math.max(0, squares / n - mean * mean))
      out[row + x] = data[row + x]! > mean * (1 + K * (deviation / R - 1)) ? 255 : 0
    }
  }
  return { width: w, height: h, data: out }
}
