// The document viewer in Chromium, under the app's CSP: invoices read by the platform's OCR are shown with
// the box of their invoice number where pdf.js itself places that text (a native PDF, a PDF turned by
// /Rotate, each also turned by the user), on the ink of a scan fed in sideways, a click on a read word
// answers its text, and axe-core finds nothing serious. With LEDGERDESK_SCREENS_DIR=DIR it saves a native
// and a scanned invoice with boxes in nb and en at 1280x800 and 1920x1080.
import { mkdir } from 'node:fs/promises'
import { createCanvas } from '@napi-rs/canvas'
import UTIF from 'utif2'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateInvoice } from '../../document-reader/corpus/generate.ts'
import { generateHardDocument } from '../../document-reader/corpus/hard.ts'
import { analyse, type OcrAnalysis } from '../../document-reader/index.ts'
import { openPdf } from '../../document-reader/pdf.ts'
import { OCR_PROPERTIES, type InterpretedProperty } from '../../common/ocr.ts'
import { overlaps, type ShownRect } from '../../renderer/src/ui/document-viewer/geometry.ts'
import { candidateBox, ocrPages, ocrWords } from '../../renderer/src/ui/document-viewer/ocr.ts'
import type { ViewerBox, ViewerWord } from '../../renderer/src/ui/document-viewer/types.ts'
import { axeViolations, launchChromium, type BrowserFixture } from './support.ts'
import { makeUbl } from '../support/einvoice-files.ts'
import { startViewerHarness, type ViewerHarness } from './viewer-harness/serve.ts'
import { structuredInvoice } from './find.ts'

const screens = process.env.LEDGERDESK_SCREENS_DIR ?? null
const wait = { timeout: 60_000, interval: 200 }

interface HarnessApi {
  state: {
    boxes: ViewerBox[]
    words: ViewerWord[]
    activeBoxId: string | number | null
    width: number
    height: number
    loads: number
    aheadLoads: number
    errors: string[]
    clickedWords: string[]
  }
  open(url: string, contentType?: string, key?: string | null): Promise<void>
  upcoming(url: string, key: string): Promise<void>
  setLocale(locale: 'nb' | 'en'): void
  drawnPages(): number[]
}
// Inside page.evaluate functions (they run in the page, so they name the page's global themselves).
type Win = { viewerHarness: HarnessApi }

let harness: ViewerHarness
let browser: BrowserFixture
let page: Page

beforeAll(async () => {
  harness = await startViewerHarness()
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.goto(harness.url)
  await page.waitForFunction(() => 'viewerHarness' in globalThis)
}, 180_000)
afterAll(async () => {
  await browser?.stop()
  await harness?.stop()
})

interface Read {
  result: OcrAnalysis
  invoiceNumber: InterpretedProperty
  boxes: ViewerBox[]
  words: ViewerWord[]
}

/** The platform's OCR of the bytes, as the review screen would hand it to the viewer. */
async function read(bytes: Uint8Array): Promise<Read> {
  const result = await analyse(bytes)
  const properties = result.InterpretedProperties as InterpretedProperty[]
  const invoiceNumber = properties.find((p) => p.OcrPropertyId === 5)
  if (!invoiceNumber) throw new Error('The OCR found no invoice number in the test document')
  const boxes = properties
    .map((p) =>
      candidateBox(result, p.ProposedCandidate, {
        id: p.OcrPropertyId,
        label: OCR_PROPERTIES[p.OcrPropertyId as keyof typeof OCR_PROPERTIES].Name,
        tone: p.ProposedCandidate.ProbabilityFactor >= 0.8 ? 'success' : 'info',
      }),
    )
    .filter((b): b is ViewerBox => b !== null)
  return { result, invoiceNumber, boxes, words: ocrWords(result) }
}

async function show(
  name: string,
  bytes: Uint8Array,
  type: string,
  ocr: { boxes: ViewerBox[]; words: ViewerWord[] },
): Promise<void> {
  harness.fixtures.set(name, { bytes, type })
  const loads = await page.evaluate(() => (globalThis as unknown as Win).viewerHarness.state.loads)
  await page.evaluate(
    ({ boxes, words }) => {
      Object.assign((globalThis as unknown as Win).viewerHarness.state, { boxes, words, activeBoxId: 5 })
    },
    { boxes: ocr.boxes, words: ocr.words },
  )
  await page.evaluate((url) => (globalThis as unknown as Win).viewerHarness.open(url), `/fixtures/${name}`)
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as Win).viewerHarness.state.loads), wait)
    .toBe(loads + 1)
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as Win).viewerHarness.drawnPages()), wait)
    .toContain(1)
}

/** A rectangle of page 1 relative to the page's top-left corner, in CSS pixels. */
async function onPage(selector: string): Promise<ShownRect & { pageWidth: number; pageHeight: number }> {
  return page.evaluate((sel) => {
    const d = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document
    type El = { getBoundingClientRect(): { left: number; top: number; width: number; height: number } }
    const pageEl = d.querySelector('.dv__page[data-page="1"]') as El
    const el = d.querySelector(sel) as El
    const p = pageEl.getBoundingClientRect()
    const r = el.getBoundingClientRect()
    return {
      left: r.left - p.left,
      top: r.top - p.top,
      width: r.width,
      height: r.height,
      pageWidth: p.width,
      pageHeight: p.height,
    }
  }, selector)
}

/**
 * Where pdf.js places the text item holding `text` on page 1 shown `width` CSS pixels wide, turned by the
 * user's `rotation` on top of the page's own /Rotate: the ground truth for the box.
 */
async function textPosition(
  bytes: Uint8Array,
  text: string,
  width: number,
  rotation: number,
): Promise<ShownRect> {
  const doc = await openPdf(bytes)
  try {
    const pdfPage = await doc.getPage(1)
    const turn = (pdfPage.rotate + rotation) % 360
    const scale = width / pdfPage.getViewport({ scale: 1, rotation: turn }).width
    const viewport = pdfPage.getViewport({ scale, rotation: turn })
    const content = await pdfPage.getTextContent()
    for (const item of content.items) {
      if (!('str' in item) || !item.str.includes(text)) continue
      const [, , c, d, e, f] = item.transform as number[]
      const size = Math.hypot(c!, d!)
      const [x0, y0, x1, y1] = viewport.convertToViewportRectangle([e!, f!, e! + item.width, f! + size * 0.7])
      return {
        left: Math.min(x0!, x1!),
        top: Math.min(y0!, y1!),
        width: Math.abs(x1! - x0!),
        height: Math.abs(y1! - y0!),
      }
    }
    throw new Error(`pdf.js finds no text "${text}" on page 1`)
  } finally {
    await doc.destroy()
  }
}

const centreOf = (r: ShownRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 })
const contains = (r: ShownRect, p: { x: number; y: number }) =>
  p.x >= r.left && p.x <= r.left + r.width && p.y >= r.top && p.y <= r.top + r.height

/** The active box lies over the text pdf.js draws for the invoice number, at the viewer's current turn. */
async function expectBoxOnText(bytes: Uint8Array, ocr: Read, rotation: number): Promise<void> {
  const box = await onPage('.dv__box.active')
  const truth = await textPosition(
    bytes,
    ocr.invoiceNumber.ProposedCandidate.HitWordText,
    box.pageWidth,
    rotation,
  )
  expect(overlaps(box, truth), `box ${JSON.stringify(box)} on text ${JSON.stringify(truth)}`).toBe(true)
  expect(contains(box, centreOf(truth)) || contains(truth, centreOf(box))).toBe(true)
  // Same orientation: a box of horizontal text on a page turned a quarter is tall, and not otherwise.
  expect(box.height > box.width).toBe(truth.height > truth.width)
}

async function rotateRight(times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.getByRole('button', { name: 'Rotate right' }).click()
}

/** Share of dark pixels of the drawn page 1 under a rectangle of it. */
async function inkUnder(rect: ShownRect): Promise<number> {
  return page.evaluate((r) => {
    const d = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document
    const canvas = d.querySelector('.dv__page[data-page="1"] canvas') as {
      width: number
      height: number
      getBoundingClientRect(): { width: number }
      getContext(t: '2d'): {
        getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray }
      }
    }
    const k = canvas.width / canvas.getBoundingClientRect().width
    const w = Math.max(1, Math.round(r.width * k))
    const h = Math.max(1, Math.round(r.height * k))
    const { data } = canvas.getContext('2d').getImageData(Math.round(r.left * k), Math.round(r.top * k), w, h)
    let dark = 0
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 140) dark++
    return dark / (w * h)
  }, rect)
}

/** Box labels as the review screen names its fields. */
const fieldNames = {
  nb: [
    'Org.nr.',
    'IBAN',
    'Kontonr.',
    'KID',
    'Fakturanr.',
    'Beløp',
    'Fakturadato',
    'Forfall',
    'Avdeling',
    'Rekvisisjon',
  ],
  en: [
    'Org. no.',
    'IBAN',
    'Account no.',
    'KID',
    'Invoice no.',
    'Amount',
    'Invoice date',
    'Due date',
    'Department',
    'Requisition',
  ],
}

async function shoot(name: string): Promise<void> {
  if (!screens) return
  await mkdir(screens, { recursive: true })
  for (const language of ['nb', 'en'] as const) {
    await page.evaluate(
      ({ l, names }) => {
        const h = (globalThis as unknown as Win).viewerHarness
        h.setLocale(l)
        for (const box of h.state.boxes) box.label = names[Number(box.id) - 1]
      },
      { l: language, names: fieldNames[language] },
    )
    for (const [width, height] of [
      [1280, 800],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height })
      await page.evaluate(
        ({ w, h }) => {
          Object.assign((globalThis as unknown as Win).viewerHarness.state, { width: w, height: h })
        },
        { w: Math.round(width * 0.6), h: height - 16 },
      )
      await page.waitForTimeout(600)
      await page.screenshot({ path: join(screens, `${name}-${language}-${width}x${height}.png`) })
    }
  }
  await page.evaluate(() => (globalThis as unknown as Win).viewerHarness.setLocale('en'))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.evaluate(() => {
    Object.assign((globalThis as unknown as Win).viewerHarness.state, { width: 900, height: 760 })
  })
}

describe('the document viewer', () => {
  it('draws the invoice number box of a native PDF over its text, turned with the page, and its word answers a click', async () => {
    const invoice = await generateInvoice(7)
    const ocr = await read(invoice.pdf)
    await show('native.pdf', invoice.pdf, 'application/pdf', ocr)
    await expectBoxOnText(invoice.pdf, ocr, 0)
    expect(await inkUnder(await onPage('.dv__box.active'))).toBeGreaterThan(0.03)
    await rotateRight(1)
    await expectBoxOnText(invoice.pdf, ocr, 90)
    await rotateRight(3)
    await expectBoxOnText(invoice.pdf, ocr, 0)
    // A click on the invoice number's word answers that word's text.
    const box = await onPage('.dv__box.active')
    const pageBox = (await page.locator('.dv__page[data-page="1"]').boundingBox())!
    await page.mouse.click(pageBox.x + box.left + box.width / 2, pageBox.y + box.top + box.height / 2)
    await expect
      .poll(
        () => page.evaluate(() => (globalThis as unknown as Win).viewerHarness.state.clickedWords.length),
        wait,
      )
      .toBe(1)
    const clicked = await page.evaluate(
      () => (globalThis as unknown as Win).viewerHarness.state.clickedWords[0]!,
    )
    expect(ocr.invoiceNumber.ProposedCandidate.HitWordText.split(/\s+/)).toContain(clicked)
    expect(await axeViolations(page, ['.dv'])).toEqual([])
    await shoot('native-invoice')
  }, 180_000)

  it('draws the box over the text of a PDF whose page carries /Rotate', async () => {
    const doc = await generateHardDocument('rotated', 2)
    expect(doc.scanned).toBe(false)
    const ocr = await read(doc.bytes)
    await show('rotate.pdf', doc.bytes, 'application/pdf', ocr)
    await expectBoxOnText(doc.bytes, ocr, 0)
    await rotateRight(1)
    await expectBoxOnText(doc.bytes, ocr, 90)
    await rotateRight(3)
  }, 180_000)

  it('draws the box of a scan read sideways on its ink, turned back as the reader turned it', async () => {
    const doc = await generateHardDocument('rotated', 1)
    expect(doc.scanned).toBe(true)
    const turned = Number(/scan-(\d+)/.exec(doc.variant)![1])
    const ocr = await read(doc.bytes)
    // The reader turned the page back upright: by the opposite of the scanner's turn.
    expect(ocrPages(ocr.result).get(1)?.Rotation).toBe((360 - turned) % 360)
    await show('scan.pdf', doc.bytes, 'application/pdf', ocr)
    const box = await onPage('.dv__box.active')
    // The page is shown as scanned, so the (horizontal) invoice number runs as the scan turned it.
    expect(box.height > box.width).toBe(turned % 180 === 90)
    // A scan's page is a large image: its drawing may still be under way when the box is in place.
    await expect.poll(() => inkUnder(box), { timeout: 30_000 }).toBeGreaterThan(0.03)
    // Turned upright by the user, the box turns with the page and stays on the ink.
    await rotateRight(((360 - turned) % 360) / 90)
    const upright = await onPage('.dv__box.active')
    expect(upright.width).toBeGreaterThan(upright.height)
    await expect.poll(() => inkUnder(upright), { timeout: 30_000 }).toBeGreaterThan(0.03)
    await shoot('scanned-invoice')
  }, 300_000)

  it('shows PNG, JPEG and TIFF pages the same way, with a box on the ink it marks at every turn', async () => {
    const width = 1240
    const height = 1754
    const canvas = createCanvas(width, height)
    const ctx = canvas.getContext('2d')
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, width, height)
    ctx.fillStyle = '#000'
    ctx.fillRect(150, 300, 400, 60)
    const stamp = { left: 150, top: 300, width: 400, height: 60, imageWidth: width, imageHeight: height }
    const rgba = new Uint8Array(ctx.getImageData(0, 0, width, height).data)
    const images = [
      { name: 'page.png', type: 'image/png', bytes: new Uint8Array(await canvas.encode('png')) },
      { name: 'page.jpg', type: 'image/jpeg', bytes: new Uint8Array(await canvas.encode('jpeg', 90)) },
      { name: 'page.tif', type: 'image/tiff', bytes: new Uint8Array(UTIF.encodeImage(rgba, width, height)) },
    ]
    for (const image of images) {
      await show(image.name, image.bytes, image.type, { boxes: [{ id: 5, page: 1, ...stamp }], words: [] })
      for (let turn = 0; turn < 4; turn++) {
        const box = await onPage('.dv__box.active')
        const portrait = turn % 2 === 0
        expect(box.pageWidth / box.pageHeight, image.name).toBeCloseTo(
          portrait ? width / height : height / width,
          2,
        )
        expect(await inkUnder(box), `${image.name} turned ${turn * 90}`).toBeGreaterThan(0.9)
        await rotateRight(1)
        await expect
          .poll(
            () => page.evaluate(() => (globalThis as unknown as Win).viewerHarness.drawnPages().length),
            wait,
          )
          .toBe(1)
      }
    }
  }, 120_000)

  it('opens the document named as next while one is read, and shows it from there with its box on the ink', async () => {
    const first = await generateInvoice(11)
    const next = await generateInvoice(12)
    const [firstOcr, nextOcr] = [await read(first.pdf), await read(next.pdf)]
    harness.fixtures.set('next.pdf', { bytes: next.pdf, type: 'application/pdf' })
    await page.evaluate(() =>
      (globalThis as unknown as Win).viewerHarness.upcoming('/fixtures/next.pdf', 'next'),
    )
    await show('first.pdf', first.pdf, 'application/pdf', firstOcr)
    // The next document is opened (and its first page drawn off screen) shortly after this one is drawn.
    await page.waitForTimeout(1_000)
    const state = () =>
      page.evaluate(() => {
        const { loads, aheadLoads } = (globalThis as unknown as Win).viewerHarness.state
        return { loads, aheadLoads }
      })
    const before = await state()
    await page.evaluate(
      ({ boxes, words }) => {
        const h = (globalThis as unknown as Win).viewerHarness
        Object.assign(h.state, { boxes, words, activeBoxId: 5 })
        return h.open('/fixtures/next.pdf', 'application/pdf', 'next')
      },
      { boxes: nextOcr.boxes, words: nextOcr.words },
    )
    await expect.poll(state, wait).toEqual({ loads: before.loads + 1, aheadLoads: before.aheadLoads + 1 })
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as Win).viewerHarness.drawnPages()), wait)
      .toContain(1)
    await expectBoxOnText(next.pdf, nextOcr, 0)
    expect(await inkUnder(await onPage('.dv__box.active'))).toBeGreaterThan(0.03)
    // Zoomed in, the page is drawn again by pdf.js at the new size, still with its ink under the box.
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await expect.poll(async () => inkUnder(await onPage('.dv__box.active')), wait).toBeGreaterThan(0.03)
  }, 180_000)
  it('shows an XML invoice readably under the app’s CSP: no XML, its amounts right-aligned, nothing serious for axe', async () => {
    harness.fixtures.set('faktura-1042.xml', {
      bytes: new TextEncoder().encode(await makeUbl()),
      type: 'application/xml',
    })
    await page.evaluate(() => {
      Object.assign((globalThis as unknown as Win).viewerHarness.state, {
        boxes: [],
        words: [],
        activeBoxId: null,
      })
    })
    await page.evaluate(() => (globalThis as unknown as Win).viewerHarness.open('/fixtures/faktura-1042.xml'))
    const invoice = structuredInvoice(page)
    await invoice.waitFor(wait)
    const text = await invoice.innerText()
    expect(text).not.toContain('<')
    expect(text).toContain('Fjordkontor Rekvisita AS')
    expect(text).toContain('Kopipapir A4, eske')
    expect(text).toMatch(/2[,\s\u00a0]?151[.,]67/)
    const aligned = await page
      .locator('.si__num')
      .evaluateAll((cells) =>
        cells.map(
          (c) =>
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { textAlign: string } }
            ).getComputedStyle(c).textAlign,
        ),
      )
    expect(aligned.length).toBeGreaterThan(6)
    expect(new Set(aligned)).toEqual(new Set(['right']))
    expect(await axeViolations(page, ['.dv'])).toEqual([])
    await shoot('xml-invoice')
  }, 180_000)
})
