// One line of print on white paper, as the reader's grey image: for tests that read a line with Tesseract.
import { createCanvas } from '@napi-rs/canvas'
import { decodeImage, type GreyImage } from '../../document-reader/orient.ts'

export async function printedLine(line: string, width: number): Promise<GreyImage> {
  const canvas = createCanvas(width, 90)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, width, 90)
  ctx.fillStyle = '#000'
  ctx.font = '30px sans-serif'
  ctx.fillText(line, 30, 55)
  return decodeImage(new Uint8Array(await canvas.encode('png')))
}
