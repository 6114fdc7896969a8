// What a scanned file is, read from its content and never its name: PDF, PNG, JPEG, TIFF, or an XML invoice
// (its root element a UBL Invoice or CreditNote or a CII CrossIndustryInvoice: EHF, PEPPOL BIS, XRechnung). Files the
// platform would refuse (empty, truncated or password-protected PDFs, other content, too large) are
// recognised here first, so they go to failed/ with a reason instead of costing an upload.
import { scanMaxFileBytes } from '../../../../common/bridge/scan.ts'
import type { FailedFileReason } from './reasons.ts'
import { isEInvoiceXml, rootElementName } from '../../../../common/einvoice/index.ts'
import { MAX_INVOICE_XML_BYTES } from '../../../../common/einvoice/xml.ts'

export type ScanKind = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'xml'

/** The content type each kind is uploaded with. */
export const SCAN_CONTENT_TYPES: Record<ScanKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  xml: 'application/xml',
}

type Refusal = 'empty' | 'tooLarge' | 'unknownType' | 'truncatedPdf' | 'encryptedPdf' | 'xmlTooLarge'
export type SniffResult =
  | { ok: true; kind: ScanKind }
  | { ok: false; reason: Extract<FailedFileReason, { code: Refusal | 'notAnInvoiceXml' }> }

const refused = (code: Refusal): SniffResult => ({ ok: false, reason: { code, params: {} } })

export const DEFAULT_MAX_BYTES = scanMaxFileBytes

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

function kindOf(bytes: Uint8Array): ScanKind | null {
  // A PDF may carry a few bytes of junk before its header (the spec allows the header within the first 1 KB).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  if (head.includes('%PDF-')) return 'pdf'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff'
  if (isEInvoiceXml(bytes)) return 'xml'
  return null
}

/** Describes a file's bytes, or says why it cannot become an invoice. */
export function sniff(bytes: Uint8Array, maxBytes = DEFAULT_MAX_BYTES): SniffResult {
  if (bytes.length === 0) return refused('empty')
  if (bytes.length > maxBytes) return refused('tooLarge')
  const kind = kindOf(bytes)
  if (!kind) {
    // XML that is no invoice (an order, a catalogue, another export) is named as such, with its root.
    const root = rootElementName(bytes)
    return root
      ? { ok: false, reason: { code: 'notAnInvoiceXml', params: { root } } }
      : refused('unknownType')
  }
  // An invoice's XML is read up to MAX_INVOICE_XML_BYTES here and on the platform: a larger one is refused
  // before it costs an upload.
  if (kind === 'xml' && bytes.length > MAX_INVOICE_XML_BYTES) return refused('xmlTooLarge')
  if (kind === 'pdf') {
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1')
    if (!tail.includes('%%EOF')) return refused('truncatedPdf')
    if (/\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(Buffer.from(bytes).toString('latin1')))
      return refused('encryptedPdf')
  }
  return { ok: true, kind }
}
