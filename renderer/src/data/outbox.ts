// Every change the user makes to platform data: the local row (shown at once) and its outbox entry, in one
// Dexie transaction. Views call these; they never call the bridge to change platform data. An entry holds
// one action of the outbox union (common/bridge/outbox.ts), built with `outboxAction` and so checked
// against the union as it is written.
import {
  outboxAction,
  type NamedOutboxAction,
  type OutboxAction,
  type RowActionEntity,
} from '@common/bridge/outbox'
import { isRowChangeOf, queued } from './outbox-queries.ts'
import type { CachedRow, OutboxEntry, WorkspaceDb } from './schema.ts'

export class ChangeError extends Error {
  constructor(
    readonly code: 'ROW_NOT_CACHED',
    message: string,
  ) {
    super(message)
  }
}

/** The key an entry is sent with and looked for on retry (a booking writes it into its entries). */
export function newOperationKey(): string {
  return crypto.randomUUID()
}

/**
 * Sets properties of a cached row and queues the change. A change to a row whose previous change has not
 * started sending yet joins that entry (one request, the base kept from the first change), so typing in a
 * field does not queue one request per keystroke.
 */
export async function updateRow(
  db: WorkspaceDb,
  companyKey: string,
  entity: RowActionEntity<'update'>,
  id: number,
  changes: Record<string, unknown>,
): Promise<void> {
  const table = db[entity]
  await db.transaction('rw', table, db.outbox, async () => {
    const row: CachedRow | undefined = await table.get([companyKey, id])
    if (!row)
      throw new ChangeError('ROW_NOT_CACHED', `${entity} ${id} is not in the offline cache of ${companyKey}`)
    const last = (await queued(db, companyKey, entity, id)).at(-1)
    if (last && last.state === 'pending' && isRowChangeOf(last, 'update')) {
      const base = { ...last.base }
      for (const field of Object.keys(changes)) if (!(field in base)) base[field] = row[field] ?? null
      await db.outbox.update(last.seq!, { body: withChanges(last.body, changes), base })
    } else {
      const base: Record<string, unknown> = {}
      for (const field of Object.keys(changes)) base[field] = row[field] ?? null
      await db.outbox.add(
        outboxEntry(companyKey, id, outboxAction(entity, 'update', changes), {
          base,
          baseUpdatedAt: row.UpdatedAt ?? null,
        }),
      )
    }
    await table.put(withChanges(row, changes) as CachedRow)
  })
}

/**
 * `changes` over `values`: each property replaced, except `CustomValues`, whose keys are fields of their
 * own (spec 2.16): a change of one custom field keeps the others.
 */
function withChanges(
  values: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...values, ...changes }
  const before = values.CustomValues
  const after = changes.CustomValues
  if (before && after && typeof before === 'object' && typeof after === 'object')
    out.CustomValues = { ...before, ...after }
  return out
}

/**
 * Creates a row offline: it gets a negative local ID until the platform assigns one (the sync engine then
 * moves the row and later changes to it onto the new ID). Returns the local ID.
 */
export async function createRow(
  db: WorkspaceDb,
  companyKey: string,
  entity: RowActionEntity<'create'>,
  values: Record<string, unknown>,
): Promise<number> {
  const table = db[entity]
  return db.transaction('rw', table, db.outbox, async () => {
    const lowest = await table
      .where('[companyKey+ID]')
      .between([companyKey, -Infinity], [companyKey, 0])
      .first()
    const id = Math.min(lowest?.ID ?? 0, 0) - 1
    await db.outbox.add(outboxEntry(companyKey, id, outboxAction(entity, 'create', values)))
    await table.put({ ...values, companyKey, ID: id, UpdatedAt: null })
    return id
  })
}

/**
 * Queues a named action (a transition such as assign-to, approve, journal) on a cached row:
 * `queueAction(db, companyKey, id, outboxAction('SupplierInvoice', 'journal'))`.
 */
export async function queueAction(
  db: WorkspaceDb,
  companyKey: string,
  id: number,
  action: NamedOutboxAction,
  optimistic: Record<string, unknown> = {},
): Promise<void> {
  const entity = action.entity
  const table = db[entity]
  await db.transaction('rw', table, db.outbox, async () => {
    const row = await table.get([companyKey, id])
    if (!row)
      throw new ChangeError('ROW_NOT_CACHED', `${entity} ${id} is not in the offline cache of ${companyKey}`)
    await db.outbox.add(outboxEntry(companyKey, id, action, { baseUpdatedAt: row.UpdatedAt ?? null }))
    if (Object.keys(optimistic).length > 0) await table.put({ ...row, ...optimistic })
  })
}

/**
 * Queues the deletion of a cached row. The row stays until the platform has deleted it (a view shows it as
 * ending); discarding the entry keeps it.
 */
export async function deleteRow(
  db: WorkspaceDb,
  companyKey: string,
  entity: RowActionEntity<'delete'>,
  id: number,
): Promise<void> {
  const table = db[entity]
  await db.transaction('rw', table, db.outbox, async () => {
    const row = await table.get([companyKey, id])
    if (!row)
      throw new ChangeError('ROW_NOT_CACHED', `${entity} ${id} is not in the offline cache of ${companyKey}`)
    await db.outbox.add(
      outboxEntry(companyKey, id, outboxAction(entity, 'delete', {}), {
        baseUpdatedAt: row.UpdatedAt ?? null,
      }),
    )
  })
}

/**
 * A new pending outbox entry of an action, for a feature that writes its own local rows in the same
 * transaction (a journal draft queued for booking). `base` and `baseUpdatedAt`: the row as the user began
 * the change; `operationKey` when the action's body carries it.
 */
export function outboxEntry(
  companyKey: string,
  entityId: number,
  action: OutboxAction,
  options: { base?: Record<string, unknown>; baseUpdatedAt?: string | null; operationKey?: string } = {},
): OutboxEntry {
  return {
    ...action,
    companyKey,
    entityId,
    base: options.base ?? {},
    baseUpdatedAt: options.baseUpdatedAt ?? null,
    operationKey: options.operationKey ?? newOperationKey(),
    attempts: 0,
    state: 'pending',
    lastError: null,
    createdAt: new Date().toISOString(),
  }
}

export type { CachedRow }
