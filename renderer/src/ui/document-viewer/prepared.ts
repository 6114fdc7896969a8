// Documents opened ahead. While the user reads one document, the screen that hosts the viewer names the ones
// it may show next (the review: the invoices before and after in its queue); the viewer opens them and draws
// their first page off screen at the zoom it will show it, so moving on puts a page up at once. At most a
// few are held, each is destroyed when it is no longer named, and one taken is the viewer's to destroy.
import { openDocument, type PageSize, type ViewerDocument } from './document-source.ts'

export interface UpcomingDocument {
  /** Names the document across reads of the cache (the review: company and file). */
  key: string
  source: Blob | Uint8Array
  contentType?: string
}

/** The first page as drawn ahead, and what it was drawn for. */
interface FirstPage {
  canvas: HTMLCanvasElement
  scale: number
  rotation: number
  dpr: number
}

/**
 * `doc` with its first page drawn ahead: the first drawing of page 1 at the same turn and pixel ratio uses
 * those pixels. At the same zoom that is all; at a zoom a little different (the view's width changed by a
 * scroll bar meanwhile) they are shown scaled at once and the page is drawn again sharp behind them. Any
 * other drawing goes to the document itself.
 */
function withFirstPage(doc: ViewerDocument, first: FirstPage): ViewerDocument {
  let ahead: FirstPage | null = first
  const release = () => {
    if (ahead) ahead.canvas.width = ahead.canvas.height = 0
    ahead = null
  }
  return {
    kind: doc.kind,
    pages: doc.pages,
    async render(index, canvas, scale, rotation) {
      const drawn = index === 0 ? ahead : null
      if (index === 0) ahead = null
      const dpr = globalThis.devicePixelRatio || 1
      const ratio = drawn ? scale / drawn.scale : 0
      if (!drawn || drawn.rotation !== rotation || drawn.dpr !== dpr || Math.abs(ratio - 1) > 0.1) {
        if (drawn) drawn.canvas.width = drawn.canvas.height = 0
        return doc.render(index, canvas, scale, rotation)
      }
      canvas.width = Math.max(1, Math.round(drawn.canvas.width * ratio))
      canvas.height = Math.max(1, Math.round(drawn.canvas.height * ratio))
      canvas.getContext('2d')?.drawImage(drawn.canvas, 0, 0, canvas.width, canvas.height)
      drawn.canvas.width = drawn.canvas.height = 0
      if (Math.abs(ratio - 1) > 1e-6)
        doc.render(index, canvas, scale, rotation).catch((error: unknown) => {
          console.warn('The page could not be drawn again at its zoom', error)
        })
    },
    async destroy() {
      release()
      await doc.destroy()
    },
  }
}

export class PreparedDocuments {
  private readonly held = new Map<string, Promise<ViewerDocument | null>>()

  constructor(private readonly limit = 2) {}

  /**
   * Opens `upcoming` (those not held yet, up to the limit) and draws each one's first page at the zoom
   * `scaleOf` gives for its pages; destroys what is held and no longer named.
   */
  prepare(upcoming: readonly UpcomingDocument[], scaleOf: (pages: PageSize[]) => number): void {
    const named = new Set(upcoming.slice(0, this.limit).map((item) => item.key))
    for (const key of [...this.held.keys()]) if (!named.has(key)) this.drop(key)
    for (const item of upcoming.slice(0, this.limit)) {
      if (this.held.has(item.key)) continue
      this.held.set(item.key, this.open(item, scaleOf))
    }
  }

  /** The prepared document of `key`, now the caller's (to show and to destroy); undefined when none is. */
  take(key: string): Promise<ViewerDocument | null> | undefined {
    const prepared = this.held.get(key)
    this.held.delete(key)
    return prepared
  }

  /** Destroys everything held. */
  clear(): void {
    for (const key of [...this.held.keys()]) this.drop(key)
  }

  private drop(key: string): void {
    const prepared = this.held.get(key)
    this.held.delete(key)
    void prepared?.then((doc) => doc?.destroy())
  }

  private async open(
    item: UpcomingDocument,
    scaleOf: (pages: PageSize[]) => number,
  ): Promise<ViewerDocument | null> {
    let doc: ViewerDocument
    try {
      doc = await openDocument(item.source, item.contentType ?? '')
    } catch {
      // The viewer says why when the document is shown; nothing is kept ahead.
      return null
    }
    if (doc.pages.length === 0 || typeof document === 'undefined') return doc
    const scale = scaleOf(doc.pages)
    const canvas = document.createElement('canvas')
    try {
      await doc.render(0, canvas, scale, 0)
    } catch {
      canvas.width = canvas.height = 0
      return doc
    }
    return withFirstPage(doc, { canvas, scale, rotation: 0, dpr: globalThis.devicePixelRatio || 1 })
  }
}
