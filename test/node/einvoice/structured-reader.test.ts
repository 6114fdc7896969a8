// Main reads a file's structured invoice in a worker thread with a time budget (issue 37,
// electron/main/services/einvoice-reader/structured.ts): a hostile PDF is refused with its reason while main's event loop
// keeps turning, a PDF that takes too long is ended as `timeout` and the next file is read by a new thread, and
// the review's download of a refused file logs why once and asks the platform's OCR, without reading it again.
import { afterAll, describe, expect, it } from 'vitest'
import { memoryLogger } from '../../../electron/main/logger.ts'
import type { ApiClient } from '../../../electron/main/services/api/client.ts'
import { createFiles } from '../../../electron/main/services/sync/files.ts'
import {
  closeStructuredReader,
  structuredInvoiceIn,
  structuredReaderRunning,
} from '../../../electron/main/services/einvoice-reader/structured.ts'
import { makeFacturX, printedInvoicePdf } from '../../support/einvoice-files.ts'
import { manyObjectsPdf, pdfEmbedding, zeroDeflate } from '../../support/hostile-files.ts'

afterAll(() => closeStructuredReader())

const bomb = () => pdfEmbedding([{ contents: zeroDeflate(100), filter: 'FlateDecode' }], 6)

/** The longest main's event loop went without turning while `fn` ran. */
async function longestStall<T>(fn: () => Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now()
  let stallMs = 0
  const timer = setInterval(() => {
    const now = performance.now()
    stallMs = Math.max(stallMs, now - last)
    last = now
  }, 5)
  try {
    const value = await fn()
    return { value, stallMs: Math.max(stallMs, performance.now() - last) }
  } finally {
    clearInterval(timer)
  }
}

describe('the structured invoice reader thread', () => {
  it('reads a Factur-X invoice, and answers a PDF without one at once without the thread', async () => {
    const { invoice, refused } = await structuredInvoiceIn(await makeFacturX())
    expect(refused).toBeNull()
    expect(invoice?.number).toBe('2026-1042')
    await closeStructuredReader()
    expect(await structuredInvoiceIn(await printedInvoicePdf())).toEqual({ invoice: null, refused: null })
    expect(structuredReaderRunning()).toBe(false)
  }, 60_000)

  it('refuses a bomb PDF with its reason while main’s event loop keeps turning', async () => {
    const pdf = await bomb()
    // The thread is started first: its start-up (a TypeScript loader in tests) is not the file's cost.
    await structuredInvoiceIn(await makeFacturX())
    const { value, stallMs } = await longestStall(() => structuredInvoiceIn(pdf))
    expect(value).toEqual({
      invoice: null,
      refused: { code: 'tooLarge', message: 'The embedded file f0.xml unpacks to more than 10 MB' },
    })
    expect(stallMs).toBeLessThan(500)
  }, 60_000)

  it('ends a reading that takes longer than its budget as `timeout`, and reads the next file anew', async () => {
    // 150,000 objects: pdf-lib parses them for seconds before it can look at the name tree.
    const slow = manyObjectsPdf(150_000)
    await structuredInvoiceIn(await makeFacturX())
    const started = performance.now()
    const { value, stallMs } = await longestStall(() => structuredInvoiceIn(slow, { timeoutMs: 1000 }))
    expect(value).toEqual({
      invoice: null,
      refused: { code: 'timeout', message: 'Reading the file took longer than 1 s' },
    })
    expect(performance.now() - started).toBeLessThan(3000)
    expect(stallMs).toBeLessThan(500)
    expect(structuredReaderRunning()).toBe(false)
    const next = await structuredInvoiceIn(await makeFacturX())
    expect(next.invoice?.number).toBe('2026-1042')
  }, 60_000)
})

describe('the review’s download of a file whose embedded invoice is refused', () => {
  it('logs the reason once and asks the platform’s OCR, without reading the file again', async () => {
    const bytes = await bomb()
    const calls: string[] = []
    const api = {
      async get(path: string, call: { query?: { action?: string } }) {
        calls.push(`GET ${path}?action=${call.query?.action}`)
        return call.query?.action === 'download' ? 'https://files.example/f/7' : { Id: 0, from: 'platform' }
      },
      async fetchServerUrl(url: string) {
        calls.push(`fetch ${url}`)
        return { status: 200, bytes, contentType: 'application/pdf', fileName: 'faktura.pdf' }
      },
    } as unknown as ApiClient
    const log = memoryLogger()
    const files = createFiles({ api: async () => api, log })
    await files.download('company-1', 7)
    expect(await files.ocr('company-1', 7)).toEqual({ Id: 0, from: 'platform' })
    expect(calls).toEqual([
      'GET api/biz/files/7?action=download',
      'fetch https://files.example/f/7',
      'GET api/biz/files/7?action=ocranalyse',
    ])
    expect(log.entries).toEqual([
      {
        level: 'warn',
        message: 'a structured invoice the file carries was not read; its pages are read instead',
        context: {
          companyKey: 'company-1',
          fileId: 7,
          reason: 'tooLarge',
          detail: 'The embedded file f0.xml unpacks to more than 10 MB',
        },
      },
    ])
  }, 60_000)
})
