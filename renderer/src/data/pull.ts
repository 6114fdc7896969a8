// The incremental pull of one entity in one company, and ID reconciliation. The checkpoint is the last row
// taken, (UpdatedAt, ID): many rows share one UpdatedAt (a bulk import, the seeded invoices), so the next
// page asks for `UpdatedAt gt T or (UpdatedAt eq T and ID gt N)` ordered by UpdatedAt, ID (main builds it).
import type { PullOptions, PlatformRow } from '@common/bridge/sync'
import { cachedEntityDeclarations, declarationFingerprint } from '@common/entities/declarations'
import { isTransient } from '@common/transient'
import type { SyncTransport } from './sync-transport.ts'
import { applyPartyEdits } from './party-paths.ts'
import { isAction, shownValues } from './outbox-queries.ts'
import type {
  CachedEntity,
  CachedRow,
  Checkpoint,
  EntityUnavailable,
  OutboxEntry,
  WorkspaceDb,
} from './schema.ts'

export function emptyCheckpoint(companyKey: string, entity: CachedEntity): Checkpoint {
  return {
    companyKey,
    entity,
    updatedAt: null,
    id: 0,
    lastPulledAt: null,
    lastReconciledAt: null,
    fingerprint: declarationFingerprint(entity),
    unavailable: null,
  }
}

/**
 * The platform's refusals that mean "this platform does not offer this entity's list" (the real service
 * documents `comments/{EntityType}/{EntityID}` only, not a filtered `comments` list): 404, 400, 403, a
 * statistics query it refuses, and an answer that ignored the filter. The
 * entity is marked unavailable and the round goes on with the others; anything else fails the round.
 */
const notOfferedCodes = new Set([
  'API_NOT_FOUND',
  'API_BAD_REQUEST',
  'API_VALIDATION',
  'API_FORBIDDEN',
  // The platform ignored the list's filter (main's check of the answer): its rows are not the cache's.
  'API_FILTER_IGNORED',
  // The statistics route answered Success: false (a model or column it does not know).
  'API_STATISTICS_FAILED',
])
function notOffered(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return !isTransient(error) && typeof code === 'string' && notOfferedCodes.has(code)
}

/** Records that the platform refused an entity's list, with its reason; the pull asks again next round. */
async function markUnavailable(
  db: WorkspaceDb,
  companyKey: string,
  entity: CachedEntity,
  error: unknown,
): Promise<void> {
  const e = error as { code: string; message?: string }
  const unavailable: EntityUnavailable = {
    code: e.code,
    message: e.message ?? e.code,
    route: `api/biz/${cachedEntityDeclarations[entity].route}`,
    at: new Date().toISOString(),
  }
  await db.transaction('rw', db.checkpoints, async () => {
    const checkpoint = (await db.checkpoints.get([companyKey, entity])) ?? emptyCheckpoint(companyKey, entity)
    await db.checkpoints.put({ ...checkpoint, unavailable })
  })
}

/** Why the platform does not give an entity's rows in a company (null: it does, or it was not asked yet). */
export async function unavailableEntity(
  db: WorkspaceDb,
  companyKey: string,
  entity: CachedEntity,
): Promise<EntityUnavailable | null> {
  return (await db.checkpoints.get([companyKey, entity]))?.unavailable ?? null
}

/**
 * Where the pull of an entity starts: its checkpoint, or the beginning when what the platform is asked for
 * changed since (a checkpoint from before fingerprints takes the current one: version 10's upgrade
 * restarted the entity that changed then).
 */
async function startingCheckpoint(
  db: WorkspaceDb,
  companyKey: string,
  entity: CachedEntity,
): Promise<Checkpoint> {
  const stored = await db.checkpoints.get([companyKey, entity])
  const fingerprint = declarationFingerprint(entity)
  if (!stored) return emptyCheckpoint(companyKey, entity)
  if (stored.fingerprint === undefined) return { ...stored, fingerprint }
  if (stored.fingerprint !== fingerprint)
    return { ...stored, updatedAt: null, id: 0, lastPulledAt: null, fingerprint }
  return stored
}

/**
 * The row as cached: the server's row, with the values of changes not yet on the server laid on top (a
 * party's `edit` sets its fields by path, ./party-paths.ts).
 */
export function withLocalChanges(
  companyKey: string,
  row: PlatformRow,
  unsynced: readonly OutboxEntry[],
): CachedRow {
  const cached: CachedRow = { ...row, companyKey, ID: Number(row.ID) }
  for (const entry of unsynced) {
    if (entry.entityId !== cached.ID) continue
    Object.assign(cached, shownValues(entry))
  }
  return applyPartyEdits(cached, unsynced)
}

async function unsyncedOf(db: WorkspaceDb, companyKey: string, entity: CachedEntity): Promise<OutboxEntry[]> {
  return db.outbox
    .where('companyKey')
    .equals(companyKey)
    .filter((e) => e.entity === entity)
    .toArray()
}

/**
 * Stores one row the platform answered for by ID (a link named an invoice the pull does not bring, such
 * as one outside the cached window), with the values of changes not yet on the server laid on top.
 */
export async function storeRow(
  db: WorkspaceDb,
  companyKey: string,
  entity: CachedEntity,
  row: PlatformRow,
): Promise<void> {
  const table = db[entity]
  await db.transaction('rw', table, db.outbox, async () => {
    const unsynced = await unsyncedOf(db, companyKey, entity)
    await table.put(withLocalChanges(companyKey, row, unsynced))
  })
}

/**
 * Pulls every page changed since the checkpoint and stores rows and checkpoint together, page by page, so an
 * interrupted pull resumes where it stopped. Returns the number of rows taken.
 */
export async function pullEntity(
  db: WorkspaceDb,
  transport: SyncTransport,
  companyKey: string,
  entity: CachedEntity,
  options: PullOptions,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  try {
    return await pullPages(db, transport, companyKey, entity, options, shouldStop)
  } catch (error) {
    if (!notOffered(error)) throw error
    await markUnavailable(db, companyKey, entity, error)
    return 0
  }
}

async function pullPages(
  db: WorkspaceDb,
  transport: SyncTransport,
  companyKey: string,
  entity: CachedEntity,
  options: PullOptions,
  shouldStop: () => boolean,
): Promise<number> {
  const table = db[entity]
  let checkpoint = await startingCheckpoint(db, companyKey, entity)
  let taken = 0
  const ask = (from: { updatedAt: string | null; id: number }) => {
    const request = transport.pull(companyKey, entity, from, options)
    // Awaited below; until then a failure must not count as unhandled.
    request.catch(() => undefined)
    return request
  }
  let request = ask({ updatedAt: checkpoint.updatedAt, id: checkpoint.id })
  for (;;) {
    const page = await request
    const next: Checkpoint = {
      ...checkpoint,
      unavailable: null,
      updatedAt: page.checkpoint.updatedAt,
      id: page.checkpoint.id,
      lastPulledAt: page.more ? checkpoint.lastPulledAt : new Date().toISOString(),
    }
    if (page.rows.length === 0 && !page.more && checkpoint.lastPulledAt !== null && !checkpoint.unavailable)
      return taken
    const more = page.more && !shouldStop()
    // The next page travels while this one is written.
    if (more) request = ask(page.checkpoint)
    await db.transaction('rw', table, db.outbox, db.checkpoints, async () => {
      if (page.rows.length > 0) {
        const unsynced = await unsyncedOf(db, companyKey, entity)
        await table.bulkPut(page.rows.map((row) => withLocalChanges(companyKey, row, unsynced)))
        if (entity === 'Comment') await dropSentLocalComments(db, companyKey)
      }
      await db.checkpoints.put(next)
    })
    checkpoint = next
    taken += page.rows.length
    if (!more) return taken
  }
}

/**
 * The comments written offline (a supplier marked checked: local negative IDs) whose action has left the
 * outbox: the platform has them now, and the pull brings them with their own IDs. Runs in the pull's
 * transaction over the comments and the outbox.
 */
async function dropSentLocalComments(db: WorkspaceDb, companyKey: string): Promise<void> {
  const local = await db.Comment.where('[companyKey+ID]')
    .between([companyKey, -Infinity], [companyKey, 0])
    .toArray()
  if (local.length === 0) return
  const queued = await db.outbox
    .where('companyKey')
    .equals(companyKey)
    .filter((e) => isAction(e, 'Supplier', 'mark-checked'))
    .toArray()
  const stillQueued = new Set(queued.map((e) => e.entityId))
  const sent = local.filter((comment) => !stillQueued.has(Number(comment.EntityID)))
  await db.Comment.bulkDelete(sent.map((comment): [string, number] => [companyKey, comment.ID]))
}

/**
 * Learns deletions: the platform hides deleted rows, so a cached row whose ID the platform no longer lists
 * is gone. It disappears here too, unless it has changes not yet on the server: then those changes become
 * a conflict the user resolves. Rows created offline (negative IDs) are not the server's to judge.
 * Returns the IDs removed.
 */
export async function reconcileEntity(
  db: WorkspaceDb,
  transport: SyncTransport,
  companyKey: string,
  entity: CachedEntity,
  options: PullOptions,
): Promise<number[]> {
  let listed: number[]
  try {
    listed = await transport.ids(companyKey, entity, options)
  } catch (error) {
    // Not offered by this platform: nothing to learn (the pull marked it unavailable).
    if (!notOffered(error)) throw error
    await markUnavailable(db, companyKey, entity, error)
    return []
  }
  const serverIds = new Set(listed)
  const table = db[entity]
  const removed: number[] = []
  await db.transaction('rw', table, db.outbox, db.checkpoints, async () => {
    const keys = await table.where('companyKey').equals(companyKey).primaryKeys()
    const gone = keys.map(([, id]) => id).filter((id) => id > 0 && !serverIds.has(id))
    if (gone.length > 0) {
      const unsynced = await unsyncedOf(db, companyKey, entity)
      const held = new Set(unsynced.map((e) => e.entityId))
      for (const entry of unsynced) {
        if (!gone.includes(entry.entityId) || entry.state === 'sending') continue
        await db.outbox.update(entry.seq!, {
          state: 'conflict',
          lastError: {
            code: 'DELETED_ON_SERVER',
            message: `${entity} ${entry.entityId} was deleted on the server`,
          },
          theirs: {},
        })
      }
      const drop = gone.filter((id) => !held.has(id))
      await table.bulkDelete(drop.map((id) => [companyKey, id] as [string, number]))
      removed.push(...drop)
    }
    const checkpoint = (await db.checkpoints.get([companyKey, entity])) ?? emptyCheckpoint(companyKey, entity)
    await db.checkpoints.put({ ...checkpoint, lastReconciledAt: new Date().toISOString() })
  })
  return removed
}
