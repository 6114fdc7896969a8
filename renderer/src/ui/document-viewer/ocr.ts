// From the platform's OCR result (spec 2.13, ocranalyse) to what the viewer draws: each page's image size
// (and the turn the reader gave it), the read words of OcrRawData.AllWords, and a candidate's box.
import {
  readOcrRawData,
  type InterpretationCandidate,
  type OcrAnswerInput,
  type OcrPageSize,
  type OcrWord,
} from '@common/ocr'
import type { BoxTone, ViewerBox, ViewerWord } from './types.ts'

/** A read page's image size, and the turn the reader gave it (absent: 0). */
export type OcrPageInfo = OcrPageSize

type OcrResultLike = Pick<OcrAnswerInput, 'PageNo' | 'ImageWidth' | 'ImageHeight' | 'OcrRawData'>

/** What the viewer takes of OcrRawData: a word without its Id or PageNo is drawn all the same. */
interface RawData {
  AllWords?: (Omit<OcrWord, 'Id' | 'PageNo'> & Partial<Pick<OcrWord, 'Id' | 'PageNo'>>)[]
  Pages?: OcrPageInfo[]
}

function raw(result: OcrResultLike): RawData {
  const data = readOcrRawData(result.OcrRawData)
  if (!data && result.OcrRawData) console.warn('The OCR result carries unreadable OcrRawData')
  return (data ?? {}) as RawData
}

/** Every read page's image size, by page number; the top-level size describes the first page read. */
export function ocrPages(result: OcrResultLike): Map<number, OcrPageInfo> {
  const data = raw(result)
  const pages = new Map<number, OcrPageInfo>()
  for (const page of data.Pages ?? []) pages.set(page.PageNo, page)
  const first = result.PageNo ?? 1
  if (!pages.has(first) && result.ImageWidth && result.ImageHeight)
    pages.set(first, { PageNo: first, ImageWidth: result.ImageWidth, ImageHeight: result.ImageHeight })
  return pages
}

/** OcrRawData.AllWords as clickable words (words of a page whose image size is unknown are left out). */
export function ocrWords(result: OcrResultLike): ViewerWord[] {
  const pages = ocrPages(result)
  const words: ViewerWord[] = []
  for (const [i, w] of (raw(result).AllWords ?? []).entries()) {
    const pageNo = w.PageNo ?? result.PageNo ?? 1
    const page = pages.get(pageNo)
    if (!page) continue
    words.push({
      id: `${pageNo}:${w.Id ?? i}`,
      page: pageNo,
      text: w.Text,
      left: w.Left,
      top: w.Top,
      width: w.Width,
      height: w.Height,
      imageWidth: page.ImageWidth,
      imageHeight: page.ImageHeight,
      imageRotation: page.Rotation ?? 0,
    })
  }
  return words
}

/** A candidate's box (Left/Top/Width/Height on its PageNo) for the viewer, or null when its page is unknown. */
export function candidateBox(
  result: OcrResultLike,
  candidate: Pick<InterpretationCandidate, 'Id' | 'Left' | 'Top' | 'Width' | 'Height' | 'PageNo'>,
  options: { id?: string | number; label?: string; tone?: BoxTone } = {},
): ViewerBox | null {
  const pageNo = candidate.PageNo ?? result.PageNo ?? 1
  const page = ocrPages(result).get(pageNo)
  if (!page) return null
  return {
    id: options.id ?? candidate.Id,
    page: pageNo,
    left: candidate.Left,
    top: candidate.Top,
    width: candidate.Width,
    height: candidate.Height,
    imageWidth: page.ImageWidth,
    imageHeight: page.ImageHeight,
    imageRotation: page.Rotation ?? 0,
    label: options.label,
    tone: options.tone,
  }
}
