// What an upload is, by its content and never its name (issue 4, "File server and attachments"):
// PDF, PNG, JPEG or TIFF, with its page count. An empty file, a truncated or encrypted PDF, or any
// other content is refused with a message that says what is wrong.
import { PlatformError } from '../errors.ts'
import { sniffDocumentKind, type DocumentKind } from '../../document-reader/index.ts'
import { checkXmlInvoice, pdfPageCount } from '../../document-reader/reader-host.ts'
import { EInvoiceError, parseEInvoice } from '../../common/einvoice/index.ts'

export interface DocumentInfo {
  kind: DocumentKind
  contentType: string
  extension: string
  pages: number
}

const TYPES: Record<DocumentKind, { contentType: string; extension: string }> = {
  pdf: { contentType: 'application/pdf', extension: '.pdf' },
  png: { contentType: 'image/png', extension: '.png' },
  jpeg: { contentType: 'image/jpeg', extension: '.jpg' },
  tiff: { contentType: 'image/tiff', extension: '.tif' },
  xml: { contentType: 'application/xml', extension: '.xml' },
}

const refuse = (name: string, what: string) => new PlatformError('BAD_REQUEST', `${name}: ${what}`)

/** A PDF ends with `%%EOF` (possibly followed by a line end or a little padding). */
function hasEofMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1')
  return tail.includes('%%EOF')
}

/** The trailer (or cross-reference stream) of an encrypted PDF refers to an `/Encrypt` dictionary. */
function declaresEncryption(bytes: Uint8Array): boolean {
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(Buffer.from(bytes).toString('latin1'))
}

async function pdfPages(bytes: Uint8Array, name: string): Promise<number> {
  if (!hasEofMarker(bytes))
    throw refuse(
      name,
      'the PDF is truncated or damaged (it has no end-of-file marker %%EOF); upload the whole file',
    )
  if (declaresEncryption(bytes))
    throw refuse(name, 'the PDF is encrypted (password protected); upload an unprotected copy')
  try {
    return await pdfPageCount(bytes)
  } catch (err) {
    if ((err as Error).name === 'PasswordException')
      throw refuse(name, 'the PDF is encrypted (password protected); upload an unprotected copy')
    throw refuse(name, `the PDF cannot be read (${(err as Error).message}); it may be damaged`)
  }
}

async function tiffPages(bytes: Uint8Array, name: string): Promise<number> {
  // Loaded with the first TIFF, not with the platform (it is rarely needed and costs start-up time).
  const { default: UTIF } = await import('utif2')
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
    const ifds = UTIF.decode(buffer)
    if (ifds.length) return ifds.length
  } catch {
    // reported below
  }
  throw refuse(name, 'the TIFF image cannot be decoded; it may be damaged')
}

/**
 * An XML upload must be a structured invoice (EN 16931, UBL or CII): it is one page, read from its XML. XML
 * that cannot be read is the sender's problem, answered 400 with what is wrong, never a server error: the
 * reader words its own refusals (too large, entities, nesting), and anything else it meets is worded here.
 * Anything larger than a few kilobytes is read in the reader thread, off the server's: the parser reads about
 * 2 MB a second, so XML up to its 10 MB cap would hold every other request for seconds.
 */
async function xmlPages(bytes: Uint8Array, name: string): Promise<number> {
  try {
    if (bytes.length <= IN_THREAD_XML_BYTES) parseEInvoice(bytes)
    else await checkXmlInvoice(bytes)
    return 1
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err))
    if (e instanceof EInvoiceError || e.name === 'EInvoiceError')
      throw refuse(name, `${e.message}; only invoices are taken as XML`)
    throw refuse(name, `the XML cannot be read (${e.message})`)
  }
}

/** XML this small is read on the server's thread: a millisecond or two, not worth a message to the reader. */
const IN_THREAD_XML_BYTES = 64 * 1024

/** Checks an upload and describes it; throws a 400 PlatformError naming the file and the problem. */
export async function inspectDocument(bytes: Uint8Array, name: string): Promise<DocumentInfo> {
  if (bytes.length === 0) throw refuse(name, 'the file is empty')
  const kind = sniffDocumentKind(bytes)
  if (!kind)
    throw refuse(
      name,
      'the content is not a PDF, PNG, JPEG or TIFF document or an XML invoice (the type is read from the content, not the name)',
    )
  const pages =
    kind === 'pdf'
      ? await pdfPages(bytes, name)
      : kind === 'tiff'
        ? await tiffPages(bytes, name)
        : kind === 'xml'
          ? await xmlPages(bytes, name)
          : 1
  return { kind, ...TYPES[kind], pages }
}
