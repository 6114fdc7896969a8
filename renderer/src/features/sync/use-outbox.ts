// The outbox as the sync indicator and panel read it: every queued change with the invoice number (or
// name) of its row, grouped by company and state. Read live from Dexie, so it follows the engine.
import { computed } from 'vue'
import type { CachedRow, OutboxEntry } from '@renderer/data/schema'
import { useWorkspace } from '@renderer/stores/workspace'
import { useLiveQuery } from '@renderer/data/use-live-query'

export interface QueuedChange {
  entry: OutboxEntry & { seq: number }
  /** What the user knows the row by: an invoice number, a name, or nothing. */
  label: string | null
}

export type ChangeGroup = 'pending' | 'failed' | 'conflict'

export function groupOf(entry: OutboxEntry): ChangeGroup {
  return entry.state === 'failed' ? 'failed' : entry.state === 'conflict' ? 'conflict' : 'pending'
}

export function useOutbox() {
  const workspace = useWorkspace()
  const changes = useLiveQuery<QueuedChange[]>(
    async () => {
      const db = workspace.value
      if (!db) return []
      const entries = (await db.outbox.orderBy('seq').toArray()) as (OutboxEntry & { seq: number })[]
      return Promise.all(
        entries.map(async (entry) => {
          const row: CachedRow | undefined = await db[entry.entity].get([entry.companyKey, entry.entityId])
          const name = (row?.Info as { Name?: unknown } | undefined)?.Name ?? row?.Name
          const label = row?.InvoiceNumber ?? name
          return { entry, label: typeof label === 'string' && label ? label : null }
        }),
      )
    },
    [workspace],
    [],
  )
  const count = (group: ChangeGroup) =>
    computed(() => changes.value.filter((c) => groupOf(c.entry) === group).length)
  return { changes, pending: count('pending'), failed: count('failed'), conflicts: count('conflict') }
}
