// PDF access through pdf.js (legacy build, the one that runs in Node): the text layer as words with boxes,
// and page rendering with @napi-rs/canvas for pages that carry no text.
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Canvas } from '@napi-rs/canvas'
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { rgbaToPgm } from './image.ts'
import type { OcrWord } from '../common/ocr.ts'

const require = createRequire(import.meta.url)
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'))
// Fonts and CMaps come from the installed package: nothing is fetched at run time.
// In Node pdf.js reads them with fs.readFile, so these are folder paths (with the trailing separator).
const standardFontDataUrl = path.join(pdfjsRoot, 'standard_fonts') + path.sep
const cMapUrl = path.join(pdfjsRoot, 'cmaps') + path.sep

/** Page images (and so word coordinates) are expressed at this resolution. */
export const RENDER_DPI = 200
export const RENDER_SCALE = RENDER_DPI / 72

/**
 * Built-ins whose native methods pdf.js's legacy build replaces, process-wide, with core-js versions when it
 * loads (measured on Node 20: Array.prototype.push, JSON.parse, JSON.stringify, Function.prototype.toString).
 * The replacements are several times slower and would slow every request of the thread that loaded pdf.js
 * (the demo seed renders its PDFs on the server's thread), pdf.js's worker included. What existed before the import is put back;
 * what Node lacks (Promise.withResolvers, Iterator helpers...) stays, as pdf.js needs it.
 */
const guarded: readonly object[] = [
  Object,
  Array.prototype,
  JSON,
  Function.prototype,
  String.prototype,
  Number,
  Math,
  Reflect,
  RegExp.prototype,
  Promise.prototype,
  Map.prototype,
  Set.prototype,
]

async function loadPdfjs(): Promise<typeof Pdfjs> {
  const natives = guarded.map((target) => Object.getOwnPropertyDescriptors(target))
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  // In Node pdf.js runs its worker on this thread, importing it at the first document (and its polyfills
  // with it); loaded here, inside the guard, and handed over as pdf.js looks for it (`globalThis.pdfjsWorker`).
  const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
  ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker
  guarded.forEach((target, i) => {
    for (const key of Reflect.ownKeys(natives[i]!)) {
      const before = (natives[i] as Record<PropertyKey, PropertyDescriptor>)[key]!
      const now = Object.getOwnPropertyDescriptor(target, key)
      if (typeof before.value === 'function' && now && now.value !== before.value && now.configurable)
        Object.defineProperty(target, key, before)
    }
  })
  return pdfjs
}
let pdfjsLoaded: ReturnType<typeof loadPdfjs> | undefined

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // Loaded with the first document, not with the platform: pdf.js is large (see reader-host.ts).
  const { getDocument } = await (pdfjsLoaded ??= loadPdfjs())
  // pdf.js transfers the buffer it is given; a copy keeps the caller's bytes intact.
  const data = new Uint8Array(bytes)
  return getDocument({
    data,
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise
}

export interface TextLayerPage {
  ImageWidth: number
  ImageHeight: number
  Words: Omit<OcrWord, 'Id' | 'PageNo'>[]
  charCount: number
  /** Degrees clockwise the words' frame is turned from the page as displayed with its own /Rotate. */
  Rotation: number
}

interface TextItemLike {
  str: string
  transform: number[]
  width: number
  height: number
}

/** Words of a page's text layer, boxes in pixels of the page rendered at RENDER_SCALE. */
export async function textLayerWords(doc: PDFDocumentProxy, pageNo: number): Promise<TextLayerPage> {
  const page = await doc.getPage(pageNo)
  const content = await page.getTextContent()
  const rotation = uprightRotation(page, content.items)
  const viewport = page.getViewport({ scale: RENDER_SCALE, rotation })
  const words: TextLayerPage['Words'] = []
  let charCount = 0
  for (const raw of content.items) {
    if (!('str' in raw)) continue
    const item = raw as TextItemLike
    if (!item.str.trim()) continue
    charCount += item.str.replace(/\s/g, '').length
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number]
    const fontSize = Math.hypot(c, d) || Math.hypot(a, b) || item.height
    const [x0, y0] = viewport.convertToViewportPoint(e, f) as [number, number]
    const [x1] = viewport.convertToViewportPoint(e + item.width, f) as [number, number]
    const scale = viewport.scale
    const fontPx = fontSize * scale
    // Baseline to top of capitals is about 0.8 em; descenders take the remaining 0.2.
    const top = y0 - fontPx * 0.8
    const itemWidth = x1 - x0
    // The layer gives one box per text run; its words share the run's width in proportion to their length.
    const str = item.str
    const total = str.length
    const re = /\S+/g
    let m: RegExpExecArray | null
    while ((m = re.exec(str))) {
      const left = x0 + (itemWidth * m.index) / total
      const width = (itemWidth * m[0].length) / total
      words.push({
        Text: m[0],
        Left: Math.round(left),
        Top: Math.round(top),
        Width: Math.max(1, Math.round(width)),
        Height: Math.max(1, Math.round(fontPx)),
      })
    }
  }
  page.cleanup()
  return {
    ImageWidth: Math.round(viewport.width),
    ImageHeight: Math.round(viewport.height),
    Words: words,
    charCount,
    Rotation: (rotation - page.rotate + 360) % 360,
  }
}

/**
 * The page rotation (0, 90, 180, 270) under which most of its text runs left to right: the page's own
 * `/Rotate` unless its text says otherwise (a page turned by its producer or scanner, fixed the wrong way).
 */
function uprightRotation(page: PDFPageProxy, items: readonly unknown[]): number {
  const own = page.rotate
  const tally = new Map<number, number>()
  for (const rotation of [own, (own + 90) % 360, (own + 180) % 360, (own + 270) % 360]) {
    const [a, b, c, d] = page.getViewport({ scale: 1, rotation }).transform as number[]
    let upright = 0
    for (const raw of items) {
      const item = raw as Partial<TextItemLike>
      if (!item.transform || !item.str?.trim()) continue
      const [ta, tb] = item.transform as [number, number]
      const dx = a! * ta + c! * tb
      const dy = b! * ta + d! * tb
      if (dx > 0 && Math.abs(dy) < dx * 0.1) upright += item.str.length
    }
    tally.set(rotation, upright)
  }
  let best = own
  for (const [rotation, count] of tally) if (count > tally.get(best)!) best = rotation
  return best
}

/** Renders a page at the given scale (white background): PNG, or 8-bit greyscale PGM for Tesseract. */
export async function renderPage(
  doc: PDFDocumentProxy,
  pageNo: number,
  scale = RENDER_SCALE,
  format: 'png' | 'pgm' = 'png',
): Promise<{ image: Buffer; width: number; height: number }> {
  const { canvas, width, height } = await renderPageCanvas(doc, pageNo, scale)
  if (format === 'png') return { image: await canvas.encode('png'), width, height }
  const ctx = canvas.getContext('2d')
  return { image: rgbaToPgm(ctx.getImageData(0, 0, width, height).data, width, height), width, height }
}

/** Renders a page at the given scale on a white canvas (for drawing it on, without encoding it first). */
export async function renderPageCanvas(
  doc: PDFDocumentProxy,
  pageNo: number,
  scale = RENDER_SCALE,
): Promise<{ canvas: Canvas; width: number; height: number }> {
  const { createCanvas } = await import('@napi-rs/canvas')
  const page = await doc.getPage(pageNo)
  const viewport = page.getViewport({ scale })
  const width = Math.round(viewport.width)
  const height = Math.round(viewport.height)
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  // pdf.js types its parameters with the DOM's canvas; @napi-rs/canvas implements the same 2D context.
  type RenderParameters = Parameters<typeof page.render>[0]
  await page.render({
    canvas: canvas as unknown as RenderParameters['canvas'],
    canvasContext: ctx as unknown as RenderParameters['canvasContext'],
    viewport,
    background: '#ffffff',
  }).promise
  page.cleanup()
  return { canvas, width, height }
}
