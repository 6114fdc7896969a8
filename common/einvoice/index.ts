// Structured invoices (EN 16931) read into one shape: `parseEInvoice` takes the XML of a UBL Invoice or
// CreditNote or a CII CrossIndustryInvoice; `isEInvoiceXml` tells by the root element, without reading the rest.
import { readCii } from './cii.ts'
import { readUbl } from './ubl.ts'
import {
  checkXmlSize,
  MAX_XML_PROLOG_BYTES,
  parseXml,
  rootElementStart,
  xmlEncoding,
  xmlText,
} from './xml.ts'
import { EInvoiceError, type EInvoice } from './types.ts'

export * from './types.ts'

const ROOTS = ['Invoice', 'CreditNote', 'CrossIndustryInvoice'] as const

/** Reads a structured invoice; throws an EInvoiceError saying what is wrong with anything else. */
export function parseEInvoice(input: string | Uint8Array): EInvoice {
  // Refused before a byte is decoded: the decoding of a 50 MB upload alone costs its own time and memory.
  checkXmlSize(input.length)
  const { name, node } = parseXml(xmlText(input))
  if (name === 'Invoice' || name === 'CreditNote') return readUbl(node, name)
  if (name === 'CrossIndustryInvoice') return readCii(node)
  throw new EInvoiceError(
    'not-an-invoice',
    `The XML is a ${name}, not an invoice (a UBL Invoice or CreditNote, or a CII CrossIndustryInvoice)`,
  )
}

/**
 * Whether bytes are XML whose root element is an invoice (UBL Invoice or CreditNote, CII
 * CrossIndustryInvoice), told by the root element alone (rootElementName), without reading the rest.
 */
export function isEInvoiceXml(bytes: Uint8Array): boolean {
  const root = rootElementName(bytes)
  return root !== null && (ROOTS as readonly string[]).includes(root)
}

/**
 * The local name of the root element of XML bytes, in whatever encoding they are written (a byte-order mark,
 * UTF-16 without one, the encoding the declaration names), wherever it starts after the prolog: comments
 * (FeRD's samples open with a licence of several kilobytes), processing instructions, a DOCTYPE. Only the
 * first MAX_XML_PROLOG_BYTES are decoded, so a file of any size costs the same; null when the bytes do not
 * start as XML or the root does not start within them.
 */
export function rootElementName(bytes: Uint8Array): string | null {
  const encoding = xmlEncoding(bytes)
  // Two bytes a character in UTF-16: the window stays whole characters (a cut pair ends in U+FFFD, harmless).
  const window = bytes.subarray(0, MAX_XML_PROLOG_BYTES)
  const head = new TextDecoder(encoding).decode(window)
  const start = rootElementStart(head)
  if (start < 0) return null
  const m = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)(?=[\s>/]|$)/.exec(head.slice(start, start + 300))
  // A name cut by the window's end is no name.
  if (!m || start + m[0].length >= head.length) return null
  return m[2]!
}
