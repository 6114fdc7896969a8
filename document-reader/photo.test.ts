// The clean-up of camera photos (photo.ts) on synthetic pages: grey, unevenly lit paper crossed by a fine stripe
// pattern, with dark bars where a page has text lines; and white pages, as scanners and renderers make them.
import { describe, expect, it } from 'vitest'
import { rotateQuarter, type GreyImage } from './orient.ts'
import { cleanPhoto, photoProperties } from './photo.ts'

const W = 480
const H = 360

/** Rows 40 + 40k to 40 + 40k + 11 carry a text-like bar from x = 60 to x = 300. */
const inBar = (x: number, y: number) => x >= 60 && x < 300 && y >= 40 && (y - 40) % 40 < 12 && y < 320

/** A photographed page: paper lit from 190 (left) to 225 (right), every fourth row 30 darker, grey bars. */
function photographedPage(): GreyImage {
  const data = new Uint8Array(W * H)
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const paper = 190 + (35 * x) / W - (y % 4 === 0 ? 30 : 0)
      data[y * W + x] = Math.round(inBar(x, y) ? paper * 0.6 : paper)
    }
  return { width: W, height: H, data }
}

/** A scanned or rendered page: white paper, black bars, a few specks. */
function whitePage(): GreyImage {
  const data = new Uint8Array(W * H).fill(255)
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inBar(x, y)) data[y * W + x] = 20
  for (let i = 0; i < 200; i++) data[(i * 7919) % data.length] = 90
  return { width: W, height: H, data }
}

/** Mean absolute difference between vertically neighbouring paper pixels (x 320 to 460: no bars). */
function stripeAmplitude(image: GreyImage): number {
  let sum = 0
  let n = 0
  for (let y = 20; y + 1 < H - 20; y++)
    for (let x = 320; x < 460; x++) {
      sum += Math.abs(image.data[y * W + x]! - image.data[(y + 1) * W + x]!)
      n++
    }
  return sum / n
}

/** Mean of the pixels at the middle rows of the bars (inside) and of the paper right of them (outside). */
function barAndPaper(image: GreyImage): { bar: number; paper: number } {
  let bar = 0
  let nb = 0
  let paper = 0
  let np = 0
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const v = image.data[y * W + x]!
      if (inBar(x, y) && (y - 40) % 40 >= 3 && (y - 40) % 40 < 9) {
        bar += v
        nb++
      } else if (x >= 320 && x < 460 && y >= 20 && y < H - 20) {
        paper += v
        np++
      }
    }
  return { bar: bar / nb, paper: paper / np }
}

describe('cleanPhoto', () => {
  it('tells a photo by its grey paper and finds the direction of its stripes', () => {
    const photo = photographedPage()
    const properties = photoProperties(photo)
    expect(properties.greyPaperShare).toBeGreaterThan(0.9)
    expect(properties.stripes).toBe('rows')
    expect(photoProperties(rotateQuarter(photo, 1)).stripes).toBe('columns')
  })

  it('smooths the stripes away, whitens the paper and keeps the bars dark', () => {
    const photo = photographedPage()
    const before = barAndPaper(photo)
    const cleaned = cleanPhoto(photo)
    expect(stripeAmplitude(photo)).toBeGreaterThan(10)
    expect(stripeAmplitude(cleaned)).toBeLessThan(2)
    const after = barAndPaper(cleaned)
    expect(after.paper).toBeGreaterThan(240)
    expect(after.paper - after.bar).toBeGreaterThan((before.paper - before.bar) * 1.3)
  })

  it('smooths stripes that run down a page turned a quarter', () => {
    const turned = rotateQuarter(photographedPage(), 1)
    const cleaned = rotateQuarter(cleanPhoto(turned), 3)
    expect(stripeAmplitude(cleaned)).toBeLessThan(2)
  })

  it('answers a page with white paper unchanged', () => {
    const page = whitePage()
    expect(photoProperties(page).greyPaperShare).toBe(0)
    expect(cleanPhoto(page)).toBe(page)
  })
})
