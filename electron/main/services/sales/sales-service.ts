// Sales' calls to main: the customer's PDF of a document the renderer built (a draft's preview, Save as
// PDF). The contract's schema (common/sales/document.ts) checked the document before this runs; the PDF is
// made here because pdf-lib and the fonts live in main, not in the renderer's bundle.
import type { InvoicePdf, InvoicePdfRequest } from '../../../../common/bridge/sales.ts'
import type { SalesDocument } from '../../../../common/sales/document.ts'
import type { Logger } from '../../logger.ts'
import { INVOICE_WORDS } from './invoice-pdf-words.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'

/** `Faktura 10023.pdf`, `Kreditnota 10031.pdf`, `Utkast faktura.pdf`: the name a saved PDF gets. */
export function invoicePdfName(doc: SalesDocument): string {
  const words = INVOICE_WORDS[doc.language]
  const kind = doc.kind === 'credit-note' ? words.creditNote : words.invoice
  const capital = (word: string) => word.charAt(0) + word.slice(1).toLowerCase()
  const name =
    doc.draft || !doc.number
      ? `${capital(words.draft)} ${kind.toLowerCase()}`
      : `${capital(kind)} ${doc.number}`
  return `${name.replace(/[\\/:*?"<>|]/g, '-')}.pdf`
}

export function createSalesService(deps: { log: Logger }) {
  return {
    async invoicePdf({ companyKey, document }: InvoicePdfRequest): Promise<InvoicePdf> {
      try {
        const bytes = await renderInvoicePdf(document)
        return { name: invoicePdfName(document), base64: Buffer.from(bytes).toString('base64') }
      } catch (err) {
        deps.log.error('sales: the invoice PDF could not be made', {
          companyKey,
          number: document.number,
          error: String(err),
        })
        throw err
      }
    },
  }
}
