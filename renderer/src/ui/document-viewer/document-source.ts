// A document as the viewer shows it: its pages' sizes, drawing one page onto a canvas at a zoom and a
// rotation, and ending it. PDFs go through pdf.js; PNG and JPEG through the browser's image decoder; TIFF
// (every page) through utif2. The viewer treats them the same. An XML invoice (EHF, PEPPOL BIS, CII) has no
// pages: it is read with common/einvoice (pure TypeScript, bundled with the app, so the CSP is not touched)
// and shown as a readable invoice.
import UTIF from 'utif2'
import { isEInvoiceXml, parseEInvoice, type EInvoice } from '@common/einvoice/index'
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist'
import { pdfjsLib } from './pdfjs.ts'
import { quarterTurn, turnedSize } from './geometry.ts'

export interface PageSize {
  /** CSS pixels at zoom 1, with the page's own /Rotate applied. */
  width: number
  height: number
}

export interface ViewerDocument {
  readonly kind: 'pdf' | 'image' | 'structured'
  readonly pages: PageSize[]
  /** The invoice of an XML document (kind `structured`, no pages). */
  readonly invoice?: EInvoice
  /** Draws page `index` (0-based) onto the canvas; the promise settles when it is drawn or cancelled. */
  render(index: number, canvas: HTMLCanvasElement, scale: number, rotation: number): Promise<void>
  /** Frees everything the document holds (pdf.js document and worker state, decoded bitmaps). */
  destroy(): Promise<void>
}

export class DocumentError extends Error {
  constructor(
    readonly code: 'unsupported-type' | 'unreadable-document',
    message: string,
  ) {
    super(message)
    this.name = 'DocumentError'
  }
}

type Kind = 'pdf' | 'png' | 'jpeg' | 'tiff'

/** The kind from the first bytes (a cached file's content type can be generic), else from the content type. */
export function documentKind(head: Uint8Array, contentType = ''): Kind | null {
  const b = head
  if (b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46) return 'pdf'
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png'
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a) || (b[0] === 0x4d && b[1] === 0x4d && b[3] === 0x2a))
    return 'tiff'
  const type = contentType.toLowerCase()
  if (type.includes('pdf')) return 'pdf'
  if (type.includes('png')) return 'png'
  if (type.includes('jpeg') || type.includes('jpg')) return 'jpeg'
  if (type.includes('tiff')) return 'tiff'
  return null
}

async function bytesOf(source: Blob | Uint8Array): Promise<Uint8Array> {
  return source instanceof Uint8Array ? source : new Uint8Array(await source.arrayBuffer())
}

export async function openDocument(source: Blob | Uint8Array, contentType = ''): Promise<ViewerDocument> {
  const bytes = await bytesOf(source)
  const kind = documentKind(bytes.subarray(0, 8), contentType || (source instanceof Blob ? source.type : ''))
  if (!kind && isEInvoiceXml(bytes)) return openStructured(bytes)
  if (!kind) throw new DocumentError('unsupported-type', 'The file is not a PDF, PNG, JPEG or TIFF document')
  try {
    if (kind === 'pdf') return await openPdf(bytes)
    if (kind === 'tiff') return await openTiff(bytes)
    return await openBitmaps([await createImageBitmap(new Blob([bytes as BlobPart]))])
  } catch (error) {
    if (error instanceof DocumentError) throw error
    throw new DocumentError('unreadable-document', `The document cannot be read: ${(error as Error).message}`)
  }
}

function openStructured(bytes: Uint8Array): ViewerDocument {
  let invoice: EInvoice
  try {
    invoice = parseEInvoice(bytes)
  } catch (error) {
    throw new DocumentError(
      'unreadable-document',
      `The XML invoice cannot be read: ${(error as Error).message}`,
    )
  }
  return { kind: 'structured', pages: [], invoice, render: async () => {}, destroy: async () => {} }
}

/**
 * Documents being destroyed. Every document shares one pdf.js worker, and pdf.js refuses to open a document
 * on it while another one's destroy is under way; an opening waits for them (a closed document is destroyed
 * without the next one waiting for it otherwise).
 */
const destroying = new Set<Promise<void>>()

async function openPdf(bytes: Uint8Array): Promise<ViewerDocument> {
  const { getDocument } = pdfjsLib()
  while (destroying.size > 0) await Promise.allSettled([...destroying])
  // pdf.js transfers the buffer it is given to its worker; a copy keeps the caller's (cached) bytes usable.
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
  const doc: PDFDocumentProxy = await task.promise
  const pages: PageSize[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const viewport = (await doc.getPage(n)).getViewport({ scale: 1 })
    pages.push({ width: viewport.width, height: viewport.height })
  }
  const running = new Map<HTMLCanvasElement, RenderTask>()
  // The latest request per canvas: a zoom step that arrives while the page is fetched supersedes the older.
  const latest = new WeakMap<HTMLCanvasElement, number>()
  let requests = 0
  return {
    kind: 'pdf',
    pages,
    async render(index, canvas, scale, rotation) {
      const request = ++requests
      latest.set(canvas, request)
      running.get(canvas)?.cancel()
      running.delete(canvas)
      const page = await doc.getPage(index + 1)
      if (latest.get(canvas) !== request) return
      const dpr = globalThis.devicePixelRatio || 1
      const viewport = page.getViewport({
        scale: scale * dpr,
        rotation: (page.rotate + quarterTurn(rotation)) % 360,
      })
      canvas.width = Math.max(1, Math.round(viewport.width))
      canvas.height = Math.max(1, Math.round(viewport.height))
      const render = page.render({ canvas, viewport })
      running.set(canvas, render)
      try {
        await render.promise
      } catch (error) {
        if ((error as Error).name !== 'RenderingCancelledException') throw error
      } finally {
        if (running.get(canvas) === render) running.delete(canvas)
      }
    },
    async destroy() {
      for (const render of running.values()) render.cancel()
      running.clear()
      const done = task.destroy()
      destroying.add(done)
      try {
        await done
      } finally {
        destroying.delete(done)
      }
    },
  }
}

async function openTiff(bytes: Uint8Array): Promise<ViewerDocument> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  const ifds = UTIF.decode(buffer).filter((ifd) => ifd['t256'] !== undefined || ifd.width)
  if (ifds.length === 0) throw new DocumentError('unreadable-document', 'The TIFF image has no pages')
  const bitmaps: ImageBitmap[] = []
  for (const ifd of ifds) {
    UTIF.decodeImage(buffer, ifd)
    const width = Number(ifd.width)
    const height = Number(ifd.height)
    if (!width || !height) continue
    const rgba = new Uint8ClampedArray(UTIF.toRGBA8(ifd))
    bitmaps.push(await createImageBitmap(new ImageData(rgba, width, height)))
  }
  if (bitmaps.length === 0) throw new DocumentError('unreadable-document', 'The TIFF image cannot be decoded')
  return openBitmaps(bitmaps)
}

/** Image pages: shown at 96 dpi-ish CSS size = their pixel size (a 200 dpi scan fits width at ~40%). */
async function openBitmaps(bitmaps: ImageBitmap[]): Promise<ViewerDocument> {
  return {
    kind: 'image',
    pages: bitmaps.map((b) => ({ width: b.width, height: b.height })),
    async render(index, canvas, scale, rotation) {
      const bitmap = bitmaps[index]
      if (!bitmap) return
      const dpr = globalThis.devicePixelRatio || 1
      const turn = quarterTurn(rotation)
      const size = turnedSize(bitmap, turn, scale * dpr)
      canvas.width = Math.max(1, Math.round(size.width))
      canvas.height = Math.max(1, Math.round(size.height))
      const ctx = canvas.getContext('2d')
      if (!ctx) return
      ctx.save()
      ctx.fillStyle = '#fff'
      ctx.fillRect(0, 0, canvas.width, canvas.height)
      ctx.translate(canvas.width / 2, canvas.height / 2)
      ctx.rotate((turn * Math.PI) / 180)
      const w = bitmap.width * scale * dpr
      const h = bitmap.height * scale * dpr
      ctx.drawImage(bitmap, -w / 2, -h / 2, w, h)
      ctx.restore()
    },
    async destroy() {
      for (const bitmap of bitmaps) bitmap.close()
      bitmaps.length = 0
    },
  }
}
