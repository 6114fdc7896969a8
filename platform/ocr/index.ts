// OCR engine (spec 2.13): reads PDFs (text layer, or rendered and read by Tesseract when a page has no usable
// text), PNG, JPEG and TIFF images, and interprets an invoice page into the spec's properties.
import { openPdf, renderPage, textLayerWords, RENDER_DPI } from './pdf.ts'
import { tiffToPgm } from './image.ts'
import { tesseractWords } from './tesseract.ts'
import { interpret } from './interpret.ts'
import type { InterpretedProperty, OcrPageResult, OcrWord } from './types.ts'

export * from './types.ts'
export { interpret } from './interpret.ts'
export { closeOcr } from './tesseract.ts'

export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'tiff'

/** The document's type by its content (magic bytes), never by its name. */
export function sniffDocumentKind(bytes: Uint8Array): DocumentKind | null {
  const b = bytes
  if (b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d)
    return 'pdf'
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (
    b.length >= 4 &&
    ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0) ||
      (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a))
  )
    return 'tiff'
  return null
}

export class OcrError extends Error {
  constructor(
    readonly code: 'unsupported-type' | 'unreadable-document' | 'no-such-page',
    message: string,
  ) {
    super(message)
  }
}

/** A page whose text layer has fewer visible characters than this is treated as scanned. */
const MIN_TEXT_LAYER_CHARS = 5

function numbered(words: Omit<OcrWord, 'Id' | 'PageNo'>[], pageNo: number): OcrWord[] {
  return words.map((w, i) => ({ Id: i + 1, PageNo: pageNo, ...w }))
}

async function imageSize(bytes: Uint8Array, kind: DocumentKind): Promise<{ width: number; height: number }> {
  if (kind === 'png') {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    return { width: v.getUint32(16), height: v.getUint32(20) }
  }
  const { Image } = await import('@napi-rs/canvas')
  const img = new Image()
  img.src = Buffer.from(bytes)
  return { width: img.width, height: img.height }
}

async function readImage(image: Buffer): Promise<Omit<OcrWord, 'Id' | 'PageNo'>[]> {
  try {
    return await tesseractWords(image)
  } catch (err) {
    throw new OcrError('unreadable-document', `The image cannot be read: ${(err as Error).message}`)
  }
}

/** Reads the requested pages (all when none are given) into words with boxes. */
export async function readDocument(
  bytes: Uint8Array,
  opts: { pages?: number[]; contentType?: string } = {},
): Promise<OcrPageResult[]> {
  const kind = sniffDocumentKind(bytes)
  if (!kind) throw new OcrError('unsupported-type', 'The file is not a PDF, PNG, JPEG or TIFF document')
  if (kind !== 'pdf') {
    if (opts.pages && opts.pages.some((p) => p !== 1))
      throw new OcrError('no-such-page', 'An image has one page')
    if (kind === 'tiff') {
      const tiff = tiffToPgm(bytes)
      if (!tiff) throw new OcrError('unreadable-document', 'The TIFF image cannot be decoded')
      const words = await readImage(tiff.image)
      return [
        {
          PageNo: 1,
          ImageWidth: tiff.width,
          ImageHeight: tiff.height,
          Words: numbered(words, 1),
          Source: 'tesseract',
        },
      ]
    }
    const size = await imageSize(bytes, kind)
    const words = await readImage(Buffer.from(bytes))
    return [
      {
        PageNo: 1,
        ImageWidth: size.width,
        ImageHeight: size.height,
        Words: numbered(words, 1),
        Source: 'tesseract',
      },
    ]
  }
  let doc
  try {
    doc = await openPdf(bytes)
  } catch (err) {
    throw new OcrError('unreadable-document', `The PDF cannot be read: ${(err as Error).message}`)
  }
  try {
    const pages = opts.pages ?? Array.from({ length: doc.numPages }, (_, i) => i + 1)
    const results: OcrPageResult[] = []
    for (const pageNo of pages) {
      if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > doc.numPages)
        throw new OcrError('no-such-page', `The document has no page ${pageNo}`)
      const layer = await textLayerWords(doc, pageNo)
      if (layer.charCount >= MIN_TEXT_LAYER_CHARS) {
        results.push({
          PageNo: pageNo,
          ImageWidth: layer.ImageWidth,
          ImageHeight: layer.ImageHeight,
          Words: numbered(layer.Words, pageNo),
          Source: 'text-layer',
        })
        continue
      }
      const image = await renderPage(doc, pageNo, undefined, 'pgm')
      const words = await tesseractWords(image.image)
      results.push({
        PageNo: pageNo,
        ImageWidth: image.width,
        ImageHeight: image.height,
        Words: numbered(words, pageNo),
        Source: 'tesseract',
      })
    }
    return results
  } finally {
    await doc.destroy()
  }
}

export interface OcrAnalysis {
  Id: number
  PageNo: number
  ImageWidth: number
  ImageHeight: number
  OcrDataUsed: boolean
  OcrTemplateId: number | null
  Language: string
  OcrRawData: string
  InterpretedProperties: InterpretedProperty[]
}

/** Detects the page's language from the words that only occur in Norwegian or English invoices. */
function pageLanguage(words: OcrWord[]): string {
  let nb = 0
  let en = 0
  for (const w of words) {
    const t = w.Text.toLowerCase()
    if (/[æøå]|^(faktura|forfall|beløp|kunde|betale|dato|mva|og|til|fra)/.test(t)) nb++
    if (/^(invoice|due|amount|date|customer|total|the|and|to|from|payment)/.test(t)) en++
  }
  return en > nb ? 'en' : 'no'
}

/** The whole OCR result of spec 2.13 for one page (page 1 unless pageNo is given). */
export async function analyse(
  bytes: Uint8Array,
  opts: { pageNo?: number; buyerOrgNumbers?: string[]; contentType?: string } = {},
): Promise<OcrAnalysis> {
  const pageNo = opts.pageNo ?? 1
  const [page] = await readDocument(bytes, { pages: [pageNo], contentType: opts.contentType })
  const result = page!
  return {
    Id: 0,
    PageNo: result.PageNo,
    ImageWidth: result.ImageWidth,
    ImageHeight: result.ImageHeight,
    OcrDataUsed: true,
    OcrTemplateId: null,
    Language: pageLanguage(result.Words),
    OcrRawData: JSON.stringify({
      AllWords: result.Words,
      ImageWidth: result.ImageWidth,
      ImageHeight: result.ImageHeight,
    }),
    InterpretedProperties: interpret(result, { buyerOrgNumbers: opts.buyerOrgNumbers }),
  }
}

export { RENDER_DPI }
