import { describe, expect, it } from 'vitest'
import type { GreyImage } from './orient.ts'
import { unreadBands } from './unread-lines.ts'

const W = 400
const H = 600

function page(): GreyImage {
  return { width: W, height: H, data: new Uint8Array(W * H).fill(250) }
}

/** Letters of a line: dark strokes every few pixels between x0 and x1, `top` to `top + height`. */
function ink(image: GreyImage, top: number, height: number, x0 = 20, x1 = 300, every = 6): void {
  for (let y = top; y < top + height; y++)
    for (let x = x0; x < x1; x++) if (x % every < 2) image.data[y * W + x] = 20
}

/** Ten lines of 20-px text read as words, 40 px apart from y = 20. */
function readLines(image: GreyImage) {
  const words = []
  for (let i = 0; i < 10; i++) {
    const top = 20 + i * 40
    ink(image, top, 20)
    words.push({ Text: `Vare${i}`, Top: top, Height: 20 })
  }
  return words
}

describe('unreadBands', () => {
  it('finds a double-height line no word covers, with a margin of paper', () => {
    const image = page()
    const words = readLines(image)
    ink(image, 460, 42)
    expect(unreadBands(image, words)).toEqual([{ x: 0, y: 452, width: W, height: 58 }])
  })

  it('finds nothing where every line was read', () => {
    const image = page()
    const words = readLines(image)
    ink(image, 460, 20)
    expect(unreadBands(image, [...words, { Text: 'SUMME', Top: 458, Height: 24 }])).toEqual([])
  })

  it('leaves specks, barcodes and logos alone', () => {
    const image = page()
    const words = readLines(image)
    // A speck two rows high, a barcode band (half of every row ink), a logo five lines tall.
    ink(image, 430, 2)
    ink(image, 460, 30, 20, 380, 2)
    ink(image, 500, 100)
    expect(unreadBands(image, words)).toEqual([])
  })

  it('reads nothing again on a page with too few words to know its line height', () => {
    const image = page()
    ink(image, 20, 20)
    ink(image, 460, 42)
    expect(unreadBands(image, [{ Text: 'Kvittering', Top: 20, Height: 20 }])).toEqual([])
  })
})
