// My approvals belongs to the workspace it was read from: when the signed-in user changes, the list, the
// sidebar's count and the notices never show the last user's approvals, not even for the moment before the
// new user's workspace first answers.
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, watch } from 'vue'
import { ApprovalStatus } from '@common/status'
import type { SessionState } from '@common/bridge/contract'
import { installBridge } from '@renderer/bridge'
import type { WorkspaceDb } from '@renderer/data/schema'
import { companyRecord } from '@renderer/data/testing'
import { useMyApprovals } from '@renderer/features/approvals/use-my-approvals'
import { useSessionStore } from '@renderer/stores/session'
import { useWorkspace } from '@renderer/stores/workspace'
import { createTestBridge, sampleSession } from './test-bridge.ts'

const opened: WorkspaceDb[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

/** Per's approval in Nordlys, waiting for him (his User.ID there is 5). */
async function seedPer(db: WorkspaceDb) {
  await db.companies.put(companyRecord('nordlys', 'Nordlys Bakeri AS', 5))
  await db.SupplierInvoice.put({
    companyKey: 'nordlys',
    ID: 10,
    InvoiceNumber: '52000',
    TaxInclusiveAmount: 23000,
  })
  await db.Task.put({ companyKey: 'nordlys', ID: 1, EntityID: 10, ApprovalPlan: [] })
  await db.Approval.put({
    companyKey: 'nordlys',
    ID: 1,
    TaskID: 1,
    UserID: 5,
    StepNumber: 1,
    StatusCode: ApprovalStatus.Active,
  })
}

describe('my approvals across a change of user', () => {
  it("never shows the last user's approvals in the next user's workspace", async () => {
    const test = createTestBridge()
    installBridge(test.bridge)
    setActivePinia(createPinia())
    const scope = effectScope()
    const { workspace, approvals } = scope.run(() => ({
      workspace: useWorkspace(),
      approvals: useMyApprovals(),
    }))!
    await useSessionStore().load()
    const first = workspace.value!
    opened.push(first)
    await seedPer(first)
    await vi.waitFor(() => expect(approvals.count.value).toBe(1))

    // What the views see the moment the workspace is another user's.
    const seen: { rows: number; loaded: boolean }[] = []
    scope.run(() =>
      watch(
        workspace,
        () => seen.push({ rows: approvals.rows.value.length, loaded: approvals.loaded.value }),
        { flush: 'sync' },
      ),
    )
    const anne: SessionState = structuredClone(sampleSession)
    const per = { ...anne, user: { ...(anne as { user: object }).user, GlobalIdentity: 'per-identity' } }
    test.emit('session.changed', per as SessionState)
    await vi.waitFor(() => expect(workspace.value).not.toBe(first))
    opened.push(workspace.value!)
    expect(seen).toEqual([{ rows: 0, loaded: false }])
    await vi.waitFor(() => expect(approvals.loaded.value).toBe(true))
    expect(approvals.rows.value).toEqual([])
    expect(approvals.count.value).toBe(0)
    scope.stop()
  })
})
