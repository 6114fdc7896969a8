// Drains one company's outbox in order through main. An entry that ends in conflict or failure holds back
// the later entries of the same row (they build on it); other rows go on. A lost connection stops the drain
// with the entry still pending: its attempt count (and the moment it was first sent) tells main to check,
// before sending again, whether the attempt took effect, so nothing is done twice.
import { OutboxCommand, outboxBatchLimit, type OutboxOutcome } from '@common/bridge/outbox'
import type { PlatformRow } from '@common/bridge/sync'
import { sameValue } from '@common/same-value'
import { isTransient } from '@common/transient'
import { keepAnswer } from './answered-rows.ts'
import { hooksOf } from './outcome-hooks.ts'
import { announceNotice } from './outbox-notices.ts'
import { isRowChange, isRowChangeOf, queued as queuedOf, shownValues } from './outbox-queries.ts'
import { withLocalChanges } from './pull.ts'
import type { SyncTransport } from './sync-transport.ts'
import type { OutboxEntry, WorkspaceDb } from './schema.ts'

/**
 * Errors that mean "cannot reach the platform now", not "the platform refused": the one transient-error
 * rule (common/transient.ts), by the name the workspace's callers ask it by.
 */
export const isConnectionError = isTransient

export interface DrainResult {
  done: number
  conflicts: number
  failed: number
  /** The drain stopped because the platform could not be reached. */
  interrupted: boolean
}

const rowKey = (e: Pick<OutboxEntry, 'entity' | 'entityId'>) => `${e.entity}:${e.entityId}`

/**
 * Drains a company's outbox in order, up to `batchSize` entries per call to main (main sends runs of them
 * as bulk requests), at most one entry of a row per call: a later change of a row builds on the answer to
 * the earlier one.
 */
export async function drainCompany(
  db: WorkspaceDb,
  transport: SyncTransport,
  companyKey: string,
  shouldStop: () => boolean = () => false,
  batchSize: number = outboxBatchLimit,
): Promise<DrainResult> {
  const result: DrainResult = { done: 0, conflicts: 0, failed: 0, interrupted: false }
  const held = new Set<string>()
  const limit = transport.executeBatch ? Math.max(1, Math.min(batchSize, outboxBatchLimit)) : 1
  // One pass in sequence order; entries added while draining are taken by the next pass. A row keeps the
  // key it had when the pass began (a create's answer moves later entries to the platform's ID).
  let queue = await db.outbox.where('companyKey').equals(companyKey).sortBy('seq')
  // Entries waiting for another's answer (./outcome-hooks.ts `waits`: a party's create, a draft's ID).
  const waiting: number[] = []
  while (queue.length > 0 && !shouldStop()) {
    const picked: OutboxEntry[] = []
    const rows = new Set<string>()
    let taken = 0
    for (; taken < queue.length && picked.length < limit; taken++) {
      const queued = queue[taken]!
      const key = rowKey(queued)
      if (queued.state === 'conflict' || queued.state === 'failed') {
        held.add(key)
        continue
      }
      if (held.has(key)) continue
      if (hooksOf(queued).waits?.(queued)) {
        held.add(key)
        waiting.push(queued.seq!)
        continue
      }
      if (rows.has(key)) break
      picked.push(queued)
      rows.add(key)
    }
    queue = queue.slice(taken)
    const { sending, invalid } = await markSending(db, picked, held)
    result.failed += invalid
    if (sending.length === 0) continue
    const { outcomes, error } = await send(
      transport,
      companyKey,
      sending.map(({ command }) => command),
    )
    const unfinished = sending.slice(outcomes.length)
    const stopped = error !== null && isConnectionError(error)
    if (error !== null && !stopped && unfinished.length > 0) {
      // Not the connection: the platform or main failed on this entry, so it waits for the user.
      const e = error as { code?: string; message?: string }
      outcomes.push({
        status: 'failed',
        error: { code: e.code ?? 'INTERNAL', message: e.message ?? String(error) },
        row: null,
      })
      unfinished.shift()
    }
    const tables = [
      ...new Set(
        sending.flatMap(({ entry }) => [db[entry.entity], ...(hooksOf(entry).tables?.(db, entry) ?? [])]),
      ),
    ]
    // The entries are of different rows, so their records go to the database side by side.
    await db.transaction('rw', [db.outbox, ...tables], () =>
      Promise.all([
        ...outcomes.map((outcome, k) => settle(db, companyKey, sending[k]!.entry, outcome)),
        // Not finished: pending again, their attempt counted, so a retry first checks whether it took effect.
        ...unfinished.map(({ entry }) => db.outbox.update(entry.seq!, { state: 'pending' })),
      ]),
    )
    for (const [k, outcome] of outcomes.entries()) {
      if (outcome.status === 'done') result.done++
      else {
        held.add(sending[k]!.key)
        if (outcome.status === 'conflict') result.conflicts++
        else result.failed++
      }
    }
    if (stopped) {
      result.interrupted = true
      return result
    }
    queue = [...unfinished.map(({ queued }) => queued), ...queue]
  }
  // Entries held for another's answer: when it came in this pass, they go now.
  if ((await released(db, waiting)) && !shouldStop()) {
    const more = await drainCompany(db, transport, companyKey, shouldStop, batchSize)
    return {
      done: result.done + more.done,
      conflicts: result.conflicts + more.conflicts,
      failed: result.failed + more.failed,
      interrupted: more.interrupted,
    }
  }
  return result
}

/** Whether an entry that waited for another's answer can go now (that answer moved or relinked it). */
async function released(db: WorkspaceDb, seqs: readonly number[]): Promise<boolean> {
  if (seqs.length === 0) return false
  const now = await db.outbox.bulkGet([...seqs])
  return now.some(
    (entry) => entry !== undefined && entry.state === 'pending' && !hooksOf(entry).waits?.(entry),
  )
}

interface Sending {
  /** The entry as read before this attempt was counted (0 attempts on its first send). */
  entry: OutboxEntry
  command: OutboxCommand
  queued: OutboxEntry
  key: string
}

/**
 * The command main executes for an entry, checked against the outbox union as the bridge checks it. An
 * entry that does not fit it (written by an older version, or a bug) fails on its own here with the reason,
 * instead of making main refuse the whole batch it travels in.
 */
function commandOf(entry: OutboxEntry): { command: OutboxCommand } | { error: string } {
  const checked = OutboxCommand.safeParse({
    entity: entry.entity,
    action: entry.action,
    body: entry.body,
    entityId: entry.entityId,
    base: entry.base,
    baseUpdatedAt: entry.baseUpdatedAt,
    operationKey: entry.operationKey,
    attempts: entry.attempts,
    // A retry looks for the first attempt's effect from the moment it was sent (an entry sent before that
    // moment was kept: from the moment it was queued, which is earlier still).
    firstSentAt: entry.firstSentAt ?? (entry.attempts > 0 ? entry.createdAt : null),
  })
  if (checked.success) return { command: checked.data }
  const issue = checked.error.issues[0]
  return { error: `${issue?.path.join('.') || entry.entity}: ${issue?.message ?? 'not an outbox action'}` }
}

/**
 * Reads the entries again (a view may have merged more changes into one, or the user discarded it) and
 * marks them sending with their attempt counted, in one transaction; one that is not an outbox action
 * fails at once.
 */
async function markSending(
  db: WorkspaceDb,
  picked: OutboxEntry[],
  held: Set<string>,
): Promise<{ sending: Sending[]; invalid: number }> {
  if (picked.length === 0) return { sending: [], invalid: 0 }
  return db.transaction('rw', db.outbox, async () => {
    const now = await db.outbox.bulkGet(picked.map((e) => e.seq!))
    const sending: Sending[] = []
    const invalid: OutboxEntry[] = []
    for (const [k, entry] of now.entries()) {
      const queued = picked[k]!
      if (!entry) continue
      if (entry.state === 'conflict' || entry.state === 'failed') {
        held.add(rowKey(queued))
        continue
      }
      const checked = commandOf(entry)
      if ('error' in checked) {
        held.add(rowKey(queued))
        invalid.push({
          ...entry,
          state: 'failed',
          lastError: { code: 'INVALID_CHANGE', message: `This change cannot be sent: ${checked.error}` },
        })
        continue
      }
      sending.push({ entry, command: checked.command, queued, key: rowKey(queued) })
    }
    const sentAt = new Date().toISOString()
    await db.outbox.bulkPut([
      ...sending.map(({ entry }) => ({
        ...entry,
        state: 'sending' as const,
        attempts: entry.attempts + 1,
        firstSentAt: entry.firstSentAt ?? sentAt,
      })),
      ...invalid,
    ])
    return { sending, invalid: invalid.length }
  })
}

/** Sends entries to main: several in one call when the transport can, else the one. */
async function send(
  transport: SyncTransport,
  companyKey: string,
  commands: OutboxCommand[],
): Promise<{ outcomes: OutboxOutcome[]; error: unknown }> {
  try {
    if (transport.executeBatch && commands.length > 1) {
      const answer = await transport.executeBatch(companyKey, commands)
      return { outcomes: answer.outcomes, error: answer.error }
    }
    return { outcomes: [await transport.execute(companyKey, commands[0]!)], error: null }
  } catch (error) {
    return { outcomes: [], error }
  }
}

/**
 * Records what main answered: the entry leaves the outbox, or waits for the user with the reason. Runs in
 * the caller's transaction over the outbox and the entry's table; it touches only the entry and its row.
 */
async function settle(
  db: WorkspaceDb,
  companyKey: string,
  entry: OutboxEntry,
  outcome: OutboxOutcome,
): Promise<void> {
  if (outcome.status === 'done') {
    // A change merged into the entry while it was on its way is not on the server yet: keep it queued.
    const now = await db.outbox.get(entry.seq!)
    const sent = shownValues(entry)
    const lateChanges = now ? changedSince(sent, shownValues(now)) : {}
    if (now && Object.keys(lateChanges).length > 0) {
      await db.outbox.update(entry.seq!, {
        state: 'pending',
        ...(isRowChange(now) ? { body: lateChanges } : { overlay: lateChanges }),
        base: pick(sent, Object.keys(lateChanges), now.base),
        baseUpdatedAt: (outcome.row?.UpdatedAt as string | undefined) ?? entry.baseUpdatedAt,
        attempts: 0,
        firstSentAt: null,
        operationKey: crypto.randomUUID(),
      })
    } else await db.outbox.delete(entry.seq!)
    // A delete that is done removes the cached row (a view shows it as ending until then).
    if (isRowChangeOf(entry, 'delete')) await db[entry.entity].delete([companyKey, entry.entityId])
    // An answer of several rows (a booking's entries) is kept for the feature that queued it.
    else if (outcome.rows) await keepAnswer(db, companyKey, entry, outcome.rows)
    else if (outcome.row) {
      await hooksOf(entry).answered?.(db, companyKey, entry, outcome.row)
      await applyServerRow(db, companyKey, entry, outcome.row)
    }
    // It came to something else than was asked (a booking sent for approval by its rule): the user is told.
    if (outcome.notice)
      announceNotice({
        workspace: db.name,
        companyKey,
        entity: entry.entity,
        entityId: entry.entityId,
        notice: outcome.notice,
        row: outcome.row,
      })
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
}

function changedSince(sent: Record<string, unknown>, now: Record<string, unknown>): Record<string, unknown> {
  const late: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(now))
    if (!(field in sent) || !sameValue(sent[field], value)) late[field] = value
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
  const created = isRowChangeOf(entry, 'create')
  if (created && entry.entityId !== id) {
    await table.delete([companyKey, entry.entityId])
    for (const e of await queuedOf(db, companyKey, entry.entity, entry.entityId))
      await db.outbox.update(e.seq!, { entityId: id })
  }
  const unsynced = await queuedOf(db, companyKey, entry.entity, id)
  // An answer without expansions keeps the cached ones (Supplier.Info on an invoice).
  const cached = created ? undefined : await table.get([companyKey, id])
  await table.put(withLocalChanges(companyKey, { ...cached, ...row }, unsynced))
}
