// The custom values of one row as a form edits them (ui/CustomValuesFields.vue): the text shown for a stored
// value, and what a save sends, only the keys whose value changed (spec 2.16: `CustomValues.Custom<Name>`).
// Pure, so every form (review, inbox, party cards, and sales invoices) computes its changes the same way.
import type { CustomFieldDefinition } from '@common/bridge/admin-fields'
import { customValueKey } from '@common/custom-values'

export type CustomValues = Record<string, string | number | null>

/** The row's values of the fields shown (a missing key is null). */
export function customValuesOf(
  fields: readonly CustomFieldDefinition[],
  row: Readonly<Record<string, unknown>> | null | undefined,
): CustomValues {
  const out: CustomValues = {}
  for (const f of fields) {
    const v = row?.[customValueKey(f.Name)]
    out[customValueKey(f.Name)] = typeof v === 'string' || typeof v === 'number' ? v : null
  }
  return out
}

/** The keys of `draft` whose value differs from the row's, with their new values. */
export function customValueChanges(
  row: Readonly<Record<string, unknown>> | null | undefined,
  draft: Readonly<CustomValues>,
): CustomValues {
  const out: CustomValues = {}
  for (const [key, value] of Object.entries(draft)) {
    const before = row?.[key] ?? null
    if (before !== value) out[key] = value
  }
  return out
}
