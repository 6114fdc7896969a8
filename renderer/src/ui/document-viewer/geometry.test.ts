import { describe, expect, it } from 'vitest'
import { fitWidthScale, mapOcrRect, overlaps, quarterTurn, turnedSize, type OcrRect } from './geometry.ts'

/** Rounded to a millionth of a pixel: the mapping works in fractions of the page. */
function round(r: { left: number; top: number; width: number; height: number }) {
  const n = (v: number) => Math.round(v * 1e6) / 1e6
  return { left: n(r.left), top: n(r.top), width: n(r.width), height: n(r.height) }
}

describe('mapping OCR boxes onto the shown page', () => {
  const box: OcrRect = { left: 100, top: 50, width: 200, height: 20, imageWidth: 1000, imageHeight: 1400 }

  it('scales a box from image pixels to any zoom', () => {
    expect(round(mapOcrRect(box, { width: 500, height: 700 }, 0))).toEqual({
      left: 50,
      top: 25,
      width: 100,
      height: 10,
    })
    expect(round(mapOcrRect(box, { width: 2000, height: 2800 }, 0))).toEqual({
      left: 200,
      top: 100,
      width: 400,
      height: 40,
    })
  })

  it('turns a box with the page for each quarter turn', () => {
    // The page turned clockwise shows its left edge at the top: shown 1400 x 1000.
    expect(round(mapOcrRect(box, { width: 1400, height: 1000 }, 90))).toEqual({
      left: 1330,
      top: 100,
      width: 20,
      height: 200,
    })
    expect(round(mapOcrRect(box, { width: 1000, height: 1400 }, 180))).toEqual({
      left: 700,
      top: 1330,
      width: 200,
      height: 20,
    })
    expect(round(mapOcrRect(box, { width: 1400, height: 1000 }, 270))).toEqual({
      left: 50,
      top: 700,
      width: 20,
      height: 200,
    })
    expect(round(mapOcrRect(box, { width: 1400, height: 1000 }, -90))).toEqual(
      round(mapOcrRect(box, { width: 1400, height: 1000 }, 270)),
    )
  })

  it('takes back the turn the reader gave a page it read sideways', () => {
    // Read turned 90° clockwise: the reader's image is 1400 x 1000 of a 1000 x 1400 page; shown unturned,
    // the box goes back to the page's own frame, and shown turned as the reader read it, it is unchanged.
    const read: OcrRect = {
      left: 300,
      top: 100,
      width: 400,
      height: 30,
      imageWidth: 1400,
      imageHeight: 1000,
      imageRotation: 90,
    }
    // The reader's top edge was the page's left edge: its row 100..130 is the page's column 100..130, and
    // its columns 300..700 (from the page's bottom) are the page's rows 1400-700..1400-300.
    expect(round(mapOcrRect(read, { width: 1000, height: 1400 }, 0))).toEqual({
      left: 100,
      top: 700,
      width: 30,
      height: 400,
    })
    expect(round(mapOcrRect(read, { width: 1400, height: 1000 }, 90))).toEqual({
      left: 300,
      top: 100,
      width: 400,
      height: 30,
    })
  })

  it('refuses a box without its image size', () => {
    expect(() => mapOcrRect({ ...box, imageWidth: 0 }, { width: 10, height: 10 }, 0)).toThrow(/ImageWidth/)
  })
})

describe('page sizes and zoom', () => {
  it('rounds any angle to a quarter turn', () => {
    expect([0, 90, 180, 270, 360, -90, 450, 89].map(quarterTurn)).toEqual([0, 90, 180, 270, 0, 270, 90, 90])
  })

  it('swaps width and height of a page turned a quarter, and fits its width', () => {
    const a4 = { width: 595, height: 842 }
    expect(turnedSize(a4, 90, 2)).toEqual({ width: 1684, height: 1190 })
    expect(turnedSize(a4, 180)).toEqual(a4)
    expect(fitWidthScale(a4, 0, 1190)).toBe(2)
    expect(fitWidthScale(a4, 90, 842)).toBe(1)
  })

  it('tells overlapping rectangles from neighbours', () => {
    const a = { left: 0, top: 0, width: 10, height: 10 }
    expect(overlaps(a, { left: 9, top: 9, width: 5, height: 5 })).toBe(true)
    expect(overlaps(a, { left: 10, top: 0, width: 5, height: 5 })).toBe(false)
  })
})
