// A party's fields by path from its cached row (`Info.InvoiceAddress.City`), and the local effect of a queued
// party `edit` on a row: the register's views read values with `partyValue`, and the cache lays changes not
// yet on the platform over a pulled row with `applyPartyEdits` (./pull.ts), so a pull never hides them.
import { isAction } from './outbox-queries.ts'
import type { OutboxEntry } from './schema.ts'

type Node = Record<string, unknown>
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value at a path such as 'Info.InvoiceAddress.City' (undefined where a step is missing). */
export function partyValue(row: unknown, path: string): unknown {
  let node: unknown = row
  for (const step of path.split('.')) {
    if (!isNode(node)) return undefined
    node = node[step]
  }
  return node
}

/**
 * A copy of `row` with `value` at `path`; the objects along the path are copied (never shared with the
 * row given), a missing one is made (a party without an invoice address gets one).
 */
export function withPartyValue<R extends Node>(row: R, path: string, value: unknown): R {
  const steps = path.split('.')
  const copy: Node = { ...row }
  let node = copy
  for (const step of steps.slice(0, -1)) {
    const next: Node = isNode(node[step]) ? { ...(node[step] as Node) } : {}
    node[step] = next
    node = next
  }
  node[steps.at(-1)!] = value
  return copy as R
}

/** A row with every path of `changes` set. */
export function withPartyValues<R extends Node>(row: R, changes: Record<string, unknown>): R {
  let out = row
  for (const [path, value] of Object.entries(changes)) out = withPartyValue(out, path, value)
  return out
}

/** The paths and values a queued entry sets on its row: a party `edit`'s body; none for other actions. */
export function partyEditOf(entry: OutboxEntry): Record<string, unknown> | null {
  if (
    !isAction(entry, 'Supplier', 'edit') &&
    !isAction(entry, 'Customer', 'edit') &&
    !isAction(entry, 'Contact', 'edit')
  )
    return null
  return (entry.body ?? {}) as Record<string, unknown>
}

/** A row with the values of the party edits among `unsynced` laid on top. */
export function applyPartyEdits<R extends Node>(row: R, unsynced: readonly OutboxEntry[]): R {
  let out = row
  for (const entry of unsynced) {
    const edit = partyEditOf(entry)
    if (edit && entry.entityId === Number(row.ID)) out = withPartyValues(out, edit)
  }
  return out
}
