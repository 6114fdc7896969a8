// OCR engine (spec 2.13): reads PDFs (text layer, or rendered and read by Tesseract when a page has no usable
// text), PNG, JPEG and TIFF images, and interprets an invoice page into the spec's properties.
import {
  isScannerTextLayer,
  mayHoldPageScan,
  openPdf,
  pageScanScale,
  renderPage,
  textLayerWords,
  RENDER_DPI,
  RENDER_SCALE,
  type OpenPdfOptions,
  madeOn,
} from './pdf.ts'
import { tiffToPgm } from './image.ts'
import { cleanPhoto, flattenPaper } from './photo.ts'
import { localThreshold } from './threshold.ts'
import { cropImage, paperRegion, turnedOffset } from './paper-crop.ts'
import { withNumbersReadAgain } from './checksum-reread.ts'
import { withInvoiceNumberReadAgain } from './number-reread.ts'
import { scaledBoxes } from './boxes.ts'
import { tesseractWords, UNSURE_CONFIDENCE, type ReadWord } from './tesseract.ts'
import { unreadBands } from './unread-lines.ts'
import { enlarged, preparedBilevel, type PreparedPage } from './bilevel.ts'
import { OcrPropertyId, type OcrAnswer, type OcrRawData, type OcrWord } from '../common/ocr.ts'
import { interpretInvoice } from './interpret.ts'
import { vocabularyHits } from './labels.ts'
import {
  decodeImage,
  linesRunVertically,
  parsePgm,
  rotateQuarter,
  toPgm,
  uprightness,
  type GreyImage,
} from './orient.ts'
import type { OcrPageResult } from './types.ts'
import { EInvoiceError, parseEInvoice, rootElementName, type EInvoice } from '../common/einvoice/index.ts'
import { embeddedInvoiceXml, type EmbeddedRefusal } from '../common/einvoice/embedded.ts'
import { structuredOcrAnswer } from '../common/einvoice/ocr-answer.ts'

export * from './types.ts'
export { interpret, interpretDocument, interpretInvoice } from './interpret.ts'
export { closeOcr } from './tesseract.ts'

/** `xml`: a structured invoice (EN 16931, UBL or CII), read from its XML rather than from pages. */
export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'xml'

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
  if (rootElementName(b) !== null) return 'xml'
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

/**
 * A Tesseract page's words, numbered, with the Ids of those read with low confidence. The confidence itself
 * stays in the reader: the answer's words have the shape the platform documents.
 */
function numberedRead(words: ReadWord[], pageNo: number): Pick<OcrPageResult, 'Words' | 'UnsureWords'> {
  return {
    Words: numbered(
      words.map(({ Confidence: _, ...w }) => w),
      pageNo,
    ),
    UnsureWords: words.flatMap((w, i) => (w.Confidence < UNSURE_CONFIDENCE ? [i + 1] : [])),
  }
}

/**
 * Words Tesseract read sure of, three letters or two digits at least: a page read upside down is read as
 * specks and scraps it doubts (`SSVd AVd` for `DAY PASS`).
 */
const sureWords = (words: readonly ReadWord[]) =>
  words.filter((w) => w.Confidence >= UNSURE_CONFIDENCE && /\p{L}{3}|\d{2}/u.test(w.Text)).length

/**
 * Whether one reading of a page finds more of an invoice than another: more of its vocabulary, unless the other
 * read more than twice as many words sure (a vocabulary word or two is found in the specks of a page read upside
 * down), or as much vocabulary and clearly more words read sure (a ticket of capitals, times and dollar
 * amounts, no label among them, read both ways round).
 */
export function readsBetter(one: readonly ReadWord[], other: readonly ReadWord[]): boolean {
  const [a, b] = [vocabularyHits(one), vocabularyHits(other)]
  const [sureOne, sureOther] = [sureWords(one), sureWords(other)]
  if (a > b) return 2 * sureOne >= sureOther
  return a === b && sureOne > 2 * sureOther + 2
}

/** Below this many vocabulary words a reading is taken as upside down and the page is read turned 180°. */
const UPRIGHT_MIN_VOCABULARY = 5

/**
 * Reads a page image upright: turned a quarter when its lines run vertically, and half when the shape of its
 * lines says it is upside down, so that Tesseract reads the page once. A reading that is still not invoice
 * vocabulary (lines too close to tell, or told wrong) is read again turned half. Word boxes are in pixels of
 * the upright image, whose size is answered.
 */
async function readUpright(
  page: GreyImage,
  { image: prepared, factor }: PreparedPage = preparedBilevel(page),
  moreLooks: MoreLooks = { besides: [] },
): Promise<UprightReading> {
  // A low-resolution black-and-white scan (a fax) is cleaned of specks and read at twice its size
  // (bilevel.ts); its boxes are answered in the pixels of the page as it came. Read enlarged already, it has
  // no other looks.
  if (factor === 1) return readUprightAsItIs(page, moreLooks)
  const read = await readUprightAsItIs(prepared, null)
  return {
    ...read,
    words: scaledBoxes(read.words, 1 / factor),
    width: Math.round(read.width / factor),
    height: Math.round(read.height / factor),
  }
}

/** readUpright on the page as it is given. */
async function readUprightAsItIs(page: GreyImage, moreLooks: MoreLooks): Promise<UprightReading> {
  // A receipt lying on a scanner's bed is cut out of the page first (paper-crop.ts); a camera photo is then
  // cleaned (photo.ts); scans and rendered pages are read as they are. Lines Tesseract left unread are read
  // again on their own (unread-lines.ts).
  const region = paperRegion(page)
  const grey = cleanPhoto(region ? cropImage(page, region) : page)
  let quarters = linesRunVertically(grey) ? 1 : 0
  let image = rotateQuarter(grey, quarters)
  if (uprightness(image) === 'upside-down') {
    image = rotateQuarter(image, 2)
    quarters += 2
  }
  let words = await tesseractWords(toPgm(image))
  if (vocabularyHits(words) < UPRIGHT_MIN_VOCABULARY) {
    const turned = rotateQuarter(image, 2)
    const again = await tesseractWords(toPgm(turned))
    if (readsBetter(again, words)) {
      image = turned
      words = again
      quarters += 2
    }
  }
  // Turned a quarter and still no invoice vocabulary: the lines' shape was told wrong (a receipt's logo and
  // wide margins), and the page is read as it came, taken where that reading finds more of it.
  if (quarters % 2 === 1 && vocabularyHits(words) < UPRIGHT_MIN_VOCABULARY) {
    const asItCame = await tesseractWords(toPgm(grey))
    if (vocabularyHits(asItCame) > vocabularyHits(words)) {
      image = grey
      words = asItCame
      quarters = 0
    }
  }
  words = [...words, ...(await readBandsAgain(image, words))]
  if (moreLooks) words = await withMoreLooks(image, words, moreLooks.besides)
  words = await withNumbersReadAgain(image, words)
  words = await withDoubtfulNumberReadAgain(image, words)
  const rotation = (quarters % 4) * 90
  if (!region) return { words, width: image.width, height: image.height, rotation }
  // Boxes in the whole page's pixels, turned as the page was.
  const { dx, dy } = turnedOffset(region, page.width, page.height, quarters)
  const turned = quarters % 2 === 1
  return {
    words: words.map((w) => ({ ...w, Left: w.Left + dx, Top: w.Top + dy })),
    width: turned ? page.height : page.width,
    height: turned ? page.width : page.height,
    rotation,
  }
}

/** The words of lines Tesseract left unread on the page (unread-lines.ts), each band read on its own. */
async function readBandsAgain(image: GreyImage, words: ReadWord[]): Promise<ReadWord[]> {
  const found: ReadWord[] = []
  for (const band of unreadBands(image, words)) {
    const rows = cropImage(image, band)
    for (const word of await tesseractWords(toPgm(rows))) {
      if (/[\p{L}\d]/u.test(word.Text))
        found.push({ ...word, Left: word.Left + band.x, Top: word.Top + band.y })
    }
  }
  return found
}

/**
 * The looks a one-page scan gets after its first reading where that lacks its date or its total, in this
 * order, each taken where it yields more of the key fields than the best reading so far:
 * - one and a half times larger: thin print at the size Tesseract first read it (a thermal receipt's dotted
 *   digits, a page drawn at 80 dpi) is often read right at that size;
 * - its paper made flat and its grey print darkened, as a camera photo is cleaned (photo.ts): a scan lit
 *   unevenly, a receipt's grey print;
 * - black and white by its own neighbourhoods (threshold.ts): thermal print that fades along the roll, which
 *   Tesseract's one threshold for the whole page drops together with the paper;
 * - twice as large: print smaller still.
 * A value read right at the first reading is sometimes lost at another, so another reading is taken only
 * where it finds more. The figures behind the looks are in docs/benchmarks.md.
 */
const MORE_LOOKS: readonly { scale: number; prepare: (image: GreyImage) => GreyImage }[] = [
  { scale: 1.5, prepare: (image) => enlarged(image, 1.5) },
  { scale: 1, prepare: flattenPaper },
  { scale: 1, prepare: (image) => localThreshold(image) },
  { scale: 2, prepare: (image) => enlarged(image, 2) },
]
/**
 * The most pixels a look reads (a 300 dpi A4 or letter page enlarged one and a half times is about 20
 * million): a larger image (a phone's 12-megapixel photo enlarged) is not small print, and reading it enlarged
 * would take Tesseract far longer than its first reading.
 */
const LOOK_MAX_PIXELS = 24_000_000
/** Every invoice and receipt prints a date and a total: a reading that finds both needs no other look. */
const KEY_FIELDS: readonly number[] = [OcrPropertyId.InvoiceDate, OcrPropertyId.TotalAmount]

/**
 * How many of the key fields a page's reading yields: interpreted as a page of its own, or with the pages read
 * `besides` it (a receipt's back, whose words may tell its dates' order).
 */
function keyFieldsFound(words: ReadWord[], image: GreyImage, besides: readonly OcrPageResult[]): number {
  return keyFieldsOn([pageOf(words, image), ...besides])
}

/**
 * The page's words with its invoice number read again where Tesseract doubted it (number-reread.ts): the
 * number the page alone is interpreted to print.
 */
async function withDoubtfulNumberReadAgain(image: GreyImage, words: ReadWord[]): Promise<ReadWord[]> {
  // Interpreted as if read sure: a number Tesseract doubted is not proposed, and would not be found.
  const number = interpretInvoice([{ ...pageOf(words, image), UnsureWords: [] }]).properties.find(
    (p) => p.OcrPropertyId === OcrPropertyId.InvoiceNumber,
  )?.ProposedCandidate
  return number ? withInvoiceNumberReadAgain(image, words, number) : words
}

/** A reading of an image as a page of its own. */
function pageOf(words: ReadWord[], image: GreyImage): OcrPageResult {
  return {
    PageNo: 1,
    ImageWidth: image.width,
    ImageHeight: image.height,
    ...numberedRead(words, 1),
    Source: 'tesseract',
  }
}

/** How many of the key fields pages yield, interpreted together. */
function keyFieldsOn(pages: OcrPageResult[]): number {
  const found = new Set(interpretInvoice(pages).properties.map((p) => p.OcrPropertyId))
  return KEY_FIELDS.filter((id) => found.has(id)).length
}

/**
 * The words of a page whose reading lacks its date or its total, read again in MORE_LOOKS until one reading
 * yields both: the reading (boxes in the page's pixels) that yields the most key fields, the first reading on
 * a tie. A look that fails (Tesseract's time limit) is passed over.
 */
async function withMoreLooks(
  image: GreyImage,
  words: ReadWord[],
  besides: readonly OcrPageResult[],
): Promise<ReadWord[]> {
  let best = words
  let found = keyFieldsFound(words, image, besides)
  for (const { scale, prepare } of MORE_LOOKS) {
    if (found === KEY_FIELDS.length) break
    if (image.width * image.height * scale ** 2 > LOOK_MAX_PIXELS) continue
    let read: ReadWord[]
    try {
      const seen = prepare(image)
      read = await tesseractWords(toPgm(seen))
      read = [...read, ...(await readBandsAgain(seen, read))]
    } catch {
      continue
    }
    const again = scale === 1 ? read : scaledBoxes(read, 1 / scale)
    const yields = keyFieldsFound(again, image, besides)
    if (yields > found) {
      best = again
      found = yields
    }
  }
  return best
}

interface UprightReading {
  words: ReadWord[]
  width: number
  height: number
  /** Degrees clockwise the image was turned to be read. */
  rotation: number
}

async function readImage(grey: GreyImage): Promise<UprightReading> {
  try {
    return await readUpright(grey)
  } catch (err) {
    throw new OcrError('unreadable-document', `The image cannot be read: ${(err as Error).message}`)
  }
}

async function openOrRefuse(bytes: Uint8Array, opts: OpenPdfOptions): Promise<OpenPdf> {
  try {
    return await openPdf(bytes, opts)
  } catch (err) {
    throw new OcrError('unreadable-document', `The PDF cannot be read: ${(err as Error).message}`)
  }
}

/**
 * A PDF as the reader reads it: opened for its text layers (openPdf's `textOnly`, the fast path of a digital
 * invoice), and opened again to be drawn only when a page goes to Tesseract (a scan, whose seconds of
 * recognition dwarf a second opening).
 */
interface ReadablePdf {
  doc: OpenPdf
  drawable(): Promise<OpenPdf>
  close(): Promise<void>
}

async function openReadablePdf(bytes: Uint8Array): Promise<ReadablePdf> {
  const doc = await openOrRefuse(bytes, { textOnly: true })
  let drawn: Promise<OpenPdf> | undefined
  return {
    doc,
    drawable: () => (drawn ??= openOrRefuse(bytes, {})),
    async close() {
      try {
        await doc.destroy()
      } finally {
        await (await drawn?.catch(() => undefined))?.destroy()
      }
    },
  }
}

/** Reads the requested pages (all when none are given) into words with boxes. */
export async function readDocument(
  bytes: Uint8Array,
  opts: { pages?: number[]; contentType?: string } = {},
): Promise<OcrPageResult[]> {
  const kind = sniffDocumentKind(bytes)
  if (!kind) throw new OcrError('unsupported-type', 'The file is not a PDF, PNG, JPEG or TIFF document')
  if (kind === 'xml') throw new OcrError('unsupported-type', 'An XML invoice has no pages to read')
  if (kind !== 'pdf') {
    if (opts.pages && opts.pages.some((p) => p !== 1))
      throw new OcrError('no-such-page', 'An image has one page')
    if (kind === 'tiff') {
      const tiff = await tiffToPgm(bytes)
      if (!tiff) throw new OcrError('unreadable-document', 'The TIFF image cannot be decoded')
      const read = await readImage(parsePgm(tiff.image)!)
      return [
        {
          PageNo: 1,
          ImageWidth: read.width,
          ImageHeight: read.height,
          ...numberedRead(read.words, 1),
          Source: 'tesseract',
          Rotation: read.rotation,
        },
      ]
    }
    let grey: GreyImage
    try {
      grey = await decodeImage(bytes)
    } catch (err) {
      throw new OcrError('unreadable-document', `The image cannot be read: ${(err as Error).message}`)
    }
    const read = await readImage(grey)
    return [
      {
        PageNo: 1,
        ImageWidth: read.width,
        ImageHeight: read.height,
        ...numberedRead(read.words, 1),
        Source: 'tesseract',
        Rotation: read.rotation,
      },
    ]
  }
  const pdf = await openReadablePdf(bytes)
  try {
    const { numPages } = pdf.doc
    const pages = opts.pages ?? Array.from({ length: numPages }, (_, i) => i + 1)
    const mayBeScanned = mayHoldPageScan(bytes)
    const results: OcrPageResult[] = []
    for (const pageNo of pages) {
      if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > numPages)
        throw new OcrError('no-such-page', `The document has no page ${pageNo}`)
      const moreLooks = numPages === 1 ? { besides: [] } : null
      results.push(await readPdfPage(pdf, pageNo, { mayBeScanned, moreLooks }))
    }
    return results
  } finally {
    await pdf.close()
  }
}

type OpenPdf = Awaited<ReturnType<typeof openPdf>>
type TextLayer = Awaited<ReturnType<typeof textLayerWords>>

const hasTextLayer = (layer: TextLayer) => layer.charCount >= MIN_TEXT_LAYER_CHARS

/**
 * One page of a PDF: its text layer when it has one, else its image read by Tesseract. A scanner's invisible
 * OCR layer under a page image (pdf.ts, isScannerTextLayer) is not taken as a text layer: the page is read as
 * the scan it is. `mayBeScanned` (pdf.ts, mayHoldPageScan) is false for a PDF without a page-sized image,
 * whose pages then skip that test.
 */
async function readPdfPage(
  pdf: ReadablePdf,
  pageNo: number,
  { known, mayBeScanned = false, moreLooks = null }: PageReading = {},
): Promise<OcrPageResult> {
  const layer = known ?? (await textLayerWords(pdf.doc, pageNo))
  const scannerLayer = hasTextLayer(layer) && mayBeScanned && (await isScannerTextLayer(pdf.doc, pageNo))
  if (hasTextLayer(layer) && !scannerLayer)
    return {
      PageNo: pageNo,
      ImageWidth: layer.ImageWidth,
      ImageHeight: layer.ImageHeight,
      Words: numbered(layer.Words, pageNo),
      Source: 'text-layer',
      Rotation: layer.Rotation,
    }
  const { page, prepared } = await scanImage(await pdf.drawable(), pageNo)
  const read = await readUpright(page, prepared, moreLooks)
  const other = scannerLayer ? scannerReading(layer, read, pageNo) : null
  return {
    PageNo: pageNo,
    ImageWidth: read.width,
    ImageHeight: read.height,
    ...numberedRead(read.words, pageNo),
    Source: 'tesseract',
    Rotation: read.rotation,
    ...(other ? { OtherReading: other } : {}),
  }
}

interface PageReading {
  /** The page's text layer, when it was taken already. */
  known?: TextLayer
  /** See pdf.ts, mayHoldPageScan. */
  mayBeScanned?: boolean
  /**
   * Whether a scanned page lacking its date or total gets more looks (withMoreLooks): a page that must print
   * them, the only page of a receipt or an invoice, or the front of a receipt scanned with its back (read with
   * it). Another page of a longer document lacks a field printed on another.
   */
  moreLooks?: MoreLooks
}

/** More looks at a page lacking its date or total, judged with the pages `besides` it; null: none. */
type MoreLooks = { besides: readonly OcrPageResult[] } | null

/**
 * The scanner's OCR layer of a page Tesseract read, as the page's other reading (other-reading.ts), boxes in
 * the pixels of Tesseract's image; none where Tesseract read the page turned otherwise than the layer's text
 * runs (its boxes would not map onto the image).
 */
function scannerReading(layer: TextLayer, read: UprightReading, pageNo: number): OcrWord[] | null {
  if (layer.Rotation !== read.rotation || !layer.ImageWidth || !layer.ImageHeight) return null
  const sx = read.width / layer.ImageWidth
  return numbered(scaledBoxes(layer.Words, sx, read.height / layer.ImageHeight), pageNo)
}

/**
 * A scanned page's image for Tesseract: drawn at 200 dpi, unless it is a black-and-white scan of small letters
 * below that resolution (a fax), which is drawn at its own resolution, pixel for pixel, so that readUpright
 * cleans and doubles it as it would the fax's TIFF (bilevel.ts); drawn larger, its pixels would be smoothed
 * into greys and its specks into blots.
 */
async function scanImage(
  doc: OpenPdf,
  pageNo: number,
): Promise<{ page: GreyImage; prepared?: PreparedPage }> {
  const own = await pageScanScale(doc, pageNo)
  if (own !== null && own < RENDER_SCALE) {
    const page = parsePgm((await renderPage(doc, pageNo, own, 'pgm')).image)!
    const prepared = preparedBilevel(page)
    if (prepared.factor !== 1) return { page, prepared }
  }
  return { page: parsePgm((await renderPage(doc, pageNo, undefined, 'pgm')).image)! }
}

/** The OCR result of spec 2.13 as the reader makes it (common/ocr.ts); the file server adds `UniFile`. */
export type OcrAnalysis = Omit<OcrAnswer, 'UniFile'> & { PagesRead: number[] }

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

/**
 * Multi-page reading limit for scanned pages: the first and the last pages. Tesseract takes a second or more per page, so a scanned middle page (line items, as a rule)
 * is not worth its time; a text-layer page costs a few milliseconds and is always read (up to TEXT_PAGES).
 */
export const READ_FIRST_PAGES = 3
export const READ_LAST_PAGES = 3
/**
 * Text-layer pages read in a whole-document analysis: every page up to this many, so that a due date, KID,
 * account or total printed on any page is proposed. Beyond it (catalogues, statements of hundreds of pages)
 * only the scanned bound applies: the values of an invoice are on its first and last pages.
 */
export const TEXT_PAGES = 60

/** The pages a whole-document analysis reads (1-based), bounded by READ_FIRST_PAGES and READ_LAST_PAGES. */
export function pagesToRead(pageCount: number): number[] {
  const pages = new Set<number>()
  for (let p = 1; p <= Math.min(pageCount, READ_FIRST_PAGES); p++) pages.add(p)
  for (let p = Math.max(1, pageCount - READ_LAST_PAGES + 1); p <= pageCount; p++) pages.add(p)
  return [...pages].sort((a, b) => a - b)
}

/**
 * The whole document's pages as read for interpretation: every text-layer page up to TEXT_PAGES (a payment
 * slip between first and last pages included) and the scanned pages within pagesToRead.
 */
export async function readForInterpretation(bytes: Uint8Array): Promise<OcrPageResult[]> {
  const kind = sniffDocumentKind(bytes)
  if (kind !== 'pdf') return readDocument(bytes)
  const pdf = await openReadablePdf(bytes)
  try {
    const { numPages } = pdf.doc
    const bounded = new Set(pagesToRead(numPages))
    const mayBeScanned = mayHoldPageScan(bytes)
    const results = new Map<number, OcrPageResult>()
    // A receipt is often scanned with its back (a blank, a bank's advertisement): the second of two pages is
    // read first, and where it prints neither date nor total, the first page is the one that must, and gets
    // more looks where it lacks them, as a one-page scan does.
    const order = Array.from({ length: numPages }, (_, i) => (numPages === 2 ? 2 - i : i + 1))
    for (const p of order) {
      if (p > TEXT_PAGES && !bounded.has(p)) continue
      const layer = await textLayerWords(pdf.doc, p)
      const back = numPages === 2 && p === 1 ? results.get(2) : undefined
      const moreLooks =
        numPages === 1
          ? { besides: [] }
          : back?.Source === 'tesseract' && keyFieldsOn([back]) === 0
            ? { besides: [back] }
            : null
      // A scanned page beyond the bounds keeps its scanner's text: Tesseract is for the bounded pages only.
      if (bounded.has(p) || hasTextLayer(layer))
        results.set(
          p,
          await readPdfPage(pdf, p, {
            known: layer,
            mayBeScanned: mayBeScanned && bounded.has(p),
            moreLooks,
          }),
        )
    }
    const made = await madeOn(pdf.doc)
    return [...results.keys()]
      .sort((a, b) => a - b)
      .map((p) => (made ? { ...results.get(p)!, Made: made } : results.get(p)!))
  } finally {
    await pdf.close()
  }
}

export interface AnalyseOptions {
  /** One page only; without it the whole document is read (bounded, see pagesToRead). */
  pageNo?: number
  /** The company's own organisation numbers: never proposed as the supplier's. */
  buyerOrgNumbers?: string[]
  /** The company's own bank accounts: never proposed as the supplier's. */
  buyerBankAccounts?: string[]
  contentType?: string
  /**
   * The document's pages as readForInterpretation read them before (a cache of an earlier reading): they are
   * interpreted as they are, without reading the document again.
   */
  pages?: OcrPageResult[]
}

/**
 * The OCR result of spec 2.13. With `pageNo` it describes that page; without, the whole document: every
 * candidate carries the `PageNo` it was found on, `PagesRead` lists the pages read, and the top-level
 * `PageNo`, `ImageWidth` and `ImageHeight` describe the first page read.
 */
export async function analyse(bytes: Uint8Array, opts: AnalyseOptions = {}): Promise<OcrAnalysis> {
  const kind = sniffDocumentKind(bytes)
  if (kind === 'xml') {
    if (opts.pageNo !== undefined && opts.pageNo !== 1)
      throw new OcrError('no-such-page', 'An XML invoice has one page')
    return structuredOcrAnswer(readStructured(bytes))
  }
  const embedded = kind === 'pdf' ? await embeddedInvoice(bytes) : null
  const structured = embedded?.invoice ?? null
  const pages =
    opts.pages ??
    (opts.pageNo !== undefined
      ? await readDocument(bytes, { pages: [opts.pageNo], contentType: opts.contentType })
      : await readForInterpretation(bytes))
  const first = pages[0]!
  const words = pages.flatMap((p) => p.Words)
  const rawData: OcrRawData = {
    AllWords: words,
    ImageWidth: first.ImageWidth,
    ImageHeight: first.ImageHeight,
    Pages: pages.map((p) => ({
      PageNo: p.PageNo,
      ImageWidth: p.ImageWidth,
      ImageHeight: p.ImageHeight,
      Rotation: p.Rotation,
    })),
    // A PDF whose embedded files were refused (issue 37: over a budget, unreadable) is read as pages; the
    // answer keeps why, so a reader of it can tell the XML was there and not taken.
    ...(embedded?.refused ? { EmbeddedInvoiceRefused: embedded.refused } : {}),
  }
  // The words are still read, so the viewer can draw and pick them; every field comes from the XML.
  if (structured) return structuredOcrAnswer(structured, { words, pages: rawData.Pages })
  const interpreted = interpretInvoice(pages, {
    buyerOrgNumbers: opts.buyerOrgNumbers,
    buyerBankAccounts: opts.buyerBankAccounts,
  })
  return {
    Id: 0,
    PageNo: first.PageNo,
    PagesRead: pages.map((p) => p.PageNo),
    ImageWidth: first.ImageWidth,
    ImageHeight: first.ImageHeight,
    OcrDataUsed: true,
    OcrTemplateId: null,
    Language: pageLanguage(words),
    OcrRawData: JSON.stringify(rawData),
    InterpretedProperties: interpreted.properties,
    ForeignSupplierIds: interpreted.foreignSupplierIds,
  }
}

/** An XML file read as a structured invoice; one that is not gets a message that says why. */
function readStructured(bytes: Uint8Array): EInvoice {
  try {
    return parseEInvoice(bytes)
  } catch (err) {
    if (err instanceof EInvoiceError) throw new OcrError('unreadable-document', err.message)
    throw err
  }
}

/**
 * The structured invoice a PDF embeds (Factur-X, ZUGFeRD, XRechnung), or null. An embedded XML that cannot be
 * read as an invoice leaves the PDF to be read as pages, as any other; so do embedded files refused by the
 * budgets of common/einvoice/embedded.ts, whose reason is kept.
 */
async function embeddedInvoice(
  bytes: Uint8Array,
): Promise<{ invoice: EInvoice | null; refused: EmbeddedRefusal | null }> {
  const { xml, refused } = await embeddedInvoiceXml(bytes)
  if (!xml) return { invoice: null, refused }
  try {
    return { invoice: parseEInvoice(xml), refused: null }
  } catch {
    return { invoice: null, refused: null }
  }
}

export { RENDER_DPI }
