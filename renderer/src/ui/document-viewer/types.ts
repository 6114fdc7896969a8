// What the document viewer is given to draw on its pages.
import type { OcrRect } from './geometry.ts'

/** How a box is drawn: the form's state of the value it marks. */
export type BoxTone = 'info' | 'success' | 'warn' | 'danger' | 'neutral'

/** A box in OCR image coordinates (an ocranalyse candidate: Left/Top/Width/Height on ImageWidth x ImageHeight). */
export interface ViewerBox extends OcrRect {
  id: string | number
  /** 1-based page number (the OCR result's PageNo). */
  page: number
  label?: string
  tone?: BoxTone
}

/** A read word (OcrRawData.AllWords), clickable on the page. */
export interface ViewerWord extends OcrRect {
  id?: string | number
  page: number
  text: string
}
