// The customer's PDF of a sales document, made in main (`sales.invoicePdf`): the editor's preview in the
// shared document viewer and its Save as PDF. A PDF is made from what the renderer shows, so it works
// offline as long as main runs; nothing is sent to the platform.
import type { InvoicePdf, InvoicePdfRequest } from '@common/bridge/sales'
import type { SalesDocument } from '@common/sales/document'
import { decode } from './files'

export interface InvoicePdfFile {
  /** `Faktura 10023.pdf`, `Utkast faktura.pdf`: the name to save it under. */
  name: string
  bytes: Uint8Array<ArrayBuffer>
}

/** What of the bridge this needs (useBridge() is one). */
export interface InvoicePdfBridge {
  call(name: 'sales.invoicePdf', request: InvoicePdfRequest): Promise<InvoicePdf>
}

export async function invoicePdf(
  bridge: InvoicePdfBridge,
  companyKey: string,
  document: SalesDocument,
): Promise<InvoicePdfFile> {
  const pdf = await bridge.call('sales.invoicePdf', { companyKey, document })
  return { name: pdf.name, bytes: decode(pdf.base64) }
}
