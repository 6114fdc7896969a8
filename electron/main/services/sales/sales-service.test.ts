import { describe, expect, it } from 'vitest'
import { maxBridgeMessageBytes } from '../../../../common/bridge/wire.ts'
import { sampleDocument } from '../../../../test/support/sales-document.ts'
import { createDispatcher, type Handlers } from '../../bridge/dispatcher.ts'
import { memoryLogger } from '../../logger.ts'
import { createSalesService, invoicePdfName } from './sales-service.ts'

function setup() {
  const log = memoryLogger()
  const sales = createSalesService({ log })
  const handlers = {
    'sales.invoicePdf': (request) => sales.invoicePdf(request),
  } as Partial<Handlers> as Handlers
  return createDispatcher(handlers, log)
}

describe('sales.invoicePdf', () => {
  it('answers the PDF of a document, small enough for one browser-mode bridge message', async () => {
    const dispatch = setup()
    const result = await dispatch('sales.invoicePdf', [
      { companyKey: 'nordlys', document: sampleDocument(1000) },
    ])
    if (!result.ok) throw new Error(result.error.message)
    const { name, base64 } = result.value as { name: string; base64: string }
    expect(name).toBe('Faktura 10023.pdf')
    expect(Buffer.from(base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
    expect(JSON.stringify(result).length).toBeLessThan(maxBridgeMessageBytes)
  })

  it('refuses a document that is not one, naming what is wrong, and makes nothing', async () => {
    const dispatch = setup()
    const broken = { ...sampleDocument(1), totals: { net: 1.5, vat: 0, gross: 1.5 } }
    const result = await dispatch('sales.invoicePdf', [{ companyKey: 'nordlys', document: broken }])
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('BRIDGE_INVALID_ARGUMENTS')
      expect(JSON.stringify(result.error)).toContain('totals')
    }
  })

  it('names a saved PDF by its kind and number, or as a draft', () => {
    expect(invoicePdfName(sampleDocument(1, { language: 'en', kind: 'credit-note', number: '10031' }))).toBe(
      'Credit note 10031.pdf',
    )
    expect(invoicePdfName(sampleDocument(1, { draft: true, number: null }))).toBe('Utkast faktura.pdf')
  })
})
