// The license server's background work: applying queued bulk-permission requests. One loop per
// platform, stopped through the platform's closers. (Purchase events travel with the events module's
// durable delivery.)
import type { PlatformContext } from '../routes/context.ts'
import { processPermissionQueue } from './queue.ts'

export interface WorkerLog {
  error(obj: unknown, msg: string): void
}

/** Starts the loop; answers the function that stops it (waiting for a round under way). */
export function startLicenseWorker(
  pc: PlatformContext,
  log: WorkerLog,
  intervalMs = 200,
): () => Promise<void> {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  const round = async () => {
    try {
      await processPermissionQueue(pc, log)
    } catch (err) {
      log.error({ err }, 'license worker round failed')
    }
  }
  const loop = () => {
    if (stopped) return
    running = round().finally(() => {
      if (!stopped) timer = setTimeout(loop, intervalMs)
    })
  }
  timer = setTimeout(loop, intervalMs)
  return async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    await running
  }
}
