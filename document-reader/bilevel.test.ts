import { describe, expect, it } from 'vitest'
import type { GreyImage } from './orient.ts'
import { doubled, isBilevel, markHeight, preparedBilevel, withoutSpecks } from './bilevel.ts'

function white(width: number, height: number): GreyImage {
  return { width, height, data: new Uint8Array(width * height).fill(255) }
}
const at = (image: GreyImage, x: number, y: number) => image.data[y * image.width + x]!
const set = (image: GreyImage, x: number, y: number, v: number) => (image.data[y * image.width + x] = v)

describe('withoutSpecks', () => {
  it('whitens a lone black pixel and blackens a lone white pixel inside a stroke', () => {
    const image = white(20, 20)
    set(image, 3, 3, 0)
    for (let y = 8; y < 13; y++) for (let x = 8; x < 13; x++) set(image, x, y, 0)
    set(image, 10, 10, 255)
    const clean = withoutSpecks(image)
    expect(at(clean, 3, 3)).toBe(255)
    expect(at(clean, 10, 10)).toBe(0)
  })

  it('keeps a period of two by two pixels, a one-pixel stroke and the page edge', () => {
    const image = white(20, 20)
    for (const [x, y] of [
      [4, 4],
      [5, 4],
      [4, 5],
      [5, 5],
    ] as const)
      set(image, x, y, 0)
    for (let y = 2; y < 18; y++) set(image, 12, y, 0)
    set(image, 0, 9, 0)
    const clean = withoutSpecks(image)
    expect(at(clean, 4, 4)).toBe(0)
    expect(at(clean, 5, 5)).toBe(0)
    for (let y = 2; y < 18; y++) expect(at(clean, 12, y)).toBe(0)
    expect(at(clean, 0, 9)).toBe(0)
  })
})

describe('doubled', () => {
  it('is twice the size, keeps flat areas and smooths an edge', () => {
    const image = white(4, 2)
    set(image, 0, 0, 0)
    set(image, 1, 0, 0)
    set(image, 0, 1, 0)
    set(image, 1, 1, 0)
    const big = doubled(image)
    expect([big.width, big.height]).toEqual([8, 4])
    expect(at(big, 0, 0)).toBe(0)
    expect(at(big, 7, 3)).toBe(255)
    // Across the edge between x = 1 and x = 2 of the original: grey in between.
    expect(at(big, 3, 1)).toBeGreaterThan(0)
    expect(at(big, 3, 1)).toBeLessThan(255)
  })
})

/** A page of 40 letter-sized marks `height` pixels high, in rows, and one speck. */
function letters(width: number, height: number, markHeight: number): GreyImage {
  const page = white(width, height)
  for (let i = 0; i < 40; i++) {
    const left = 40 + (i % 10) * markHeight * 2
    const top = 40 + Math.floor(i / 10) * markHeight * 3
    for (let y = top; y < top + markHeight; y++)
      for (let x = left; x < left + Math.ceil(markHeight * 0.6); x++) set(page, x, y, 0)
  }
  set(page, width - 20, height - 20, 0)
  return page
}

describe('markHeight', () => {
  it('is the median height of the marks, specks and page-high rules not counted', () => {
    const page = letters(827, 1169, 10)
    for (let y = 0; y < 1169; y++) set(page, 5, y, 0)
    expect(markHeight(page)).toBe(10)
    expect(markHeight(white(100, 100))).toBeNull()
  })
})

describe('preparedBilevel', () => {
  it('cleans and doubles a black-and-white page of small letters, a fax of 100 dpi', () => {
    const page = letters(827, 1169, 10)
    expect(isBilevel(page)).toBe(true)
    const { image, factor } = preparedBilevel(page)
    expect(factor).toBe(2)
    expect([image.width, image.height]).toEqual([1654, 2338])
    // The speck is gone; a letter is still there.
    expect(at(image, 2 * (827 - 20), 2 * (1169 - 20))).toBe(255)
    expect(at(image, 2 * 42, 2 * 42)).toBe(0)
  })

  it('leaves a black-and-white page of large letters, and a greyscale page, as they are', () => {
    const receipt = letters(576, 1400, 24)
    expect(preparedBilevel(receipt)).toEqual({ image: receipt, factor: 1 })
    const grey = letters(827, 1169, 10)
    grey.data.fill(250, 0, 5000)
    expect(isBilevel(grey)).toBe(false)
    expect(preparedBilevel(grey)).toEqual({ image: grey, factor: 1 })
  })
})
