// My approvals as a live list: knows the user's User.ID in every company (each company's current-session
// answers it), keeps the companies where the user approves available offline so their approvals are
// pulled (and those the user was newly given access to, common/new-access.ts), and announces new
// approvals once per batch after a sync.
import { defineStore, storeToRefs } from 'pinia'
import { computed, watch, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ToastMessageOptions } from 'primevue/toast'
import { isNewAccess } from '@common/new-access'
import { useBridge } from '@renderer/bridge'
import { useWordedToast } from '@renderer/ui/worded-toast'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { useSyncStore } from '@renderer/stores/sync'
import { useWorkspace } from '@renderer/stores/workspace'
import type { WorkspaceDb } from '@renderer/data/schema'
import {
  loadMyApprovalsState,
  openCount,
  type MyApprovalRow,
  type MyApprovalsState,
} from './my-approval-rows.ts'
import { createAnnouncer } from './new-approvals.ts'

/**
 * Fills in the user's User.ID for every company that lacks it (a company the workspace learns of); one
 * where they approve, or that they were newly given access to, is kept offline.
 */
export async function learnApprovalCompanies(
  db: WorkspaceDb,
  companyKeys: readonly string[],
  session: (
    key: string,
  ) => Promise<{ userId?: number | null; views: readonly string[]; memberSince?: string | null }>,
): Promise<string[]> {
  const learned: string[] = []
  for (const key of companyKeys) {
    // The workspace closed while the companies were asked (a sign-out): nothing more is learned into it.
    if (!db.isOpen()) break
    const known = await db.companies.get(key)
    if (!known || known.userId !== null) continue
    try {
      const answer = await session(key)
      if (answer.userId === null || answer.userId === undefined) continue
      const keep = answer.views.includes('approvals') || isNewAccess(answer.memberSince)
      await db.companies.update(key, { userId: answer.userId, ...(keep ? { offline: true } : {}) })
      learned.push(key)
    } catch (error) {
      // One company that cannot answer now is asked again on the next round.
      console.warn('The session of a company could not be read for approvals', key, error)
    }
  }
  return learned
}

/**
 * One live query for My approvals, shared by the list, the sidebar's count and the notices of new approvals:
 * each of them querying on its own read the same rows three times over on every change while a sync wrote.
 * The rows and each company's pull state are read together (loadMyApprovalsState), so a company's first
 * complete pull is judged with the rows it brought (they are what the user already had).
 */
const useMyApprovalsStore = defineStore('myApprovals', () => {
  const workspace = useWorkspace()
  // Each answer names the workspace it was read from: when the workspace changes, the last one's answer
  // (which the live query keeps until the new one's first) is never shown.
  const answer = useLiveQuery<(MyApprovalsState & { db: WorkspaceDb }) | null>(
    async () => {
      const db = workspace.value
      return db ? { db, ...(await loadMyApprovalsState(db)) } : null
    },
    [workspace],
    null,
  )
  const snapshot = computed<MyApprovalsState | null>(() =>
    answer.value && answer.value.db === workspace.value ? answer.value : null,
  )
  return { snapshot }
})

/**
 * The user's approvals across companies. `loaded` is false until the cache has first answered, so that a view
 * does not say "none waiting" about a list it has not read yet.
 */
export function useMyApprovals(): {
  rows: Readonly<Ref<MyApprovalRow[]>>
  count: Readonly<Ref<number>>
  loaded: Readonly<Ref<boolean>>
} {
  const { snapshot } = storeToRefs(useMyApprovalsStore())
  const rows = computed(() => snapshot.value?.rows ?? [])
  const count = computed(() => openCount(rows.value))
  const loaded = computed(() => snapshot.value !== null)
  return { rows, count, loaded }
}

/** Runs once in the shell: learns the companies and notifies about new approvals. */
export function useMyApprovalsWatcher(): void {
  const workspace = useWorkspace()
  const sync = useSyncStore()
  const toast = useWordedToast()
  const { t } = useI18n()

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
      let learned: string[]
      try {
        learned = await learnApprovalCompanies(db, unknown.value, (key) =>
          useBridge().call('companies.session', key),
        )
      } catch (error) {
        // A workspace closed mid-way (signed out) has nothing left to learn; another failure is said.
        if (workspace.value === db && db.isOpen())
          console.error('Learning the companies where the user approves failed', error)
        return
      }
      // A round already running read the company before its User.ID was known: sync once more after it.
      for (const key of learned) void sync.syncNow(key).then(() => sync.syncNow(key))
    },
    { immediate: true },
  )

  const { snapshot } = storeToRefs(useMyApprovalsStore())
  const announcer = createAnnouncer()
  watch(workspace, () => announcer.reset())
  const life = 8000
  let shown: ToastMessageOptions | null = null
  const title = (count: number) => t('approvals.notify.title', { count }, count)
  watch(snapshot, (answer) => {
    if (!answer) return
    const open = new Map<string, string[]>()
    for (const r of answer.rows)
      if (r.decision === null) open.set(r.companyKey, [...(open.get(r.companyKey) ?? []), r.key])
    const freshKeys = new Set(announcer.next({ open, pulled: answer.pulled }))
    if (freshKeys.size === 0) return
    const fresh = answer.rows.filter((r) => freshKeys.has(r.key))
    const body = [...new Set(fresh.map((r) => r.companyName))].join(', ')
    if (shown) toast.remove(shown)
    // Worded as it is drawn: a notice still on screen follows a change of language.
    const notice = toast.add({
      severity: 'info',
      summary: () => title(fresh.length),
      detail: () => body,
      life,
    })
    shown = notice
    setTimeout(() => shown === notice && (shown = null), life)
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
      new Notification(title(fresh.length), { body })
  })
}
