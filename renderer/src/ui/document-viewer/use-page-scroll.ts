// Where the pages are scrolled: the page being read follows the scrolling, and the viewer scrolls to a page
// (a thumbnail, the host's shortcut) or to the box the form beside it is on.
import type { Ref } from 'vue'
import { PAGE_GAP } from './geometry.ts'
import type { ViewState } from './use-zoom.ts'

export function usePageScroll(
  scroller: Ref<HTMLElement | null>,
  shownSizes: Ref<{ width: number; height: number }[]>,
  state: ViewState,
) {
  /** The page being read is the one at the top third of the view. */
  function onScroll(): void {
    const el = scroller.value
    if (!el) return
    const line = el.scrollTop + el.clientHeight / 3
    let top = PAGE_GAP
    let page = 1
    for (const [i, size] of shownSizes.value.entries()) {
      if (top > line) break
      page = i + 1
      top += size.height + PAGE_GAP
    }
    state.page = page
  }

  function goToPage(n: number): void {
    const el = scroller.value
    const target = el?.querySelector<HTMLElement>(`[data-index="${n - 1}"]`)
    if (!el || !target) return
    el.scrollTop = target.offsetTop - PAGE_GAP
    state.page = n
  }

  /** Centres the box `id` in the view (when it is on a shown page). */
  function revealBox(id: string | number | null | undefined): void {
    const el = scroller.value
    if (!el || id === null || id === undefined) return
    const box = [...el.querySelectorAll<HTMLElement>('[data-box-id]')].find(
      (b) => b.dataset.boxId === String(id),
    )
    if (!box) return
    const view = el.getBoundingClientRect()
    const rect = box.getBoundingClientRect()
    el.scrollTo({
      top: el.scrollTop + rect.top - view.top - el.clientHeight / 2 + rect.height / 2,
      left: el.scrollLeft + rect.left - view.left - el.clientWidth / 2 + rect.width / 2,
    })
  }

  return { onScroll, goToPage, revealBox }
}
