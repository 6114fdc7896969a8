// Wrapping a customer invoice's texts to the width of their column: the lines of ordinary texts break where
// they always did (measured against the way wrapping worked before, each candidate line measured whole), and
// a document as long as the schema allows, 1,000 lines of 500 characters without a space, wraps in well
// under a second instead of the half minute that re-measuring every prefix of a long word took.
import { performance } from 'node:perf_hooks'
import { PDFDocument } from 'pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  Canvas,
  embedFonts,
  printable,
  type TextStyle,
} from '../../../electron/main/services/sales/pdf-canvas.ts'

let canvas: Canvas
beforeAll(async () => {
  const pdf = await PDFDocument.create()
  canvas = new Canvas(pdf.addPage(), await embedFonts(pdf))
})

/** Wrapping as it was: every candidate line, and every shorter start of a long word, measured whole. */
function wrapMeasuringWhole(c: Canvas, text: string, maxWidth: number, style: TextStyle): string[] {
  const out: string[] = []
  for (const paragraph of printable(text).split(/\r?\n/)) {
    let line = ''
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word
      if (c.width(candidate, style) <= maxWidth) {
        line = candidate
        continue
      }
      if (line) out.push(line)
      line = ''
      let rest = word
      while (c.width(rest, style) > maxWidth && rest.length > 1) {
        let n = rest.length - 1
        while (n > 1 && c.width(rest.slice(0, n), style) > maxWidth) n--
        out.push(rest.slice(0, n))
        rest = rest.slice(n)
      }
      line = rest
    }
    out.push(line)
  }
  return out
}

/** Cutting as it was: every shorter start measured whole with the ellipsis. */
function fitMeasuringWhole(c: Canvas, text: string, maxWidth: number, style: TextStyle): string {
  const line = printable(text).replace(/[\r\n]+/g, ' ')
  if (c.width(line, style) <= maxWidth) return line
  let n = line.length
  while (n > 0 && c.width(`${line.slice(0, n)}…`, style) > maxWidth) n--
  return `${line.slice(0, n).trimEnd()}…`
}

const TEXTS = [
  'Grovbrød med solsikkekjerner',
  'Kanelsnurr, æøå-utgave med ekstra kardemomme og smør fra Røros',
  'Levering til Bryggen og Sandviken (12)',
  'Takk for handelen! Bestillinger til jul må være oss i hende innen 1. desember.',
  'Fjordkafeen AS\nBryggen 3\r\n5003 Bergen',
  '  To mellomrom foran,  to mellom  og bak  ',
  'Betal til NO93 8601 1117 947 eller 1503.01.23456, KID 0000100230, forfall 16.11.2026',
  'Se https://nordlys.example/faktura/10023?kunde=10004&vis=alle for vedlegg og vilkår',
  'Konsulenttimer\tprosjekt «Ny kantine»\tuke 44–46',
  'Rådgivning om merverdiavgift, regnskapsføring og årsoppgjør for regnskapsåret 2026, inkludert ' +
    'avstemming av bank, kunder og leverandører, periodisering av kostnader og utarbeidelse av noter',
  'Ærlig talt: ÆØÅ æøå Éé Üü ß ‰ € § ½ — «sitat» “quote” ’apostrof’',
  'Donaudampfschifffahrtsgesellschaftskapitänsmützenhalterungsschraube',
  'x'.repeat(500),
  '0123456789'.repeat(20),
  'WWWWWWWWWW iiiiiiiiii WWWWW iiiii',
  '',
  ' ',
  'én',
]
const WIDTHS = [40, 88, 176, 260, 306, 500]
const STYLES: TextStyle[] = [
  { size: 8.5 },
  { size: 9 },
  { size: 10, font: 'bold' },
  { size: 7.5, font: 'mono' },
  {},
]

describe('wrapping an invoice’s texts', () => {
  it('breaks ordinary texts exactly where measuring each line whole breaks them', () => {
    let compared = 0
    for (const text of TEXTS)
      for (const width of WIDTHS)
        for (const style of STYLES) {
          expect(canvas.wrap(text, width, style), `${JSON.stringify(text)} at ${width}`).toEqual(
            wrapMeasuringWhole(canvas, text, width, style),
          )
          expect(canvas.fit(text, width, style), `${JSON.stringify(text)} at ${width}`).toBe(
            fitMeasuringWhole(canvas, text, width, style),
          )
          compared++
        }
    expect(compared).toBe(TEXTS.length * WIDTHS.length * STYLES.length)
  })

  it('keeps each wrapped line inside its width, a word longer than a line broken over lines', () => {
    const style = { size: 8.5 }
    const lines = canvas.wrap(`Kort ${'x'.repeat(500)} slutt`, 176, style)
    expect(lines.length).toBeGreaterThan(10)
    expect(lines[0]).toBe('Kort')
    for (const line of lines) expect(canvas.width(line, style)).toBeLessThanOrEqual(176)
    expect(lines.join('').replace(/ /g, '')).toBe(`Kort${'x'.repeat(500)}slutt`)
  })

  it('wraps 1,000 lines of 500 characters, as long as the schema allows, in well under the time it took', () => {
    const style = { size: 8.5 }
    const texts = Array.from({ length: 1000 }, (_, k) =>
      k % 2 ? 'x'.repeat(500) : `${'Ø'.repeat(250)}${String(k).padStart(250, 'å')}`,
    )
    const t0 = performance.now()
    let lines = 0
    for (const text of texts) lines += canvas.wrap(text, 176, style).length
    const ms = performance.now() - t0
    console.log(`wrapping 1,000 lines of 500 characters: ${ms.toFixed(0)} ms (${lines} printed lines)`)
    expect(lines).toBeGreaterThan(10_000)
    // Generous on a shared machine; measuring every prefix again took 20-40 s.
    expect(ms).toBeLessThan(5_000)
  })
})
