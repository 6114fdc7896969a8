// The questions asked of the outbox, by the names of the outbox union (common/bridge/outbox.ts): which
// entries a row has queued, whether an entry is a given action, what the cache shows of it. Views, stores and
// the sync code ask these instead of reading an entry's fields, so an entry's shape is read in one place:
//
//   const entries = await queued(db, companyKey, 'CustomerInvoice', id)
//   if (entries.some((e) => isAction(e, 'CustomerInvoice', 'invoice'))) …
import { rowActions, type OutboxActionName, type OutboxEntity, type RowAction } from '@common/bridge/outbox'
import type { OutboxEntry, OutboxEntryOf, WorkspaceDb } from './schema.ts'

/**
 * Whether the entry is one of `actions` of `entity` (any of its actions when none is named); narrows it, so
 * its body has that action's type: `isAction(e, 'SupplierInvoice', 'reAssign-to', 'cancelApprovement')`.
 */
export function isAction<E extends OutboxEntity, A extends OutboxActionName<E>>(
  entry: OutboxEntry,
  entity: E,
  ...actions: A[]
): entry is OutboxEntryOf<E, A> {
  return entry.entity === entity && (actions.length === 0 || (actions as string[]).includes(entry.action))
}

/** Whether the entry changes the row's own properties (update, create, delete) rather than a named action. */
export function isRowChange(entry: OutboxEntry): entry is Extract<OutboxEntry, { action: RowAction }> {
  return (rowActions as readonly string[]).includes(entry.action)
}

/** Whether the entry is a row change of `action` (of any entity): `isRowChangeOf(e, 'create')`. */
export function isRowChangeOf<A extends RowAction>(
  entry: OutboxEntry,
  action: A,
): entry is Extract<OutboxEntry, { action: A }> {
  return entry.action === action
}

/** The entry's action when it is a named one (a transition, a party edit), else null. */
export function namedActionOf(entry: OutboxEntry): string | null {
  return isRowChange(entry) ? null : entry.action
}

/**
 * The properties the cache shows on the entry's row until it is sent: an update's, create's or delete's body,
 * a named action's overlay (none for most).
 */
export function shownValues(entry: OutboxEntry): Record<string, unknown> {
  if (isRowChange(entry)) return (entry.body ?? {}) as Record<string, unknown>
  return entry.overlay ?? {}
}

/** The entries queued for one row, oldest first: `queued(db, companyKey, 'CustomerInvoice', id)`. */
export function queued<E extends OutboxEntity>(
  db: WorkspaceDb,
  companyKey: string,
  entity: E,
  id: number,
): Promise<OutboxEntryOf<E, OutboxActionName<E>>[]> {
  return db.outbox
    .where('[companyKey+entity+entityId]')
    .equals([companyKey, entity, id])
    .sortBy('seq') as unknown as Promise<OutboxEntryOf<E, OutboxActionName<E>>[]>
}

/** The entries of a company, oldest first; of one entity when it is named. */
export async function queuedIn<E extends OutboxEntity>(
  db: WorkspaceDb,
  companyKey: string,
  entity?: E,
): Promise<OutboxEntryOf<E, OutboxActionName<E>>[]> {
  const all = await db.outbox.where('companyKey').equals(companyKey).sortBy('seq')
  return (entity ? all.filter((e) => isAction(e, entity)) : all) as OutboxEntryOf<E, OutboxActionName<E>>[]
}

/** A row's key among the marks of `queuedRows`: its entity and ID (`Supplier:7`). */
export const queuedRowKey = (entity: OutboxEntity, id: number): string => `${entity}:${id}`

/**
 * The rows of `entities` with changes queued, as a list marks them: by `queuedRowKey`, true when one of the
 * row's entries is in conflict. One company's entries make one map (a list over several companies keeps
 * one per company).
 */
export function queuedRows(
  entries: readonly OutboxEntry[],
  entities: readonly OutboxEntity[],
): Map<string, boolean> {
  const marks = new Map<string, boolean>()
  for (const entry of entries)
    if (entities.some((entity) => isAction(entry, entity))) {
      const key = queuedRowKey(entry.entity, entry.entityId)
      marks.set(key, marks.get(key) === true || entry.state === 'conflict')
    }
  return marks
}
