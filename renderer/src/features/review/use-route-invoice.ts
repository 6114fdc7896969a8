// The invoice the review's address names (`#/review?invoice=12`), and where it stands in this computer's
// workspace. A link names one invoice (the scan queue's "Invoice 12", a duplicate's original), and the
// review shows that one or none: never another in its place. An invoice the platform has just created
// reaches the workspace with a later sync, so while it is not cached the review waits for it, asks for the
// company to be synced and asks the platform for the row itself; the row shows as soon as it is written
// (liveQuery). When the platform answers that the company has no such invoice, the review says so.
import { computed, onScopeDispose, ref, watch, type Ref } from 'vue'
import { onBeforeRouteLeave, useRoute, useRouter } from 'vue-router'
import type { PlatformRow } from '@common/bridge/sync'
import { useBridge } from '@renderer/bridge'
import type { WorkspaceDb } from '@renderer/data/schema'
import { storeRow } from '@renderer/data/pull'
import { useSyncStore } from '@renderer/stores/sync'
import { useLiveQuery } from '@renderer/data/use-live-query'

export type RouteInvoice =
  /** The address names no invoice. */
  | { kind: 'none' }
  /** The workspace has not answered for the named invoice yet (a moment). */
  | { kind: 'checking'; id: number }
  /** The named invoice is in the workspace: the review shows it. */
  | { kind: 'here'; id: number }
  /** Not in the workspace yet: a sync is asked for, the row shows when it arrives. */
  | { kind: 'waiting'; id: number }
  /** The platform has no such invoice in this company (deleted, mistyped, or another company's). */
  | { kind: 'missing'; id: number }
  /** It was here and left the workspace (deleted on this computer, or by a sync): not fetched again. */
  | { kind: 'gone'; id: number }

export interface RouteInvoiceOptions {
  workspace: Readonly<Ref<WorkspaceDb | null>>
  companyKey: string | null
  /** Syncs the company now (the sync engine's `syncNow`). */
  sync?: (companyKey: string) => Promise<void>
  /** The platform's row of the invoice in the company, or null when it has none (`sync.row`). */
  lookUp?: (companyKey: string, id: number) => Promise<PlatformRow | null>
  /** First wait before asking again when the platform could not be asked (offline); doubles up to 30 s. */
  retryMs?: number
}

/** The invoice ID of a route query value: a positive integer, or null. */
export function invoiceIdOf(value: unknown): number | null {
  const text = Array.isArray(value) ? value[0] : value
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return null
  const id = Number(text)
  return id > 0 ? id : null
}

export function useRouteInvoice(options: RouteInvoiceOptions) {
  const route = useRoute()
  const router = useRouter()
  const { workspace, companyKey } = options
  const sync = options.sync ?? ((key: string) => useSyncStore().syncNow(key))
  const lookUp =
    options.lookUp ?? ((key: string, id: number) => useBridge().call('sync.row', key, 'SupplierInvoice', id))

  // An address naming another company (the review desk moving on to another company's invoice) is not this
  // view's: it keeps the invoice it has until the review of that company replaces it.
  let lastAsked: number | null = null
  const asked = computed(() => {
    const company = route.query.company
    if (typeof company === 'string' && company !== companyKey) return lastAsked
    lastAsked = invoiceIdOf(route.query.invoice)
    return lastAsked
  })
  // The answer carries the ID it is for: until the query for a new ID answers, the last answer is stale.
  const cached = useLiveQuery<{ id: number; found: boolean } | null>(
    async () => {
      const db = workspace.value
      const id = asked.value
      if (!db || !companyKey || id === null) return null
      return { id, found: (await db.SupplierInvoice.get([companyKey, id])) !== undefined }
    },
    [workspace, asked],
    null,
  )
  /** IDs the platform said this company does not have. */
  const missing = ref<ReadonlySet<number>>(new Set())
  /** IDs this view has found in the workspace. */
  const arrived = ref<ReadonlySet<number>>(new Set())
  watch(cached, (answer) => {
    if (answer?.found && !arrived.value.has(answer.id)) arrived.value = new Set([...arrived.value, answer.id])
  })

  const state = computed<RouteInvoice>(() => {
    const id = asked.value
    if (id === null) return { kind: 'none' }
    const answer = cached.value
    if (answer?.id !== id) return { kind: 'checking', id }
    if (answer.found) return { kind: 'here', id }
    if (arrived.value.has(id)) return { kind: 'gone', id }
    if (missing.value.has(id)) return { kind: 'missing', id }
    return { kind: 'waiting', id }
  })

  let disposed = false
  let timer: ReturnType<typeof setTimeout> | undefined
  onScopeDispose(() => {
    disposed = true
    clearTimeout(timer)
  })
  const stillWaitingFor = (id: number) => !disposed && state.value.kind === 'waiting' && state.value.id === id

  /** Sync the company, then ask the platform for the row; again later when the platform cannot be asked. */
  async function fetchInvoice(id: number, delay: number): Promise<void> {
    const db = workspace.value
    if (!db || !companyKey || !stillWaitingFor(id)) return
    try {
      await sync(companyKey)
    } catch (error) {
      console.error(`Syncing ${companyKey} for invoice ${id} failed`, error)
    }
    if (!stillWaitingFor(id)) return
    try {
      const row = await lookUp(companyKey, id)
      if (!stillWaitingFor(id)) return
      if (row === null) {
        missing.value = new Set([...missing.value, id])
        return
      }
      // The platform has it, yet the sync did not bring it (outside the cached window): store it.
      await storeRow(db, companyKey, 'SupplierInvoice', row)
    } catch (error) {
      console.error(`Asking the platform for invoice ${id} of ${companyKey} failed`, error)
      clearTimeout(timer)
      timer = setTimeout(() => void fetchInvoice(id, Math.min(delay * 2, 30_000)), delay)
    }
  }

  watch(
    () => (state.value.kind === 'waiting' ? state.value.id : null),
    (id) => {
      clearTimeout(timer)
      if (id !== null) void fetchInvoice(id, options.retryMs ?? 2000)
    },
    { immediate: true },
  )

  // While the user leaves the review, a late change of its address would cancel their navigation; an
  // aborted leave gives the address back to the review.
  let leaving = false
  onBeforeRouteLeave(() => {
    leaving = true
  })
  onScopeDispose(
    router.afterEach((_to, _from, failure) => {
      if (failure) leaving = false
    }),
  )

  /** Names `id` in the address (replacing the entry: moving through the queue is not history). */
  function open(id: number): void {
    if (leaving || asked.value === id) return
    void router.replace({ query: { ...route.query, invoice: String(id) } })
  }

  /** Names no invoice any more (the queue is done): the review shows its queue's state. */
  function close(): void {
    if (leaving || asked.value === null) return
    const { invoice: _named, ...rest } = route.query
    void router.replace({ query: rest })
  }

  return { asked, state, open, close }
}
