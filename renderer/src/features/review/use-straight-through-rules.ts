// Runs the straight-through rules on this computer: whenever the workspace opens, a sync round ends, a rule
// is switched or a draft of a company with rules changes in the cache, each such company's incoming invoices
// are decided and those that may go are sent on (logic/straight-send.ts: once, whichever window runs it),
// except an invoice open in this window's review (invoices-in-hand.ts), which waits until it is put down.
// Online, the supplier's linked approval rule is asked first, as the review's "send on" does; offline the
// invoice is queued to be booked, and main asks for the rule again when it is sent. The composition root
// calls it once.
import { watch } from 'vue'
import { SupplierInvoiceStatus } from '@common/status'
import { useBridge } from '@renderer/bridge'
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { useSyncStore } from '@renderer/stores/sync'
import { useWorkspace } from '@renderer/stores/workspace'
import { invoicesInHand, isInHand } from './invoices-in-hand.ts'
import { runStraightThrough, type AskRule } from './logic/straight-send.ts'

/** The companies with a rule on, and their drafts' keys: a change of either runs the rules again. */
async function watched(db: WorkspaceDb): Promise<string> {
  const rules = await db.straightRules.toArray()
  const keys = [...new Set(rules.filter((rule) => rule.on).map((rule) => rule.companyKey))].sort()
  const drafts = await Promise.all(
    keys.map((key) =>
      db.SupplierInvoice.where('[companyKey+StatusCode]')
        .equals([key, SupplierInvoiceStatus.Draft])
        .primaryKeys(),
    ),
  )
  return JSON.stringify([rules.map((r) => [r.companyKey, r.supplierId, r.on]), drafts])
}

export function useStraightThroughRules(): void {
  const workspace = useWorkspace()
  const sync = useSyncStore()
  const bridge = useBridge()
  let running = false
  let again = false

  const askRule =
    (companyKey: string): AskRule =>
    async (invoice: CachedRow) => {
      if (sync.connection !== 'online') return null
      const dims = (invoice.DefaultDimensions ?? null) as Record<string, unknown> | null
      const answer = await bridge.call('review.proposedRule', companyKey, {
        supplierId: Number(invoice.SupplierID),
        projectId: typeof dims?.ProjectID === 'number' ? dims.ProjectID : null,
        departmentId: typeof dims?.DepartmentID === 'number' ? dims.DepartmentID : null,
      })
      return answer.ApprovalRuleID
    }

  async function run(): Promise<void> {
    const db = workspace.value
    if (!db) return
    if (running) {
      again = true
      return
    }
    running = true
    try {
      do {
        again = false
        const rules = await db.straightRules.toArray()
        const keys = new Set(rules.filter((rule) => rule.on).map((rule) => rule.companyKey))
        for (const key of keys)
          await runStraightThrough(db, key, askRule(key), (id) => isInHand(key, id))
      } while (again && workspace.value === db)
    } catch (error) {
      console.error('Running the straight-through rules failed', error)
    } finally {
      running = false
    }
  }

  const signature = useLiveQuery(
    async () => (workspace.value ? watched(workspace.value) : ''),
    [workspace],
    '',
  )
  // An invoice put down in the review may go by its rule now.
  watch([signature, () => sync.lastSyncAt, invoicesInHand], () => void run())
}
