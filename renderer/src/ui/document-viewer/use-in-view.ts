// Which of a scrolling element's items are in its view (plus a margin): the viewer gives a canvas only to
// the pages and thumbnails that are.
import { onBeforeUnmount, onMounted, reactive, watch, type Ref, type WatchSource } from 'vue'

/**
 * The `data-index` values of the elements matching `selector` inside `root` that are within `margin` of its
 * view. Each change of `items` (a new document) empties the set at once and, once the DOM shows the new
 * items, watches them instead of the old ones.
 */
export function useInView(
  root: Ref<HTMLElement | null>,
  selector: string,
  margin: string,
  items: WatchSource<unknown>,
): Set<number> {
  const shown = reactive(new Set<number>())
  let observer: IntersectionObserver | null = null

  function observe(): void {
    observer?.disconnect()
    observer = null
    const el = root.value
    if (!el || typeof IntersectionObserver === 'undefined') return
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const index = Number((entry.target as HTMLElement).dataset.index)
          if (entry.isIntersecting) shown.add(index)
          else shown.delete(index)
        }
      },
      { root: el, rootMargin: margin },
    )
    for (const item of el.querySelectorAll(selector)) observer.observe(item)
  }

  // Cleared in the same step as the change, so no item of the old document is drawn for the new one.
  watch(items, () => shown.clear(), { flush: 'sync' })
  watch(items, observe, { flush: 'post' })
  onMounted(observe)
  onBeforeUnmount(() => observer?.disconnect())
  return shown
}
