// The reading of a file's structured invoice itself (common/einvoice): an XML invoice, or the invoice a PDF
// embeds (Factur-X, ZUGFeRD, XRechnung). It runs in the reader thread (structured-worker.ts), never on main's
// own thread: the file is anyone's, and even within the budgets of embedded.ts a large PDF is parsed whole.
import {
  EInvoiceError,
  isEInvoiceXml,
  parseEInvoice,
  type EInvoice,
} from '../../../../common/einvoice/index.ts'
import {
  embeddedInvoiceXml,
  mayEmbedFiles,
  type EmbeddedRefusal,
} from '../../../../common/einvoice/embedded.ts'

export interface StructuredReading {
  /** The structured invoice; null for any other file, and for XML that cannot be read as an invoice. */
  invoice: EInvoice | null
  /**
   * Why the invoice a file carries was not read: its embedded files were refused (a budget of embedded.ts,
   * an unreadable tree), the reading took too long (`timeout`), or the XML is refused (the code of its
   * EInvoiceError). Null when nothing was refused. The file itself stays usable: the platform reads it.
   */
  refused: EmbeddedRefusal | { code: EInvoiceError['code']; message: string } | null
}

const isPdf = (bytes: Uint8Array) =>
  new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-')

/** Whether the bytes may be or carry a structured invoice; only these are given to the reader thread. */
export function mayCarryInvoice(bytes: Uint8Array): boolean {
  return isEInvoiceXml(bytes) || (isPdf(bytes) && mayEmbedFiles(bytes))
}

/** Reads the structured invoice of a file's bytes in this thread. Never throws. */
export async function readStructured(bytes: Uint8Array): Promise<StructuredReading> {
  let xml: Uint8Array | null = null
  if (isEInvoiceXml(bytes)) xml = bytes
  else if (isPdf(bytes)) {
    const embedded = await embeddedInvoiceXml(bytes)
    if (embedded.refused) return { invoice: null, refused: embedded.refused }
    xml = embedded.xml
  }
  if (!xml) return { invoice: null, refused: null }
  try {
    return { invoice: parseEInvoice(xml), refused: null }
  } catch (err) {
    // Not an invoice that can be read (a missing term, broken XML): the platform's answer says why. A refusal
    // of the XML itself (too large, hostile) is kept, for the log.
    if (err instanceof EInvoiceError && err.code === 'refused')
      return { invoice: null, refused: { code: err.code, message: err.message } }
    return { invoice: null, refused: null }
  }
}
