// The current row and the selected rows of a list the user acts on in bulk (My approvals, Approved not
// booked): an action applies to the selected rows still open for it, else to the current row; rows that
// leave the list leave the selection, and the current row moves to the first when it left.
import { computed, ref, watch, type Ref } from 'vue'

export function useRowSelection<R, K>(
  rows: Ref<readonly R[]>,
  keyOf: (row: R) => K,
  /** Whether an action can still apply to the row. */
  open: (row: R) => boolean,
  /** Which rows "select all" takes (the open ones unless told). */
  selectableRow: (row: R) => boolean = open,
) {
  const currentKey = ref<K | null>(null) as Ref<K | null>
  const selected = ref<Set<K>>(new Set()) as Ref<Set<K>>
  const current = computed(() => rows.value.find((r) => keyOf(r) === currentKey.value) ?? null)
  watch(rows, (list) => {
    if (!list.some((r) => keyOf(r) === currentKey.value)) currentKey.value = list[0] ? keyOf(list[0]) : null
    const keys = new Set(list.map(keyOf))
    if ([...selected.value].some((k) => !keys.has(k)))
      selected.value = new Set([...selected.value].filter((k) => keys.has(k)))
  })
  /** The rows an action applies to: the selected open ones, else the current one when it is open. */
  const targets = computed<R[]>(() => {
    const picked = rows.value.filter((r) => selected.value.has(keyOf(r)) && open(r))
    if (picked.length) return picked
    return current.value && open(current.value) ? [current.value] : []
  })
  const selectable = computed(() => rows.value.filter(selectableRow))
  const allSelected = computed(
    () => selectable.value.length > 0 && selectable.value.every((r) => selected.value.has(keyOf(r))),
  )
  function toggle(key: K): void {
    const next = new Set(selected.value)
    if (next.has(key)) next.delete(key)
    else next.add(key)
    selected.value = next
  }
  function toggleAll(): void {
    selected.value = allSelected.value ? new Set() : new Set(selectable.value.map(keyOf))
  }
  return { currentKey, selected, current, targets, allSelected, toggle, toggleAll }
}
