// Drains one company's outbox in order through main. An entry that ends in conflict or failure holds back
// the later entries of the same row (they build on it); other rows go on. A lost connection stops the drain
// with the entry still pending: its attempt count tells main to check, before sending again, whether the
// attempt took effect, so nothing is done twice.
import type { OutboxOutcome, PlatformRow } from '@common/bridge/sync'
import { withLocalChanges } from './pull.ts'
import type { SyncTransport } from './sync-transport.ts'
import type { OutboxEntry, WorkspaceDb } from './schema.ts'

/** Errors that mean "cannot reach the platform now", not "the platform refused". */
const connectionCodes = new Set([
  'API_NETWORK',
  'API_TIMEOUT',
  'API_UNAVAILABLE',
  'API_SERVER_ERROR',
  'API_ABORTED',
  'API_UNAUTHORIZED',
  'BRIDGE_DISCONNECTED',
  'BRIDGE_TIMEOUT',
  'SESSION_SIGNED_OUT',
  'SESSION_EXPIRED',
])

export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? connectionCodes.has(code) : error instanceof TypeError
}

export interface DrainResult {
  done: number
  conflicts: number
  failed: number
  /** The drain stopped because the platform could not be reached. */
  interrupted: boolean
}

const rowKey = (e: Pick<OutboxEntry, 'entity' | 'entityId'>) => `${e.entity}:${e.entityId}`

export async function drainCompany(
  db: WorkspaceDb,
  transport: SyncTransport,
  companyKey: string,
  shouldStop: () => boolean = () => false,
): Promise<DrainResult> {
  const result: DrainResult = { done: 0, conflicts: 0, failed: 0, interrupted: false }
  const held = new Set<string>()
  // One pass in sequence order; entries added while draining are taken by the next pass.
  const entries = await db.outbox.where('companyKey').equals(companyKey).sortBy('seq')
  for (const queued of entries) {
    if (shouldStop()) break
    const key = rowKey(queued)
    if (queued.state === 'conflict' || queued.state === 'failed') {
      held.add(key)
      continue
    }
    if (held.has(key)) continue
    // Read it again: a view may have merged more changes into it, or the user discarded it.
    const entry = await db.outbox.get(queued.seq!)
    if (!entry || entry.state === 'conflict' || entry.state === 'failed') {
      if (entry) held.add(key)
      continue
    }
    await db.outbox.update(entry.seq!, { state: 'sending', attempts: entry.attempts + 1 })
    let outcome: OutboxOutcome
    try {
      outcome = await transport.execute(companyKey, {
        entity: entry.entity,
        entityId: entry.entityId,
        operation: entry.operation,
        changes: entry.changes,
        base: entry.base,
        baseUpdatedAt: entry.baseUpdatedAt,
        operationKey: entry.operationKey,
        attempts: entry.attempts,
      })
    } catch (error) {
      if (isConnectionError(error)) {
        await db.outbox.update(entry.seq!, { state: 'pending' })
        result.interrupted = true
        return result
      }
      const e = error as { code?: string; message?: string }
      outcome = {
        status: 'failed',
        error: { code: e.code ?? 'INTERNAL', message: e.message ?? String(error) },
        row: null,
      }
    }
    await settle(db, companyKey, entry, outcome)
    if (outcome.status === 'done') result.done++
    else {
      held.add(key)
      if (outcome.status === 'conflict') result.conflicts++
      else result.failed++
    }
  }
  return result
}

/** Records what main answered: the entry leaves the outbox, or waits for the user with the reason. */
async function settle(
  db: WorkspaceDb,
  companyKey: string,
  entry: OutboxEntry,
  outcome: OutboxOutcome,
): Promise<void> {
  const table = db[entry.entity]
  await db.transaction('rw', table, db.outbox, async () => {
    if (outcome.status === 'done') {
      // A change merged into the entry while it was on its way is not on the server yet: keep it queued.
      const now = await db.outbox.get(entry.seq!)
      const lateChanges = now ? changedSince(entry.changes, now.changes) : {}
      if (now && Object.keys(lateChanges).length > 0) {
        await db.outbox.update(entry.seq!, {
          state: 'pending',
          changes: lateChanges,
          base: pick(entry.changes, Object.keys(lateChanges), now.base),
          baseUpdatedAt: (outcome.row?.UpdatedAt as string | undefined) ?? entry.baseUpdatedAt,
          attempts: 0,
          operationKey: crypto.randomUUID(),
        })
      } else await db.outbox.delete(entry.seq!)
      // A delete that is done removes the cached row (a view shows it as ending until then).
      if (entry.operation.kind === 'delete') await table.delete([companyKey, entry.entityId])
      else if (outcome.row) await applyServerRow(db, companyKey, entry, outcome.row)
    } else {
      await db.outbox.update(entry.seq!, {
        state: outcome.status,
        lastError:
          outcome.status === 'failed'
            ? outcome.error
            : { code: 'CONFLICT', message: `Changed on the server too: ${outcome.fields.join(', ')}` },
        theirs: outcome.status === 'conflict' ? outcome.theirs : undefined,
      })
    }
  })
}

function changedSince(sent: Record<string, unknown>, now: Record<string, unknown>): Record<string, unknown> {
  const late: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(now))
    if (!(field in sent) || JSON.stringify(sent[field]) !== JSON.stringify(value)) late[field] = value
  return late
}

function pick(
  values: Record<string, unknown>,
  fields: string[],
  fallback: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, f in values ? values[f] : fallback[f]]))
}

/**
 * Stores the server's row after a change, with the changes still queued for it on top. A row created
 * offline (negative ID) takes the ID the platform gave it, and so do the entries queued after it.
 */
async function applyServerRow(
  db: WorkspaceDb,
  companyKey: string,
  entry: OutboxEntry,
  row: PlatformRow,
): Promise<void> {
  const table = db[entry.entity]
  const id = Number(row.ID)
  if (entry.operation.kind === 'create' && entry.entityId !== id) {
    await table.delete([companyKey, entry.entityId])
    const later = await db.outbox
      .where('[companyKey+entity+entityId]')
      .equals([companyKey, entry.entity, entry.entityId])
      .toArray()
    for (const e of later) await db.outbox.update(e.seq!, { entityId: id })
  }
  const unsynced = await db.outbox
    .where('[companyKey+entity+entityId]')
    .equals([companyKey, entry.entity, id])
    .toArray()
  // An answer without expansions keeps the cached ones (Supplier.Info on an invoice).
  const cached = entry.operation.kind === 'create' ? undefined : await table.get([companyKey, id])
  await table.put(withLocalChanges(companyKey, { ...cached, ...row }, unsynced))
}
