// The register's state that belongs in the address: the open tab, the filter and the open card
// (`?party=Supplier:12`, `?party=Customer:new` for the form of a new one), so Back closes a card or goes back to
// the one before, and a link opens a party's card.
import { computed } from 'vue'
import { useRoute, useRouter, type LocationQuery } from 'vue-router'
import { isRegisterFilter, isRegisterTab, type RegisterFilter, type RegisterTab } from './register-rows.ts'

/** The party whose card is open; `id` null is the form of a new one. */
export interface OpenParty {
  entity: RegisterTab
  id: number | null
}

/** Reads `Supplier:12` (a local, negative ID too) or `Contact:new`; anything else is no party. */
export function parseParty(value: unknown): OpenParty | null {
  if (typeof value !== 'string') return null
  const match = /^(\w+):(new|-?\d{1,15})$/.exec(value)
  if (!match || !isRegisterTab(match[1])) return null
  const id = match[2] === 'new' ? null : Number(match[2])
  if (id === 0) return null
  return { entity: match[1], id }
}

export function partyParam(party: OpenParty): string {
  return `${party.entity}:${party.id ?? 'new'}`
}

/** Which filters a tab offers: a scan creates suppliers only, and contact persons have no duplicates. */
export function filtersOf(tab: RegisterTab): RegisterFilter[] {
  if (tab === 'Supplier') return ['all', 'scanUnchecked', 'duplicates']
  if (tab === 'Customer') return ['all', 'duplicates']
  return ['all']
}

export function useRegisterRoute() {
  const route = useRoute()
  const router = useRouter()

  const party = computed(() => parseParty(route.query.party))

  const tab = computed<RegisterTab>({
    get: () => (isRegisterTab(route.query.tab) ? route.query.tab : (party.value?.entity ?? 'Supplier')),
    // Another tab closes the card and starts unfiltered: a filter chosen for one kind of party would
    // otherwise leave the next tab looking empty.
    set: (next) => {
      const query: LocationQuery = { ...route.query, tab: next }
      delete query.party
      delete query.filter
      void router.replace({ query })
    },
  })

  const filter = computed<RegisterFilter>({
    get: () => {
      const wanted = route.query.filter
      return isRegisterFilter(wanted) && filtersOf(tab.value).includes(wanted) ? wanted : 'all'
    },
    set: (next) => {
      const query: LocationQuery = { ...route.query, filter: next }
      if (next === 'all') delete query.filter
      void router.replace({ query })
    },
  })

  /**
   * Opens a card, as a step Back returns from; `replace` for a card that takes the place of what was open
   * (a new party's card after its form).
   */
  function showParty(next: OpenParty, options: { replace?: boolean } = {}): void {
    const location = { query: { ...route.query, tab: next.entity, party: partyParam(next) } }
    void (options.replace ? router.replace(location) : router.push(location))
  }

  function closeParty(): void {
    const query: LocationQuery = { ...route.query }
    delete query.party
    void router.replace({ query })
  }

  return { tab, filter, party, showParty, closeParty }
}
