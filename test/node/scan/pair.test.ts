// The pair rule against the real local platform: a PDF and an XML invoice with the same base name are one
// document, whichever arrives first. One draft is made; its document is the PDF (the invoice's first file),
// its fields are the XML's, the XML is attached beside it, and both originals go to processed/. A pair taken
// again makes no second invoice.
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { monthFolder } from '../../../electron/main/services/scan/files.ts'
import { makeUbl, printedInvoicePdf } from '../../support/einvoice-files.ts'
import { useAnneStation } from './anne-station.ts'

const company = DEMO_COMPANIES.nordlys.key
const station = useAnneStation(company)
const get = station.get
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const pipelineFor = (ledgerDir: string) => station.pipeline(ledgerDir, { pairWaitMs: 1500 })

/** The invoice's attached files, first (lowest id) first. */
async function filesOf(invoiceId: number): Promise<{ ID: number; ContentType: string; Name: string }[]> {
  const links: { FileID: number }[] = await get(
    `api/biz/fileentitylinks?filter=EntityType eq 'SupplierInvoice' and EntityID eq ${invoiceId}&select=FileID`,
  )
  const ids = links.map((l) => l.FileID).sort((a, b) => a - b)
  return Promise.all(ids.map((id) => get(`api/biz/files/${id}`)))
}

async function expectOnePairInvoice(folder: string, ledgerDir: string, pdfName: string, xmlName: string) {
  const pipeline = pipelineFor(ledgerDir)
  const entries = await pipeline.entries(company)
  await pipeline.close()
  expect(entries.map((e) => [e.name, e.state])).toEqual([[pdfName, 'done']])
  const [entry] = entries
  const invoice = await get(`api/biz/supplierinvoices/${entry!.invoiceId}?expand=Supplier,Supplier.Info`)
  // The XML's fields, read exactly (the printed PDF shows another number and no due date).
  expect(invoice.InvoiceNumber).toBe('2026-1042')
  expect(invoice.PaymentDueDate.slice(0, 10)).toBe('2026-03-16')
  expect(invoice.TaxInclusiveAmount).toBe(2151.67)
  expect(invoice.PaymentID).toBe('1234567890128')
  expect(invoice.Supplier.Info.Name).toBe('Fjordkontor Rekvisita AS')
  const files = await filesOf(entry!.invoiceId!)
  expect(files.map((f) => [f.Name, f.ContentType])).toEqual([
    [pdfName, 'application/pdf'],
    [xmlName, 'application/xml'],
  ])
  expect(readdirSync(folder).filter((n) => !n.startsWith('processed'))).toEqual([])
  expect(readdirSync(monthFolder(folder)).sort()).toEqual([pdfName, xmlName].sort())
  return entry!
}

describe('a PDF and its XML invoice in a scan folder', () => {
  it('make one invoice when the PDF comes first and the XML while it is on its way', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-pair-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-ledger-'))
    const pipeline = pipelineFor(ledgerDir)
    writeFileSync(join(folder, 'faktura-1042.pdf'), await printedInvoicePdf('Faktura 77-0001'))
    writeFileSync(join(folder, 'Faktura-1042.XML'), await makeUbl())
    const pdf = pipeline.take({ companyKey: company, path: join(folder, 'faktura-1042.pdf'), folder })
    const xml = pipeline.take({ companyKey: company, path: join(folder, 'Faktura-1042.XML'), folder })
    expect(await Promise.all([pdf, xml])).toEqual(['queued', 'paired'])
    await pipeline.idle()
    await pipeline.close()
    const entry = await expectOnePairInvoice(folder, ledgerDir, 'faktura-1042.pdf', 'Faktura-1042.XML')

    // The pair put back (a restore, a second export) makes no second invoice: the PDF is a duplicate of
    // it (a row linked to the invoice), the XML goes where its PDF's run meant it to.
    const again = pipelineFor(ledgerDir)
    copyFileSync(join(monthFolder(folder), 'faktura-1042.pdf'), join(folder, 'faktura-1042.pdf'))
    copyFileSync(join(monthFolder(folder), 'Faktura-1042.XML'), join(folder, 'Faktura-1042.XML'))
    const outcomes = await Promise.all(
      ['Faktura-1042.XML', 'faktura-1042.pdf'].map((n) =>
        again.take({ companyKey: company, path: join(folder, n), folder }),
      ),
    )
    await again.idle()
    await again.close()
    expect(outcomes).toEqual(['already', 'duplicate'])
    expect((await again.entries(company)).map((e) => e.invoiceId)).toEqual([entry.invoiceId])
    expect(existsSync(join(folder, 'Faktura-1042.XML'))).toBe(false)
    expect(existsSync(join(folder, 'faktura-1042.pdf'))).toBe(false)
  }, 120_000)

  it('make one invoice when the XML comes first and its PDF a moment later', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-pair-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-ledger-'))
    const pipeline = pipelineFor(ledgerDir)
    writeFileSync(join(folder, 'faktura-2.xml'), await makeUbl())
    const xml = pipeline.take({ companyKey: company, path: join(folder, 'faktura-2.xml'), folder })
    await sleep(400)
    writeFileSync(join(folder, 'faktura-2.pdf'), await printedInvoicePdf('Faktura 77-0002'))
    const pdf = pipeline.take({ companyKey: company, path: join(folder, 'faktura-2.pdf'), folder })
    expect(await Promise.all([xml, pdf])).toEqual(['paired', 'queued'])
    await pipeline.idle()
    await pipeline.close()
    await expectOnePairInvoice(folder, ledgerDir, 'faktura-2.pdf', 'faktura-2.xml')
  }, 120_000)
})

describe('an XML invoice that comes after its PDF', () => {
  it('is attached to the invoice its PDF already made, and moved beside it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-pair-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-ledger-'))
    const pipeline = pipelineFor(ledgerDir)
    writeFileSync(join(folder, 'faktura-5.pdf'), await printedInvoicePdf('Faktura 77-0005'))
    expect(await pipeline.take({ companyKey: company, path: join(folder, 'faktura-5.pdf'), folder })).toBe(
      'queued',
    )
    await pipeline.idle()
    const [pdf] = await pipeline.entries(company)
    expect([pdf!.state, pdf!.partner ?? null]).toEqual(['done', null])
    writeFileSync(join(folder, 'FAKTURA-5.xml'), await makeUbl())
    expect(await pipeline.take({ companyKey: company, path: join(folder, 'FAKTURA-5.xml'), folder })).toBe(
      'paired',
    )
    await pipeline.idle()
    const entries = await pipeline.entries(company)
    await pipeline.close()
    // One entry, one invoice: the XML is the PDF's partner, attached after the PDF, and both are processed.
    expect(entries.map((e) => [e.name, e.state, e.invoiceId])).toEqual([
      ['faktura-5.pdf', 'done', pdf!.invoiceId],
    ])
    expect(entries[0]!.partner?.fileId).toEqual(expect.any(Number))
    expect((await filesOf(pdf!.invoiceId!)).map((f) => [f.Name, f.ContentType])).toEqual([
      ['faktura-5.pdf', 'application/pdf'],
      ['FAKTURA-5.xml', 'application/xml'],
    ])
    expect(readdirSync(folder).filter((n) => !n.startsWith('processed'))).toEqual([])
    expect(readdirSync(monthFolder(folder)).sort()).toEqual(['FAKTURA-5.xml', 'faktura-5.pdf'])
  }, 120_000)

  it('is taken as an invoice of its own when its PDF fails, not left waiting for it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-pair-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-ledger-'))
    const pipeline = pipelineFor(ledgerDir)
    // A PDF cut short (no %%EOF): refused as it is taken, after its XML was left for it.
    const whole = Buffer.from(await printedInvoicePdf('Faktura 77-0006'))
    writeFileSync(join(folder, 'faktura-6.pdf'), whole.subarray(0, whole.lastIndexOf('%%EOF')))
    writeFileSync(join(folder, 'faktura-6.xml'), await makeUbl())
    const xml = pipeline.take({ companyKey: company, path: join(folder, 'faktura-6.xml'), folder })
    await sleep(200)
    const pdf = pipeline.take({ companyKey: company, path: join(folder, 'faktura-6.pdf'), folder })
    expect(await Promise.all([xml, pdf])).toEqual(['paired', 'failed'])
    await pipeline.idle()
    const entries = await pipeline.entries(company)
    await pipeline.close()
    expect(entries.map((e) => [e.name, e.state, e.reason?.code ?? null]).sort()).toEqual([
      ['faktura-6.pdf', 'failed', 'truncatedPdf'],
      ['faktura-6.xml', 'done', null],
    ])
    const invoice = await get(`api/biz/supplierinvoices/${entries.find((e) => e.kind === 'xml')!.invoiceId}`)
    expect(invoice.InvoiceNumber).toBe('2026-1042')
    expect(readdirSync(folder).filter((n) => !['processed', 'failed'].includes(n))).toEqual([])
    expect(readdirSync(monthFolder(folder))).toEqual(['faktura-6.xml'])
  }, 120_000)
})

describe('the XML beside a PDF that is not the folder’s own file', () => {
  /** The PDF's run: one invoice of the PDF alone, read from its pages, and no XML attached to it. */
  async function expectPdfAlone(folder: string, xmlName: string, code: string, note: RegExp) {
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-ledger-'))
    const pipeline = pipelineFor(ledgerDir)
    expect(await pipeline.take({ companyKey: company, path: join(folder, 'faktura-9.pdf'), folder })).toBe(
      'queued',
    )
    await pipeline.idle()
    const entries = await pipeline.entries(company)
    await pipeline.close()
    const pdf = entries.find((e) => e.name === 'faktura-9.pdf')!
    expect([pdf.state, pdf.partner ?? null]).toEqual(['done', null])
    // Read from the PDF's pages: the XML's number (2026-1042) is not the invoice's.
    const invoice = await get(`api/biz/supplierinvoices/${pdf.invoiceId}`)
    expect(invoice.InvoiceNumber).not.toBe('2026-1042')
    expect((await filesOf(pdf.invoiceId!)).map((f) => f.ContentType)).toEqual(['application/pdf'])
    // The XML is recorded as a refused file is: its own failed entry, and failed/ with the note beside it.
    const xml = entries.find((e) => e.name === xmlName)!
    expect([xml.state, xml.reason?.code]).toEqual(['failed', code])
    expect(readdirSync(join(folder, 'failed'))).toEqual([xmlName, `${xmlName}.reason.txt`])
    expect(readFileSync(join(folder, 'failed', `${xmlName}.reason.txt`), 'utf8')).toMatch(note)
  }

  it('refuses an XML that is a link to a file outside the folder, and reads the PDF alone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-pair-'))
    const elsewhere = mkdtempSync(join(tmpdir(), 'elsewhere-'))
    writeFileSync(join(elsewhere, 'secret.xml'), await makeUbl())
    writeFileSync(join(folder, 'faktura-9.pdf'), await printedInvoicePdf('Faktura 77-0009'))
    symlinkSync(join(elsewhere, 'secret.xml'), join(folder, 'faktura-9.xml'))
    await expectPdfAlone(
      folder,
      'faktura-9.xml',
      'linkedFile',
      /er en lenke \(symlink\) til en fil et annet sted/,
    )
    // The file the link named is where it was, and was never uploaded.
    expect(existsSync(join(elsewhere, 'secret.xml'))).toBe(true)
  }, 120_000)

  it('refuses an XML larger than 10 MB beside its PDF, and reads the PDF alone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-pair-'))
    const ubl = await makeUbl()
    // A whole, well-formed invoice padded past the cap (MAX_INVOICE_XML_BYTES) with a comment.
    const padded = ubl.replace(/<\/Invoice>\s*$/, `<!--${' '.repeat(11 * 1024 * 1024)}--></Invoice>`)
    writeFileSync(join(folder, 'faktura-9.pdf'), await printedInvoicePdf('Faktura 77-0009'))
    writeFileSync(join(folder, 'faktura-9.xml'), padded)
    await expectPdfAlone(folder, 'faktura-9.xml', 'xmlTooLarge', /XML-filen er større enn 10 MB/)
  }, 120_000)
})
