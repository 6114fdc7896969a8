// Image-only variants of generated invoices, as a scanner delivers them: the page rendered at 150-300 dpi,
// turned by up to 1.5 degrees, with speckle noise, embedded as an image in a PDF without a text layer.
import { deflateSync } from 'node:zlib'
import { createCanvas } from '@napi-rs/canvas'
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  type PDFPage,
} from 'pdf-lib'
import { openPdf, renderPageCanvas } from '../pdf.ts'
import { rng } from './rng.ts'

export interface ScanOptions {
  dpi?: number
  /** Degrees, positive turns clockwise. */
  rotation?: number
  /** Specks per million pixels. */
  noise?: number
  format?: 'png' | 'jpeg'
}

/** The scan parameters a seed picks within the corpus ranges (150-300 dpi, ±1.5°, light to moderate noise). */
export function scanOptionsFor(seed: number): Required<ScanOptions> {
  const r = rng(seed * 7919 + 17)
  return {
    dpi: [150, 200, 240, 300][Math.floor(r() * 4)]!,
    rotation: Math.round((r() * 3 - 1.5) * 100) / 100,
    noise: Math.floor(r() * 300),
    format: r() < 0.6 ? 'jpeg' : 'png',
  }
}

export async function scanVariant(
  pdf: Uint8Array,
  seed: number,
  opts: ScanOptions = {},
): Promise<Uint8Array> {
  const o = { ...scanOptionsFor(seed), ...opts }
  const r = rng(seed * 104729 + 3)
  const doc = await openPdf(pdf)
  const page = await doc.getPage(1)
  const { width: wPt, height: hPt } = page.getViewport({ scale: 1 })
  // The rendered page is drawn turned onto the scan directly (its pixels, without a PNG between).
  const rendered = await renderPageCanvas(doc, 1, o.dpi / 72)
  await doc.destroy()
  const image = rendered.canvas
  const canvas = createCanvas(rendered.width, rendered.height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, rendered.width, rendered.height)
  ctx.translate(rendered.width / 2, rendered.height / 2)
  ctx.rotate((o.rotation * Math.PI) / 180)
  ctx.drawImage(image, -rendered.width / 2, -rendered.height / 2)
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  const specks = Math.round((o.noise * rendered.width * rendered.height) / 1e6)
  for (let i = 0; i < specks; i++) {
    const shade = Math.floor(r() * 160)
    ctx.fillStyle = `rgb(${shade},${shade},${shade})`
    const size = 1 + Math.floor(r() * 2 * (o.dpi / 150))
    ctx.fillRect(Math.floor(r() * rendered.width), Math.floor(r() * rendered.height), size, size)
  }
  const out = await PDFDocument.create()
  out.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  out.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const target = out.addPage([wPt, hPt])
  if (o.format === 'jpeg') {
    const embedded = await out.embedJpg(await canvas.encode('jpeg', 82))
    target.drawImage(embedded, { x: 0, y: 0, width: wPt, height: hPt })
  } else {
    const { data } = ctx.getImageData(0, 0, rendered.width, rendered.height)
    drawLosslessImage(out, target, data, rendered.width, rendered.height)
  }
  return out.save({ useObjectStreams: false })
}

/**
 * Places opaque RGBA pixels on the whole page as a lossless image (RGB, Flate), the pixels a PNG of the canvas
 * holds. pdf-lib's PNG embedding would decode that PNG and compress it again in JavaScript, about 0.7 s of
 * CPU for an A4 page at 200 dpi; Node's zlib compresses the pixels directly in a small part of that.
 */
function drawLosslessImage(
  doc: PDFDocument,
  page: PDFPage,
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
): void {
  const rgb = Buffer.allocUnsafe(width * height * 3)
  for (let p = 0, q = 0; p < rgba.length; p += 4, q += 3) {
    rgb[q] = rgba[p]!
    rgb[q + 1] = rgba[p + 1]!
    rgb[q + 2] = rgba[p + 2]!
  }
  const image = doc.context.stream(deflateSync(rgb), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: 'DeviceRGB',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
  })
  const name = page.node.newXObject('Image', doc.context.register(image))
  const { width: w, height: h } = page.getSize()
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(w, 0, 0, h, 0, 0),
    drawObject(name),
    popGraphicsState(),
  )
}
