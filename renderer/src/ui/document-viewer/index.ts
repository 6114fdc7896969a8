// The document viewer: the component, its box and word shapes, and helpers to build them from an OCR result.
// Loading it registers the viewer's messages, so a page with the viewer alone has its words too.
import './messages.ts'
export { default as DocumentViewer } from './DocumentViewer.vue'
export type { BoxTone, ViewerBox, ViewerWord } from './types.ts'
export { ocrPages, ocrWords, candidateBox } from './ocr.ts'
export { DocumentError } from './document-source.ts'
export type { UpcomingDocument } from './prepared.ts'
