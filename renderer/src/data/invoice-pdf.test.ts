import { describe, expect, it } from 'vitest'
import type { SalesDocument } from '@common/sales/document'
import { invoicePdf, type InvoicePdfBridge } from './invoice-pdf'

describe('invoicePdf', () => {
  it("asks main for the document's PDF and answers its bytes and name", async () => {
    const asked: unknown[] = []
    const bridge: InvoicePdfBridge = {
      call: async (name, request) => {
        asked.push([name, request])
        return { name: 'Faktura 10023.pdf', base64: btoa('%PDF-1.7 æ'.replace('æ', '\u00e6')) }
      },
    }
    const document = { number: '10023' } as SalesDocument
    const pdf = await invoicePdf(bridge, 'nordlys', document)
    expect(asked).toEqual([['sales.invoicePdf', { companyKey: 'nordlys', document }]])
    expect(pdf.name).toBe('Faktura 10023.pdf')
    expect(Array.from(pdf.bytes.subarray(0, 5), (b) => String.fromCharCode(b)).join('')).toBe('%PDF-')
    expect(pdf.bytes.at(-1)).toBe(0xe6)
  })
})
