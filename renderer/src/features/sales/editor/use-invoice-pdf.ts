// The invoice as the customer sees it: the SalesDocument of the saved row (common/sales/document-of.ts,
// the same model main attaches when it invoices), made into a PDF in main (`sales.invoicePdf`), shown in the
// shared document viewer and saved with a download named after the invoice number.
import { shallowRef, type Ref } from 'vue'
import type { CompanySettings, Customer, CustomerInvoice, PaymentInfoType, VatType } from '@common/entities/rows'
import { salesDocument } from '@common/sales/document-of'
import { vatPercentsOf } from '@common/sales/totals'
import { useBridge } from '@renderer/bridge'
import { invoicePdf } from '@renderer/data/invoice-pdf'
import type { WorkspaceDb } from '@renderer/data/schema'

export interface InvoicePdf {
  bytes: Uint8Array
  fileName: string
}

export function useInvoicePdf(options: {
  db: Readonly<Ref<WorkspaceDb | null>>
  companyKey: Readonly<Ref<string>>
  settings: Readonly<Ref<CompanySettings | null>>
  vatTypes: Readonly<Ref<VatType[]>>
  currencyCode: (id: number | null | undefined) => string
  kidTypeOf: (invoice: CustomerInvoice) => PaymentInfoType | null
}) {
  const bridge = useBridge()
  const pdf = shallowRef<InvoicePdf | null>(null)
  const making = shallowRef(false)

  async function make(invoiceId: number, language: 'nb' | 'en'): Promise<InvoicePdf> {
    const db = options.db.value
    const companyKey = options.companyKey.value
    if (!db) throw new Error('No workspace is open')
    making.value = true
    try {
      const invoice = (await db.CustomerInvoice.get([companyKey, invoiceId])) as CustomerInvoice | undefined
      if (!invoice) throw new Error(`Invoice ${invoiceId} is not in the offline cache of ${companyKey}`)
      const customer =
        invoice.CustomerID && invoice.CustomerID > 0
          ? (((await db.Customer.get([companyKey, invoice.CustomerID])) as Customer | undefined) ?? null)
          : null
      const credited = invoice.InvoiceReferenceID
        ? ((await db.CustomerInvoice.get([companyKey, invoice.InvoiceReferenceID])) as CustomerInvoice | undefined)
        : undefined
      const document = salesDocument(invoice, {
        language,
        company: options.settings.value ?? ({ ID: 0 } as CompanySettings),
        customer,
        vatPercentOf: vatPercentsOf(options.vatTypes.value),
        kidType: options.kidTypeOf(invoice),
        currencyCode: options.currencyCode(invoice.CurrencyCodeID),
        creditedInvoiceNumber: credited?.InvoiceNumber ?? null,
      })
      const answer = await invoicePdf(bridge, companyKey, document)
      // An invoice is saved under its number; a draft under the name main gives its preview.
      const made = { bytes: answer.bytes, fileName: invoice.InvoiceNumber ? `${invoice.InvoiceNumber}.pdf` : answer.name }
      pdf.value = made
      return made
    } finally {
      making.value = false
    }
  }

  /** Saves the PDF where the browser puts downloads (Electron asks where). */
  function download(): void {
    if (!pdf.value) return
    const url = URL.createObjectURL(new Blob([pdf.value.bytes as BlobPart], { type: 'application/pdf' }))
    const link = document.createElement('a')
    link.href = url
    link.download = pdf.value.fileName
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }

  return { pdf, making, make, download, close: () => (pdf.value = null) }
}
