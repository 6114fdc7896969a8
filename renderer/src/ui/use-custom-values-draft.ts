// The custom values a form edits for the row it shows (ui/CustomValuesFields.vue is their inputs): the
// values as typed, the keys that cannot be saved, whether a save was tried (every problem shown then), and
// what a save sends. Every form of a model with custom fields uses it the same way:
//
//   const known = useKnownCustomFields(workspace, () => companyKey)
//   const fields = computed(() => fieldsForRow(known.value, 'CustomerInvoice', row.value?.CustomValues))
//   const custom = useCustomValuesDraft(fields, () => row.value?.CustomValues)
//   custom.load()                       // when the form shows a (new) row
//   if (!custom.ready()) return         // on save: blocked while a value is invalid, the problem shown
//   changes.CustomValues = custom.changes() // only the keys that changed (omit when empty)
//
//   <CustomValuesFields :key="custom.generation.value" v-model="custom.values.value"
//     :fields="fields" :show-problems="custom.tried.value" @invalid="custom.onInvalid" />
import { nextTick, ref, type Ref } from 'vue'
import type { CustomFieldDefinition } from '@common/bridge/admin-fields'
import { customValueChanges, customValuesOf, type CustomValues } from './custom-values-form.ts'

type RowValues = Readonly<Record<string, unknown>> | null

/** A row's `CustomValues` as cached (spec 4.2: an object, null on a row whose model has none active). */
const asValues = (v: unknown): RowValues =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null

/** `row` gives the row's `CustomValues` as cached. */
export function useCustomValuesDraft(
  fields: Readonly<Ref<readonly CustomFieldDefinition[]>>,
  row: () => unknown,
) {
  const values = ref<CustomValues>({})
  const invalid = ref<string[]>([])
  const tried = ref(false)
  /** Changes when another row is loaded: the inputs start again from its values. */
  const generation = ref(0)

  /** The form shows a row (another one, or the same one saved): its values, nothing tried yet. */
  function load(): void {
    const stored = asValues(row())
    const own: CustomValues = {}
    for (const [key, value] of Object.entries(stored ?? {}))
      if (typeof value === 'string' || typeof value === 'number' || value === null) own[key] = value
    values.value = { ...customValuesOf(fields.value, stored), ...own }
    invalid.value = []
    tried.value = false
    generation.value += 1
  }

  /**
   * Whether the values can be saved. When not, every problem shows on its field and the first such field
   * takes the focus.
   */
  function ready(): boolean {
    if (invalid.value.length === 0) return true
    tried.value = true
    void nextTick(() =>
      document.querySelector<HTMLElement>('[data-testid="custom-values"] [aria-invalid="true"]')?.focus(),
    )
    return false
  }

  return {
    values,
    invalid,
    tried,
    generation,
    load,
    ready,
    /** The keys whose value differs from the row's, with their new values. */
    changes: (): CustomValues => customValueChanges(asValues(row()), values.value),
    onInvalid: (keys: string[]) => (invalid.value = keys),
  }
}

export type CustomValuesDraft = ReturnType<typeof useCustomValuesDraft>
