// Drawing on an A4 PDF page with pdf-lib: DejaVu fonts (æøå and the rest of Latin, embedded as subsets so a
// document stays small), text aligned left or right, words wrapped to a width, rules and boxes.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import { PageSizes, rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'

const require = createRequire(import.meta.url)
const fontBytes = new Map<string, Uint8Array>()

function dejavu(file: string): Uint8Array {
  let bytes = fontBytes.get(file)
  if (!bytes) {
    const dir = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'))
    bytes = readFileSync(path.join(dir, 'ttf', file))
    fontBytes.set(file, bytes)
  }
  return bytes
}

export interface Fonts {
  regular: PDFFont
  bold: PDFFont
  mono: PDFFont
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]
const parsed = new Map<Uint8Array, ReturnType<Fontkit['create']>>()

/**
 * fontkit that parses each font file once per process: pdf-lib parses the bytes again for every document,
 * which cost most of the time of a small invoice (and a batch of invoices each gets its PDF). A parsed font
 * is only read afterwards; each document takes its own subset of it.
 */
const parsedOnce: Fontkit = {
  create(bytes, postscriptName) {
    if (postscriptName !== undefined || !(bytes instanceof Uint8Array))
      return fontkit.create(bytes, postscriptName)
    let font = parsed.get(bytes)
    if (!font) parsed.set(bytes, (font = fontkit.create(bytes)))
    return font
  },
}

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(parsedOnce)
  return {
    regular: await doc.embedFont(dejavu('DejaVuSans.ttf'), { subset: true }),
    bold: await doc.embedFont(dejavu('DejaVuSans-Bold.ttf'), { subset: true }),
    mono: await doc.embedFont(dejavu('DejaVuSansMono.ttf'), { subset: true }),
  }
}

export const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4 as [number, number]

export const COLORS = {
  ink: rgb(0.12, 0.14, 0.17),
  muted: rgb(0.4, 0.43, 0.48),
  rule: rgb(0.78, 0.8, 0.83),
  faint: rgb(0.9, 0.91, 0.93),
  band: rgb(0.94, 0.95, 0.97),
  accent: rgb(0.11, 0.27, 0.45),
  draft: rgb(0.75, 0.16, 0.16),
  giro: rgb(1, 0.95, 0.86),
  giroLine: rgb(0.86, 0.62, 0.32),
  white: rgb(1, 1, 1),
}

export interface TextStyle {
  size?: number
  font?: keyof Fonts
  color?: RGB
  align?: 'left' | 'right' | 'center'
}

/** Text as the fonts can carry it: tabs as spaces, other control characters dropped. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return text.replace(/\t/g, '    ').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
}

/**
 * Advance widths per character at size 1, per font. A PDF's text draws each glyph at its advance width
 * (pdf-lib writes no kerning), so their sum is the drawn width; measuring a whole string through the font's
 * layout engine each time made a 1,000-line invoice take seconds.
 */
const advances = new WeakMap<PDFFont, Map<string, number>>()

/** A font's advance width of one character at size 1, measured once per process. */
function advanceOf(font: PDFFont): (ch: string) => number {
  let widths = advances.get(font)
  if (!widths) advances.set(font, (widths = new Map()))
  const known = widths
  return (ch) => {
    let w = known.get(ch)
    if (w === undefined) known.set(ch, (w = font.widthOfTextAtSize(ch, 1)))
    return w
  }
}

function textWidth(font: PDFFont, text: string, size: number): number {
  const advance = advanceOf(font)
  let sum = 0
  for (const ch of text) sum += advance(ch)
  return sum * size
}

export class Canvas {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  width(text: string, style: TextStyle = {}): number {
    return textWidth(this.fonts[style.font ?? 'regular'], printable(text), style.size ?? 9)
  }

  /** One line of text; `x` is its left edge, right edge or centre as aligned. */
  text(text: string, x: number, y: number, style: TextStyle = {}): void {
    const value = printable(text).replace(/[\r\n]+/g, ' ')
    if (!value) return
    const size = style.size ?? 9
    const w = this.width(value, style)
    const left = style.align === 'right' ? x - w : style.align === 'center' ? x - w / 2 : x
    this.page.drawText(value, {
      x: left,
      y,
      size,
      font: this.fonts[style.font ?? 'regular'],
      color: style.color ?? COLORS.ink,
    })
  }

  /**
   * Lines that fit `maxWidth`: words wrapped, a word longer than a line broken, given line breaks kept.
   * Each character is measured once as the line grows (a running sum of advance widths, added in the order
   * `width` adds them, so a line breaks exactly where measuring it whole would): measuring every longer
   * prefix again made 1,000 lines of 500 characters without a space take half a minute.
   */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const advance = advanceOf(this.fonts[style.font ?? 'regular'])
    const size = style.size ?? 9
    const fits = (sum: number) => sum * size <= maxWidth
    const space = advance(' ')
    const out: string[] = []
    for (const paragraph of printable(text).split(/\r?\n/)) {
      let line = ''
      let lineSum = 0
      for (const word of paragraph.split(/ +/)) {
        const chars = [...word]
        // The line with the word after a space, summed on from the line's own sum.
        let candidate = line ? lineSum + space : 0
        for (const ch of chars) candidate += advance(ch)
        if (fits(candidate)) {
          line = line ? `${line} ${word}` : word
          lineSum = candidate
          continue
        }
        if (line) out.push(line)
        // The word alone, broken where its running width passes the line (at least one character a line).
        let rest = chars
        for (;;) {
          let sum = 0
          let n = 0
          while (n < rest.length && fits(sum + advance(rest[n]!))) sum += advance(rest[n++]!)
          if (n === rest.length || rest.length === 1) {
            line = rest.join('')
            lineSum = rest.length === 1 && n === 0 ? advance(rest[0]!) : sum
            break
          }
          n = Math.max(n, 1)
          out.push(rest.slice(0, n).join(''))
          rest = rest.slice(n)
        }
      }
      out.push(line)
    }
    return out
  }

  /** One line no wider than `maxWidth`: cut with an ellipsis when it is longer. */
  fit(text: string, maxWidth: number, style: TextStyle = {}): string {
    const line = printable(text).replace(/[\r\n]+/g, ' ')
    if (this.width(line, style) <= maxWidth) return line
    // The longest start that fits with the ellipsis after it, its width summed once character by character.
    const advance = advanceOf(this.fonts[style.font ?? 'regular'])
    const size = style.size ?? 9
    const ellipsis = advance('…')
    const chars = [...line]
    let sum = 0
    let n = 0
    while (n < chars.length && (sum + advance(chars[n]!) + ellipsis) * size <= maxWidth)
      sum += advance(chars[n++]!)
    return `${chars.slice(0, n).join('').trimEnd()}…`
  }

  rule(x1: number, x2: number, y: number, color: RGB = COLORS.rule, thickness = 0.6, dashed = false): void {
    this.page.drawLine({
      start: { x: x1, y },
      end: { x: x2, y },
      thickness,
      color,
      ...(dashed ? { dashArray: [4, 3] } : {}),
    })
  }

  box(
    x: number,
    y: number,
    width: number,
    height: number,
    fill: RGB | null,
    border: RGB | null = null,
  ): void {
    this.page.drawRectangle({
      x,
      y,
      width,
      height,
      ...(fill ? { color: fill } : {}),
      ...(border ? { borderColor: border, borderWidth: 0.6 } : {}),
    })
  }
}
