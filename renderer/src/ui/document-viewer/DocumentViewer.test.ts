// The document viewer mounted alone with a generated 12-page PDF: only pages reported in view get a
// canvas and are drawn, a page scrolled out of view gives its canvas up, boxes land on their page, and a
// new source destroys the previous pdf.js document (and unmounting destroys the last).
//
// happy-dom has neither layout nor canvas pixels, so two browser parts are supplied here: an
// IntersectionObserver the test drives (it says which pages are in view), and 2D contexts from
// @napi-rs/canvas, into which pdf.js really draws. pdf.js is its Node build (the one the platform reads with).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import PrimeVue from 'primevue/config'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { createCanvas } from '@napi-rs/canvas'
import * as legacy from 'pdfjs-dist/legacy/build/pdf.mjs'
import { createAppI18n } from '@renderer/i18n/index'
import DocumentViewer from '@renderer/ui/document-viewer/DocumentViewer.vue'

const tasks: { destroyed: boolean }[] = []
vi.mock('@renderer/ui/document-viewer/pdfjs', () => ({
  pdfjsLib: () => ({
    ...legacy,
    getDocument: (params: Parameters<typeof legacy.getDocument>[0]) => {
      const task = legacy.getDocument(params)
      tasks.push(task)
      return task
    },
  }),
}))

class DrivenObserver {
  static all: DrivenObserver[] = []
  targets = new Set<Element>()
  constructor(private readonly callback: IntersectionObserverCallback) {
    DrivenObserver.all.push(this)
  }
  observe(el: Element) {
    this.targets.add(el)
  }
  unobserve(el: Element) {
    this.targets.delete(el)
  }
  disconnect() {
    this.targets.clear()
  }
  /** Reports the pages with these data-index values as in view and every other observed one as not. */
  show(indices: number[]) {
    const entries = [...this.targets].map((target) => ({
      target,
      isIntersecting: indices.includes(Number((target as HTMLElement).dataset.index)),
    }))
    this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver)
  }
}
/** The observer of the main pages (not the thumbnails). */
const pagesObserver = () =>
  DrivenObserver.all.findLast((o) => [...o.targets].some((t) => t.classList.contains('dv__page')))!

async function pdfOf(pages: number, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let p = 1; p <= pages; p++)
    doc.addPage([300, 400]).drawText(`${title} side ${p}`, { x: 30, y: 350, size: 14, font })
  return doc.save()
}

let wrapper: VueWrapper | null = null
beforeAll(() => {
  vi.stubGlobal('IntersectionObserver', DrivenObserver)
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
    return createCanvas(Math.max(1, this.width), Math.max(1, this.height)).getContext('2d')
  } as unknown as HTMLCanvasElement['getContext']
})
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  tasks.length = 0
  DrivenObserver.all = []
})

async function settle(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) {
    await flushPromises()
    await new Promise((r) => setTimeout(r, 20))
  }
  expect(check()).toBe(true)
}

const drawn = () =>
  wrapper!.findAll('.dv__page canvas[data-rendered="true"]').map((c) => c.element.parentElement!.dataset.page)
const canvases = () => wrapper!.findAll('.dv__page canvas').length

function mountViewer(source: Uint8Array, contentType = 'application/pdf') {
  wrapper = mount(DocumentViewer, {
    props: {
      source,
      contentType,
      boxes: [
        { id: 'kid', page: 3, left: 60, top: 100, width: 120, height: 20, imageWidth: 600, imageHeight: 800 },
      ],
      activeBoxId: 'kid',
    },
    global: { plugins: [createAppI18n('nb'), PrimeVue] },
  })
  return wrapper
}

describe('document viewer', () => {
  it(
    'draws only the pages in view, releases those scrolled away, and puts a box on its page',
    { timeout: 60_000 },
    async () => {
      const viewer = mountViewer(await pdfOf(12, 'Faktura'))
      await settle(() => viewer.findAll('.dv__page').length === 12)
      expect(viewer.emitted('loaded')?.[0]).toEqual([{ pages: 12, ahead: false }])
      expect(viewer.text()).toContain('Side 1 av 12')
      expect(viewer.findAll('.dv__thumb')).toHaveLength(12)
      // The first page is drawn at once; the others wait until the observer says they are in view.
      await settle(() => drawn().length === 1)
      expect(drawn()).toEqual(['1'])
      expect(canvases()).toBe(1)

      pagesObserver().show([0, 1])
      await settle(() => drawn().length === 2)
      expect(drawn()).toEqual(['1', '2'])

      pagesObserver().show([2, 3])
      await settle(() => drawn().join() === '3,4')
      expect(canvases()).toBe(2)
      const rendered = (viewer.emitted('rendered') ?? []).map(([r]) => (r as { page: number }).page)
      expect(rendered.sort((a, b) => a - b)).toEqual([1, 2, 3, 4])

      // The box is on page 3 only, scaled from its 600 x 800 image to the page as shown.
      const box = viewer.find('.dv__page[data-page="3"] .dv__box.active')
      expect(box.exists()).toBe(true)
      expect(viewer.findAll('.dv__box')).toHaveLength(1)
      const pageWidth = parseFloat(
        (viewer.find('.dv__page[data-page="3"]').element as HTMLElement).style.width,
      )
      expect(parseFloat((box.element as HTMLElement).style.left)).toBeCloseTo((60 / 600) * pageWidth, 3)
    },
  )

  it(
    'destroys the previous document when the source changes, and the last one when it unmounts',
    { timeout: 60_000 },
    async () => {
      const viewer = mountViewer(await pdfOf(3, 'Første'))
      await settle(() => tasks.length === 1 && viewer.findAll('.dv__page').length === 3)
      pagesObserver().show([0])
      await settle(() => drawn().length === 1)

      await viewer.setProps({ source: await pdfOf(2, 'Andre') })
      await settle(() => tasks.length === 2 && viewer.findAll('.dv__page').length === 2)
      expect(tasks[0]!.destroyed).toBe(true)
      expect(tasks[1]!.destroyed).toBe(false)
      // The old document's canvas went with it; the new one draws its first page at once.
      await settle(() => drawn().length === 1)
      expect(canvases()).toBe(1)

      viewer.unmount()
      wrapper = null
      await settle(() => tasks[1]!.destroyed)
    },
  )

  it('says so when the bytes are not a document it can show', async () => {
    const viewer = mountViewer(new TextEncoder().encode('not a document at all'), 'text/plain')
    await settle(() => viewer.find('[role="alert"]').exists())
    expect(viewer.find('[role="alert"]').text()).toContain('ikke et PDF-, PNG-, JPEG- eller TIFF-dokument')
    expect(viewer.emitted('error')?.[0]?.[0]).toMatchObject({ code: 'unsupported-type' })
  })
})
