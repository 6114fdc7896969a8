// What the review chooses from, read from the open company's cache: suppliers, currencies, departments,
// projects, accounts and VAT codes, and the users and teams an invoice can be sent to for approval. Sorted
// as the user looks for them (names in Norwegian order, accounts by number); deleted users and teams left out.
// Currencies, departments and projects have no documented list: where the platform refuses one (the pull
// marks it unavailable) the picker says so instead of offering "None" for a value it cannot name.
import { computed, shallowRef, watch, type Ref } from 'vue'
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { loadLookups, none, type PickerEntity, type ReviewLookups } from './review-lookups.ts'
import { reviewReadAhead } from './review-read-ahead.ts'

export { loadLookups, type ReviewLookups } from './review-lookups.ts'

const optionLabel = (r: CachedRow) => String(r.Name ?? r.Code ?? r.ID)

export function useReviewLookups(workspace: Readonly<Ref<WorkspaceDb | null>>, companyKey: string | null) {
  const live = useLiveQuery<ReviewLookups | null>(
    async () => (workspace.value && companyKey ? loadLookups(workspace.value, companyKey) : none()),
    [workspace],
    null,
  )
  // Until the live query answers, the company's lookups the review read ahead (review-read-ahead.ts).
  const ahead = shallowRef<ReviewLookups | null>(null)
  watch(
    workspace,
    (db) => {
      ahead.value = null
      if (!db || !companyKey) return
      const readAhead = reviewReadAhead(db)
      const read = readAhead.lookups(companyKey)
      if (read === undefined) return
      if (!(read instanceof Promise)) ahead.value = read
      else
        void read.then((found) => {
          // Kept only while the read-ahead still holds it: a write to the company meanwhile dropped it.
          if (readAhead.lookups(companyKey) !== undefined && workspace.value === db) ahead.value = found
        })
    },
    { immediate: true },
  )
  const lookups = computed<ReviewLookups>(() => live.value ?? ahead.value ?? none())
  /**
   * Currency, department and project: chosen from the company's cached rows. `unlisted`: the platform gives
   * no list of them here, so there is nothing to choose and a value on the invoice has no name.
   */
  const pickers = computed(() => {
    const l = lookups.value
    const unlisted = (entity: PickerEntity, options: CachedRow[]) => l.unlisted.has(entity) && !options.length
    return [
      {
        field: 'CurrencyCodeID' as const,
        id: 'review-currency',
        options: l.currencies,
        label: (r: CachedRow) => String(r.Code ?? r.ID),
        unlisted: unlisted('CurrencyCode', l.currencies),
      },
      {
        field: 'DepartmentID' as const,
        id: 'review-department',
        options: l.departments,
        label: optionLabel,
        unlisted: unlisted('Department', l.departments),
      },
      {
        field: 'ProjectID' as const,
        id: 'review-project',
        options: l.projects,
        label: optionLabel,
        unlisted: unlisted('Project', l.projects),
      },
    ]
  })
  return { lookups, pickers }
}

type Picker = ReturnType<typeof useReviewLookups>['pickers']['value'][number]

/**
 * The pickers as the review shows them for one invoice. Where the platform lists no currencies, the invoice's
 * own (its expanded `CurrencyCode`, spec 2.12) is the one option, so the field names it ("NOK") rather than
 * its number; `ownOnly` says so. Without a code on the row the picker is left as it is.
 */
export function pickersShown(
  pickers: readonly Picker[],
  row: CachedRow | null,
): (Picker & { ownOnly: boolean })[] {
  const own = row?.CurrencyCode as { ID?: unknown; Code?: unknown } | null | undefined
  const named =
    typeof own?.ID === 'number' &&
    own.ID === row?.CurrencyCodeID &&
    typeof own.Code === 'string' &&
    own.Code !== ''
  return pickers.map((picker) =>
    named && picker.field === 'CurrencyCodeID' && picker.options.length === 0
      ? { ...picker, options: [own as CachedRow], ownOnly: true }
      : { ...picker, ownOnly: false },
  )
}
