// The document reader's lifecycle: no thread (no pdf.js, no Tesseract) until a document is read, the thread
// ended after its idle time, and a new one started by the next document; errors keep their meaning.
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { OcrError } from './index.ts'
import { analyseDocument, closeReader, pdfPageCount, readerRunning, setReaderIdleMs } from './reader-host.ts'

const previousIdle = setReaderIdleMs(300)
afterAll(async () => {
  setReaderIdleMs(previousIdle)
  await closeReader(true)
})

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const text of ['Faktura 10234', 'Side to'])
    doc.addPage([595, 842]).drawText(text, { x: 72, y: 700, size: 12, font })
  return doc.save()
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await new Promise((r) => setTimeout(r, 25))
  }
  return check()
}

describe('document reader thread', () => {
  it('starts with the first document, ends when idle, and starts again for the next', async () => {
    expect(readerRunning()).toBe(false)
    const pdf = await twoPagePdf()
    expect(await pdfPageCount(pdf)).toBe(2)
    expect(readerRunning()).toBe(true)
    expect(await until(() => !readerRunning(), 10_000)).toBe(true)

    const analysis = await analyseDocument(pdf, { pageNo: 2 })
    expect(analysis.PageNo).toBe(2)
    expect(JSON.parse(analysis.OcrRawData).AllWords.map((w: { Text: string }) => w.Text)).toEqual([
      'Side',
      'to',
    ])
    expect(readerRunning()).toBe(true)
    expect(await until(() => !readerRunning(), 10_000)).toBe(true)
  }, 60_000)

  it('keeps OCR errors and pdf.js error names across the thread', async () => {
    const pdf = await twoPagePdf()
    const err = await analyseDocument(pdf, { pageNo: 3 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(OcrError)
    expect((err as OcrError).code).toBe('no-such-page')
    const bad = await pdfPageCount(new TextEncoder().encode('%PDF-1.4\nnot a pdf\n%%EOF')).catch(
      (e: unknown) => e,
    )
    expect(bad).toBeInstanceOf(Error)
    expect((bad as Error).name).toMatch(/Exception|Error/)
  }, 60_000)
})
