// A receipt lying on a scanner's bed is cut out of the page; a page that is its own paper is left whole; and a
// box read on the cut-out lands where it belongs on the whole page, however the page was turned.
import { describe, expect, it } from 'vitest'
import { rotateQuarter, type GreyImage } from './orient.ts'
import { cropImage, paperRegion, turnedOffset, type Region } from './paper-crop.ts'

function page(width: number, height: number, fill: number): GreyImage {
  return { width, height, data: new Uint8Array(width * height).fill(fill) }
}

function paint(image: GreyImage, r: Region, value: number) {
  for (let y = r.y; y < r.y + r.height; y++)
    image.data.fill(value, y * image.width + r.x, y * image.width + r.x + r.width)
}

/** Lines of dark print across the paper, as a receipt's text. */
function print(image: GreyImage, r: Region) {
  for (let y = r.y + 20; y + 12 < r.y + r.height; y += 40)
    paint(image, { x: r.x + 20, y, width: Math.floor(r.width * 0.7), height: 10 }, 30)
}

describe('a white strip beside a coloured ticket', () => {
  it('is no paper: a strip narrower than a fifth of the page holds no line of print', () => {
    // An orange ticket scanned with a white margin down its right side.
    const scan = page(420, 670, 150)
    paint(scan, { x: 20, y: 40, width: 300, height: 10 }, 30)
    paint(scan, { x: 360, y: 0, width: 60, height: 670 }, 240)
    expect(paperRegion(scan)).toBeNull()
    // The same strip as wide as a receipt is paper.
    const wide = page(420, 670, 150)
    const receipt = { x: 240, y: 0, width: 180, height: 670 }
    paint(wide, receipt, 240)
    print(wide, receipt)
    expect(paperRegion(wide)).not.toBeNull()
  })
})

describe('a receipt on a scanner bed', () => {
  it('is cut out of the grey lid and the black border around it', () => {
    const scan = page(1200, 1700, 185)
    paint(scan, { x: 0, y: 0, width: 120, height: 1700 }, 30)
    const receipt = { x: 760, y: 0, width: 380, height: 1300 }
    paint(scan, receipt, 235)
    print(scan, receipt)
    const region = paperRegion(scan)!
    expect(region).not.toBeNull()
    // The receipt within it, a block's margin at most around it.
    expect(region.x).toBeLessThanOrEqual(receipt.x)
    expect(region.x).toBeGreaterThan(receipt.x - 60)
    expect(region.y + region.height).toBeGreaterThanOrEqual(receipt.y + receipt.height)
    expect(region.y + region.height).toBeLessThan(receipt.y + receipt.height + 60)
    expect(region.width).toBeLessThan(500)
  })

  it('is cut out whole where a grey band across the receipt splits its brightest paper', () => {
    // The receipt runs the page's height; a band of greyer paper (a logo's tint, the lid's shadow) crosses it.
    const scan = page(1200, 1700, 185)
    paint(scan, { x: 0, y: 0, width: 120, height: 1700 }, 30)
    const receipt = { x: 760, y: 0, width: 380, height: 1700 }
    paint(scan, receipt, 232)
    paint(scan, { x: 760, y: 300, width: 380, height: 120 }, 212)
    print(scan, receipt)
    const region = paperRegion(scan)!
    expect(region).not.toBeNull()
    expect(region.x).toBeLessThanOrEqual(receipt.x)
    expect(region.x).toBeGreaterThan(receipt.x - 60)
    // Above the band as well as below it.
    expect(region.y).toBe(0)
    expect(region.height).toBe(1700)
    expect(region.width).toBeLessThan(500)
  })

  it('leaves a page that is its own paper, and paper no brighter than its surroundings', () => {
    const a4 = page(1200, 1700, 245)
    print(a4, { x: 100, y: 100, width: 1000, height: 1500 })
    expect(paperRegion(a4)).toBeNull()
    // A white page scanned with a narrow dark border: still the page.
    paint(a4, { x: 0, y: 0, width: 40, height: 1700 }, 20)
    expect(paperRegion(a4)).toBeNull()
    // A receipt on a lid almost as white as it: nothing stands out enough to cut.
    const pale = page(1200, 1700, 228)
    paint(pale, { x: 760, y: 0, width: 380, height: 1300 }, 236)
    expect(paperRegion(pale)).toBeNull()
  })

  it('leaves a photo whose light falls off across one sheet, with no edge to the brighter part', () => {
    const photo = page(1200, 1700, 0)
    for (let y = 0; y < 1700; y++)
      for (let x = 0; x < 1200; x++) photo.data[y * 1200 + x] = Math.round(250 - (50 * x) / 1200)
    print(photo, { x: 100, y: 100, width: 1000, height: 1500 })
    expect(paperRegion(photo)).toBeNull()
  })

  it('gives a box read on the cut-out back in the turned page’s pixels', () => {
    const image = page(60, 40, 0)
    for (let i = 0; i < image.data.length; i++) image.data[i] = i % 251
    const region = { x: 12, y: 7, width: 20, height: 15 }
    for (const q of [0, 1, 2, 3]) {
      const whole = rotateQuarter(image, q)
      const cut = rotateQuarter(cropImage(image, region), q)
      const { dx, dy } = turnedOffset(region, image.width, image.height, q)
      for (const [x, y] of [
        [0, 0],
        [cut.width - 1, cut.height - 1],
        [3, 5],
      ] as const)
        expect(cut.data[y * cut.width + x], `quarter ${q}`).toBe(whole.data[(y + dy) * whole.width + x + dx])
    }
  })
})

describe('a receipt photographed by a phone that sharpens its print', () => {
  /** Lines of print whose blocks the sharpening left brighter than the bare paper (a halo around each letter). */
  function sharpened(image: GreyImage, r: Region, from: number, to: number, gap: number) {
    for (let y = from; y + 24 <= to; y += 24 + gap) {
      paint(image, { x: r.x + 30, y, width: r.width - 60, height: 24 }, 246)
      for (let x = r.x + 34; x + 6 < r.x + r.width - 30; x += 14)
        paint(image, { x, y: y + 6, width: 5, height: 12 }, 30)
    }
  }

  it('is not cut down to its heading, whose lines stand closest', () => {
    // The paper fills the photo; the heading's lines touch, the lines below stand a line apart.
    const photo = page(816, 1920, 200)
    const receipt = { x: 48, y: 0, width: 720, height: 1920 }
    paint(photo, receipt, 214)
    sharpened(photo, receipt, 72, 400, 0)
    sharpened(photo, receipt, 480, 1850, 24)
    expect(paperRegion(photo)).toBeNull()
  })

  it('is still cut out whole where it lies on a dark table', () => {
    const photo = page(1200, 1900, 120)
    const receipt = { x: 360, y: 96, width: 480, height: 1700 }
    paint(photo, receipt, 214)
    sharpened(photo, receipt, 168, 480, 0)
    sharpened(photo, receipt, 528, 1750, 24)
    const region = paperRegion(photo)!
    expect(region).not.toBeNull()
    expect(region.x).toBeLessThanOrEqual(receipt.x)
    expect(region.y).toBeLessThanOrEqual(receipt.y)
    expect(region.y + region.height).toBeGreaterThanOrEqual(receipt.y + receipt.height)
  })
})
