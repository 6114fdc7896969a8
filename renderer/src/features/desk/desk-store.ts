// The review desk of this window: the companies it spans, its rows from the offline cache (kept live, so an
// invoice sent on leaves it at once), the filter and the order. The desk's list and the review opened from
// it read the same rows, so the review's next invoice is the desk's next row, in whichever company it is.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { useCompaniesStore } from '@renderer/stores/companies'
import { usePreferencesStore } from '@renderer/stores/preferences'
import { useWorkspace } from '@renderer/stores/workspace'
import {
  countDeskTabs,
  deskCompanies,
  filterDeskRows,
  loadDeskRows,
  orderDeskRows,
  type DeskCompany,
  type DeskOrder,
  type DeskPlace,
  type DeskRow,
  type DeskTab,
} from './desk-rows.ts'

/** Today as the cache's dates write it (the calendar day of this computer). */
function today(): string {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export const useDeskStore = defineStore('desk', () => {
  const workspace = useWorkspace()
  const preferences = usePreferencesStore()
  const companiesStore = useCompaniesStore()

  /** Every company the desk may span ("my clients" is chosen from these). */
  const candidates = useLiveQuery<DeskCompany[]>(
    async () =>
      workspace.value
        ? deskCompanies(workspace.value, { chosen: null, openKey: companiesStore.currentKey })
        : [],
    [workspace, () => companiesStore.currentKey],
    [],
  )
  /** The companies the desk spans: "my clients" where chosen, else every candidate. */
  const companies = computed(() => {
    const chosen = preferences.deskCompanies
    return chosen ? candidates.value.filter((company) => chosen.includes(company.key)) : candidates.value
  })
  const companyKeys = computed(() => companies.value.map((company) => company.key).join('|'))
  /** Null until the cache has answered, so an empty desk is told from one not read yet. */
  const rows = useLiveQuery<DeskRow[] | null>(
    async () => (workspace.value ? loadDeskRows(workspace.value, companies.value, today()) : null),
    [workspace, companyKeys],
    null,
  )

  const company = ref<string | null>(null)
  const tab = ref<DeskTab>('all')
  const search = ref('')
  const order = ref<DeskOrder>('due')

  const ordered = computed(() => orderDeskRows(rows.value ?? [], order.value))
  const visible = computed(() =>
    filterDeskRows(ordered.value, { company: company.value, tab: tab.value, search: search.value }),
  )
  const counts = computed(() =>
    countDeskTabs(rows.value ?? [], { company: company.value, search: search.value }),
  )
  /** The invoices the review goes through, in the desk's order. */
  const places = computed<DeskPlace[]>(() =>
    visible.value.map((row) => ({ companyKey: row.companyKey, id: row.ID })),
  )

  function companyOf(key: string | null): DeskCompany | null {
    return companies.value.find((c) => c.key === key) ?? null
  }

  return {
    candidates,
    companies,
    rows,
    company,
    tab,
    search,
    order,
    ordered,
    visible,
    counts,
    places,
    companyOf,
  }
})
