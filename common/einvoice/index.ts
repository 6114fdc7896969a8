// Structured invoices (EN 16931) read into one shape: `parseEInvoice` takes the XML of a UBL Invoice or
// CreditNote or a CII CrossIndustryInvoice; `isEInvoiceXml` tells by the root element, without reading the rest.
import { readCii } from './cii.ts'
import { readUbl } from './ubl.ts'
import { checkXmlSize, parseXml, xmlText } from './xml.ts'
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
 * CrossIndustryInvoice), read from the first few kilobytes: the root comes after the declaration, comments
 * and processing instructions.
 */
export function isEInvoiceXml(bytes: Uint8Array): boolean {
  return rootElementName(bytes) !== null && (ROOTS as readonly string[]).includes(rootElementName(bytes)!)
}

/** The local name of the first element of XML bytes; null when they do not start as XML. */
export function rootElementName(bytes: Uint8Array): string | null {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '')
  if (!/^\s*</.test(head)) return null
  // A DOCTYPE's internal subset (`[ <!ENTITY ...> ]`) holds `>`s of its own: skipped whole, so XML declaring
  // entities is named by its root and refused by parseXml with its reason.
  const rest = head.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/g, '')
  const m = /^\s*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]/.exec(rest)
  return m ? m[2]! : null
}
