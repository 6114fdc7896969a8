// The review queue of the open company and the invoice shown: the invoice the address names
// (use-route-invoice.ts), the queue's first when it names none, the next one when the shown one leaves
// the queue, moving through it, what is shown of the invoice (row, supplier, file, OCR answer), and the
// files of the invoices before and after it, which the viewer opens ahead while this one is read.
// Opened from the review desk, the queue is the desk's (invoices of several companies, in its order): the
// view still reads and acts in its one company, and an invoice of another company is opened by the desk
// (`QueueSource.openElsewhere`), which shows it in a review of that company's own.
import { computed, nextTick, ref, shallowRef, watch, type Ref } from 'vue'
import type { CachedFile, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import type { UpcomingDocument } from '@renderer/ui/document-viewer'
import { loadDocument, loadFiles, loadQueue, type ReviewDocument } from './review-queue.ts'
import { reviewReadAhead } from './review-read-ahead.ts'
import { useRouteInvoice } from './use-route-invoice.ts'

/** An invoice of a queue that may span companies: its company and ID. */
export interface QueuePlace {
  companyKey: string
  id: number
}

/** A queue over several companies (the review desk): its invoices in order, and how to open another company's. */
export interface QueueSource {
  places: Readonly<Ref<readonly QueuePlace[]>>
  openElsewhere: (place: QueuePlace) => void
}

/** Names a cached file for the viewer: the company and the file ID. */
export const fileKey = (file: CachedFile | null | undefined) =>
  file ? `${file.companyKey}:${file.fileId}` : null

export function useReviewQueue(
  workspace: Readonly<Ref<WorkspaceDb | null>>,
  companyKey: string | null,
  source?: QueueSource,
) {
  const own = useLiveQuery<number[]>(
    async () => (!source && workspace.value && companyKey ? loadQueue(workspace.value, companyKey) : []),
    [workspace],
    [],
  )
  const places = computed<readonly QueuePlace[]>(() =>
    source ? source.places.value : own.value.map((id) => ({ companyKey: companyKey!, id })),
  )
  const here = (place: QueuePlace) => place.companyKey === companyKey
  /** This company's invoices of the queue, in order. */
  const queue = computed(() => places.value.filter(here).map((place) => place.id))
  const total = computed(() => places.value.length)
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
  const position = computed(() =>
    currentId.value === null
      ? -1
      : places.value.findIndex((place) => here(place) && place.id === currentId.value),
  )

  /** Opens a place of the queue: here by its address, another company's by the queue's source. */
  function go(place: QueuePlace): void {
    if (here(place)) routeInvoice.open(place.id)
    else source?.openElsewhere(place)
  }

  // Without a named invoice the queue's first opens (or the one at the place last left); one that leaves
  // the queue while shown (sent for approval, booked) gives way to the one that took its place.
  watch(
    [places, () => invoiceState.value.kind],
    ([list, kind]) => {
      if (kind !== 'none') return
      const first = list[Math.min(lastIndex.value, list.length - 1)]
      if (first !== undefined) go(first)
    },
    { immediate: true },
  )
  const lastShown = ref<number | null>(null)
  // Immediate: a review the desk opens has its queue at once, so the invoice is shown from the start.
  watch(
    currentId,
    (id) => {
      if (id !== null) lastShown.value = id
    },
    { immediate: true },
  )
  watch([queue, () => invoiceState.value.kind], ([ids, kind], [before]) => {
    const named = invoiceState.value
    const shown = lastShown.value
    if (named.kind === 'none' || shown === null || named.id !== shown) return
    const leftQueue = before?.includes(shown) === true && !ids.includes(shown)
    if (!leftQueue && kind !== 'gone') return
    const list = places.value
    const next = list[Math.min(lastIndex.value, list.length - 1)]
    if (next === undefined) routeInvoice.close()
    else go(next)
  })
  watch(position, (index) => {
    if (index >= 0) lastIndex.value = index
  })

  // The invoice shown: the live query's answer, which owns the truth; until it has answered for the invoice
  // moved to, what the read-ahead read of it (review-read-ahead.ts), so "next" is shown from memory.
  type Shown = { id: number | null; doc: ReviewDocument | null }
  const live = useLiveQuery<Shown | null>(
    async () => {
      const id = currentId.value
      return {
        id,
        doc:
          workspace.value && companyKey && id !== null
            ? await loadDocument(workspace.value, companyKey, id)
            : null,
      }
    },
    [workspace, currentId],
    null,
  )
  const ahead = shallowRef<Shown | null>(null)
  watch(
    [workspace, currentId],
    ([db, id]) => {
      ahead.value = null
      if (!db || !companyKey || id === null) return
      const readAhead = reviewReadAhead(db)
      const read = readAhead.document({ companyKey, id })
      if (read === undefined) return
      if (!(read instanceof Promise)) ahead.value = { id, doc: read }
      else
        void read.then((found) => {
          // Kept only while the read-ahead still holds it: a write to the company meanwhile dropped it.
          const still = readAhead.document({ companyKey, id }) !== undefined
          if (still && currentId.value === id && workspace.value === db) ahead.value = { id, doc: found }
        })
    },
    { immediate: true },
  )
  const doc = computed<ReviewDocument | null>(() => {
    const id = currentId.value
    if (live.value?.id === id) return live.value.doc
    if (ahead.value?.id === id && ahead.value.doc) return ahead.value.doc
    return live.value?.doc ?? null
  })
  // The neighbours of the invoice shown are read ahead; the rest is dropped as the review moves on.
  watch(
    [workspace, position, places],
    ([db, index, list]) => {
      if (db) reviewReadAhead(db).around(list, index)
    },
    { immediate: true },
  )
  // The files of the invoices after and before this one, opened ahead by the viewer while this one is read
  // (this company's only: another company's invoice opens in a review of its own).
  const upcoming = useLiveQuery<UpcomingDocument[]>(
    async () => {
      const db = workspace.value
      const index = position.value
      if (!db || !companyKey || index < 0) return []
      const ids = [places.value[index + 1], places.value[index - 1]]
        .filter((place) => place !== undefined && here(place))
        .map((place) => place!.id)
      const files = await loadFiles(db, companyKey, ids)
      return files.map((file) => ({ key: fileKey(file)!, source: file.bytes, contentType: file.contentType }))
    },
    [workspace, position, places],
    [],
  )

  /** The next (1) or previous (-1) invoice of the queue; the first when the one shown is not in it. */
  function move(step: 1 | -1): void {
    const list = places.value
    if (list.length === 0) return
    const index = position.value < 0 ? 0 : position.value
    const next = list[Math.min(list.length - 1, Math.max(0, index + step))]
    if (next === undefined || (here(next) && next.id === currentId.value)) return
    // "Next document shown" is measured from here to its first page drawn with the fields filled.
    performance.clearMarks('review:move')
    performance.mark('review:move')
    go(next)
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

  return { queue, total, invoiceState, currentId, position, doc, upcoming, move, measureShown, openInvoice }
}
