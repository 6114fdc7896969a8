// How the platform's queue workers learn that work arrived without polling. On the embedded database every
// write happens in this process, so a worker is woken directly by the code that enqueued. On a PostgreSQL
// server other processes enqueue too: triggers on the queue tables send NOTIFY on commit, each worker
// LISTENs, and a long safety poll covers a lost listening connection. Between wake-ups a worker sleeps
// until its next retry is due, and not at all when nothing is due.
import type { Store } from './store.ts'

/** Channels raised (on commit) by inserts into the queue tables; see the `0100-queue-notify` migration. */
export const QUEUE_CHANNELS = {
  /** change_event and outbound_delivery: the Eventplan dispatcher and webhook delivery. */
  outbound: 'ledgerdesk_outbound',
  /** license_queue: bulk-permission requests. */
  license: 'ledgerdesk_license',
} as const

/** On PostgreSQL, how long a worker waits at most without a notification (other processes may enqueue). */
export const SAFETY_POLL_MS = 60_000

/** Longest single sleep; setTimeout cannot wait longer than about 24.8 days. */
const MAX_SLEEP_MS = 24 * 3600_000

export interface Sleeper {
  /** Ends the current sleep now, or makes the next one return at once. */
  wake(): void
  /** Waits until woken or `ms` passed (forever when undefined). */
  sleep(ms: number | undefined): Promise<void>
}

export function createSleeper(): Sleeper {
  let woken = false
  let resolveSleep: (() => void) | undefined
  return {
    wake() {
      woken = true
      resolveSleep?.()
    },
    async sleep(ms) {
      if (woken) {
        woken = false
        return
      }
      let timer: ReturnType<typeof setTimeout> | undefined
      await new Promise<void>((resolve) => {
        resolveSleep = resolve
        if (ms !== undefined) timer = setTimeout(resolve, Math.max(0, Math.min(ms, MAX_SLEEP_MS)))
      })
      clearTimeout(timer)
      resolveSleep = undefined
      woken = false
    },
  }
}

/** The sleep before the next look at a queue: until the next due row, capped by the safety poll on PostgreSQL. */
export function sleepFor(store: Store, nextDueMs: number | undefined): number | undefined {
  const safety = store.kind === 'postgres' ? SAFETY_POLL_MS : undefined
  if (nextDueMs === undefined) return safety
  const due = Math.max(0, nextDueMs)
  return safety === undefined ? due : Math.min(due, safety)
}

/** Milliseconds from now until a timestamp the database answered (null: nothing due). */
export function msUntil(at: string | Date | null | undefined): number | undefined {
  if (at === null || at === undefined) return undefined
  const t = new Date(at).getTime()
  return Number.isNaN(t) ? undefined : Math.max(0, t - Date.now())
}

/**
 * Wakes `wake` on every notification of `channel` (PostgreSQL only; the embedded database wakes in-process).
 * Answers the function that stops listening.
 */
export async function listenForWork(
  store: Store,
  channel: string,
  wake: () => void,
): Promise<() => Promise<void>> {
  if (!store.listen) return async () => {}
  return store.listen(channel, wake)
}
