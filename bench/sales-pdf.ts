// The customer's PDF as long as its schema lets a document be (common/sales/document.ts): 1,000 lines whose
// texts are 500 characters, once as one word each (a pasted reference, a run of digits) and once as ordinary
// words. Printed: the time to wrap the texts to their column (target <= 1 s: it runs on main's thread, which
// re-measuring every start of a long word held for half a minute) and the time to make the whole PDF.
// BENCH_PDF_LINES makes a smaller or larger run. `npm run bench:sales` runs it with the other sales figures;
// it also runs alone: `npx tsx --tsconfig tsconfig.web.json bench/sales-pdf.ts`.
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { PDFDocument } from 'pdf-lib'
import { renderInvoicePdf } from '../electron/main/services/sales/invoice-pdf.ts'
import { Canvas, embedFonts } from '../electron/main/services/sales/pdf-canvas.ts'
import { sampleDocument } from '../test/support/sales-document.ts'

const LINES = Number(process.env.BENCH_PDF_LINES ?? 1000)
const WRAP_TARGET_MS = 1000
/** The width and size of the lines table's description column (invoice-pdf.ts). */
const COLUMN = { width: 176, style: { size: 8.5 } }

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

const texts = {
  'one word': (k: number) => `${'x'.repeat(490)}${String(k).padStart(10, '0')}`,
  words: (k: number) =>
    `Kanelsnurr med kardemomme, levert til Bryggen ${k} og servert i møtelokalet. `.repeat(8).slice(0, 500),
}

export async function run(): Promise<void> {
  const pdf = await PDFDocument.create()
  const canvas = new Canvas(pdf.addPage(), await embedFonts(pdf))
  for (const [kind, text] of Object.entries(texts)) {
    const lines = Array.from({ length: LINES }, (_, k) => text(k))
    let t0 = performance.now()
    let printed = 0
    for (const line of lines) printed += canvas.wrap(line, COLUMN.width, COLUMN.style).length
    const wrapMs = performance.now() - t0
    console.log(
      `sales PDF, ${LINES} lines of 500 characters (${kind}): wrapped to ${printed} printed lines in ` +
        `${seconds(wrapMs)} (target <= ${seconds(WRAP_TARGET_MS)}: ${wrapMs <= WRAP_TARGET_MS ? 'ok' : 'OVER TARGET'})`,
    )
    const doc = sampleDocument(LINES)
    doc.lines.forEach((line, k) => (line.text = lines[k]!))
    t0 = performance.now()
    const bytes = await renderInvoicePdf(doc)
    console.log(
      `sales PDF, ${LINES} lines of 500 characters (${kind}): the whole PDF made in ` +
        `${seconds(performance.now() - t0)} (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`,
    )
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run()
