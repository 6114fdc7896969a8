// A text family photographed with a phone or sent by fax, with the harder corpus's degradations (../hard.ts),
// or laid on a flatbed scanner (`flatbedScanned`). The values are the layout's own; only the pixels differ.
// The degradations keep only the first page, so the base document is the first one from `seed` on (in steps
// that never meet another document's seed) whose invoice fits a page.
import { createCanvas } from '@napi-rs/canvas'
import { PDFDocument } from 'pdf-lib'
import { fax, phonePhoto } from '../hard.ts'
import { int, pick, rng, type Rand } from '../generate.ts'
import { openPdf, renderPageCanvas } from '../../pdf.ts'
import type { CorpusDocument } from './facts.ts'

type Generate = (seed: number) => Promise<CorpusDocument>

async function onePage(generate: Generate, seed: number): Promise<CorpusDocument> {
  let base = await generate(seed)
  for (let k = 1; base.pages > 1; k++) base = await generate(seed + k * 100_003)
  return base
}

type Degrade = (
  pdf: Uint8Array,
  seed: number,
) => Promise<{ bytes: Uint8Array; format: CorpusDocument['format']; how: string }>

function degraded(family: string, generate: Generate, onePageOnly: boolean, degrade: Degrade): Generate {
  return async (seed) => {
    const base = onePageOnly ? await onePage(generate, seed) : await generate(seed)
    const { bytes, format, how } = await degrade(base.bytes, seed)
    return {
      ...base,
      family,
      seed,
      format,
      bytes,
      scanned: true,
      variant: `${base.variant},${how}-${format}`,
      original: base.bytes,
    }
  }
}

/** `generate`'s documents photographed; `salt` keeps each family's degradations its own. */
export function photographed(family: string, generate: Generate, salt: number, onePageOnly = true): Generate {
  return degraded(family, generate, onePageOnly, async (pdf, seed) => ({
    ...(await phonePhoto(pdf, rng((seed + 1) * 3266489917 + salt))),
    how: 'photo',
  }))
}

/** `generate`'s documents sent by fax; `salt` keeps each family's degradations its own. */
export function faxed(family: string, generate: Generate, salt: number): Generate {
  return degraded(family, generate, true, async (pdf, seed) => ({
    ...(await fax(pdf, rng((seed + 1) * 668265263 + salt))),
    how: 'fax',
  }))
}

/** `generate`'s documents scanned on a flatbed scanner; `salt` keeps each family's degradations its own. */
export function flatbedScanned(family: string, generate: Generate, salt: number): Generate {
  return degraded(family, generate, true, async (pdf, seed) => ({
    ...(await flatbedScan(pdf, rng((seed + 1) * 2654435769 + salt))),
    how: 'scan',
  }))
}

const SCAN_DPI = 200

/**
 * An office scanner's copy of the first page: 200 dpi greyscale, the sheet a little askew on the glass
 * (0.3 to 1.2 degrees) and a little off its corner, the lid's grey where the sheet does not reach and a faint
 * shadow along its edge, the paper not quite white, the lamp a little weaker at one end, sensor noise and a
 * few specks of dust. A scan station's image-only PDF (the page lightly JPEG-compressed), a JPEG, or a PNG.
 */
export async function flatbedScan(
  pdf: Uint8Array,
  r: Rand,
): Promise<{ bytes: Uint8Array; format: 'pdf' | 'jpeg' | 'png' }> {
  const doc = await openPdf(pdf)
  let page: Awaited<ReturnType<typeof renderPageCanvas>>
  try {
    page = await renderPageCanvas(doc, 1, SCAN_DPI / 72)
  } finally {
    await doc.destroy()
  }
  const { width: W, height: H } = page
  const canvas = createCanvas(W, H)
  const ctx = canvas.getContext('2d')
  const lid = int(r, 222, 240)
  ctx.fillStyle = `rgb(${lid},${lid},${lid})`
  ctx.fillRect(0, 0, W, H)
  // The sheet: turned about its centre, pushed a few millimetres from the glass's corner.
  const degrees = (0.3 + r() * 0.9) * (r() < 0.5 ? -1 : 1)
  const dx = int(r, 0, 24)
  const dy = int(r, 0, 24)
  ctx.translate(W / 2 + dx, H / 2 + dy)
  ctx.rotate((degrees * Math.PI) / 180)
  ctx.strokeStyle = 'rgba(90,90,90,0.55)'
  ctx.lineWidth = 3
  ctx.strokeRect(-W / 2 + 2, -H / 2 + 2, W, H)
  ctx.drawImage(page.canvas, -W / 2, -H / 2)
  ctx.setTransform(1, 0, 0, 1, 0, 0)

  // Grey levels: the paper's tone, the lamp's falloff towards one end, noise, dust.
  const image = ctx.getImageData(0, 0, W, H)
  const px = image.data
  const paper = int(r, 236, 248) / 255
  const falloff = 0.03 + r() * 0.05
  const fromTop = r() < 0.5
  const sigma = 2 + r() * 3
  for (let y = 0; y < H; y++) {
    const t = fromTop ? y / H : 1 - y / H
    const lamp = 1 - falloff * t * t
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4
      const grey = 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!
      // Noise: the sum of two uniform draws, roughly normal.
      const noise = (r() + r() - 1) * sigma * 1.7
      const v = Math.max(0, Math.min(255, Math.round(grey * paper * lamp + noise)))
      px[i] = px[i + 1] = px[i + 2] = v
      px[i + 3] = 255
    }
  }
  for (let k = int(r, 4, 14); k > 0; k--) {
    const cx = int(r, 0, W - 4)
    const cy = int(r, 0, H - 4)
    const size = int(r, 1, 3)
    const v = int(r, 40, 140)
    for (let y = cy; y < cy + size; y++)
      for (let x = cx; x < cx + size; x++) {
        const i = (y * W + x) * 4
        px[i] = px[i + 1] = px[i + 2] = v
      }
  }
  ctx.putImageData(image, 0, 0)

  const format = pick(r, ['pdf', 'pdf', 'jpeg', 'jpeg', 'png'] as const)
  if (format === 'png') return { bytes: new Uint8Array(await canvas.encode('png')), format }
  const jpeg = await canvas.encode('jpeg', int(r, 82, 92))
  if (format === 'jpeg') return { bytes: new Uint8Array(jpeg), format }
  const out = await PDFDocument.create()
  out.setCreator('Scan station')
  out.setCreationDate(new Date('2026-01-01T00:00:00Z'))
  out.setModificationDate(new Date('2026-01-01T00:00:00Z'))
  const sheet = out.addPage([(W * 72) / SCAN_DPI, (H * 72) / SCAN_DPI])
  sheet.drawImage(await out.embedJpg(jpeg), {
    x: 0,
    y: 0,
    width: sheet.getWidth(),
    height: sheet.getHeight(),
  })
  return { bytes: await out.save({ useObjectStreams: false }), format }
}
