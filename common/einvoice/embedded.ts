// The structured invoice a PDF carries as an embedded file (Factur-X, ZUGFeRD 2.x, XRechnung in a PDF/A-3):
// found in the document's EmbeddedFiles name tree with pdf-lib (pure JavaScript, so main and the platform
// read it alike). Known names first (`factur-x.xml`, `zugferd-invoice.xml`, `ZUGFeRD-invoice.xml`,
// `xrechnung.xml`), then any embedded XML whose root is an invoice.
//
// A PDF comes from anyone (a supplier's mail, a scan folder, an upload), and its embedded files are
// compressed: a 100 kB PDF whose name tree names one deflated stream a thousand times, or whose stream
// inflates a thousandfold, would unpack to gigabytes (issue 37). So the reading has budgets: so many
// entries, each distinct stream unpacked once, at most EMBEDDED_LIMITS.maxFileBytes a file and
// maxTotalBytes for all of them, and deflate is inflated as a stream that stops at the limit instead of
// allocating what the file claims. A PDF over a budget is refused with a reason code the callers keep and
// show; the PDF itself stays usable (read as pages), only its embedded XML is not read.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib'
import { isEInvoiceXml } from './index.ts'

const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml']
/** Name-tree nodes followed at most: a damaged or hostile tree ends the search, not the process. */
const MAX_NODES = 1000

const MB = 1024 * 1024

/**
 * The budgets of one PDF's embedded files. An invoice's XML is tens of kilobytes (a few megabytes with
 * every line of a long invoice); a Factur-X PDF carries one or a few files. Within these budgets the
 * unpacking takes at most a few hundred milliseconds and megabytes, however the streams are made
 * (bench/hostile.bench.ts). Parsing the PDF itself still grows with its objects (pdf-lib reads 150,000 of
 * them in several seconds): main therefore reads in a worker thread with a time budget (einvoice-reader/structured.ts).
 */
export const EMBEDDED_LIMITS = {
  /** Entries of the EmbeddedFiles name tree (file specifications) looked at. */
  maxFiles: 100,
  /** Bytes one embedded file may unpack to. */
  maxFileBytes: 10 * MB,
  /** Bytes all embedded files of one PDF may unpack to together. */
  maxTotalBytes: 20 * MB,
}
export type EmbeddedLimits = typeof EMBEDDED_LIMITS

/**
 * Why a PDF's embedded files were not read. `tooLarge`: a file (or all of them together) unpacks to more
 * than its budget; `tooManyFiles`: the name tree lists more entries than maxFiles; `malformed`: the PDF or
 * its name tree cannot be read; `unsupportedFilter`: a stream's compression is one that cannot be unpacked
 * within a budget; `timeout`: the reading took longer than its caller allows (main's worker, structured.ts).
 */
export type EmbeddedRefusalCode = 'tooLarge' | 'tooManyFiles' | 'malformed' | 'unsupportedFilter' | 'timeout'

export interface EmbeddedRefusal {
  code: EmbeddedRefusalCode
  /** What was wrong, in words (English, for the log and the OCR answer). */
  message: string
}

export interface EmbeddedFile {
  name: string
  bytes: Uint8Array
}

export interface EmbeddedFiles {
  /** The files read before a refusal, if any; all of them when none. */
  files: EmbeddedFile[]
  refused: EmbeddedRefusal | null
}

const MARK = Array.from('/EmbeddedFile', (c) => c.charCodeAt(0))

/**
 * The embedded file's stream dictionary says `/Type /EmbeddedFile` (required by Factur-X and ZUGFeRD), and a
 * stream is never compressed into an object stream: a PDF without these bytes carries no invoice, and is not
 * parsed a second time to learn so.
 */
export function mayEmbedFiles(bytes: Uint8Array): boolean {
  outer: for (
    let i = bytes.indexOf(MARK[0]!);
    i >= 0 && i + MARK.length <= bytes.length;
    i = bytes.indexOf(MARK[0]!, i + 1)
  ) {
    for (let j = 1; j < MARK.length; j++) if (bytes[i + j] !== MARK[j]) continue outer
    return true
  }
  return false
}

class Refused extends Error {
  constructor(readonly refusal: EmbeddedRefusal) {
    super(refusal.message)
  }
}
const refuse = (code: EmbeddedRefusalCode, message: string) => new Refused({ code, message })

const megabytes = (n: number) => `${Math.round((n / MB) * 10) / 10} MB`

/**
 * Deflate (zlib) data inflated as a stream, up to `limit` bytes: 'tooLarge' as soon as the output passes it,
 * so a bomb costs the limit, never what it would unpack to. DecompressionStream is the runtime's zlib (Node,
 * Electron, browsers) and works off the thread that waits for it. A stream whose end is damaged (a missing
 * checksum, trailing bytes) keeps what was inflated before the damage, as PDF readers do.
 */
async function inflateBounded(data: Uint8Array, limit: number): Promise<Uint8Array | 'tooLarge' | null> {
  const inflater = new DecompressionStream('deflate')
  const writer = inflater.writable.getWriter()
  // Rejected when the reader stops early or the data is damaged; what the reader saw decides.
  writer.write(data as Uint8Array<ArrayBuffer>).catch(() => undefined)
  writer.close().catch(() => undefined)
  const reader = inflater.readable.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) {
        await reader.cancel().catch(() => undefined)
        return 'tooLarge'
      }
      chunks.push(value)
    }
  } catch {
    if (size === 0) return null
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}

const names = (o: PDFObject | undefined): string[] | null => {
  if (o === undefined) return []
  if (o instanceof PDFName) return [o.decodeText()]
  if (o instanceof PDFArray) {
    const out: string[] = []
    for (let i = 0; i < o.size(); i++) {
      const f = o.get(i)
      if (!(f instanceof PDFName)) return null
      out.push(f.decodeText())
    }
    return out
  }
  return null
}

/** A stream's bytes unpacked, at most `limit` of them; throws Refused when it cannot be within that. */
async function unpack(stream: PDFRawStream, name: string, limit: number): Promise<Uint8Array | null> {
  const tooLarge = () =>
    refuse('tooLarge', `The embedded file ${name} unpacks to more than ${megabytes(limit)}`)
  // `/Params /Size` is the file's size as the PDF declares it: a file that says it is too large is not unpacked.
  const declared = stream.dict.lookup(PDFName.of('Params'))
  const size = declared instanceof PDFDict ? declared.lookup(PDFName.of('Size')) : undefined
  if (size instanceof PDFNumber && size.asNumber() > limit) throw tooLarge()
  const filters = names(stream.dict.lookup(PDFName.of('Filter')))
  if (filters === null) throw refuse('malformed', `The embedded file ${name} names its compression wrongly`)
  if (filters.length === 0) {
    if (stream.contents.length > limit) throw tooLarge()
    return stream.contents
  }
  if (filters.includes('FlateDecode')) {
    // Deflate alone, as every Factur-X and ZUGFeRD writer stores the XML: inflated within the limit. Deflate
    // chained with other filters, or with a predictor (meant for images), would be unpacked by pdf-lib's own
    // decoder, which cannot stop inside a deflate block: such a stream is no invoice's and is not unpacked.
    const parms = stream.dict.lookup(PDFName.of('DecodeParms'))
    const predictor = parms instanceof PDFDict ? parms.lookup(PDFName.of('Predictor')) : undefined
    if (filters.length > 1 || (predictor instanceof PDFNumber && predictor.asNumber() > 1))
      throw refuse(
        'unsupportedFilter',
        `The embedded file ${name} is compressed as ${filters.join(' + ')}${predictor ? ' with a predictor' : ''}, which is not unpacked`,
      )
    const inflated = await inflateBounded(stream.contents, limit)
    if (inflated === 'tooLarge') throw tooLarge()
    return inflated
  }
  // The other filters (ASCIIHex, ASCII85, LZW, RunLength) unpack a block of a few kilobytes at a time, so
  // pdf-lib's decoder asked for one byte more than the limit stops near it.
  let decoded: Uint8Array
  try {
    const out = decodePDFRawStream(stream).getBytes(limit + 1)
    decoded = new Uint8Array(out.buffer, out.byteOffset, out.byteLength)
  } catch {
    // Not the invoice (an unknown filter, damaged data); the other files are still looked at.
    return null
  }
  if (decoded.length > limit) throw tooLarge()
  return decoded
}

export interface EmbeddedFilesOptions {
  limits?: EmbeddedLimits
  /** Which files to unpack, by name (all when absent); the others are counted as entries but not unpacked. */
  accept?: (name: string) => boolean
}

/**
 * The embedded files of a PDF as name and bytes, within the budgets of `limits` (EMBEDDED_LIMITS): empty
 * when it has none or they cannot be read, with `refused` saying why when a budget was exceeded or the PDF
 * cannot be read at all. A stream named by several entries is unpacked, and listed, once. Never throws.
 */
export async function embeddedFiles(
  bytes: Uint8Array,
  options: EmbeddedFilesOptions = {},
): Promise<EmbeddedFiles> {
  const limits = options.limits ?? EMBEDDED_LIMITS
  const accept = options.accept ?? (() => true)
  if (!mayEmbedFiles(bytes)) return { files: [], refused: null }
  let doc: PDFDocument
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    })
  } catch (err) {
    return {
      files: [],
      refused: { code: 'malformed', message: `The PDF cannot be read (${(err as Error).message})` },
    }
  }
  const files: EmbeddedFile[] = []
  try {
    const tree = doc.catalog
      .lookupMaybe(PDFName.of('Names'), PDFDict)
      ?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
    const queue: PDFDict[] = tree ? [tree] : []
    // A node listed twice (a loop in the tree, a kid named again) is followed once.
    const queued = new Set<PDFDict>(queue)
    const unpacked = new Set<PDFRawStream>()
    let visited = 0
    let entries = 0
    let total = 0
    const text = (o: PDFObject | undefined) =>
      o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : null
    while (queue.length && visited++ < MAX_NODES) {
      const node = queue.shift()!
      const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray)
      for (let i = 0; kids && i < kids.size() && queued.size < MAX_NODES; i++) {
        const kid = kids.lookup(i)
        if (kid instanceof PDFDict && !queued.has(kid)) {
          queued.add(kid)
          queue.push(kid)
        }
      }
      const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray)
      for (let i = 0; pairs && i + 1 < pairs.size(); i += 2) {
        if (++entries > limits.maxFiles)
          throw refuse('tooManyFiles', `The PDF lists more than ${limits.maxFiles} embedded files`)
        const spec = pairs.lookup(i + 1)
        if (!(spec instanceof PDFDict)) continue
        const name =
          text(spec.lookup(PDFName.of('UF'))) ?? text(spec.lookup(PDFName.of('F'))) ?? text(pairs.lookup(i))
        const ef = spec.lookup(PDFName.of('EF'))
        const stream = ef instanceof PDFDict ? ef.lookup(PDFName.of('F')) : undefined
        if (!name || !(stream instanceof PDFRawStream) || !accept(name)) continue
        // The same stream under another name is the same file: unpacked once, whatever the tree repeats.
        if (unpacked.has(stream)) continue
        unpacked.add(stream)
        const left = limits.maxTotalBytes - total
        const limit = Math.min(limits.maxFileBytes, left)
        let file: Uint8Array | null
        try {
          file = await unpack(stream, name, limit)
        } catch (err) {
          if (err instanceof Refused && err.refusal.code === 'tooLarge' && limit < limits.maxFileBytes)
            throw refuse(
              'tooLarge',
              `The PDF's embedded files unpack to more than ${megabytes(limits.maxTotalBytes)} together`,
            )
          throw err
        }
        if (!file) continue
        total += file.length
        files.push({ name, bytes: file })
      }
    }
  } catch (err) {
    if (err instanceof Refused) return { files, refused: err.refusal }
    // pdf-lib throws on an object of the wrong type where the tree needs another (a hostile or broken tree).
    return {
      files,
      refused: {
        code: 'malformed',
        message: `The PDF's embedded files cannot be read (${(err as Error).message})`,
      },
    }
  }
  return { files, refused: null }
}

export interface EmbeddedInvoice {
  /** The XML of the structured invoice the PDF carries; null when it carries none or it was refused. */
  xml: Uint8Array | null
  /** Why the embedded files were not read; null when they were (or the PDF has none). */
  refused: EmbeddedRefusal | null
}

/**
 * The XML of the structured invoice a PDF carries, or null when it carries none. A PDF whose embedded files
 * are refused (a budget of EMBEDDED_LIMITS exceeded, an unreadable tree) answers no XML and the reason: its
 * pages are read as any other PDF's.
 */
export async function embeddedInvoiceXml(
  bytes: Uint8Array,
  limits: EmbeddedLimits = EMBEDDED_LIMITS,
): Promise<EmbeddedInvoice> {
  const { files, refused } = await embeddedFiles(bytes, { limits, accept: (name) => /\.xml$/i.test(name) })
  if (refused) return { xml: null, refused }
  const known = files.find((f) => KNOWN_NAMES.includes(f.name.toLowerCase()) && isEInvoiceXml(f.bytes))
  return { xml: (known ?? files.find((f) => isEInvoiceXml(f.bytes)))?.bytes ?? null, refused: null }
}
