// PDF access through pdf.js (legacy build, the one that runs in Node): the text layer as words with boxes,
// and page rendering with @napi-rs/canvas for pages that carry no text.
import { readFile } from 'node:fs/promises'
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

/**
 * The standard fonts' and CMaps' files as pdf.js asks for them (its `BinaryDataFactory`): read from the
 * installed package once per thread and kept, where pdf.js's own Node factory reads the file again for every
 * document (pdf.js caches them per document only). The files never change while the app runs.
 */
const binaryData = new Map<string, Promise<Uint8Array>>()
class KeptBinaryDataFactory {
  constructor(private readonly urls: { cMapUrl?: string | null; standardFontDataUrl?: string | null }) {}
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const base =
      kind === 'cMapUrl'
        ? this.urls.cMapUrl
        : kind === 'standardFontDataUrl'
          ? this.urls.standardFontDataUrl
          : null
    if (!base) throw new Error(`No ${kind} to load ${filename} from`)
    const file = `${base}${filename}`
    let kept = binaryData.get(file)
    if (!kept) {
      kept = readFile(file).then((data) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
      binaryData.set(file, kept)
      kept.catch(() => binaryData.delete(file))
    }
    // pdf.js may transfer what it is given: a copy keeps the kept bytes whole.
    return (await kept).slice()
  }
}

/** Documents opened for their text only (openPdf's `textOnly`): never drawn. */
const textOnlyDocs = new WeakSet<PDFDocumentProxy>()

export interface OpenPdfOptions {
  /**
   * For its text layers only: the standard 14 fonts' programs (Helvetica, Times... not embedded) are not
   * loaded and converted, which is most of what reading a digital invoice's text costs. Their widths come
   * from pdf.js's built-in metrics and their characters from the PDF's encoding either way, so the words and
   * boxes are the same. Such a document is not drawn (renderPage refuses it): without those programs pdf.js
   * would draw their text in whatever font the system offers.
   */
  textOnly?: boolean
}

export async function openPdf(bytes: Uint8Array, opts: OpenPdfOptions = {}): Promise<PDFDocumentProxy> {
  // Loaded with the first document, not with the platform: pdf.js is large (see reader-host.ts).
  const { getDocument } = await (pdfjsLoaded ??= loadPdfjs())
  // pdf.js transfers the buffer it is given; a copy keeps the caller's bytes intact.
  const data = new Uint8Array(bytes)
  const doc = await getDocument({
    data,
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    BinaryDataFactory: KeptBinaryDataFactory,
    isEvalSupported: false,
    // pdf.js's name for "do not load the standard fonts' programs" (fetchStandardFontData): in Node there
    // are no system fonts to use instead, so only text reading asks for it.
    useSystemFonts: opts.textOnly === true,
    verbosity: 0,
  }).promise
  if (opts.textOnly) textOnlyDocs.add(doc)
  return doc
}

/**
 * The day a PDF says it was made: its Info dictionary's CreationDate (`D:20211211083828+01'00'`), as
 * `yyyy-mm-dd`. Null without one, or with one no clock that was ever set gives: a scanner whose clock was never
 * set stamps its epoch (1970, 1980, 2000), and no file is made in the future.
 */
export async function madeOn(doc: PDFDocumentProxy): Promise<string | null> {
  let created: unknown
  try {
    created = ((await doc.getMetadata()).info as Record<string, unknown> | undefined)?.CreationDate
  } catch {
    return null
  }
  const m = /^(?:D:)?(\d{4})(\d{2})(\d{2})/.exec(typeof created === 'string' ? created : '')
  if (!m) return null
  const day = `${m[1]}-${m[2]}-${m[3]}`
  const at = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day) return null
  return at >= Date.parse('2005-01-01T00:00:00Z') && at <= Date.now() + 86_400_000 ? day : null
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
  if (textOnlyDocs.has(doc)) throw new Error('A PDF opened for its text only is not drawn')
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

const IMAGE_MARK = /\/Subtype\s*\/Image\b/g
/** A full-page scan at the lowest resolution a scanner offers (100 dpi, A7) has more pixels than this. */
const SCAN_MIN_PIXELS = 250_000

/**
 * Whether a PDF may hold a scanned page: one of its image XObjects is page-sized in pixels. Image dictionaries
 * are never compressed (a stream is never inside an object stream), so the bytes tell without parsing; a PDF
 * without such an image (most digital invoices: text and a logo) keeps the fast text-layer path untouched.
 */
export function mayHoldPageScan(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  IMAGE_MARK.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = IMAGE_MARK.exec(text))) {
    // The image's own dictionary: from its last `<<` before the mark to the first `stream` after it.
    const start = text.lastIndexOf('<<', m.index)
    const end = text.indexOf('stream', m.index)
    if (start < 0 || end < 0 || end - start > 4096) continue
    const dict = text.slice(start, end)
    const width = /\/Width\s+(\d+)/.exec(dict)
    const height = /\/Height\s+(\d+)/.exec(dict)
    if (width && height && Number(width[1]) * Number(height[1]) >= SCAN_MIN_PIXELS) return true
  }
  return false
}

type Matrix = [number, number, number, number, number, number]
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
]

/** Text render modes that paint nothing (PDF 32000 9.3.6): 3 invisible, 7 clip only. */
const INVISIBLE_MODES = new Set([3, 7])
/** Share of the page's text drawn invisibly, and of its area covered by one image, for a scanner's layer. */
const SCANNER_LAYER_INVISIBLE = 0.9
const SCANNER_LAYER_COVER = 0.5

/** What a page draws, as far as telling a scan apart needs: its text shows and the images it paints. */
interface PageDrawing {
  /** Text-show operations, and how many of them were drawn in an invisible render mode. */
  shown: number
  invisible: number
  /** Each painted image: the share of the page's area it covers and, for an image XObject, its pixels per point. */
  images: { cover: number; scale: number | null }[]
}

/**
 * Walks a page's pdf.js operator list (what a render would draw), keeping the transformation matrix through
 * save/restore, `cm` and form XObjects, and the text render mode.
 */
async function pageDrawing(doc: PDFDocumentProxy, pageNo: number): Promise<PageDrawing> {
  const { OPS } = await (pdfjsLoaded ??= loadPdfjs())
  const page = await doc.getPage(pageNo)
  try {
    const list = await page.getOperatorList()
    const [x0, y0, x1, y1] = page.view as [number, number, number, number]
    const pageArea = Math.abs((x1 - x0) * (y1 - y0)) || 1
    const shows = new Set<number>([
      OPS.showText,
      OPS.showSpacedText,
      OPS.nextLineShowText,
      OPS.nextLineSetSpacingShowText,
    ])
    let state = { ctm: [1, 0, 0, 1, 0, 0] as Matrix, mode: 0 }
    const stack: (typeof state)[] = []
    const drawing: PageDrawing = { shown: 0, invisible: 0, images: [] }
    for (let i = 0; i < list.fnArray.length; i++) {
      const fn = list.fnArray[i]!
      const args = list.argsArray[i] as unknown[] | null
      if (fn === OPS.save || fn === OPS.paintFormXObjectBegin) {
        stack.push(state)
        state = { ...state }
        const matrix = fn === OPS.paintFormXObjectBegin ? (args?.[0] as Matrix | null) : null
        if (matrix?.length === 6) state.ctm = multiply(state.ctm, matrix)
      } else if (fn === OPS.restore || fn === OPS.paintFormXObjectEnd) state = stack.pop() ?? state
      else if (fn === OPS.transform && args?.length === 6) state.ctm = multiply(state.ctm, args as Matrix)
      else if (fn === OPS.setTextRenderingMode) state.mode = Number(args?.[0] ?? 0)
      else if (shows.has(fn)) {
        drawing.shown++
        if (INVISIBLE_MODES.has(state.mode)) drawing.invisible++
      } else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
        // An image is drawn into the unit square; the matrix's determinant is its area on the page, and its
        // first column's length the points its width spans.
        const [a, b, c, d] = state.ctm
        const pixels = fn === OPS.paintImageXObject ? Number(args?.[1]) : 0
        const drawn = Math.hypot(a, b)
        drawing.images.push({
          cover: Math.abs(a * d - b * c) / pageArea,
          scale: pixels > 0 && drawn > 0 ? pixels / drawn : null,
        })
      }
    }
    return drawing
  } finally {
    page.cleanup()
  }
}

/**
 * Whether a page's text layer is a scanner's OCR rather than a digital document's text: the page is an image
 * covering most of it, and its text is drawn invisibly (render mode 3) under that image, so that it can be
 * searched and selected. Such text is the scanner's guess at the image, often poor (receipts, hotel bills);
 * the reader reads the page as the scan it is.
 */
export async function isScannerTextLayer(doc: PDFDocumentProxy, pageNo: number): Promise<boolean> {
  const { shown, invisible, images } = await pageDrawing(doc, pageNo)
  const cover = Math.max(0, ...images.map((image) => image.cover))
  return shown > 0 && invisible / shown >= SCANNER_LAYER_INVISIBLE && cover >= SCANNER_LAYER_COVER
}

/**
 * The resolution, in pixels per PDF point, of the image that covers most of the page (a scan), as the page
 * draws it; null for a page without such an image. Drawn at this scale, the scan's pixels are the page's.
 */
export async function pageScanScale(doc: PDFDocumentProxy, pageNo: number): Promise<number | null> {
  let best: { cover: number; scale: number } | null = null
  for (const { cover, scale } of (await pageDrawing(doc, pageNo)).images)
    if (cover >= SCANNER_LAYER_COVER && scale !== null && (!best || cover > best.cover))
      best = { cover, scale }
  return best?.scale ?? null
}
