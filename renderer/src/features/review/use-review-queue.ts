// The review queue of the open company and the invoice shown: the invoice the address names
// (use-route-invoice.ts), the queue's first when it names none, the next one when the shown one leaves
// the queue, moving through it, what is shown of the invoice (row, supplier, file, OCR answer), and the
// files of the invoices before and after it, which the viewer opens ahead while this one is read.
import { computed, nextTick, ref, watch, type Ref } from 'vue'
import type { CachedFile, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import type { UpcomingDocument } from '@renderer/ui/document-viewer'
import { loadDocument, loadFiles, loadQueue, type ReviewDocument } from './review-queue.ts'
import { useRouteInvoice } from './use-route-invoice.ts'

/** Names a cached file for the viewer: the company and the file ID. */
export const fileKey = (file: CachedFile | null | undefined) =>
  file ? `${file.companyKey}:${file.fileId}` : null

export function useReviewQueue(workspace: Readonly<Ref<WorkspaceDb | null>>, companyKey: string | null) {
  const queue = useLiveQuery<number[]>(
    async () => (workspace.value && companyKey ? loadQueue(workspace.value, companyKey) : []),
    [workspace],
    [],
  )
  // The address names the invoice shown (`#/review?invoice=12`); a link that names one shows that one or
  // a note that it is on its way, never another.
  const routeInvoice = useRouteInvoice({ workspace, companyKey })
  const invoiceState = routeInvoice.state
  const currentId = computed<number | null>(() => {
    const named = invoiceState.value
    if (named.kind === 'here') return named.id
    // An invoice of the queue is cached: no need to wait for the workspace's answer to show it.
    if (named.kind === 'checking' && queue.value.includes(named.id)) return named.id
    return null
  })
  const lastIndex = ref(0)
  const position = computed(() => (currentId.value === null ? -1 : queue.value.indexOf(currentId.value)))

  // Without a named invoice the queue's first opens (or the one at the place last left); one that leaves
  // the queue while shown (sent for approval, booked) gives way to the one that took its place.
  watch(
    [queue, () => invoiceState.value.kind],
    ([ids, kind]) => {
      if (kind !== 'none') return
      const first = ids[Math.min(lastIndex.value, ids.length - 1)]
      if (first !== undefined) routeInvoice.open(first)
    },
    { immediate: true },
  )
  const lastShown = ref<number | null>(null)
  watch(currentId, (id) => {
    if (id !== null) lastShown.value = id
  })
  watch([queue, () => invoiceState.value.kind], ([ids, kind], [before]) => {
    const named = invoiceState.value
    const shown = lastShown.value
    if (named.kind === 'none' || shown === null || named.id !== shown) return
    const leftQueue = before?.includes(shown) === true && !ids.includes(shown)
    if (!leftQueue && kind !== 'gone') return
    const next = ids[Math.min(lastIndex.value, ids.length - 1)]
    if (next === undefined) routeInvoice.close()
    else routeInvoice.open(next)
  })
  watch(position, (index) => {
    if (index >= 0) lastIndex.value = index
  })

  const doc = useLiveQuery<ReviewDocument | null>(
    async () =>
      workspace.value && companyKey && currentId.value !== null
        ? loadDocument(workspace.value, companyKey, currentId.value)
        : null,
    [workspace, currentId],
    null,
  )
  // The files of the invoices after and before this one, opened ahead by the viewer while this one is read.
  const upcoming = useLiveQuery<UpcomingDocument[]>(
    async () => {
      const db = workspace.value
      const index = position.value
      if (!db || !companyKey || index < 0) return []
      const ids = [queue.value[index + 1], queue.value[index - 1]].filter((id) => id !== undefined)
      const files = await loadFiles(db, companyKey, ids)
      return files.map((file) => ({ key: fileKey(file)!, source: file.bytes, contentType: file.contentType }))
    },
    [workspace, position, queue],
    [],
  )

  /** The next (1) or previous (-1) invoice of the queue; the first when the one shown is not in it. */
  function move(step: 1 | -1): void {
    const ids = queue.value
    if (ids.length === 0) return
    const index = position.value < 0 ? 0 : position.value
    const next = ids[Math.min(ids.length - 1, Math.max(0, index + step))]
    if (next === undefined || next === currentId.value) return
    // "Next document shown" is measured from here to its first page drawn with the fields filled.
    performance.clearMarks('review:move')
    performance.mark('review:move')
    routeInvoice.open(next)
  }

  /** Ends the "next document shown" measure when the first page of the document moved to is drawn. */
  function measureShown(info: { page: number }): void {
    if (info.page !== 1 || performance.getEntriesByName('review:move', 'mark').length === 0) return
    void nextTick(() => {
      performance.measure('review:shown', 'review:move')
      performance.clearMarks('review:move')
    })
  }

  /** Opens an invoice of the queue (a duplicate named by the warnings); others stay where they are. */
  function openInvoice(id: number): void {
    if (queue.value.includes(id)) routeInvoice.open(id)
  }

  return { queue, invoiceState, currentId, position, doc, upcoming, move, measureShown, openInvoice }
}
