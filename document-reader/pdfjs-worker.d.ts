// pdf.js's worker module, loaded on the reading thread in Node (pdf.ts); pdf.js takes it from
// `globalThis.pdfjsWorker` and needs nothing of it by name here.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown
}
