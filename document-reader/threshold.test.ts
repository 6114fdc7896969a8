import { describe, expect, it } from 'vitest'
import { localThreshold, NEIGHBOURHOOD } from './threshold.ts'
import type { GreyImage } from './orient.ts'

/**
 * A page whose paper darkens from left to right (a scan lit from one side) with strokes of print whose
 * darkness follows the paper: three fifths of the paper's brightness wherever they lie.
 */
function unevenPage(): { page: GreyImage; ink: Uint8Array } {
  const w = 400
  const h = 120
  const data = new Uint8Array(w * h)
  const ink = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const paper = Math.round(250 - (140 * x) / (w - 1))
      // Strokes three pixels wide every twelve columns, in a band of rows: letters' stems.
      const stroke = y >= 40 && y < 80 && x % 12 < 3
      ink[y * w + x] = stroke ? 1 : 0
      data[y * w + x] = stroke ? Math.round(paper * 0.6) : paper
    }
  return { page: { width: w, height: h, data }, ink }
}

describe('black and white by neighbourhoods', () => {
  it('tells print from paper across a page that no single threshold divides', () => {
    const { page, ink } = unevenPage()
    // The print at the bright edge is lighter than the paper at the dark edge: any one threshold for the page
    // loses that print or blackens that paper.
    let lightestInk = 0
    let darkestPaper = 255
    for (let i = 0; i < ink.length; i++) {
      if (ink[i]) lightestInk = Math.max(lightestInk, page.data[i]!)
      else darkestPaper = Math.min(darkestPaper, page.data[i]!)
    }
    expect(lightestInk).toBeGreaterThan(darkestPaper)

    const out = localThreshold(page)
    expect(out.width).toBe(page.width)
    expect(out.height).toBe(page.height)
    let inkLost = 0
    let paperBlackened = 0
    for (let i = 0; i < ink.length; i++) {
      if (out.data[i] !== 0 && out.data[i] !== 255) throw new Error(`pixel ${i} is grey: ${out.data[i]}`)
      if (ink[i] && out.data[i] === 255) inkLost++
      if (!ink[i] && out.data[i] === 0) paperBlackened++
    }
    expect(inkLost).toBe(0)
    expect(paperBlackened).toBe(0)
  })

  it('leaves flat paper white, and a black box black where the page edge cuts its neighbourhood', () => {
    const w = NEIGHBOURHOOD * 3
    const h = NEIGHBOURHOOD * 2
    const paper = localThreshold({ width: w, height: h, data: new Uint8Array(w * h).fill(200) })
    expect(paper.data.every((v) => v === 255)).toBe(true)
    // A black box on white paper stays black to its corners, where the neighbourhood is cut by the page's edge.
    const data = new Uint8Array(w * h).fill(240)
    for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) data[y * w + x] = 20
    const box = localThreshold({ width: w, height: h, data })
    for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) expect(box.data[y * w + x]).toBe(0)
    expect(box.data[20 * w + 20]).toBe(255)
  })
})
