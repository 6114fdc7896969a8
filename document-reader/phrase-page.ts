// Pages built from phrases at positions, as the reader would answer them: the unit tests of the interpreter
// describe an invoice's layout with them instead of rendering a PDF.
import type { OcrWord } from '../common/ocr.ts'
import type { OcrPageResult } from './types.ts'

/** A page from phrases placed at (x, y): each phrase's words 9 px per character, one space apart. */
export function phrasePage(
  phrases: [number, number, string][],
  source: OcrPageResult['Source'] = 'text-layer',
  pageNo = 1,
): OcrPageResult {
  const words: OcrWord[] = []
  for (const [x, y, phrase] of phrases) {
    let left = x
    for (const t of phrase.split(' ')) {
      words.push({
        Id: words.length + 1,
        Text: t,
        Left: left,
        Top: y,
        Width: t.length * 9,
        Height: 20,
        PageNo: pageNo,
      })
      left += t.length * 9 + 6
    }
  }
  return { PageNo: pageNo, ImageWidth: 1650, ImageHeight: 2340, Words: words, Source: source }
}

/** The same phrases with one printed text changed in each that prints it (a misreading, another wording). */
export function changedPhrases(
  phrases: [number, number, string][],
  from: string,
  to: string,
): [number, number, string][] {
  return phrases.map(([x, y, t]) => [x, y, t.replace(from, to)])
}
