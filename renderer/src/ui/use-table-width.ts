// The width a list's table has, for the columns that give way on a narrow window (or beside an open
// panel): a view shows the columns `roomFor(px)` allows instead of clipping them. Follows the element bound
// to `element` (a ref in the template) from mount to unmount, also when it is replaced.
import { onBeforeUnmount, ref, watch } from 'vue'

export function useTableWidth() {
  const element = ref<HTMLElement | null>(null)
  const width = ref(Number.POSITIVE_INFINITY)
  const resize = new ResizeObserver(([entry]) => {
    if (entry) width.value = entry.contentRect.width
  })
  watch(
    element,
    (next, before) => {
      if (before) resize.unobserve(before)
      if (next) resize.observe(next)
    },
    { flush: 'post' },
  )
  onBeforeUnmount(() => resize.disconnect())
  return { element, roomFor: (px: number) => width.value >= px }
}
