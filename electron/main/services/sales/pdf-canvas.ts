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

function textWidth(font: PDFFont, text: string, size: number): number {
  let widths = advances.get(font)
  if (!widths) advances.set(font, (widths = new Map()))
  let sum = 0
  for (const ch of text) {
    let w = widths.get(ch)
    if (w === undefined) widths.set(ch, (w = font.widthOfTextAtSize(ch, 1)))
    sum += w
  }
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

  /** Lines that fit `maxWidth`: words wrapped, a word longer than a line broken, given line breaks kept. */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const out: string[] = []
    for (const paragraph of printable(text).split(/\r?\n/)) {
      let line = ''
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word
        if (this.width(candidate, style) <= maxWidth) {
          line = candidate
          continue
        }
        if (line) out.push(line)
        line = ''
        let rest = word
        while (this.width(rest, style) > maxWidth && rest.length > 1) {
          let n = rest.length - 1
          while (n > 1 && this.width(rest.slice(0, n), style) > maxWidth) n--
          out.push(rest.slice(0, n))
          rest = rest.slice(n)
        }
        line = rest
      }
      out.push(line)
    }
    return out
  }

  /** One line no wider than `maxWidth`: cut with an ellipsis when it is longer. */
  fit(text: string, maxWidth: number, style: TextStyle = {}): string {
    const line = printable(text).replace(/[\r\n]+/g, ' ')
    if (this.width(line, style) <= maxWidth) return line
    let n = line.length
    while (n > 0 && this.width(`${line.slice(0, n)}…`, style) > maxWidth) n--
    return `${line.slice(0, n).trimEnd()}…`
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
