// The one rule by which a change meets the server's row, property by property (spec 2.16 for custom values):
// the user's value, the server's value now and the base (the value the user began from) decide whether the
// property is sent, left as the server has it, or is a conflict. Every update and every sales edit runs it
// (./row-actions.ts, ./party-graph.ts, ./sales-actions.ts), so a colleague's change is never overwritten
// in one place and merged in another.
import { sameValue } from '../../../../common/same-value.ts'

/** What becomes of one property: nothing to do, sent, or a conflict for the user to settle. */
export type Merge = 'nothing' | 'send' | 'conflict'

/** The base of one property, or undefined when the change carries none for it. */
export type Base = { readonly value: unknown } | undefined

/** A property's base in a change's base values (`{ value: null }` for a property the row did not have). */
export const baseOf = (values: Readonly<Record<string, unknown>>, field: string): Base =>
  Object.hasOwn(values, field) ? { value: values[field] } : undefined

/**
 * One property: the server holding the user's value already, or the user leaving it at its base (the
 * server's value stands), is nothing to do; the server still at the base is sent; both sides changed to
 * different values is a conflict. Without a base (a draft the user created, edited before its create had
 * reached the platform) what differs is sent.
 */
export function mergeProperty(mine: unknown, theirs: unknown, base: Base): Merge {
  if (sameValue(theirs, mine)) return 'nothing'
  if (base && sameValue(base.value, mine)) return 'nothing'
  return !base || sameValue(theirs, base.value) ? 'send' : 'conflict'
}

const objectOf = (v: unknown): Readonly<Record<string, unknown>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/**
 * Custom values, key by key as every other property (spec 2.16: each custom field is a property of its
 * own): a key the user changed goes, a colleague's change of another key stays, a key changed on both sides
 * is a conflict. A key missing from the base's custom values was empty; no custom values in the base at all
 * (`base` undefined) is no base.
 */
export function mergeCustomValues(
  mine: unknown,
  theirs: unknown,
  base: Base,
): { send: Record<string, unknown>; conflicts: string[] } {
  const server = objectOf(theirs)
  const before = base ? objectOf(base.value) : undefined
  const send: Record<string, unknown> = {}
  const conflicts: string[] = []
  for (const [key, value] of Object.entries(objectOf(mine))) {
    const merge = mergeProperty(value, server[key], before && { value: before[key] ?? null })
    if (merge === 'send') send[key] = value
    else if (merge === 'conflict') conflicts.push(key)
  }
  return { send, conflicts }
}
