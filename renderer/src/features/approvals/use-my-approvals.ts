// My approvals as a live list: knows the user's User.ID in every company (each company's current-session
// answers it), keeps the companies where the user approves available offline so their approvals are
// pulled, and announces new approvals once per batch after a sync.
import { computed, watch, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { useToast } from 'primevue/usetoast'
import { useBridge } from '@renderer/bridge'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { useSyncStore } from '@renderer/data/sync-store'
import { useWorkspace } from '@renderer/data/workspace'
import type { WorkspaceDb } from '@renderer/data/schema'
import { loadMyApprovals, openCount, type MyApprovalRow } from './my-approval-rows.ts'

/** Fills in the user's User.ID for every company that lacks it; a company where they approve is kept offline. */
export async function learnApprovalCompanies(
  db: WorkspaceDb,
  companyKeys: readonly string[],
  session: (key: string) => Promise<{ userId?: number | null; views: readonly string[] }>,
): Promise<string[]> {
  const learned: string[] = []
  for (const key of companyKeys) {
    const known = await db.companies.get(key)
    if (!known || known.userId !== null) continue
    try {
      const answer = await session(key)
      if (answer.userId === null || answer.userId === undefined) continue
      const approves = answer.views.includes('approvals')
      await db.companies.update(key, { userId: answer.userId, ...(approves ? { offline: true } : {}) })
      learned.push(key)
    } catch (error) {
      // One company that cannot answer now is asked again on the next round.
      console.warn('The session of a company could not be read for approvals', key, error)
    }
  }
  return learned
}

let announced: Set<string> | null = null

export function useMyApprovals(): { rows: Ref<MyApprovalRow[]>; count: Ref<number> } {
  const workspace = useWorkspace()
  const rows = useLiveQuery<MyApprovalRow[]>(
    async () => (workspace.value ? loadMyApprovals(workspace.value) : []),
    [workspace],
    [],
  )
  const count = computed(() => openCount(rows.value))
  return { rows, count }
}

/** Runs once in the shell: learns the companies and notifies about new approvals. */
export function useMyApprovalsWatcher(): void {
  const workspace = useWorkspace()
  const sync = useSyncStore()
  const toast = useToast()
  const { t } = useI18n()
  const { rows } = useMyApprovals()

  // Companies of the workspace whose User.ID is not known yet (the workspace adds them as it learns them).
  const unknown = useLiveQuery<string[]>(
    async () =>
      workspace.value
        ? (await workspace.value.companies.toArray()).filter((c) => c.userId === null).map((c) => c.Key)
        : [],
    [workspace],
    [],
  )
  watch(
    () => [workspace.value, unknown.value.join(',')] as const,
    async ([db]) => {
      if (!db || unknown.value.length === 0) return
      const learned = await learnApprovalCompanies(db, unknown.value, (key) =>
        useBridge().call('companies.session', key),
      )
      // A round already running read the company before its User.ID was known: sync once more after it.
      for (const key of learned) void sync.syncNow(key).then(() => sync.syncNow(key))
    },
    { immediate: true },
  )

  // The first answer is what the user already has; later answers with approvals not seen before are new.
  watch(
    () => [workspace.value, sync.lastSyncAt] as const,
    () => {
      const open = rows.value.filter((r) => r.decision === null)
      if (announced === null) {
        if (sync.lastSyncAt !== null) announced = new Set(open.map((r) => r.key))
        return
      }
      const fresh = open.filter((r) => !announced!.has(r.key))
      for (const r of open) announced.add(r.key)
      if (fresh.length === 0) return
      const title = t('approvals.notify.title', { count: fresh.length }, fresh.length)
      const body = [...new Set(fresh.map((r) => r.companyName))].join(', ')
      toast.add({ severity: 'info', summary: title, detail: body, life: 8000 })
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
        new Notification(title, { body })
    },
  )
  watch(workspace, () => (announced = null))
}
