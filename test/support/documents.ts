// Documents made by code for tests that need a large one: a real invoice PDF from the corpus generator,
// grown to a size of choice.
import { randomBytes } from 'node:crypto'
import { generateInvoice } from '../../document-reader/corpus/generate.ts'

/**
 * A real invoice PDF grown to `bytes`: text after its end, then its trailer again (`startxref` and `%%EOF`,
 * still pointing at its own cross-reference table), so readers and the platform's file server take it whole.
 * Random text, so no compression along the way makes it small.
 */
export async function grownPdf(bytes: number): Promise<Buffer> {
  const pdf = Buffer.from((await generateInvoice(11)).pdf)
  const trailer = pdf.subarray(pdf.lastIndexOf('startxref'))
  const fill = bytes - pdf.length - trailer.length - 3
  const padding = randomBytes(Math.ceil((fill * 3) / 4))
    .toString('base64')
    .slice(0, fill)
  return Buffer.concat([pdf, Buffer.from('\n%'), Buffer.from(padding), Buffer.from('\n'), trailer])
}
