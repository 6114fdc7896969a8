// The viewer's document: opening `source` (or the document prepared ahead under its key), ending the
// previous one on every change, and opening the upcoming documents ahead once the shown one is drawn.
import { onBeforeUnmount, ref, watch, type ShallowRef } from 'vue'
import { DocumentError, openDocument, type PageSize, type ViewerDocument } from './document-source.ts'
import { PreparedDocuments, type UpcomingDocument } from './prepared.ts'

export interface DocumentInput {
  source: Blob | Uint8Array | null
  contentType: string
  documentKey: string | null
  upcoming: UpcomingDocument[]
}

export interface DocumentEvents {
  /** The shown document is gone (a new source is opening, or the viewer unmounts). */
  closed(): void
  opened(doc: ViewerDocument, ahead: boolean): void
  failed(error: DocumentError): void
  /** The zoom a document opened ahead has its first page drawn at. */
  scaleAhead(pages: PageSize[]): number
}

/** Opens `input.source` into `doc` whenever the source changes; `doc` is null while none is shown. */
export function useDocument(
  input: DocumentInput,
  doc: ShallowRef<ViewerDocument | null>,
  on: DocumentEvents,
) {
  const loading = ref(false)
  const failure = ref<DocumentError | null>(null)

  // Every change of source ends the previous document before (or while) the next opens.
  let generation = 0
  function close(): void {
    const old = doc.value
    doc.value = null
    on.closed()
    // Not waited for: the next document is shown meanwhile (a PDF opening waits for it in document-source).
    if (old)
      old.destroy().catch((error: unknown) => console.warn('The previous document was not closed', error))
  }
  const prepared = new PreparedDocuments()
  /** Whether the shown document's first page is drawn (documents ahead are opened only then). */
  const firstDrawn = ref(false)
  async function open(
    source: Blob | Uint8Array | null,
    contentType: string,
    key: string | null,
  ): Promise<void> {
    const mine = ++generation
    firstDrawn.value = false
    const ahead = key ? prepared.take(key) : undefined
    close()
    failure.value = null
    if (!source) return
    loading.value = true
    try {
      const openedAhead = (ahead && (await ahead)) || null
      const opened = openedAhead ?? (await openDocument(source, contentType))
      if (mine !== generation) {
        await opened.destroy()
        return
      }
      doc.value = opened
      on.opened(opened, openedAhead !== null)
    } catch (error) {
      if (mine !== generation) return
      const failed =
        error instanceof DocumentError ? error : new DocumentError('unreadable-document', String(error))
      failure.value = failed
      console.warn('The document cannot be shown', failed)
      on.failed(failed)
    } finally {
      if (mine === generation) loading.value = false
    }
  }
  watch(
    () => [input.source, input.contentType, input.documentKey] as const,
    ([source, type, key]) => void open(source, type, key),
    { immediate: true },
  )
  onBeforeUnmount(() => {
    generation++
    close()
    prepared.clear()
  })

  // Documents ahead: opened shortly after the shown one's first page is drawn (or when there is none).
  let aheadTimer: ReturnType<typeof setTimeout> | null = null
  function prepareAhead(): void {
    if (aheadTimer !== null) clearTimeout(aheadTimer)
    aheadTimer = setTimeout(() => {
      aheadTimer = null
      const upcoming = input.upcoming.filter((item) => item.key !== input.documentKey)
      prepared.prepare(upcoming, on.scaleAhead)
    }, 50)
  }
  watch(
    () => [input.upcoming.map((item) => item.key).join('|'), firstDrawn.value, !!input.source] as const,
    ([, drawn, shown]) => {
      if (drawn || !shown) prepareAhead()
    },
  )
  onBeforeUnmount(() => {
    if (aheadTimer !== null) clearTimeout(aheadTimer)
  })

  /** A page of the shown document is drawn (0-based). */
  function pageDrawn(index: number): void {
    if (index === 0) firstDrawn.value = true
  }

  return { loading, failure, pageDrawn }
}
