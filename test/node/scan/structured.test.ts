// Structured invoices through the scan station against the real local platform: an EHF (UBL) XML file and a
// Factur-X PDF each become one draft filled from their XML, the supplier created with its name and number,
// and the OCR answer the review reads carries every field with probability 1 and the invoice lines.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { structuredInvoiceOf } from '../../../common/einvoice/ocr-answer.ts'
import { makeFacturX, makeUbl, NORWEGIAN_INVOICE_PROPOSALS } from '../../support/einvoice-files.ts'
import { useAnneStation } from './anne-station.ts'

const company = DEMO_COMPANIES.nordlys.key
const station = useAnneStation(company)
const get = station.get

describe('structured invoices at the scan station', () => {
  it('makes one draft each of an EHF XML file and a Factur-X PDF, filled from the XML', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-structured-'))
    const pipeline = station.pipeline(mkdtempSync(join(tmpdir(), 'scan-ledger-')))
    writeFileSync(join(folder, 'ehf.xml'), await makeUbl())
    writeFileSync(join(folder, 'kreditnota.pdf'), await makeFacturX({ credit: true }))
    const outcomes = await Promise.all(
      ['ehf.xml', 'kreditnota.pdf'].map((name) =>
        pipeline.take({ companyKey: company, path: join(folder, name), folder }),
      ),
    )
    expect(outcomes).toEqual(['queued', 'queued'])
    await pipeline.idle()
    const entries = await pipeline.entries(company)
    expect(entries.map((e) => [e.name, e.state, e.kind]).sort()).toEqual([
      ['ehf.xml', 'done', 'xml'],
      ['kreditnota.pdf', 'done', 'pdf'],
    ])

    const ehf = entries.find((e) => e.name === 'ehf.xml')!
    const invoice = await get(`api/biz/supplierinvoices/${ehf.invoiceId}?expand=Supplier,Supplier.Info`)
    expect(invoice.InvoiceNumber).toBe('2026-1042')
    expect(invoice.InvoiceDate.slice(0, 10)).toBe('2026-03-02')
    expect(invoice.PaymentDueDate.slice(0, 10)).toBe('2026-03-16')
    expect(invoice.TaxInclusiveAmount).toBe(2151.67)
    expect(invoice.PaymentID).toBe('1234567890128')
    expect(invoice.Supplier.OrgNumber).toBe('923609016')
    expect(invoice.Supplier.Info.Name).toBe('Fjordkontor Rekvisita AS')
    const file = await get(`api/biz/files/${ehf.fileId}`)
    expect(file.ContentType).toBe('application/xml')

    // The platform's own OCR answers the XML file from its XML too (spec 2.13's shape).
    const answer = await get(`api/biz/files/${ehf.fileId}?action=ocranalyse`)
    const byId = Object.fromEntries(
      answer.InterpretedProperties.map(
        (prop: {
          OcrPropertyId: number
          ProposedCandidate: { Value: string; ProbabilityFactor: number }
        }) => [prop.OcrPropertyId, [prop.ProposedCandidate.Value, prop.ProposedCandidate.ProbabilityFactor]],
      ),
    )
    expect(byId).toEqual(NORWEGIAN_INVOICE_PROPOSALS)
    expect(structuredInvoiceOf(answer)?.lines.map((l) => [l.description, l.net, l.vatRate])).toEqual([
      ['Kopipapir A4, eske', 1200, 25],
      ['Kaffe og frukt, møte', 566.67, 15],
    ])

    const credit = entries.find((e) => e.name === 'kreditnota.pdf')!
    const creditInvoice = await get(`api/biz/supplierinvoices/${credit.invoiceId}`)
    expect(creditInvoice.InvoiceNumber).toBe('K-2026-017')
    expect(creditInvoice.TaxInclusiveAmount).toBe(-2151.67)
    expect(creditInvoice.SupplierID).toBe(invoice.SupplierID)
    // The platform reads the PDF's pages for their words, and every field from the embedded XML.
    const pdfAnswer = await get(`api/biz/files/${credit.fileId}?action=ocranalyse`)
    expect(structuredInvoiceOf(pdfAnswer)?.kind).toBe('credit-note')
    expect(JSON.parse(pdfAnswer.OcrRawData).AllWords.length).toBeGreaterThan(10)
    await pipeline.close()
  }, 120_000)

  it('refuses an XML upload that is not an invoice, saying so', async () => {
    const form = new FormData()
    form.set('Key', company)
    form.set(
      'File',
      new Blob(['<?xml version="1.0"?><Order><ID>1</ID></Order>'], { type: 'application/xml' }),
      'order.xml',
    )
    const res = await fetch(`${station.platform.urls.files}/api/file`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${station.token}` },
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toMatch(/order\.xml: The XML is a Order, not an invoice/)
  })
})
