// A page as the reader read it, before interpretation: its image size, the words with their boxes in pixels of
// that image (top-left origin) and where they came from. The answer's own shapes (spec 2.13) are in
// common/ocr.ts.
import type { OcrWord } from '../common/ocr.ts'

export interface OcrPageResult {
  PageNo: number
  ImageWidth: number
  ImageHeight: number
  Words: OcrWord[]
  Source: 'text-layer' | 'tesseract'
  /**
   * Tesseract's pages: the Ids of the words it read with low confidence. A misread digit in a scan's date or
   * total often shows here, where no checksum or sum can catch it.
   */
  UnsureWords?: number[]
  /**
   * Degrees (0, 90, 180, 270) the page image was turned clockwise, from the page as displayed with its own
   * `/Rotate`, to be read upright: the word boxes are in that turned image. A viewer maps them back with it.
   */
  Rotation?: number
  /**
   * A scanned PDF page's other reading: the words of the scanner's own OCR text layer under the page image
   * (pdf.ts, isScannerTextLayer), boxes in this page's image. The page is interpreted from Tesseract's words; a
   * field they yield nothing for is taken from this reading where Tesseract read the same characters
   * (other-reading.ts).
   */
  OtherReading?: OcrWord[]
  /**
   * The day the document's file says it was made (a PDF's CreationDate), `yyyy-mm-dd`, on a PDF's page results;
   * absent where it says none or one no clock that was ever set gives (before 2005, or in the future). A
   * scanned page's invoice date ten years or more before it is a misread year.
   */
  Made?: string
}
