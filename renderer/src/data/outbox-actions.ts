// What the user does with a change that did not go through (retry, discard, resolve a conflict), and with
// a company's offline data (its size, removing it). Each is one Dexie transaction over the row and its entry.
import { partyEditOf, withPartyValue, withPartyValues } from './party-paths.ts'
import { hooksOf } from './outcome-hooks.ts'
import { isRowChange, isRowChangeOf, queued, shownValues } from './outbox-queries.ts'
import { withLocalChanges } from './pull.ts'
import { cachedEntities, type OutboxEntry, type WorkspaceDb } from './schema.ts'
import type { SyncTransport } from './sync-transport.ts'
import { isConnectionError } from './drain.ts'

export class OutboxActionError extends Error {
  constructor(
    readonly code: 'ENTRY_NOT_FOUND' | 'NOT_A_CONFLICT' | 'CHOICE_MISSING',
    message: string,
  ) {
    super(message)
  }
}

async function entryOf(db: WorkspaceDb, seq: number): Promise<OutboxEntry> {
  const entry = await db.outbox.get(seq)
  if (!entry) throw new OutboxActionError('ENTRY_NOT_FOUND', `No queued change ${seq}`)
  return entry
}

/** A failed (or conflicting) entry goes back in the queue; returns it. */
export async function retryEntry(db: WorkspaceDb, seq: number): Promise<OutboxEntry | undefined> {
  const entry = await entryOf(db, seq)
  // An entry that never reached the platform keeps its attempt count: the retry check still runs.
  await db.outbox.update(seq, { state: 'pending', lastError: null })
  return { ...entry, state: 'pending', lastError: null }
}

/**
 * Drops the entry; the row returns to the server's state: read again from the platform when it can be
 * reached, else the entry's base values are put back (a row created offline goes away with it).
 */
export async function discardEntry(db: WorkspaceDb, transport: SyncTransport, seq: number): Promise<void> {
  const entry = await entryOf(db, seq)
  const table = db[entry.entity]
  const hooks = hooksOf(entry)
  const tables = [...new Set([table, ...(hooks.tables?.(db, entry) ?? [])])]
  let server: Record<string, unknown> | null | undefined
  if (entry.entityId > 0) {
    try {
      server = await transport.row(entry.companyKey, entry.entity, entry.entityId)
    } catch (error) {
      if (!isConnectionError(error)) throw error
      server = undefined
    }
  }
  await db.transaction('rw', [...tables, db.outbox], async () => {
    await db.outbox.delete(seq)
    await hooks.discarded?.(db, entry, await table.get([entry.companyKey, entry.entityId]))
    const others = await queued(db, entry.companyKey, entry.entity, entry.entityId)
    const key: [string, number] = [entry.companyKey, entry.entityId]
    if (isRowChangeOf(entry, 'create') || server === null) {
      if (others.length === 0) await table.delete(key)
      return
    }
    if (server) {
      await table.put(withLocalChanges(entry.companyKey, server, others))
      return
    }
    const row = await table.get(key)
    if (!row) return
    // A party edit's base is by path (./party-paths.ts); the edits still queued stay on top.
    let restored = partyEditOf(entry) ? withPartyValues(row, entry.base) : { ...row, ...entry.base }
    for (const other of others) {
      Object.assign(restored, shownValues(other))
      const edit = partyEditOf(other)
      if (edit) restored = withPartyValues(restored, edit)
    }
    await table.put(restored)
  })
}

/**
 * Resolves a conflict field by field: 'mine' keeps the user's value (sent again, now on top of the server's
 * value), 'theirs' takes the server's value. Every conflicting field needs a choice. Returns the entry
 * when something is left to send.
 */
export async function resolveEntry(
  db: WorkspaceDb,
  seq: number,
  choice: Record<string, 'mine' | 'theirs'>,
): Promise<OutboxEntry | undefined> {
  const entry = await entryOf(db, seq)
  if (entry.state !== 'conflict')
    throw new OutboxActionError('NOT_A_CONFLICT', `Change ${seq} is not in conflict`)
  const theirs = entry.theirs ?? {}
  const fields = Object.keys(theirs)
  const missing = fields.filter((f) => choice[f] !== 'mine' && choice[f] !== 'theirs')
  if (missing.length > 0)
    throw new OutboxActionError('CHOICE_MISSING', `Choose mine or theirs for ${missing.join(', ')}`)
  const table = db[entry.entity]
  // A party edit carries its values by path in its body (./parties.ts); an update its properties.
  const edit = partyEditOf(entry)
  return db.transaction('rw', table, db.outbox, async () => {
    const changes = { ...(edit ?? shownValues(entry)) }
    const base = { ...entry.base }
    let row = await table.get([entry.companyKey, entry.entityId])
    const local: Record<string, unknown> = {}
    for (const field of fields) {
      base[field] = theirs[field]
      if (choice[field] === 'theirs') {
        delete changes[field]
        delete base[field]
        local[field] = theirs[field]
      }
    }
    if (row && Object.keys(local).length > 0) {
      for (const [field, value] of Object.entries(local))
        row = edit ? withPartyValue(row, field, value) : { ...row, [field]: value }
      await table.put(row)
    }
    if (Object.keys(changes).length === 0 && (isRowChangeOf(entry, 'update') || edit)) {
      await db.outbox.delete(seq)
      return undefined
    }
    const resolved = {
      ...entry,
      ...(edit || isRowChange(entry) ? { body: changes } : { overlay: changes }),
      base,
      state: 'pending',
      lastError: null,
      theirs: undefined,
      // The server row as compared is now the base: the next send merges on top of it.
      baseUpdatedAt: row?.UpdatedAt ?? entry.baseUpdatedAt,
    } as OutboxEntry
    await db.outbox.put(resolved)
    return resolved
  })
}

export async function removeCompanyData(
  db: WorkspaceDb,
  companyKey: string,
): Promise<{ removed: true } | { removed: false; unsynced: OutboxEntry[] }> {
  const tables = [
    ...cachedEntities.map((e) => db[e]),
    db.outbox,
    db.checkpoints,
    db.files,
    db.ocr,
    db.companies,
    db.companySessions,
    db.reviewOutcomes,
    db.wentThrough,
  ]
  return db.transaction('rw', tables, async () => {
    const unsynced = await db.outbox.where('companyKey').equals(companyKey).sortBy('seq')
    if (unsynced.length > 0) return { removed: false as const, unsynced }
    for (const entity of cachedEntities) await db[entity].where('companyKey').equals(companyKey).delete()
    await db.checkpoints
      .where('[companyKey+entity]')
      .between([companyKey, ''], [companyKey, '\uffff'])
      .delete()
    await db.files.where('companyKey').equals(companyKey).delete()
    await db.ocr
      .where('[companyKey+fileId]')
      .between([companyKey, -Infinity], [companyKey, Infinity])
      .delete()
    await db.companySessions.delete(companyKey)
    // Journal drafts and templates are the user's own work, not a copy of the platform's: they stay.
    await db.reviewOutcomes.where('companyKey').equals(companyKey).delete()
    await db.wentThrough.where('companyKey').equals(companyKey).delete()
    await db.companies.update(companyKey, { offline: false, lastSyncAt: null })
    return { removed: true as const }
  })
}

/** Bytes of the company's cache: rows as JSON (what they take, roughly) plus the files' exact sizes. */
export async function companySize(db: WorkspaceDb, companyKey: string): Promise<number> {
  let bytes = 0
  for (const entity of cachedEntities)
    await db[entity]
      .where('companyKey')
      .equals(companyKey)
      .each((row) => (bytes += JSON.stringify(row).length))
  await db.files
    .where('companyKey')
    .equals(companyKey)
    .each((f) => (bytes += f.size))
  return bytes
}
