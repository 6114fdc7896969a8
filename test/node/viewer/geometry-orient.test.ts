// The viewer's box mapping against the OCR reader's own turning of page images (document-reader/orient.ts):
// a box read on a turned image must land on the same ink in the page as the viewer shows it.
import { describe, expect, it } from 'vitest'
import { rotateQuarter, type GreyImage } from '../../../document-reader/orient.ts'
import { mapOcrRect, turnedSize, type OcrRect } from '../../../renderer/src/ui/document-viewer/geometry.ts'

/** A white image with one black rectangle. */
function imageWithInk(
  width: number,
  height: number,
  ink: { left: number; top: number; width: number; height: number },
): GreyImage {
  const data = new Uint8Array(width * height).fill(255)
  for (let y = ink.top; y < ink.top + ink.height; y++)
    for (let x = ink.left; x < ink.left + ink.width; x++) data[y * width + x] = 0
  return { width, height, data }
}

/** The bounding box of the black pixels. */
function inkBox(image: GreyImage) {
  let left = Infinity
  let top = Infinity
  let right = -1
  let bottom = -1
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      if (image.data[y * image.width + x] === 0) {
        left = Math.min(left, x)
        top = Math.min(top, y)
        right = Math.max(right, x)
        bottom = Math.max(bottom, y)
      }
  return { left, top, width: right - left + 1, height: bottom - top + 1 }
}

/** Rounded to a millionth of a pixel: the mapping works in fractions of the page. */
function round(r: { left: number; top: number; width: number; height: number }) {
  const n = (v: number) => Math.round(v * 1e6) / 1e6
  return { left: n(r.left), top: n(r.top), width: n(r.width), height: n(r.height) }
}

describe('OCR boxes of turned pages', () => {
  it('agrees with how the OCR reader turns page images, for every turn of the reader and of the view', () => {
    const page = imageWithInk(60, 40, { left: 7, top: 5, width: 13, height: 4 })
    for (const readerQuarters of [0, 1, 2, 3]) {
      const readImage = rotateQuarter(page, readerQuarters)
      const read = inkBox(readImage)
      const rect: OcrRect = {
        ...read,
        imageWidth: readImage.width,
        imageHeight: readImage.height,
        imageRotation: readerQuarters * 90,
      }
      for (const viewQuarters of [0, 1, 2, 3]) {
        const shownImage = rotateQuarter(page, viewQuarters)
        const shown = turnedSize(page, viewQuarters * 90)
        expect(shown).toEqual({ width: shownImage.width, height: shownImage.height })
        expect(
          round(mapOcrRect(rect, shown, viewQuarters * 90)),
          `reader ${readerQuarters}, view ${viewQuarters}`,
        ).toEqual(inkBox(shownImage))
      }
    }
  })
})
