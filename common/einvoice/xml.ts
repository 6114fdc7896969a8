// The XML tree of a structured invoice, read with fast-xml-parser (pure JavaScript: it runs in the
// platform, main and the renderer). Namespace prefixes are dropped, every element is a list and every text a
// `#text` node, so a reader walks UBL and CII the same way whatever prefixes the sender chose.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { EInvoiceError } from './types.ts'

export type XmlNode = { [name: string]: unknown }

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
})

/** The text of XML bytes: UTF-8 (with or without a byte-order mark), or the encoding its declaration names. */
export function xmlText(input: string | Uint8Array): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '')
  const head = new TextDecoder('latin1').decode(input.subarray(0, 200))
  const declared = /^\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase()
  const label = declared && declared !== 'utf-8' ? declared : 'utf-8'
  let decoder = new TextDecoder('utf-8')
  try {
    decoder = new TextDecoder(label)
  } catch {
    // An encoding the runtime does not know is read as UTF-8, which most declarations mean anyway.
  }
  return decoder.decode(input).replace(/^\uFEFF/, '')
}

/** The document's root element: its local name and node. Throws when the text is not well-formed XML. */
export function parseXml(text: string): { name: string; node: XmlNode } {
  if (!/^\s*</.test(text))
    throw new EInvoiceError('not-xml', 'The file is not XML (it does not start with <)')
  const valid = XMLValidator.validate(text)
  if (valid !== true)
    throw new EInvoiceError(
      'not-xml',
      `The XML is not well-formed (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg})`,
    )
  const tree = parser.parse(text) as XmlNode
  for (const [name, value] of Object.entries(tree)) {
    if (name.startsWith('?') || name.startsWith('#') || name.startsWith('@_')) continue
    const node = Array.isArray(value) ? (value[0] as unknown) : value
    return { name, node: node && typeof node === 'object' ? (node as XmlNode) : {} }
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
