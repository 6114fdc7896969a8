// `npm run bench:viewer`: the document viewer in Chromium (the viewer page of the e2e suite, under the app's
// CSP). A 20-page PDF scrolled top to bottom: how many pages hold a drawn canvas at each moment (target:
// the visible ones and a small margin, never the whole document) and the time to draw a page. Then 200
// one-page invoices opened in a row: time to the first page drawn, and the page's JS heap after the first
// 10 and after all 200, each after a forced garbage collection (target: within 20%).
// BENCH_VIEWER_DOCS makes a shorter run of the second part.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import { chromium } from 'playwright-core'
import { generateInvoice } from '../document-reader/corpus/generate.ts'
import { startViewerHarness } from '../test/e2e/viewer-harness/serve.ts'

const DOCS = Number(process.env.BENCH_VIEWER_DOCS ?? 200)
const TARGETS = { maxDrawnPages: 4, heapGrowth: 0.2 }

interface HarnessApi {
  state: { rendered: { page: number; ms: number }[]; width: number; height: number }
  open(url: string, contentType?: string): Promise<void>
  showAndWait(url: string, contentType?: string): Promise<number>
  drawnPages(): number[]
}
type Win = {
  viewerHarness: HarnessApi
  document: { querySelector(s: string): { scrollTop: number; scrollHeight: number; clientHeight: number } }
}

async function twentyPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let p = 1; p <= 20; p++) {
    const page = doc.addPage([595.28, 841.89])
    page.drawText(`Vedlegg side ${p} av 20`, { x: 50, y: 790, size: 18, font })
    for (let line = 0; line < 60; line++)
      page.drawText(`Linje ${line + 1}: varelinje ${p}-${line} 1 234,56 kr 25 % mva`, {
        x: 50,
        y: 760 - line * 12,
        size: 9,
        font,
      })
    page.drawRectangle({
      x: 40,
      y: 30,
      width: 515,
      height: 760,
      borderColor: rgb(0.6, 0.6, 0.6),
      borderWidth: 1,
    })
  }
  return doc.save()
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

async function main(): Promise<void> {
  const harness = await startViewerHarness()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const cdp = await page.context().newCDPSession(page)
    await page.goto(harness.url)
    await page.waitForFunction(() => 'viewerHarness' in globalThis)

    // 1. A 20-page PDF, scrolled from top to bottom.
    harness.fixtures.set('twenty.pdf', { bytes: await twentyPages(), type: 'application/pdf' })
    await page.evaluate(() =>
      (globalThis as unknown as Win).viewerHarness.showAndWait('/fixtures/twenty.pdf'),
    )
    const counts: number[] = []
    const samples: string[] = []
    for (let step = 0; ; step++) {
      const position = await page.evaluate((s) => {
        const el = (globalThis as unknown as Win).document.querySelector('.dv__scroller')
        el.scrollTop = s * 400
        return { top: el.scrollTop, end: el.scrollTop + el.clientHeight >= el.scrollHeight - 1 }
      }, step)
      await page.waitForTimeout(250)
      const drawn = await page.evaluate(() => (globalThis as unknown as Win).viewerHarness.drawnPages())
      counts.push(drawn.length)
      if (step % 8 === 0 || position.end)
        samples.push(`${Math.round(position.top)} px: pages ${drawn.join(', ')}`)
      if (position.end) break
    }
    const renders = await page.evaluate(() =>
      (globalThis as unknown as Win).viewerHarness.state.rendered.map((r) => r.ms),
    )
    console.log('20-page PDF scrolled top to bottom')
    for (const line of samples) console.log(`  at ${line}`)
    const maxDrawn = Math.max(...counts)
    console.log(
      `  pages drawn at once: max ${maxDrawn}, mean ${(counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1)} over ${counts.length} positions (target <= ${TARGETS.maxDrawnPages} of 20): ${maxDrawn <= TARGETS.maxDrawnPages ? 'ok' : 'OVER TARGET'}`,
    )
    console.log(
      `  page draws: ${renders.length}, median ${percentile(renders, 50).toFixed(0)} ms, p95 ${percentile(renders, 95).toFixed(0)} ms per page`,
    )

    // 2. One-page invoices opened one after the other.
    for (let i = 0; i < DOCS; i++)
      harness.fixtures.set(`doc-${i}.pdf`, {
        bytes: (await generateInvoice(1000 + i)).pdf,
        type: 'application/pdf',
      })
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      await cdp.send('HeapProfiler.collectGarbage')
      return (await cdp.send('Runtime.getHeapUsage')).usedSize
    }
    const firstPage: number[] = []
    let after10 = 0
    for (let i = 0; i < DOCS; i++) {
      firstPage.push(
        await page.evaluate(
          (url) => (globalThis as unknown as Win).viewerHarness.showAndWait(url),
          `/fixtures/doc-${i}.pdf`,
        ),
      )
      if (i === 9) after10 = await heap()
    }
    const afterAll = await heap()
    const growth = afterAll / after10 - 1
    const canvases = await page.evaluate(
      () =>
        (
          globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
        ).document.querySelectorAll('canvas').length,
    )
    console.log(`${DOCS} one-page invoices opened in a row`)
    console.log(
      `  first page drawn: median ${percentile(firstPage, 50).toFixed(0)} ms, p95 ${percentile(firstPage, 95).toFixed(0)} ms`,
    )
    console.log(
      `  JS heap after GC: ${mb(after10)} after 10, ${mb(afterAll)} after ${DOCS} (${(growth * 100).toFixed(1)} %; target within ${TARGETS.heapGrowth * 100} %): ${Math.abs(growth) <= TARGETS.heapGrowth ? 'ok' : 'OVER TARGET'}`,
    )
    console.log(`  canvases in the page at the end: ${canvases}`)
  } finally {
    await browser.close()
    await harness.stop()
  }
}

await main()
