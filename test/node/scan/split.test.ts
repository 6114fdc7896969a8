// Splitting a scanned batch into invoices, against pdf.js's rendering and the real local platform: which
// pages are blank (scanner speckle allowed) or the separator sheet (printed to PDF, or printed and scanned),
// parts that are PDFs of exactly their pages, and a batch of three invoices that becomes three invoices
// exactly once, also when the station stops while it takes the parts and starts again.
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES } from '../../../platform/seed/demo-constants.ts'
import { monthFolder } from '../../../electron/main/services/scan/files.ts'
import type { PipelineOptions } from '../../../electron/main/services/scan/pipeline.ts'
import { scanMark } from '../../../electron/main/services/scan/platform.ts'
import { partsAtCuts, partsOf } from '../../../electron/main/services/scan/split/page-marks.ts'
import { pageMarks } from '../../../electron/main/services/scan/split/pages.ts'
import { pdfOfPages } from '../../../electron/main/services/scan/split/split-pdf.ts'
import { blankScan, invoicePage, joinPdfs, separatorPage } from '../../support/split-batches.ts'
import { useAnneStation } from './anne-station.ts'

const company = DEMO_COMPANIES.aurora.key
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

/** A PDF whose pages are told apart by their width: page n is 400 + n points wide. */
async function numberedPages(count: number) {
  const doc = await PDFDocument.create()
  for (let n = 1; n <= count; n++)
    doc.addPage([400 + n, 600]).drawText(`Side ${n}`, { x: 40, y: 500, size: 30 })
  return doc.save()
}
const widthsOf = async (pdf: Uint8Array) =>
  (await PDFDocument.load(pdf)).getPages().map((p) => Math.round(p.getWidth()) - 400)

describe('the pages of a scanned batch', () => {
  it('finds blank pages with scanner speckle and the separator sheet, printed or scanned, and nothing else', async () => {
    const scannedInvoice = await invoicePage(31, true)
    const printedInvoice = await invoicePage(32)
    // A page with two short lines of print, the least an invoice's page holds.
    const sparse = await PDFDocument.create()
    const page = sparse.addPage([595, 842])
    page.drawText('Faktura 1042', { x: 60, y: 760, size: 10 })
    page.drawText('Å betale 1 250,00', { x: 60, y: 745, size: 10 })
    const batch = await joinPdfs([
      printedInvoice.pdf,
      await blankScan(1, 300),
      scannedInvoice.pdf,
      await separatorPage('printed'),
      await sparse.save(),
      await separatorPage('scanned', 4),
      await blankScan(2, 0),
    ])
    const marks = await pageMarks(batch)
    expect(marks.ok).toBe(true)
    if (!marks.ok) return
    expect(marks.value).toEqual([
      { blank: false, separator: false },
      { blank: true, separator: false },
      { blank: false, separator: false },
      { blank: false, separator: true },
      { blank: false, separator: false },
      { blank: false, separator: true },
      { blank: true, separator: false },
    ])
    expect(partsOf(marks.value)).toEqual([[1], [3], [5]])
  }, 180_000)

  it('answers a file pdf.js cannot open as unreadable, so it is sent whole', async () => {
    const marks = await pageMarks(Buffer.from('%PDF-1.4\nthis is no PDF at all\n%%EOF\n'))
    expect(marks.ok).toBe(false)
  }, 60_000)

  it('makes each part a PDF of exactly its pages, the same bytes when made again', async () => {
    const pdf = await numberedPages(7)
    const parts = partsOf([
      { blank: false, separator: false },
      { blank: false, separator: false },
      { blank: true, separator: false },
      { blank: false, separator: false },
      { blank: false, separator: true },
      { blank: false, separator: true },
      { blank: false, separator: false },
    ])
    expect(parts).toEqual([[1, 2], [4], [7]])
    const made = await Promise.all(parts.map((pages) => pdfOfPages(pdf, pages)))
    expect(await Promise.all(made.map(widthsOf))).toEqual([[1, 2], [4], [7]])
    const again = await Promise.all(parts.map((pages) => pdfOfPages(pdf, pages)))
    expect(again.map(sha)).toEqual(made.map(sha))
    // The accountant's cuts: a part begins at pages 3 and 6.
    expect(partsAtCuts(7, [6, 3, 3, 99])).toEqual([
      [1, 2],
      [3, 4, 5],
      [6, 7],
    ])
    expect(partsAtCuts(7, [1])).toBeNull()
  })
})

describe('a batch of three invoices through the pipeline', () => {
  const station = useAnneStation(company)
  const marked = async (hash: string) =>
    (await station.get(
      `api/biz/supplierinvoices?filter=contains(Comment,'${scanMark(hash)}')&select=ID`,
    )) as {
      ID: number
    }[]

  const newPipeline = (ledgerDir: string, extra: Partial<PipelineOptions> = {}) =>
    station.pipeline(ledgerDir, { locale: () => 'en', ...extra })

  async function batchOfThree(seed: number) {
    const invoices = await Promise.all([seed, seed + 1, seed + 2].map((s) => invoicePage(s)))
    const pdf = await joinPdfs([
      invoices[0]!.pdf,
      await blankScan(seed),
      invoices[1]!.pdf,
      await separatorPage('printed'),
      invoices[2]!.pdf,
    ])
    return { invoices, pdf }
  }

  it('becomes three invoices, once each, also when the station stops while it takes the parts', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-split-'))
    const ledgerDir = mkdtempSync(join(tmpdir(), 'scan-split-ledger-'))
    const { pdf } = await batchOfThree(8101)
    const path = join(folder, 'bunke.pdf')
    writeFileSync(path, pdf)

    // The first run stops for good while it reads the second part (a kill, as far as the ledger knows).
    const stopped = new Promise<never>(() => {})
    const first = newPipeline(ledgerDir, {
      files: {
        readFile: async (file) => {
          if (file.endsWith(join('bunke-2.pdf'))) return stopped
          const { readFile } = await import('node:fs/promises')
          return new Uint8Array(await readFile(file))
        },
      },
    })
    expect(await first.take({ companyKey: company, path, folder, splitOnSeparators: true })).toBe('queued')
    await expect
      .poll(
        async () => (await first.entries(company)).filter((e) => e.splitFrom && e.state === 'done').length,
        {
          timeout: 120_000,
          interval: 250,
        },
      )
      .toBe(1)
    const batchEntry = (await first.entries(company)).find((e) => e.sha256 === sha(pdf))!
    expect(batchEntry).toMatchObject({ step: 'split', state: 'reading' })
    expect(batchEntry.parts!.map((part) => part.pages)).toEqual([[1], [3], [5]])
    await first.close()

    // Started again: the batch resumes at its split, takes the same parts and makes the two missing invoices.
    const again = newPipeline(ledgerDir)
    await again.resumeCompany(company)
    await again.idle()
    const entries = await again.entries(company)
    const batch = entries.find((e) => e.sha256 === sha(pdf))!
    expect(batch).toMatchObject({ state: 'done', step: 'finished', fileId: null, invoiceId: null })
    const parts = entries.filter((e) => e.splitFrom?.sha256 === sha(pdf))
    expect(parts.map((e) => [e.splitFrom!.part, e.state])).toEqual([
      [1, 'done'],
      [2, 'done'],
      [3, 'done'],
    ])
    expect(new Set(parts.map((e) => e.invoiceId)).size).toBe(3)
    for (const part of batch.parts!) expect(await marked(part.sha256)).toHaveLength(1)
    expect(await marked(sha(pdf))).toEqual([])
    // Each part's PDF holds its invoice's page only; the batch went to processed/ whole.
    for (const part of parts)
      expect((await PDFDocument.load(await readBack(part.destination!))).getPageCount()).toBe(1)
    expect(existsSync(join(monthFolder(folder), 'bunke.pdf'))).toBe(true)
    expect(readdirSync(folder).filter((n) => n.endsWith('.pdf'))).toEqual([])

    // Taken again (the same batch put back): a duplicate, no fourth invoice.
    writeFileSync(path, pdf)
    expect(await again.take({ companyKey: company, path, folder, splitOnSeparators: true })).toBe('duplicate')
    await again.close()
  }, 300_000)

  it('sends a batch whole where its folder does not split, and splits a waiting PDF where the accountant cuts it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scan-cut-'))
    const { pdf } = await batchOfThree(8201)
    const path = join(folder, 'bunke.pdf')
    writeFileSync(path, pdf)
    const pipeline = newPipeline(mkdtempSync(join(tmpdir(), 'scan-cut-ledger-')))
    // Waiting: the queue is paused (as while the platform is out of reach).
    pipeline.pause('offline')
    expect(await pipeline.take({ companyKey: company, path, folder })).toBe('queued')
    const [waiting] = await pipeline.entries(company)
    expect(waiting).toMatchObject({ step: 'upload', state: 'queued' })
    // Pages 1-2 (the first invoice and the blank page) and 3-5.
    expect(await pipeline.split(company, waiting!.sha256, [3])).toBe(true)
    pipeline.resume()
    await pipeline.idle()
    const entries = await pipeline.entries(company)
    const parts = entries.filter((e) => e.splitFrom)
    expect(parts.map((e) => e.state)).toEqual(['done', 'done'])
    const batch = entries.find((e) => e.sha256 === sha(pdf))!
    expect(batch.parts!.map((part) => part.pages)).toEqual([
      [1, 2],
      [3, 4, 5],
    ])
    // Uploaded, it can no longer be split here.
    expect(await pipeline.split(company, parts[0]!.sha256, [2])).toBe(false)
    await pipeline.close()
  }, 300_000)
})

async function readBack(path: string) {
  const { readFile } = await import('node:fs/promises')
  return new Uint8Array(await readFile(path))
}
