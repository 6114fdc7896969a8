// pdf.js for the renderer: the library, and its worker as a module worker from the app's own origin (the
// CSP's `worker-src 'self'`). One worker serves every document, so opening the next document does not start
// a worker; each document's own state in it ends with PDFDocumentProxy.destroy().
import * as pdfjs from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

let port: Worker | null = null

export function pdfjsLib(): typeof pdfjs {
  if (!port && typeof Worker !== 'undefined') {
    port = new Worker(workerUrl, { type: 'module', name: 'pdfjs' })
    pdfjs.GlobalWorkerOptions.workerPort = port
  }
  return pdfjs
}
