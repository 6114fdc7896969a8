// The document viewer: the component, its box and word shapes, and helpers to build them from an OCR result.
export { default as DocumentViewer } from './DocumentViewer.vue'
export type { BoxTone, ViewerBox, ViewerWord } from './types.ts'
export { ocrPages, ocrWords, candidateBox } from './ocr.ts'
export { DocumentError } from './document-source.ts'
export type { UpcomingDocument } from './prepared.ts'
