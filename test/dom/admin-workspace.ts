// A signed-in workspace for Admin's section tests: Pinia with the session signed in, so the workspace
// store opens its (fake-indexeddb) Dexie database, which the test fills with cached rows; the test bridge
// answers the sync engine that starts with it.
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import type { WorkspaceDb } from '@renderer/data/schema'
import { useSessionStore } from '@renderer/stores/session'
import { useWorkspace } from '@renderer/stores/workspace'
import { installBridge } from '@renderer/bridge'
import { createTestBridge, sampleSession, type TestBridge } from './test-bridge.ts'

export function signedInWorkspace(): { pinia: Pinia; db: WorkspaceDb; test: TestBridge } {
  const test = createTestBridge()
  installBridge(test.bridge)
  const pinia = createPinia()
  setActivePinia(pinia)
  // A user of their own per test, so each test has a database of its own.
  if (sampleSession.status !== 'signedIn') throw new Error('The sample session is signed in')
  useSessionStore().state = {
    ...sampleSession,
    user: { ...sampleSession.user, GlobalIdentity: `user-${crypto.randomUUID()}` },
  }
  const db = useWorkspace().value
  if (!db) throw new Error('The workspace did not open')
  return { pinia, db, test }
}

export { axeFindings } from './axe.ts'
