// A photo stored sideways with its camera's orientation tag is decoded upright (decodeImage: the image
// decoder applies the EXIF orientation before the page is read). The JPEG is made here: a page with a dark
// block at its top left, stored turned as a camera held sideways stores it, with an EXIF block that says how
// to turn it back.
import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { readsBetter } from './index.ts'
import { decodeImage, rotateQuarter, type GreyImage } from './orient.ts'
import type { ReadWord } from './tesseract.ts'

/** A minimal EXIF APP1 segment (little- or big-endian TIFF) holding only the orientation tag. */
function exifSegment(orientation: number, little: boolean): Uint8Array {
  const tiff = new DataView(new ArrayBuffer(26))
  tiff.setUint16(0, little ? 0x4949 : 0x4d4d)
  tiff.setUint16(2, 42, little)
  tiff.setUint32(4, 8, little)
  tiff.setUint16(8, 1, little)
  tiff.setUint16(10, 0x0112, little)
  tiff.setUint16(12, 3, little)
  tiff.setUint32(14, 1, little)
  tiff.setUint16(18, orientation, little)
  tiff.setUint32(22, 0, little)
  const body = new Uint8Array([...Buffer.from('Exif\0\0', 'binary'), ...new Uint8Array(tiff.buffer)])
  const head = new Uint8Array([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff])
  return new Uint8Array([...head, ...body])
}

/** A JPEG of a grey image with an orientation tag after its start marker. */
function jpegWith(image: GreyImage, orientation: number | null, little = true): Uint8Array {
  const canvas = createCanvas(image.width, image.height)
  const ctx = canvas.getContext('2d')
  const pixels = ctx.createImageData(image.width, image.height)
  for (let i = 0; i < image.data.length; i++) {
    pixels.data.set([image.data[i]!, image.data[i]!, image.data[i]!, 255], i * 4)
  }
  ctx.putImageData(pixels, 0, 0)
  const jpeg = new Uint8Array(canvas.encodeSync('jpeg', 95))
  if (orientation === null) return jpeg
  return new Uint8Array([...jpeg.subarray(0, 2), ...exifSegment(orientation, little), ...jpeg.subarray(2)])
}

/** A portrait page, white with a dark block at its top left. */
function page(): GreyImage {
  const width = 120
  const height = 200
  const data = new Uint8Array(width * height).fill(255)
  for (let y = 10; y < 50; y++) for (let x = 10; x < 60; x++) data[y * width + x] = 0
  return { width, height, data }
}

/** The mean grey of the image's top-left corner box. */
const topLeft = (image: GreyImage) => {
  let sum = 0
  for (let y = 15; y < 45; y++) for (let x = 15; x < 45; x++) sum += image.data[y * image.width + x]!
  return sum / 900
}

describe('EXIF orientation', () => {
  it.each([
    [6, 3],
    [8, 1],
    [3, 2],
  ])('decodes a photo stored with orientation %i upright', async (orientation, storedQuarters) => {
    // The camera stores the page turned; the tag says how to turn it back.
    const stored = rotateQuarter(page(), storedQuarters)
    const upright = await decodeImage(jpegWith(stored, orientation, orientation !== 8))
    expect([upright.width, upright.height]).toEqual([120, 200])
    expect(topLeft(upright)).toBeLessThan(60)
    // Without the tag the same pixels are not upright.
    const asStored = await decodeImage(jpegWith(stored, null))
    expect(topLeft(asStored)).toBeGreaterThan(200)
  })
})

describe('which way round a page reads better', () => {
  const reading = (texts: string[], confidence: number): ReadWord[] =>
    texts.map((Text, i) => ({
      Text,
      Left: 10,
      Top: 10 + 30 * i,
      Width: 80,
      Height: 20,
      Confidence: confidence,
    }))
  // A day pass of capitals and a dollar amount, read upright: no label, every word sure.
  const upright = reading(
    [
      'DAY',
      'PASS',
      'VALID',
      'FOR',
      'JUL',
      'ZONE',
      'ZONE',
      'San',
      'Francisco',
      '187231051',
      'jpb031',
      '916028',
      '$7.50',
    ],
    90,
  )

  it('keeps the reading of many sure words over specks read upside down that hold a vocabulary word', () => {
    // The same ticket turned: scraps Tesseract doubts, six of them sure, one a label by chance (`AVd`, as `avd.`).
    const specks = [
      ...reading(['SSVd', 'AVd', 'ues', "O05'/$", '820916', 'LE09dl'], 80),
      ...reading(['8)', 'QA'], 20),
    ]
    expect(readsBetter(specks, upright)).toBe(false)
    expect(readsBetter(upright, specks)).toBe(false)
  })

  it('takes more vocabulary read with words as sure, and as much vocabulary with far more words read sure', () => {
    const invoice = reading(
      ['Faktura', 'Fakturanr', '2024-118', 'Forfallsdato', 'Total', '1.250,00', 'MVA'],
      85,
    )
    expect(readsBetter(invoice, upright)).toBe(true)
    expect(readsBetter(upright, reading(['SSVd', 'ues', 'QAS'], 85))).toBe(true)
    // As much vocabulary (none) and not more than twice the sure words: not better.
    expect(readsBetter(upright, reading(['SSVd', 'ues', 'O05', 'QAS', 'ZNOZ', 'IUBLJ'], 85))).toBe(false)
  })
})
