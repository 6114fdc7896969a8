// Deciding from My approvals: approve or reject the rows an action applies to (decisions.ts queues them in
// the outbox with the rows), then sync each company they belong to at once; a rejection waits for its
// comment; a decision the platform already had from someone else is dismissed from the list.
import { ref, type Ref } from 'vue'
import { useSyncStore } from '@renderer/stores/sync'
import { useWorkspace } from '@renderer/stores/workspace'
import { approveRows, rejectRows } from './decisions.ts'
import type { MyApprovalRow } from './my-approval-rows.ts'

export function useApprovalDecisions(
  /** The rows an action applies to (the selected open ones, else the current one). */
  targets: Readonly<Ref<MyApprovalRow[]>>,
  selected: Ref<Set<string>>,
  /** Called after an approval is queued: the user goes on to the next row. */
  approved: () => void,
) {
  const workspace = useWorkspace()
  const sync = useSyncStore()
  const syncCompanies = (list: readonly MyApprovalRow[]) => {
    for (const key of new Set(list.map((r) => r.companyKey))) void sync.syncNow(key)
  }

  async function approve(): Promise<void> {
    const db = workspace.value
    const list = targets.value
    if (!db || !list.length) return
    await approveRows(db, list)
    selected.value = new Set()
    approved()
    syncCompanies(list)
  }

  /** The rows being rejected while the comment is asked for; null when no rejection is open. */
  const rejecting = ref<MyApprovalRow[] | null>(null)
  function startReject(): void {
    if (!targets.value.length) return
    rejecting.value = targets.value
  }
  function cancelReject(): void {
    rejecting.value = null
  }
  async function confirmReject(comment: string): Promise<void> {
    const db = workspace.value
    const list = rejecting.value
    if (!db || !list) return
    await rejectRows(db, list, comment)
    rejecting.value = null
    selected.value = new Set()
    syncCompanies(list)
  }

  async function dismiss(row: MyApprovalRow): Promise<void> {
    if (row.decision) await sync.discard(row.decision.seq)
  }

  return { approve, rejecting, startReject, cancelReject, confirmReject, dismiss }
}
