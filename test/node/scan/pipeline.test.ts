// The scan pipeline against the real local platform: every file becomes one draft supplier invoice with
// the fields read and the file attached, originals go to processed/YYYY-MM/, bad files to failed/ with
// a reason, and the same content seen again (also after a restart) is a duplicate, never a second invoice.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { generateHardDocument } from '../../../document-reader/corpus/hard.ts'
import { OcrPropertyId } from '../../../common/ocr.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import type { BatchSummary } from '../../../electron/main/services/scan/pipeline.ts'
import { monthFolder } from '../../../electron/main/services/scan/files.ts'
import { useAnneStation } from './anne-station.ts'

const company = DEMO_COMPANIES.nordlys.key
const station = useAnneStation(company)
const get = station.get

const newPipeline = (
  ledgerDir: string,
  batches: BatchSummary[] = [],
  progress: { name: string; percent: number }[] = [],
) =>
  station.pipeline(ledgerDir, {
    events: {
      batchFinished: (b) => batches.push(b),
      uploadProgress: (entry, percent) => progress.push({ name: entry.name, percent }),
    },
  })

describe('scan pipeline against the local platform', () => {
  it('makes one filled-in draft per file, attaches it, moves the original, and knows duplicates after a restart', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-folder-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-ledger-'))
    const invoices = await Promise.all(
      [101, 102, 103].map((seed) => generateInvoice(seed, { layout: 'classic' })),
    )
    invoices.forEach((inv, i) => writeFileSync(join(folder, `faktura-${i + 1}.pdf`), inv.pdf))
    writeFileSync(join(folder, 'notat.pdf'), 'dette er ikke en PDF')
    const before = (await get('api/biz/supplierinvoices?select=ID')).length

    const batches: BatchSummary[] = []
    const progress: { name: string; percent: number }[] = []
    const pipeline = newPipeline(ledgerDir, batches, progress)
    const outcomes = await Promise.all(
      ['faktura-1.pdf', 'faktura-2.pdf', 'faktura-3.pdf', 'notat.pdf'].map((name) =>
        pipeline.take({ companyKey: company, path: join(folder, name), folder }),
      ),
    )
    expect(outcomes).toEqual(['queued', 'queued', 'queued', 'failed'])
    await pipeline.idle()

    const entries = await pipeline.entries(company)
    const done = entries.filter((e) => e.state === 'done')
    expect(done).toHaveLength(3)
    for (const [i, inv] of invoices.entries()) {
      const entry = done.find((e) => e.name === `faktura-${i + 1}.pdf`)!
      const invoice = await get(`api/biz/supplierinvoices/${entry.invoiceId}?expand=Supplier`)
      expect(invoice.InvoiceNumber).toBe(inv.truth[OcrPropertyId.InvoiceNumber])
      expect(invoice.TaxInclusiveAmount).toBe(Number(inv.truth[OcrPropertyId.TotalAmount]))
      expect(invoice.PaymentDueDate?.slice(0, 10)).toBe(inv.truth[OcrPropertyId.DueDate])
      expect(invoice.Supplier.OrgNumber).toBe(inv.truth[OcrPropertyId.OfficialNumber])
      if (inv.truth[OcrPropertyId.Kid]) expect(invoice.PaymentID).toBe(inv.truth[OcrPropertyId.Kid])
      const attached = await get(`api/biz/files/SupplierInvoice/${entry.invoiceId}`)
      expect(attached.map((f: { ID: number }) => f.ID)).toEqual([entry.fileId])
      expect(existsSync(join(monthFolder(folder), `faktura-${i + 1}.pdf`))).toBe(true)
      // A supplier the company did not have is created and marked for the reviewer.
      if (entry.supplierCreated) {
        const notes = await get(`api/biz/comments/Supplier/${entry.supplierId}`)
        expect(notes.map((n: { Text: string }) => n.Text)).toContain('Opprettet fra skanning')
      }
    }
    expect((await get('api/biz/supplierinvoices?select=ID')).length).toBe(before + 3)
    expect(readFileSync(join(folder, 'failed', 'notat.pdf.reason.txt'), 'utf8')).toMatch(
      /ikke PDF, PNG, JPEG, TIFF eller en XML-faktura/,
    )
    expect(readdirSync(folder).filter((n) => n.endsWith('.pdf'))).toEqual([])
    expect(batches).toEqual([{ companyKey: company, ready: 3, failed: 1, duplicates: 0 }])
    // Each uploaded file's percentage rises to 100; the refused one never uploads.
    for (const name of ['faktura-1.pdf', 'faktura-2.pdf', 'faktura-3.pdf']) {
      const seen = progress.filter((p) => p.name === name).map((p) => p.percent)
      expect(seen.length, name).toBeGreaterThan(0)
      expect(seen.at(-1)).toBe(100)
      expect(seen).toEqual([...seen].sort((a, b) => a - b))
    }
    expect(progress.some((p) => p.name === 'notat.pdf')).toBe(false)
    await pipeline.close()

    // After a restart the same content under another name is a duplicate of the first invoice.
    const again = newPipeline(ledgerDir)
    writeFileSync(join(folder, 'kopi.pdf'), invoices[0]!.pdf)
    expect(await again.take({ companyKey: company, path: join(folder, 'kopi.pdf'), folder })).toBe(
      'duplicate',
    )
    await again.idle()
    expect(existsSync(join(folder, 'processed', 'duplicates', 'kopi.pdf'))).toBe(true)
    expect((await again.duplicates(company)).map((d) => d.name)).toEqual(['kopi.pdf'])
    expect((await get('api/biz/supplierinvoices?select=ID')).length).toBe(before + 3)
    await again.close()
  }, 120_000)

  it('finds or creates a foreign supplier by its VAT id and country, never as a Norwegian number', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-folder-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-ledger-'))
    const doc = await generateHardDocument('foreign', 7)
    const vatId = doc.truth.fields[OcrPropertyId.OfficialNumber]!
    writeFileSync(join(folder, 'utland-1.pdf'), doc.bytes)
    // The same invoice again under other bytes (a space after the end): another file, the same supplier.
    writeFileSync(join(folder, 'utland-2.pdf'), Buffer.concat([Buffer.from(doc.bytes), Buffer.from(' ')]))
    const pipeline = newPipeline(ledgerDir)
    await pipeline.take({ companyKey: company, path: join(folder, 'utland-1.pdf'), folder })
    await pipeline.idle()
    await pipeline.take({ companyKey: company, path: join(folder, 'utland-2.pdf'), folder })
    await pipeline.idle()
    const done = (await pipeline.entries(company)).filter((e) => e.state === 'done')
    expect(done).toHaveLength(2)
    expect(done.map((e) => e.supplierCreated)).toEqual([true, false])
    expect(done[1]!.supplierId).toBe(done[0]!.supplierId)
    const supplier = await get(`api/biz/suppliers/${done[0]!.supplierId}?expand=Info,Info.InvoiceAddress`)
    expect(supplier.OrgNumber).toBe(vatId)
    expect(supplier.Info.InvoiceAddress?.CountryCode).toBe(vatId.slice(0, 2))
    await pipeline.close()
  }, 120_000)
})
