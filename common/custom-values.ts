// Custom fields' values (spec 2.16, 8): the four data types of the `customfieldsqltypes` value list and what
// each may hold. The admin section, the forms' shared fields and main's executors read these rules, so a
// value the form accepts is one the platform accepts.
import { fromOre, parseMoney } from './money.ts'

/** The models the app offers custom fields on (spec 2.16: any model; these are the ones its forms show). */
export const customFieldModels = [
  'SupplierInvoice',
  'Supplier',
  'Customer',
  'CustomerInvoice',
  'JournalEntryLine',
] as const
export type CustomFieldModel = (typeof customFieldModels)[number]

/** The data types of spec 2.16, in the value list's order. */
export const customFieldKinds = ['smalltext', 'text', 'number', 'money'] as const
export type CustomFieldKind = (typeof customFieldKinds)[number]

/**
 * The kind of a `customfieldsqltypes` item, by the name spec 2.16 gives it ("Small text field", "Text",
 * "Number", "Money"); null for an item the spec does not name (the form then takes text and the platform
 * checks it).
 */
export function kindOfTypeName(name: string): CustomFieldKind | null {
  const n = name.trim().toLowerCase()
  if (n.startsWith('small text')) return 'smalltext'
  if (n === 'text') return 'text'
  if (n === 'number') return 'number'
  if (n === 'money') return 'money'
  return null
}

/** spec 2.16: an active field appears on the model as `CustomValues.Custom<Name>`. */
export const customValueKey = (name: string) => `Custom${name}`

/** The field name of a `CustomValues` key (`CustomProject` → `Project`); null for a key of another shape. */
export function nameOfCustomKey(key: string): string | null {
  return /^Custom[A-Za-z][A-Za-z0-9_]*$/.test(key) ? key.slice('Custom'.length) : null
}

/**
 * A field name the platform takes: a letter, then letters, digits and underscores (it becomes part of a
 * property name), at most 100 characters.
 */
export const CUSTOM_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/

/** spec 8: a small-text custom field holds up to 255 characters. */
export const SMALL_TEXT_MAX = 255

/** Why a value cannot be saved, as a code the renderer words; null when it can. */
export type CustomValueProblem = 'required' | 'tooLong' | 'notWholeNumber' | 'notAmount' | 'notText'

/** A whole number the platform stores exactly (JavaScript numbers are exact to 2^53). */
const WHOLE = /^-?\d{1,15}$/

/**
 * The value to store for what the user typed, or why it cannot be stored. Empty text is null (no value),
 * refused when the field is not nullable. Money is typed as the user's language writes it and stored as a
 * decimal number of kroner (the platform's money), whole numbers as numbers; `kind` null (a field whose data
 * type the platform did not tell) stores the text and lets the platform check it.
 */
export function readCustomValue(
  kind: CustomFieldKind | null,
  nullable: boolean,
  text: string,
): { ok: true; value: string | number | null } | { ok: false; problem: CustomValueProblem } {
  const trimmed = text.trim()
  if (trimmed === '') return nullable ? { ok: true, value: null } : { ok: false, problem: 'required' }
  switch (kind) {
    case 'smalltext':
      return trimmed.length > SMALL_TEXT_MAX
        ? { ok: false, problem: 'tooLong' }
        : { ok: true, value: trimmed }
    case 'number': {
      const compact = trimmed.replace(/[\s\u00a0\u202f]/g, '')
      return WHOLE.test(compact)
        ? { ok: true, value: Number(compact) }
        : { ok: false, problem: 'notWholeNumber' }
    }
    case 'money': {
      const ore = parseMoney(trimmed)
      return ore === undefined ? { ok: false, problem: 'notAmount' } : { ok: true, value: fromOre(ore) }
    }
    default:
      return { ok: true, value: trimmed }
  }
}

/** Why a stored value (as the outbox carries it) is not one of the kind; null when it is. */
export function customValueProblem(
  kind: CustomFieldKind | null,
  nullable: boolean,
  value: unknown,
): CustomValueProblem | null {
  if (value === null || value === undefined || value === '') return nullable ? null : 'required'
  switch (kind) {
    case 'number':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : 'notWholeNumber'
    case 'money':
      // Money has at most two decimals (øre).
      return typeof value === 'number' &&
        Number.isFinite(value) &&
        Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
        ? null
        : 'notAmount'
    case 'smalltext':
      return typeof value !== 'string' ? 'notText' : value.length > SMALL_TEXT_MAX ? 'tooLong' : null
    case 'text':
      return typeof value === 'string' ? null : 'notText'
    default:
      return typeof value === 'string' || typeof value === 'number' ? null : 'notText'
  }
}
