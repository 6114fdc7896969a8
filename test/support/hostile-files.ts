// Hostile files made by code, never committed as blobs (issue 37): deflate bombs and PDFs whose embedded-file
// tree names one bomb many times, XML built to exhaust a parser (billion laughs, deep nesting, element names
// that are an object's own properties, a 400-digit amount), truncated and polyglot files. The hostile-file
// suite (test/node/hostile-files.test.ts) and `npm run bench:hostile` run each through the readers.
import { constants, deflateRawSync } from 'node:zlib'
import { PDFArray, PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts, type PDFRef } from 'pdf-lib'

const MiB = 1024 * 1024

/**
 * A zlib stream that inflates to `mib` MiB of zeros, made without holding them: one MiB deflated once (about
 * 1 kB, flushed to a byte boundary and not final) repeated `mib` times, an empty final block, and the Adler-32
 * of `mib` MiB of zeros (a = 1, b = the length mod 65521). About 1 kB a MiB: 1 GB is a 1 MB stream.
 */
export function zeroDeflate(mib: number): Uint8Array {
  const chunk = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  const adler = Buffer.alloc(4)
  adler.writeUInt32BE((((mib * MiB) % 65521) * 65536 + 1) >>> 0)
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: mib }, () => chunk),
    // An empty final block with fixed codes: BFINAL 1, BTYPE 01, end-of-block.
    Buffer.from([0x03, 0x00]),
    adler,
  ])
}

export interface EmbeddedStream {
  /** The stream's bytes as stored (compressed or not, as `filter` says). */
  contents: Uint8Array
  filter?: string | string[]
  /** `/Params /Size`, the size the PDF declares for the file. */
  declaredSize?: number
}

/**
 * A one-page PDF whose EmbeddedFiles name tree has `names` entries (`f0.xml`, `f1.xml`, ...), entry i naming
 * stream i modulo the number of streams: so one stream can be named a thousand times. `tree` replaces the
 * name tree with a hostile one.
 */
export async function pdfEmbedding(
  streams: EmbeddedStream[],
  names: number,
  tree?: 'loop' | 'wrongType',
): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  // A page with a text layer: a reader that falls back to the pages reads it at once, without Tesseract.
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([595, 842]).drawText('Faktura 77-0037 Å betale 1 250,00', { x: 50, y: 780, size: 12, font })
  const ctx = doc.context
  const refs: PDFRef[] = streams.map((s) =>
    ctx.register(
      ctx.stream(s.contents, {
        Type: 'EmbeddedFile',
        ...(s.filter ? { Filter: s.filter } : {}),
        ...(s.declaredSize !== undefined ? { Params: { Size: s.declaredSize } } : {}),
      }),
    ),
  )
  const pairs = PDFArray.withContext(ctx)
  for (let i = 0; i < names; i++) {
    const name = PDFString.of(`f${i}.xml`)
    const spec = ctx.obj({ Type: 'Filespec', F: name, UF: name, EF: { F: refs[i % refs.length]! } })
    pairs.push(name)
    pairs.push(ctx.register(spec))
  }
  let root = ctx.obj({ Names: pairs })
  if (tree === 'loop') {
    // A node whose kids are itself, a thousand times over.
    const self = ctx.nextRef()
    const kids = PDFArray.withContext(ctx)
    for (let i = 0; i < 1000; i++) kids.push(self)
    ctx.assign(self, ctx.obj({ Kids: kids, Names: pairs }))
    root = ctx.obj({ Kids: [self] })
  } else if (tree === 'wrongType') {
    root = ctx.obj({ Names: PDFNumber.of(7) })
  }
  doc.catalog.set(PDFName.of('Names'), ctx.obj({ EmbeddedFiles: ctx.register(root) }))
  return doc.save({ useObjectStreams: false })
}

/** The classic billion-laughs XML: ten levels of ten entities, 10^9 "lol"s if expanded. */
export function billionLaughs(levels = 10): string {
  let xml = '<?xml version="1.0"?>\n<!DOCTYPE Invoice [\n<!ENTITY lol0 "lol">\n'
  for (let i = 1; i < levels; i++) xml += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">\n`
  return `${xml}]>\n<Invoice><ID>&lol${levels - 1};</ID></Invoice>`
}

/** An Invoice root with `levels` elements nested inside it. */
export const deeplyNested = (levels: number) =>
  `<Invoice>${'<a>'.repeat(levels)}x${'</a>'.repeat(levels)}</Invoice>`

/** An invoice's XML with elements named `__proto__`, `constructor` and `prototype` in it, prefixed and not. */
export function withReservedNames(xml: string): string {
  const reserved =
    '<__proto__><polluted>yes</polluted></__proto__><cbc:constructor><prototype>x</prototype></cbc:constructor>' +
    '<cac:prototype __proto__="1"><constructor>y</constructor></cac:prototype>'
  return xml.replace(/(<Invoice\b[^>]*>)/, `$1${reserved}`)
}

/** A UBL invoice whose PayableAmount (BT-115) has 400 digits: Infinity to JavaScript. */
export const withHugePayable = (xml: string) =>
  xml.replace(/(<cbc:PayableAmount[^>]*>)[^<]*/, `$1${'9'.repeat(400)}`)

/** A file cut in half: its end (a PDF's `%%EOF`, the cross-reference table) is missing. */
export const truncated = (bytes: Uint8Array) => bytes.subarray(0, Math.floor(bytes.length / 2))

/** A PDF header on XML invoice content: a PDF by its first bytes, XML by its body. */
export const pdfHeaderOnXml = (xml: string) => new TextEncoder().encode(`%PDF-1.7\n${xml}`)

/** An XML invoice with a PDF header in a comment within its first kilobyte (PDF readers look there). */
export const xmlWithPdfHeader = (xml: string) =>
  new TextEncoder().encode(xml.replace(/(<\?xml[^>]*\?>)/, '$1<!-- %PDF-1.7 -->'))

/**
 * A PDF of `objects` small objects, one of them an embedded-file stream's dictionary: cheap to make, and
 * pdf-lib parses it whole before it can look at its name tree (about 75 µs an object on a 2-core machine).
 */
export function manyObjectsPdf(objects: number): Uint8Array {
  const parts = ['%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n']
  for (let i = 2; i <= objects; i++)
    parts.push(
      `${i} 0 obj\n<< /Type /EmbeddedFile /K [1 2 3 4 5 6 7 8] /N (object ${i} of ${objects}) >>\nendobj\n`,
    )
  parts.push('trailer\n<< /Root 1 0 R >>\n%%EOF\n')
  return new TextEncoder().encode(parts.join(''))
}
