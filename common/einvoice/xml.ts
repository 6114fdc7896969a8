// The XML tree of a structured invoice, read with fast-xml-parser (pure JavaScript: it runs in the
// platform, main and the renderer). Namespace prefixes are dropped, every element is a list and every text a
// `#text` node, so a reader walks UBL and CII the same way whatever prefixes the sender chose.
//
// The XML is anyone's (an upload, a scan folder, a PDF's embedded file), so it is read within bounds (issue
// 37): at most MAX_INVOICE_XML_BYTES, no entity declarations (a DOCTYPE declaring entities is how a
// billion-laughs file multiplies itself; no invoice declares any), at most MAX_XML_DEPTH elements deep, and
// elements named like an object's own properties (`__proto__`, `constructor`, `prototype`) are data under
// another key, never a prototype. Whatever the parser itself refuses is an EInvoiceError that says why.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { EInvoiceError } from './types.ts'

export type XmlNode = { [name: string]: unknown }

/**
 * The largest XML read as an invoice: an invoice's XML is tens of kilobytes, a few megabytes with attachments
 * (base64 in EmbeddedDocumentBinaryObject). Also the budget of one embedded file (embedded.ts).
 */
export const MAX_INVOICE_XML_BYTES = 10 * 1024 * 1024
/** Elements nested at most: UBL and CII nest about fifteen deep, with signatures in UBLExtensions. */
export const MAX_XML_DEPTH = 100

/**
 * Names the parser would write as an object's own `__proto__`, `constructor` or `prototype` (it refuses
 * them with a plain Error): kept under a key no XML name can be (`!__proto__`), so such an element is data
 * the readers never ask for, and a root element so named is reported by its own name.
 */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype'])
const reservedKey = (name: string) => (RESERVED.has(name) ? `!${name}` : name)

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  alwaysCreateTextNode: true,
  textNodeName: '#text',
  // Processing instructions and comments say nothing of the invoice.
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  transformTagName: reservedKey,
  transformAttributeName: (name) => (RESERVED.has(name.slice(2)) ? `@_!${name.slice(2)}` : name),
  maxNestedTags: MAX_XML_DEPTH,
  // Attachments (base64, megabytes) are kept as they stand, not parsed as text: no reader looks inside them,
  // and the parser takes seconds over a long text it reads a character at a time.
  stopNodes: ['..EmbeddedDocumentBinaryObject', '..AttachmentBinaryObject'],
})

/** The prolog declares entities (`<!DOCTYPE x [ <!ENTITY ...`): the way a billion-laughs file multiplies. */
function declaresEntities(text: string): boolean {
  const doctype = text.indexOf('<!DOCTYPE')
  if (doctype < 0) return false
  const end = text.indexOf(']>', doctype)
  const subset = text.slice(doctype, end < 0 ? text.length : end)
  return /<!ENTITY/.test(subset)
}

/**
 * How far into a file its root element may start: the declaration, comments (a licence text of several
 * kilobytes, as FeRD's sample files carry), processing instructions and a DOCTYPE together. An invoice's
 * prolog is a few kilobytes; a file whose root is further in (a 100 MB comment) is no invoice and is not
 * searched further, so naming its root costs this many bytes however large the file is.
 */
export const MAX_XML_PROLOG_BYTES = 64 * 1024

/**
 * The encoding XML bytes are written in, by XML 1.0 appendix F: a byte-order mark (UTF-8, UTF-16LE/BE), the
 * first bytes of an unmarked UTF-16 `<?xml` or `<`, else the encoding the declaration names (UTF-8 when
 * none, or one the runtime does not know). A TextDecoder label.
 */
export function xmlEncoding(bytes: Uint8Array): string {
  const [b0, b1, b2] = [bytes[0], bytes[1], bytes[2]]
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return 'utf-8'
  if (b0 === 0xff && b1 === 0xfe) return 'utf-16le'
  if (b0 === 0xfe && b1 === 0xff) return 'utf-16be'
  if (b0 === 0x3c && b1 === 0x00) return 'utf-16le'
  if (b0 === 0x00 && b1 === 0x3c) return 'utf-16be'
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200))
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase()
  if (!declared) return 'utf-8'
  try {
    // A declaration naming UTF-16 in bytes that are single-byte (no mark, no NULs) is wrong: read as UTF-8.
    const decoder = new TextDecoder(declared)
    return decoder.encoding.startsWith('utf-16') ? 'utf-8' : decoder.encoding
  } catch {
    // An encoding the runtime does not know is read as UTF-8, which most declarations mean anyway.
    return 'utf-8'
  }
}

/** The text of XML bytes in the encoding they are written in (xmlEncoding), without a byte-order mark. */
export function xmlText(input: string | Uint8Array): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '')
  return new TextDecoder(xmlEncoding(input)).decode(input).replace(/^\uFEFF/, '')
}

/**
 * Where the root element starts in the text of XML, after the prolog (XML 1.0 section 2.8): whitespace, the
 * declaration and other processing instructions, comments and a DOCTYPE with or without an internal subset,
 * in any order and number. -1 when the text does not start as XML or the prolog does not end within it.
 */
export function rootElementStart(text: string): number {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const skip = (close: string, from: number) => {
    const end = text.indexOf(close, from)
    return end < 0 ? -1 : end + close.length
  }
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++
    if (text[i] !== '<') return -1
    if (text.startsWith('<?', i)) i = skip('?>', i + 2)
    else if (text.startsWith('<!--', i)) i = skip('-->', i + 4)
    else if (text.startsWith('<!DOCTYPE', i)) i = doctypeEnd(text, i + 9)
    else return /[A-Za-z_:]/.test(text[i + 1] ?? '') ? i : -1
    if (i < 0) return -1
  }
}

/** The end of a DOCTYPE declaration: its internal subset (`[ ... ]`) holds `>`s and quoted text of its own. */
function doctypeEnd(text: string, from: number): number {
  let quote: string | null = null
  let subset = false
  for (let i = from; i < text.length; i++) {
    const c = text[i]!
    if (quote) {
      if (c === quote) quote = null
    } else if (c === '"' || c === "'") quote = c
    else if (c === '[') subset = true
    else if (c === ']') subset = false
    else if (c === '>' && !subset) return i + 1
  }
  return -1
}

/** Refuses XML larger than MAX_INVOICE_XML_BYTES (bytes, or characters of a string) before it is decoded. */
export function checkXmlSize(length: number): void {
  if (length > MAX_INVOICE_XML_BYTES)
    throw new EInvoiceError(
      'refused',
      `The XML is larger than ${MAX_INVOICE_XML_BYTES / (1024 * 1024)} MB, more than an invoice is; it was not read`,
    )
}

/**
 * The document's root element: its local name and node. Throws an EInvoiceError when the text is not
 * well-formed XML (`not-xml`) or is refused by the bounds above (`refused`); never another error.
 */
export function parseXml(text: string): { name: string; node: XmlNode } {
  checkXmlSize(text.length)
  if (!/^\s*</.test(text))
    throw new EInvoiceError('not-xml', 'The file is not XML (it does not start with <)')
  if (declaresEntities(text))
    throw new EInvoiceError(
      'refused',
      'The XML declares entities (a DOCTYPE with ENTITY declarations), which no invoice does; it was not read',
    )
  const valid = XMLValidator.validate(text)
  if (valid !== true)
    throw new EInvoiceError(
      'not-xml',
      `The XML is not well-formed (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg})`,
    )
  let tree: XmlNode
  try {
    tree = parser.parse(text) as XmlNode
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    if (/nested tags/i.test(message))
      throw new EInvoiceError(
        'refused',
        `The XML nests elements more than ${MAX_XML_DEPTH} deep, deeper than any invoice; it was not read`,
      )
    throw new EInvoiceError('not-xml', `The XML cannot be read (${message})`)
  }
  for (const [name, value] of Object.entries(tree)) {
    if (name.startsWith('?') || name.startsWith('#') || name.startsWith('@_')) continue
    const node = Array.isArray(value) ? (value[0] as unknown) : value
    return { name: name.replace(/^!/, ''), node: node && typeof node === 'object' ? (node as XmlNode) : {} }
  }
  throw new EInvoiceError('not-xml', 'The XML has no root element')
}

/** The child elements named `name` (an empty list when there are none). */
export function all(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name]
  if (!Array.isArray(value)) return []
  return value.map((v) => (v && typeof v === 'object' ? (v as XmlNode) : { '#text': String(v ?? '') }))
}

/** The first element down a path of names. */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let here = node
  for (const name of path) {
    here = all(here, name)[0]
    if (!here) return undefined
  }
  return here
}

/** An element's text, trimmed; null when it is absent or empty. */
export function text(node: XmlNode | undefined): string | null {
  const value = node?.['#text']
  if (value === undefined || value === null) return null
  const s = String(value).trim()
  return s === '' ? null : s
}

/** The text at a path of names. */
export const textAt = (node: XmlNode | undefined, ...path: string[]) => text(at(node, ...path))

export function attr(node: XmlNode | undefined, name: string): string | null {
  const value = node?.[`@_${name}`]
  return value === undefined || value === null ? null : String(value).trim() || null
}
