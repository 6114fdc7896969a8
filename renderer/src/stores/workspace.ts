// The open workspace of the signed-in environment and user. Signing in opens its Dexie database and starts
// the sync engine; signing out (or switching user) stops the engine and closes the database, so nothing of
// one user stays reachable from the next one's views.
import { defineStore, storeToRefs } from 'pinia'
import { markRaw, shallowRef, watch, type Ref } from 'vue'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import { useSessionStore } from './session.ts'

/** Who a workspace belongs to: one database per environment and user. */
export interface WorkspaceOwner {
  environmentId: string
  userIdentity: string
}

type Listener = (db: WorkspaceDb | null, owner: WorkspaceOwner | null) => void | Promise<void>

const useWorkspaceStore = defineStore('workspace', () => {
  const db = shallowRef<WorkspaceDb | null>(null)
  const owner = shallowRef<WorkspaceOwner | null>(null)
  const listeners = new Set<Listener>()
  const session = useSessionStore()

  watch(
    () =>
      session.state.status === 'signedIn'
        ? `${session.state.environmentId}\n${session.state.user.GlobalIdentity}`
        : null,
    (who) => {
      const before = db.value
      if (who) {
        const [environmentId, userIdentity] = who.split('\n') as [string, string]
        owner.value = { environmentId, userIdentity }
        db.value = markRaw(openWorkspace(environmentId, userIdentity))
      } else {
        owner.value = null
        db.value = null
      }
      // The engine stops before its database closes.
      const next = db.value
      void Promise.allSettled([...listeners].map(async (listener) => listener(next, owner.value))).then(() =>
        before?.close(),
      )
    },
    { immediate: true },
  )

  /** Calls `listener` now and whenever the workspace opens or closes; returns the function that stops it. */
  function subscribe(listener: Listener): () => void {
    listeners.add(listener)
    void listener(db.value, owner.value)
    return () => listeners.delete(listener)
  }

  return { db, owner, subscribe }
})

/** The open workspace database of the signed-in environment and user; null while signed out. */
export function useWorkspace(): Readonly<Ref<WorkspaceDb | null>> {
  return storeToRefs(useWorkspaceStore()).db
}

/** Who the open workspace belongs to; null while signed out. */
export function useWorkspaceOwner(): Readonly<Ref<WorkspaceOwner | null>> {
  return storeToRefs(useWorkspaceStore()).owner
}

/** Follows the workspace opening and closing (the sync engine starts and stops with it). */
export function onWorkspaceChange(listener: Listener): () => void {
  return useWorkspaceStore().subscribe(listener)
}
