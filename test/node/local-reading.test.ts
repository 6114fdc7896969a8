// Main's local reading (electron/main/services/local-reading/): a text PDF and a scanned PNG read on this
// computer into OCR answers, kept per company by content, hostile files refused with a reason (and the reader
// usable after), and one company's kept reading never answered for another.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OcrPropertyId, ocrPropertyIdOf } from '../../common/ocr.ts'
import { generateInvoice } from '../../document-reader/corpus/generate.ts'
import { scanVariant } from '../../document-reader/corpus/scan.ts'
import { openPdf, renderPage } from '../../document-reader/pdf.ts'
import { createReaderHost, readerFingerprint } from '../../document-reader/reader-host.ts'
import {
  createLocalReading,
  LOCAL_READ_MAX_BYTES,
  type LocalReadingService,
} from '../../electron/main/services/local-reading/local-reading.ts'

type Answer = { InterpretedProperties: { ProposedCandidate: { Value: string } | null }[]; OcrRawData: string }

function proposed(answer: unknown, id: number): string | null {
  const props = (answer as Answer).InterpretedProperties as unknown as Record<string, unknown>[]
  const prop = props.find((p) => ocrPropertyIdOf(p) === id) as
    { ProposedCandidate?: { Value: string } } | undefined
  return prop?.ProposedCandidate?.Value ?? null
}

/** A scan as a PNG file: the corpus's scanned page (an image-only PDF) drawn at 200 dpi. */
async function scannedPng(seed: number): Promise<Uint8Array> {
  const { pdf } = await generateInvoice(seed, { layout: 'classic' })
  const doc = await openPdf(await scanVariant(pdf, seed, { format: 'png', dpi: 200, rotation: 0, noise: 0 }))
  try {
    return (await renderPage(doc, 1, 200 / 72, 'png')).image
  } finally {
    await doc.destroy()
  }
}

let dataDir: string
let service: LocalReadingService
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'local-reading-'))
  service = createLocalReading({ dataDir })
})
afterAll(async () => {
  await service.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('reading documents on this computer', () => {
  it('reads a text PDF from its text layer and keeps the answer for the company', async () => {
    const invoice = await generateInvoice(11)
    const first = await service.read('company-a', invoice.pdf)
    expect(first.refused).toBeNull()
    expect(first.cached).toBe(false)
    expect(proposed(first.answer, OcrPropertyId.InvoiceNumber)).toBe(
      invoice.truth[OcrPropertyId.InvoiceNumber],
    )
    expect(proposed(first.answer, OcrPropertyId.TotalAmount)).toBe(invoice.truth[OcrPropertyId.TotalAmount])
    const again = await service.read('company-a', invoice.pdf)
    expect(again.cached).toBe(true)
    expect(again.answer).toEqual(first.answer)
  }, 60_000)

  it('reads a scanned PNG with Tesseract', async () => {
    const invoice = await generateInvoice(12, { layout: 'classic' })
    const png = await scannedPng(12)
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG')
    const reading = await service.read('company-a', png)
    expect(reading.refused).toBeNull()
    const raw = JSON.parse((reading.answer as Answer).OcrRawData) as { AllWords: unknown[] }
    expect(raw.AllWords.length).toBeGreaterThan(20)
    expect(proposed(reading.answer, OcrPropertyId.InvoiceNumber)).toBe(
      invoice.truth[OcrPropertyId.InvoiceNumber],
    )
  }, 120_000)

  it('reads a file again after the reader changed, and keeps the new reading', async () => {
    const updateDir = await mkdtemp(join(tmpdir(), 'local-reading-update-'))
    const invoice = await generateInvoice(19)
    const before = createLocalReading({ dataDir: updateDir, readerVersion: 'reader-1' })
    try {
      expect((await before.read('company-a', invoice.pdf)).cached).toBe(false)
      expect((await before.read('company-a', invoice.pdf)).cached).toBe(true)
    } finally {
      await before.close()
    }
    // The app updated: its reader is another. The kept answer is not taken for the new reader's.
    const after = createLocalReading({ dataDir: updateDir, readerVersion: 'reader-2' })
    try {
      expect(await after.kept('company-a', invoice.pdf)).toBeNull()
      const reread = await after.read('company-a', invoice.pdf)
      expect(reread.cached).toBe(false)
      expect(proposed(reread.answer, OcrPropertyId.InvoiceNumber)).toBe(
        invoice.truth[OcrPropertyId.InvoiceNumber],
      )
      expect((await after.read('company-a', invoice.pdf)).cached).toBe(true)
    } finally {
      await after.close()
      await rm(updateDir, { recursive: true, force: true })
    }
  }, 60_000)

  it('names its reader by the code that reads, the same every time it is asked', () => {
    expect(readerFingerprint()).toMatch(/^[0-9a-f]{16}$/)
    expect(readerFingerprint()).toBe(readerFingerprint())
  })

  it("never answers one company's kept reading for another", async () => {
    const invoice = await generateInvoice(13)
    const a = await service.read('company-a', invoice.pdf)
    expect(a.cached).toBe(false)
    expect(await service.kept('company-b', invoice.pdf)).toBeNull()
    const b = await service.read('company-b', invoice.pdf)
    expect(b.cached).toBe(false)
    expect(b.hash).toBe(a.hash)
    // Each company keeps its readings in its own folder, named by neither key.
    const folders = await readdir(join(dataDir, 'local-readings', 'v1'))
    expect(folders).toHaveLength(2)
    expect(folders.join(' ')).not.toMatch(/company/)
  }, 60_000)

  it('answers a downloaded platform file from its kept reading, and fetches it for a company that has none', async () => {
    const invoice = await generateInvoice(16)
    service.downloaded('company-a', 77, invoice.pdf)
    const offline = async (): Promise<Uint8Array> => {
      throw new Error('offline')
    }
    await expect
      .poll(async () => (await service.readFile('company-a', 77, offline).catch(() => null))?.cached, {
        timeout: 30_000,
      })
      .toBe(true)
    const a = await service.readFile('company-a', 77, offline)
    expect(proposed(a.answer, OcrPropertyId.InvoiceNumber)).toBe(invoice.truth[OcrPropertyId.InvoiceNumber])
    // Company B's file 77 is not A's: without its own download it has nothing to answer.
    await expect(service.readFile('company-b', 77, offline)).rejects.toThrow('offline')
    const fetched: number[] = []
    const b = await service.readFile('company-b', 77, async () => {
      fetched.push(77)
      return invoice.pdf
    })
    expect(fetched).toEqual([77])
    expect(b.refused).toBeNull()
  }, 60_000)

  it('refuses hostile files with a reason, and reads the next file after', async () => {
    const notADocument = await service.read(
      'company-a',
      new TextEncoder().encode('MZ\x90\x00 not a document'),
    )
    expect(notADocument.refused?.code).toBe('unsupported')
    const brokenPdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Pages 9 0 R >>')
    const broken = await service.read('company-a', brokenPdf)
    expect(broken.refused?.code).toBe('unreadable')
    const huge = new Uint8Array(LOCAL_READ_MAX_BYTES + 1)
    huge.set(new TextEncoder().encode('%PDF-1.7\n'))
    expect((await service.read('company-a', huge)).refused?.code).toBe('tooLarge')
    // A refusal is kept: the file is not read again.
    expect((await service.read('company-a', brokenPdf)).cached).toBe(true)
    // The reader reads the next document as before.
    const invoice = await generateInvoice(15)
    expect((await service.read('company-a', invoice.pdf)).refused).toBeNull()
  }, 60_000)

  it('gives up a file being read when closing, keeps nothing of it and writes nothing after', async () => {
    const closingDir = await mkdtemp(join(tmpdir(), 'local-reading-closing-'))
    const closing = createLocalReading({ dataDir: closingDir })
    const png = await scannedPng(17)
    const invoice = await generateInvoice(18)
    const reading = closing.read('company-a', png)
    closing.downloaded('company-a', 5, invoice.pdf)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await closing.close()
    // Tesseract takes longer than that: the scan was given up, not read.
    expect((await reading).refused?.code).toBe('unreadable')
    const written = async () =>
      (await readdir(closingDir, { recursive: true })).filter((f) => !/\/$/.test(f)).sort()
    const atClose = await written()
    // The download's record is written before close returns; no answer is kept for either file.
    expect(atClose.some((f) => f.endsWith('file-5'))).toBe(true)
    expect(atClose.filter((f) => f.endsWith('.json'))).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await written()).toEqual(atClose)
    // Open again on the same folder, the scan is read: it was not kept as unreadable.
    const again = createLocalReading({ dataDir: closingDir })
    try {
      expect(await again.kept('company-a', png)).toBeNull()
    } finally {
      await again.close()
      await rm(closingDir, { recursive: true, force: true })
    }
  }, 120_000)

  it('ends a reading over its time budget with its thread', async () => {
    const slowDir = await mkdtemp(join(tmpdir(), 'local-reading-slow-'))
    const reader = createReaderHost({ timeoutMs: 300 })
    const slow = createLocalReading({ dataDir: slowDir, reader })
    try {
      const png = await scannedPng(14)
      const over = await slow.read('company-a', png)
      expect(over.refused?.code).toBe('timeout')
      expect(reader.running()).toBe(false)
    } finally {
      await slow.close()
      await rm(slowDir, { recursive: true, force: true })
    }
  }, 120_000)
})
