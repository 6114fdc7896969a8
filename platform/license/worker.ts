// The license server's background work: applying queued bulk-permission requests. One loop per
// platform, stopped through the platform's closers. (Purchase events travel with the events module's
// durable delivery.) The loop sleeps until a request is queued (woken in-process, or by NOTIFY on a
// PostgreSQL server) or a failed request's retry is due; it does not poll.
import { createSleeper, listenForWork, QUEUE_CHANNELS, sleepFor } from '../db/queue-signal.ts'
import type { PlatformContext } from '../routes/context.ts'
import { onPermissionsQueued, processPermissionQueue } from './queue.ts'

export interface WorkerLog {
  error(obj: unknown, msg: string): void
}

/** Delay before a round that failed as a whole (the database unreachable) is tried again. */
const FAILED_ROUND_RETRY_MS = 1000

/** Requests applied per round (processPermissionQueue's default limit). */
const PERMISSION_ROUND = 5

/** Milliseconds until the next queued request is due (on the database's clock), or undefined when none is. */
async function nextDue(pc: PlatformContext): Promise<number | undefined> {
  const { rows } = await pc.store.query<{ ms: number | null }>(
    `select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms
       from license_queue where status = 'queued'`,
  )
  const ms = rows[0]?.ms
  return ms === null || ms === undefined ? undefined : Math.max(0, ms)
}

/** Starts the loop; answers the function that stops it (waiting for a round under way). */
export function startLicenseWorker(pc: PlatformContext, log: WorkerLog): () => Promise<void> {
  let stopped = false
  const sleeper = createSleeper()
  const unsubscribe = onPermissionsQueued(sleeper.wake)
  const loop = (async () => {
    const unlisten = await listenForWork(pc.store, QUEUE_CHANNELS.license, sleeper.wake).catch(
      (err: unknown) => {
        log.error({ err }, 'listening for permission requests failed; looking at the queue every minute')
        return async () => {}
      },
    )
    while (!stopped) {
      let due: number | undefined = FAILED_ROUND_RETRY_MS
      try {
        // A full round (the limit reached) means more may be waiting: look again at once.
        const tried = await processPermissionQueue(pc, log, PERMISSION_ROUND)
        due = tried >= PERMISSION_ROUND ? 0 : await nextDue(pc)
      } catch (err) {
        if (!stopped) log.error({ err }, 'license worker round failed')
      }
      if (stopped) break
      await sleeper.sleep(sleepFor(pc.store, due))
    }
    await unlisten()
  })()
  return async () => {
    stopped = true
    unsubscribe()
    sleeper.wake()
    await loop
  }
}
