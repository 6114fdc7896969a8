// The note a scan run puts on a supplier it created, once: the ledger records that it was posted, so a run
// resumed at the supplier step (a kill after the note) does not post it again. That record is what keeps
// the note single on a platform that does not list a supplier's comments (only their POST is documented);
// without it, a resumed run asks the platform, and one that cannot be asked posts it.
import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OcrPropertyId } from '../../../common/ocr.ts'
import { generateInvoice } from '../../../document-reader/corpus/generate.ts'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { openLedger, type ReadFields } from '../../../electron/main/services/scan/ledger.ts'
import type { ScanPlatform } from '../../../electron/main/services/scan/platform.ts'
import { useAnneStation } from './anne-station.ts'

const company = DEMO_COMPANIES.aurora.key
const station = useAnneStation(company)

/** A run killed at the supplier step after creating the supplier (and, with `noted`, after its note). */
async function interruptedRun(seed: number, noted: boolean) {
  const platform = station.scanPlatform()
  const folder = mkdtempSync(join(tmpdir(), 'scan-note-'))
  const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-note-ledger-'))
  const inv = await generateInvoice(seed, { layout: 'classic' })
  const path = join(folder, 'faktura.pdf')
  writeFileSync(path, inv.pdf)
  const truth = inv.truth
  const fields: ReadFields = {
    orgNumber: truth[OcrPropertyId.OfficialNumber],
    supplierName: `Skannet leverandør ${seed}`,
    invoiceNumber: truth[OcrPropertyId.InvoiceNumber],
    invoiceDate: truth[OcrPropertyId.InvoiceDate],
    dueDate: truth[OcrPropertyId.DueDate],
    amount: Number(truth[OcrPropertyId.TotalAmount]),
    currency: 'NOK',
    kid: null,
    bankAccount: null,
    iban: null,
  }
  const supplierId =
    (await platform.findSupplier(company, fields.orgNumber!)) ??
    (await platform.createSupplier(company, fields, 'Opprettet fra skanning'))
  const fileId = await platform.upload(company, { bytes: inv.pdf, name: 'faktura.pdf' })
  const now = new Date().toISOString()
  const ledger = await openLedger(join(ledgerDir, `${company.replace(/[^\w-]/g, '_')}.jsonl`))
  await ledger.record(createHash('sha256').update(inv.pdf).digest('hex'), {
    companyKey: company,
    state: 'creating',
    step: 'supplier',
    originalPath: path,
    name: 'faktura.pdf',
    folder,
    kind: 'pdf',
    size: inv.pdf.length,
    fileId,
    invoiceId: null,
    supplierId: null,
    supplierCreated: true,
    ...(noted ? { supplierNoted: true } : {}),
    started: null,
    fields,
    destination: null,
    reason: null,
    attempts: 0,
    takenAt: now,
    updatedAt: now,
    readyAt: null,
  })
  await ledger.close()
  const marks: Parameters<ScanPlatform['markSupplier']>[] = []
  const counting: ScanPlatform = {
    ...platform,
    markSupplier: async (...args) => {
      marks.push(args)
      return platform.markSupplier(...args)
    },
  }
  const pipeline = station.pipeline(ledgerDir, { platform: counting })
  return { pipeline, path, folder, marks, supplierId }
}

describe('the note on a supplier the scan created', () => {
  it('is not posted again by a resumed run whose ledger says it was posted', async () => {
    const { pipeline, path, folder, marks, supplierId } = await interruptedRun(8101, true)
    expect(await pipeline.take({ companyKey: company, path, folder })).toBe('already')
    await pipeline.idle()
    const [entry] = await pipeline.entries(company)
    expect(entry).toMatchObject({ state: 'done', supplierId, supplierCreated: true })
    expect(marks).toEqual([])
    await pipeline.close()
  }, 60_000)

  it('is posted (once, asking the platform where it lists notes) by a resumed run with no such record', async () => {
    const { pipeline, path, folder, marks, supplierId } = await interruptedRun(8102, false)
    await pipeline.take({ companyKey: company, path, folder })
    await pipeline.idle()
    const [entry] = await pipeline.entries(company)
    expect(entry).toMatchObject({ state: 'done', supplierId, supplierNoted: true })
    expect(marks.map(([, id, , fresh]) => [id, fresh ?? false])).toEqual([[supplierId, false]])
    await pipeline.close()
  }, 60_000)
})
