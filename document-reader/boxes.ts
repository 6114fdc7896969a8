import type { OcrWord } from '../common/ocr.ts'

type Boxed = Pick<OcrWord, 'Left' | 'Top' | 'Width' | 'Height'>

/**
 * Words' boxes scaled (`sx`, `sy`) and then moved by (`dx`, `dy`): a reading of an enlarged or cropped image
 * brought back to the pixels of the page it was cut from. A box keeps at least one pixel each way.
 */
export function scaledBoxes<W extends Boxed>(words: W[], sx: number, sy = sx, dx = 0, dy = 0): W[] {
  return words.map((w) => ({
    ...w,
    Left: dx + Math.round(w.Left * sx),
    Top: dy + Math.round(w.Top * sy),
    Width: Math.max(1, Math.round(w.Width * sx)),
    Height: Math.max(1, Math.round(w.Height * sy)),
  }))
}
