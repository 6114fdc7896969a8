// The embedded files of a PDF read within budgets (issue 37, common/einvoice/embedded.ts): a 100 kB PDF whose
// name tree names one deflated stream many times, or whose stream inflates a thousandfold, is refused with a
// worded reason code in a fraction of a second and a few megabytes, instead of unpacking to gigabytes on the
// thread that asked; a Factur-X invoice is still found.
import { describe, expect, it } from 'vitest'
import { EMBEDDED_LIMITS, embeddedFiles, embeddedInvoiceXml } from '../../../common/einvoice/embedded.ts'
import { analyse } from '../../../document-reader/index.ts'
import { makeFacturX, printedInvoicePdf } from '../../support/einvoice-files.ts'
import { pdfEmbedding, zeroDeflate } from '../../support/hostile-files.ts'

const MiB = 1024 * 1024
const flate = (mib: number) => ({ contents: zeroDeflate(mib), filter: 'FlateDecode' })

/** Runs `fn` and answers its result with the time it took and how far the process's memory peaked above. */
async function bounded<T>(fn: () => Promise<T>) {
  const before = process.memoryUsage()
  let peak = 0
  const sample = () => {
    const m = process.memoryUsage()
    peak = Math.max(
      peak,
      m.rss - before.rss,
      m.heapUsed + m.arrayBuffers - before.heapUsed - before.arrayBuffers,
    )
  }
  const timer = setInterval(sample, 5)
  const started = performance.now()
  try {
    const value = await fn()
    sample()
    return { value, ms: performance.now() - started, peakMb: peak / MiB }
  } finally {
    clearInterval(timer)
  }
}

describe('the embedded files of a hostile PDF', () => {
  it('refuse a stream named four times that inflates to 100 MB (the issue’s 3 s and 513 MB)', async () => {
    const pdf = await pdfEmbedding([flate(100)], 4)
    expect(pdf.length).toBeLessThan(200_000)
    const { value, ms, peakMb } = await bounded(() => embeddedInvoiceXml(pdf))
    expect(value).toEqual({
      xml: null,
      refused: { code: 'tooLarge', message: 'The embedded file f0.xml unpacks to more than 10 MB' },
    })
    expect(ms).toBeLessThan(2000)
    expect(peakMb).toBeLessThan(100)
  })

  it('stop a 1 GB deflate bomb at the 10 MB budget', async () => {
    const pdf = await pdfEmbedding([flate(1024)], 1)
    const { value, ms, peakMb } = await bounded(() => embeddedFiles(pdf))
    expect(value.refused?.code).toBe('tooLarge')
    expect(ms).toBeLessThan(3000)
    expect(peakMb).toBeLessThan(150)
  })

  it('unpack a stream the tree names fifty times once', async () => {
    const pdf = await pdfEmbedding([flate(8)], 50)
    const { value, peakMb } = await bounded(() => embeddedFiles(pdf))
    expect(value.refused).toBeNull()
    expect(value.files.map((f) => [f.name, f.bytes.length])).toEqual([['f0.xml', 8 * MiB]])
    expect(peakMb).toBeLessThan(100)
  })

  it('refuse more entries than the budget allows, and more bytes than all files may unpack to', async () => {
    const many = await embeddedFiles(await pdfEmbedding([flate(1)], EMBEDDED_LIMITS.maxFiles + 1))
    expect(many.refused).toEqual({
      code: 'tooManyFiles',
      message: 'The PDF lists more than 100 embedded files',
    })
    const together = await embeddedFiles(await pdfEmbedding([flate(8), flate(8), flate(8)], 3))
    expect(together.refused).toEqual({
      code: 'tooLarge',
      message: "The PDF's embedded files unpack to more than 20 MB together",
    })
    expect(together.files).toHaveLength(2)
  })

  it('refuse a file that declares it is too large before unpacking it, and a chained deflate', async () => {
    const declared = await embeddedFiles(await pdfEmbedding([{ ...flate(1), declaredSize: 64 * MiB }], 1))
    expect(declared.refused?.code).toBe('tooLarge')
    const chained = await embeddedFiles(
      await pdfEmbedding([{ contents: zeroDeflate(1), filter: ['FlateDecode', 'FlateDecode'] }], 1),
    )
    expect(chained.refused).toEqual({
      code: 'unsupportedFilter',
      message: 'The embedded file f0.xml is compressed as FlateDecode + FlateDecode, which is not unpacked',
    })
  })

  it('answer a tree that loops or has the wrong types without an unexplained error', async () => {
    const looping = await pdfEmbedding([flate(1)], 2, 'loop')
    const loop = await bounded(() => embeddedFiles(looping))
    expect(loop.value.refused).toBeNull()
    expect(loop.value.files).toHaveLength(1)
    expect(loop.ms).toBeLessThan(2000)
    const wrong = await embeddedFiles(await pdfEmbedding([flate(1)], 1, 'wrongType'))
    expect(wrong.refused?.code).toBe('malformed')
    expect(wrong.refused?.message).toMatch(/^The PDF's embedded files cannot be read \(/)
  })
})

describe('the embedded files of an ordinary PDF', () => {
  it('still give the Factur-X invoice, and nothing for a PDF without one', async () => {
    const facturX = await embeddedInvoiceXml(await makeFacturX())
    expect(facturX.refused).toBeNull()
    expect(new TextDecoder().decode(facturX.xml!)).toContain('CrossIndustryInvoice')
    expect(await embeddedInvoiceXml(await printedInvoicePdf())).toEqual({ xml: null, refused: null })
  })
})

describe('the platform’s OCR of a PDF whose embedded files are refused', () => {
  it('reads its pages and keeps the reason in the answer', async () => {
    const answer = await analyse(await pdfEmbedding([flate(100)], 4))
    const raw = JSON.parse(answer.OcrRawData)
    expect(raw.EmbeddedInvoiceRefused).toEqual({
      code: 'tooLarge',
      message: 'The embedded file f0.xml unpacks to more than 10 MB',
    })
    expect(raw.StructuredInvoice).toBeUndefined()
    expect(raw.AllWords.map((w: { Text: string }) => w.Text)).toContain('77-0037')
  }, 60_000)
})
