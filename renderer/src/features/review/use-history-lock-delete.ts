// The invoice's record beside the form: its history (the panel, and a rejected invoice's reason above the
// form, both read from the platform with one call), locking it with a message and unlocking it, and
// deleting a wrongly scanned draft. Lock, unlock and delete are queued in the outbox (logic/actions.ts).
import { computed, ref, watch, type Ref } from 'vue'
import { SupplierInvoiceStatus } from '@common/status'
import type { InvoiceHistory } from '@common/bridge/review'
import { useBridge } from '@renderer/bridge'
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import { deleteDraft, setLocked } from './logic/actions.ts'
import type { ReviewDocument } from './review-queue.ts'
import type { ReviewStatusLine } from './use-review-status.ts'

export interface HistoryLockDeleteOptions {
  workspace: Readonly<Ref<WorkspaceDb | null>>
  companyKey: string | null
  doc: Readonly<Ref<ReviewDocument | null>>
  row: Readonly<Ref<CachedRow | null>>
  currentId: Readonly<Ref<number | null>>
  status: ReviewStatusLine
}

export function useHistoryLockDelete(options: HistoryLockDeleteOptions) {
  const { workspace, companyKey, doc, row, currentId, status } = options
  const bridge = useBridge()

  /** The invoice's comments and approvals from the platform; rejects when it cannot be reached. */
  const loadHistory = (key: string, id: number): Promise<InvoiceHistory> =>
    bridge.call('review.history', key, id)

  const historyOpen = ref(false)
  const toggleHistory = () => (historyOpen.value = !historyOpen.value)

  const isRejected = computed(() => row.value?.StatusCode === SupplierInvoiceStatus.Rejected)
  // The rejection's comment (the newest comment on the invoice) from the platform when it can be asked.
  const rejection = ref<string | null>(null)
  watch(
    () => (isRejected.value ? currentId.value : null),
    async (id) => {
      rejection.value = null
      if (id === null || !companyKey) return
      try {
        const history = await loadHistory(companyKey, id)
        const last = history.comments.at(-1)
        if (currentId.value === id && typeof last?.Text === 'string') rejection.value = last.Text
      } catch (error) {
        console.warn('The rejection comment could not be read from the platform', { companyKey, id, error })
      }
    },
    { immediate: true },
  )

  const lockOpen = ref(false)
  const lockMessage = ref('')
  function openLock(): void {
    if (!row.value) return
    lockMessage.value = ''
    lockOpen.value = true
  }
  async function lock(locked: boolean): Promise<void> {
    const db = workspace.value
    const current = doc.value
    if (!db || !companyKey || !current) return
    await setLocked(db, companyKey, current.row.ID, locked, lockMessage.value.trim())
    lockOpen.value = false
    status.show(locked ? 'locked' : 'unlocked')
  }

  const isDraft = computed(() => row.value?.StatusCode === SupplierInvoiceStatus.Draft)
  const deleteOpen = ref(false)
  /** Asks before deleting; only a draft can be deleted. */
  function askDelete(): void {
    if (isDraft.value) deleteOpen.value = true
  }
  async function removeDraft(): Promise<void> {
    const db = workspace.value
    const current = doc.value
    if (!db || !companyKey || !current) return
    try {
      await deleteDraft(db, companyKey, current.row.ID)
      deleteOpen.value = false
    } catch (error) {
      deleteOpen.value = false
      status.show('deleteFailed', { deleteFailed: (error as Error).message })
    }
  }

  return {
    loadHistory,
    historyOpen,
    toggleHistory,
    isRejected,
    rejection,
    lockOpen,
    lockMessage,
    openLock,
    lock,
    isDraft,
    deleteOpen,
    askDelete,
    removeDraft,
  }
}
