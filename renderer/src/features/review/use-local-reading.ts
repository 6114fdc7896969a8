// The reading of the shown document made on this computer (main's local reader: text layer, embedded XML,
// Tesseract for a scan), asked for once per file shown. Main read the file when it downloaded it for the
// cache (or, a scan, when it was taken) and keeps the reading per company and content, so it is answered at
// once; one not read yet is read in main's reader thread while the review goes on. Null until it is there,
// and for a file main would not read (its reason is main's to log).
import { shallowRef, watch, type Ref } from 'vue'
import { useBridge } from '@renderer/bridge'
import type { ReviewDocument } from './review-queue.ts'

export interface LocalAnswer {
  /** The file it is the reading of (company and file ID). */
  key: string
  answer: unknown
}

export function useLocalReading(companyKey: string | null, doc: Readonly<Ref<ReviewDocument | null>>) {
  const bridge = useBridge()
  const local = shallowRef<LocalAnswer | null>(null)
  const keyOf = (d: ReviewDocument | null) => (d?.file ? `${d.file.companyKey}:${d.file.fileId}` : null)
  watch(
    () => keyOf(doc.value),
    async (key) => {
      const file = doc.value?.file
      if (local.value?.key !== key) local.value = null
      if (!key || !file || !companyKey || file.companyKey !== companyKey) return
      try {
        const reading = await bridge.call('files.readLocally', companyKey, file.fileId)
        // Only the file still shown takes it: the user may have moved on meanwhile.
        if (keyOf(doc.value) === key && reading.answer) local.value = { key, answer: reading.answer }
      } catch {
        // Without a local reading the platform's proposals are the review's, as they always were.
      }
    },
    { immediate: true },
  )
  /** The local answer of the file shown now, or null. */
  const answerFor = (d: ReviewDocument | null) =>
    local.value && local.value.key === keyOf(d) ? local.value.answer : null
  return { local, answerFor }
}
