// The worker thread that reads documents for the platform (see reader-host.ts): pdf.js, the page renderer
// and the Tesseract workers live here, so ending this thread gives all of their memory back.
import { parentPort } from 'node:worker_threads'
import { parseEInvoice } from '../common/einvoice/index.ts'
import { analyse, closeOcr, OcrError } from './index.ts'
import { openPdf } from './pdf.ts'

export type ReaderRequest =
  | { id: number; op: 'analyse'; bytes: Uint8Array; opts: Parameters<typeof analyse>[1] }
  | { id: number; op: 'pdfPages'; bytes: Uint8Array }
  | { id: number; op: 'xmlInvoice'; bytes: Uint8Array }
  | { id: number; op: 'close' }

export type ReaderReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; name: string; message: string; ocrCode?: OcrError['code'] }

async function handle(req: ReaderRequest): Promise<unknown> {
  switch (req.op) {
    case 'analyse':
      return analyse(req.bytes, req.opts)
    case 'pdfPages': {
      const doc = await openPdf(req.bytes)
      try {
        return doc.numPages
      } finally {
        await doc.destroy()
      }
    }
    case 'xmlInvoice':
      // Throws an EInvoiceError (name and words travel back) when the XML is no invoice that can be read.
      parseEInvoice(req.bytes)
      return null
    case 'close':
      await closeOcr()
      return null
  }
}

const port = parentPort
if (port) {
  port.on('message', (req: ReaderRequest) => {
    handle(req).then(
      (value) => port.postMessage({ id: req.id, ok: true, value } satisfies ReaderReply),
      (err: unknown) => {
        const e = err instanceof Error ? err : new Error(String(err))
        port.postMessage({
          id: req.id,
          ok: false,
          name: e.name,
          message: e.message,
          ...(e instanceof OcrError ? { ocrCode: e.code } : {}),
        } satisfies ReaderReply)
      },
    )
  })
}
