// A PDF opened for its text only (pdf.ts, openPdf's `textOnly`) gives the same words and boxes as one opened
// to be drawn, and is never drawn itself.
import { describe, expect, it } from 'vitest'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { generateInvoice } from './corpus/generate.ts'
import { openPdf, renderPage, textLayerWords } from './pdf.ts'

async function wordsOf(bytes: Uint8Array, textOnly: boolean) {
  const doc = await openPdf(bytes, { textOnly })
  try {
    return await textLayerWords(doc, 1)
  } finally {
    await doc.destroy()
  }
}

/** A page in every standard font but Symbol and ZapfDingbats, with Norwegian letters and a width-sensitive run. */
async function standardFontsPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const names = Object.values(StandardFonts).filter((n) => n !== 'Symbol' && n !== 'ZapfDingbats')
  for (const [i, name] of names.entries()) {
    const font = await doc.embedFont(name)
    page.drawText(`Forfall ${i + 1}.12.2026 Beløp å betale: 12 345,67 kr Ærlig Øst WWW iii`, {
      x: 40,
      y: 800 - i * 30,
      size: 11,
      font,
    })
  }
  return doc.save()
}

describe('a PDF read for its text only', () => {
  it('gives the same words and boxes as the PDF opened to be drawn', async () => {
    const documents = [await standardFontsPage()]
    for (const seed of [21, 22, 23, 24]) documents.push((await generateInvoice(seed)).pdf)
    for (const bytes of documents) {
      const full = await wordsOf(bytes, false)
      expect(full.Words.length).toBeGreaterThan(10)
      expect(await wordsOf(bytes, true)).toEqual(full)
    }
  }, 60_000)

  it('is not drawn', async () => {
    const doc = await openPdf(await standardFontsPage(), { textOnly: true })
    try {
      await expect(renderPage(doc, 1)).rejects.toThrow('text only')
    } finally {
      await doc.destroy()
    }
  })
})
