// Zoom, fit width and rotation of the shown pages: steps in and out, a fit to the view's width that follows
// the view as it is resized, and quarter turns.
import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue'
import type { PageSize, ViewerDocument } from './document-source.ts'
import { fitWidthScale, PAGE_GAP, quarterTurn, turnedSize, type QuarterTurn } from './geometry.ts'

/** What the viewer shows; the screen that hosts it reads this (exposed as `state`) for its shortcuts. */
export interface ViewState {
  /** 1-based page at the top third of the view. */
  page: number
  pages: number
  scale: number
  rotation: QuarterTurn
  /** Whether the zoom follows the view's width. */
  fit: boolean
}

const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4]

export function useZoom(
  state: ViewState,
  doc: Ref<ViewerDocument | null>,
  scroller: Ref<HTMLElement | null>,
) {
  /** The view's width for pages (CSS pixels, without the gap on either side). */
  const available = ref(0)

  /** The zoom at which the widest of `pages`, turned by `rotation`, fills the view's width. */
  function fitScale(pages: readonly PageSize[], rotation: QuarterTurn): number {
    let widest = pages[0] ?? { width: 1, height: 1 }
    for (const p of pages) if (turnedSize(p, rotation).width > turnedSize(widest, rotation).width) widest = p
    return Math.min(4, Math.max(0.1, fitWidthScale(widest, rotation, available.value)))
  }
  function applyFit(): void {
    if (!state.fit || !doc.value || available.value <= 0) return
    state.scale = fitScale(doc.value.pages, state.rotation)
  }
  /** The zoom a document of `pages` would be shown at unturned: fit width, or the zoom the user chose. */
  function scaleFor(pages: PageSize[]): number {
    return state.fit && available.value > 0 ? fitScale(pages, 0) : state.scale
  }
  function fitWidth(): void {
    state.fit = true
    applyFit()
  }
  function zoomIn(): void {
    state.fit = false
    state.scale = ZOOM_STEPS.find((s) => s > state.scale + 0.001) ?? ZOOM_STEPS.at(-1)!
  }
  function zoomOut(): void {
    state.fit = false
    state.scale = [...ZOOM_STEPS].reverse().find((s) => s < state.scale - 0.001) ?? ZOOM_STEPS[0]!
  }
  function rotate(delta: number): void {
    state.rotation = quarterTurn(state.rotation + delta)
    applyFit()
  }

  let resize: ResizeObserver | null = null
  onMounted(() => {
    const el = scroller.value
    if (!el || typeof ResizeObserver === 'undefined') return
    resize = new ResizeObserver(() => {
      // A hidden viewer (no document for now) keeps the width it had, for the documents it opens ahead.
      if (el.clientWidth > 0) available.value = Math.max(0, el.clientWidth - 2 * PAGE_GAP)
      applyFit()
    })
    resize.observe(el)
  })
  onBeforeUnmount(() => resize?.disconnect())

  return { applyFit, scaleFor, fitWidth, zoomIn, zoomOut, rotate }
}
