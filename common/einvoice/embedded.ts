// The structured invoice a PDF carries as an embedded file (Factur-X, ZUGFeRD 2.x, XRechnung in a PDF/A-3):
// found in the document's EmbeddedFiles name tree with pdf-lib (pure JavaScript, so main and the platform
// read it alike). Known names first (`factur-x.xml`, `zugferd-invoice.xml`, `ZUGFeRD-invoice.xml`,
// `xrechnung.xml`), then any embedded XML whose root is an invoice.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib'
import { isEInvoiceXml } from './index.ts'

const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml']
/** Name-tree nodes followed at most: a damaged or hostile tree ends the search, not the process. */
const MAX_NODES = 1000

const MARK = Array.from('/EmbeddedFile', (c) => c.charCodeAt(0))

/**
 * The embedded file's stream dictionary says `/Type /EmbeddedFile` (required by Factur-X and ZUGFeRD), and a
 * stream is never compressed into an object stream: a PDF without these bytes carries no invoice, and is not
 * parsed a second time to learn so.
 */
function embedsFiles(bytes: Uint8Array): boolean {
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

/** The embedded files of a PDF as name and bytes; empty when it has none or they cannot be read. */
export async function embeddedFiles(bytes: Uint8Array): Promise<{ name: string; bytes: Uint8Array }[]> {
  if (!embedsFiles(bytes)) return []
  let doc: PDFDocument
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    })
  } catch {
    return []
  }
  const files: { name: string; bytes: Uint8Array }[] = []
  const tree = doc.catalog
    .lookupMaybe(PDFName.of('Names'), PDFDict)
    ?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
  const queue: PDFDict[] = tree ? [tree] : []
  let visited = 0
  const text = (o: PDFObject | undefined) =>
    o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : null
  while (queue.length && visited++ < MAX_NODES) {
    const node = queue.shift()!
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray)
    for (let i = 0; kids && i < kids.size(); i++) {
      const kid = kids.lookup(i)
      if (kid instanceof PDFDict) queue.push(kid)
    }
    const names = node.lookupMaybe(PDFName.of('Names'), PDFArray)
    for (let i = 0; names && i + 1 < names.size(); i += 2) {
      const spec = names.lookup(i + 1)
      if (!(spec instanceof PDFDict)) continue
      const name =
        text(spec.lookup(PDFName.of('UF'))) ?? text(spec.lookup(PDFName.of('F'))) ?? text(names.lookup(i))
      const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'))
      if (!name || !(stream instanceof PDFRawStream)) continue
      try {
        files.push({ name, bytes: decodePDFRawStream(stream).decode() })
      } catch {
        // An embedded file whose stream cannot be decoded is not the invoice; the others are still looked at.
      }
    }
  }
  return files
}

/** The XML of the structured invoice a PDF carries, or null when it carries none. */
export async function embeddedInvoiceXml(bytes: Uint8Array): Promise<Uint8Array | null> {
  const files = (await embeddedFiles(bytes)).filter((f) => /\.xml$/i.test(f.name))
  const known = files.find((f) => KNOWN_NAMES.includes(f.name.toLowerCase()) && isEInvoiceXml(f.bytes))
  return (known ?? files.find((f) => isEInvoiceXml(f.bytes)))?.bytes ?? null
}
