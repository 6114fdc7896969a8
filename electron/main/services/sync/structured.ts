// A file's structured invoice as an OCR answer (common/einvoice): an XML invoice, or the invoice a PDF embeds
// (Factur-X, ZUGFeRD, XRechnung). Null for any other file, and for XML that cannot be read as an invoice (the
// platform's answer then says why).
import { isEInvoiceXml, parseEInvoice, type EInvoice } from '../../../../common/einvoice/index.ts'
import { embeddedInvoiceXml } from '../../../../common/einvoice/embedded.ts'
import { structuredOcrAnswer } from '../../../../common/einvoice/ocr-answer.ts'

const isPdf = (bytes: Uint8Array) =>
  new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-')

/** The structured invoice of a file's bytes, or null. */
export async function structuredInvoiceIn(bytes: Uint8Array): Promise<EInvoice | null> {
  const xml = isEInvoiceXml(bytes) ? bytes : isPdf(bytes) ? await embeddedInvoiceXml(bytes) : null
  if (!xml) return null
  try {
    return parseEInvoice(xml)
  } catch {
    return null
  }
}

export async function structuredAnswerOf(
  bytes: Uint8Array,
): Promise<ReturnType<typeof structuredOcrAnswer> | null> {
  const invoice = await structuredInvoiceIn(bytes)
  return invoice ? structuredOcrAnswer(invoice) : null
}
