// The page reader thread of the scan station (see pages.ts): pdf.js opens a scanned batch, and each page
// is rendered with @napi-rs/canvas, for the splitter (is it blank, is it the separator sheet) or as a
// small picture for the accountant's split view. A large or hostile PDF costs this thread, never main's.
import { createRequire } from 'node:module'
import path from 'node:path'
import { parentPort } from 'node:worker_threads'
import { greyOf, hasCornerMarks, isBlank, isSeparatorText, type PageMark } from './page-marks.ts'

export type PagesRequest =
  | { id: number; op: 'marks'; bytes: Uint8Array; maxPages: number }
  | { id: number; op: 'thumbnails'; bytes: Uint8Array; maxPages: number; width: number }

export type PagesReply =
  | { ready: true }
  | { id: number; ok: true; pageCount: number; marks?: PageMark[]; thumbnails?: string[] }
  | { id: number; ok: false; error: string }

/** Pages are rendered at this resolution to be judged: enough for two lines of small print to show. */
const MARKS_DPI = 50

const require = createRequire(import.meta.url)
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'))

async function open(bytes: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  return getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
    cMapPacked: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise
}

type Doc = Awaited<ReturnType<typeof open>>

async function render(doc: Doc, pageNo: number, scaleOf: (width: number) => number) {
  const { createCanvas } = await import('@napi-rs/canvas')
  const page = await doc.getPage(pageNo)
  const viewport = page.getViewport({ scale: scaleOf(page.getViewport({ scale: 1 }).width) })
  const width = Math.max(1, Math.round(viewport.width))
  const height = Math.max(1, Math.round(viewport.height))
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  type RenderParameters = Parameters<typeof page.render>[0]
  await page.render({
    canvas: canvas as unknown as RenderParameters['canvas'],
    canvasContext: ctx as unknown as RenderParameters['canvasContext'],
    viewport,
    background: '#ffffff',
  }).promise
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ')
  page.cleanup()
  return { canvas, ctx, width, height, text }
}

async function marksOf(doc: Doc, pages: number): Promise<PageMark[]> {
  const marks: PageMark[] = []
  for (let n = 1; n <= pages; n++) {
    const { ctx, width, height, text } = await render(doc, n, () => MARKS_DPI / 72)
    const grey = greyOf(ctx.getImageData(0, 0, width, height).data, width, height)
    const separator = isSeparatorText(text) || hasCornerMarks(grey)
    marks.push({ separator, blank: !separator && !text.trim() && isBlank(grey) })
  }
  return marks
}

async function thumbnailsOf(doc: Doc, pages: number, width: number): Promise<string[]> {
  const out: string[] = []
  for (let n = 1; n <= pages; n++) {
    const { canvas } = await render(doc, n, (w) => width / w)
    out.push(`data:image/jpeg;base64,${(await canvas.encode('jpeg', 70)).toString('base64')}`)
  }
  return out
}

async function answer(req: PagesRequest): Promise<PagesReply> {
  const doc = await open(req.bytes)
  try {
    const pageCount = doc.numPages
    const pages = Math.min(pageCount, req.maxPages)
    if (req.op === 'marks')
      return {
        id: req.id,
        ok: true,
        pageCount,
        marks: pageCount > req.maxPages ? [] : await marksOf(doc, pages),
      }
    return { id: req.id, ok: true, pageCount, thumbnails: await thumbnailsOf(doc, pages, req.width) }
  } finally {
    await doc.destroy()
  }
}

const port = parentPort
if (port) {
  port.on('message', (req: PagesRequest) => {
    void answer(req).then(
      (reply) => port.postMessage(reply),
      (error: unknown) =>
        port.postMessage({
          id: req.id,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies PagesReply),
    )
  })
  port.postMessage({ ready: true } satisfies PagesReply)
}
