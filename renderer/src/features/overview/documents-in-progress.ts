// The overview's "documents in progress" column: per company key, the documents the scan station is still
// handling. The app sets this from the scan pipeline's progress; while it is null the column is not shown.
import { shallowRef } from 'vue'

export const documentsInProgress = shallowRef<ReadonlyMap<string, number> | null>(null)
