// Dexie's liveQuery observed in a Vue ref: views re-render when the cache changes, whoever changed it
// (the sync engine, the outbox, another window).
import { liveQuery, type Subscription } from 'dexie'
import { onScopeDispose, shallowRef, watch, type Ref, type WatchSource } from 'vue'

/**
 * Runs `query` now and whenever the tables it read change, and again when `deps` change (for example the
 * open company). The ref holds `initial` until the first answer.
 */
export function useLiveQuery<T>(
  query: () => T | Promise<T>,
  deps: WatchSource[] = [],
  initial: T,
): Readonly<Ref<T>> {
  const value = shallowRef<T>(initial) as Ref<T>
  let subscription: Subscription | undefined
  const start = () => {
    subscription?.unsubscribe()
    subscription = liveQuery(query).subscribe({
      next: (result) => (value.value = result),
      error: (error: unknown) => console.error('A cached query failed', error),
    })
  }
  watch(deps, start, { immediate: true })
  onScopeDispose(() => subscription?.unsubscribe())
  return value
}
