// The scan station's queue: ledger entries waiting to run, at most `concurrency` running at once; a
// pause (signed out, the platform out of reach) that ends by itself after `retryMs`; the counts of each
// company's batch, told once nothing is queued, running or being taken; and the waiters for that moment.
import type { BatchSummary, PipelineEvents } from './station.ts'

export interface QueueOptions {
  concurrency: number
  /** How long a paused queue waits before it tries again. */
  retryMs: number
  events: Partial<Pick<PipelineEvents, 'batchFinished' | 'pausedChanged'>>
  /** Runs one entry; the signal aborts when the entry's company is cancelled or the queue closes. */
  run(companyKey: string, sha: string, signal: AbortSignal): Promise<void>
  /** Ends a run that threw past its own failure handling. */
  broken(companyKey: string, sha: string, error: unknown): Promise<void>
  /** How many files are being read and hashed (the queue is idle only when none is). */
  taking(): number
}

const keyOf = (companyKey: string, sha: string) => `${companyKey}/${sha}`

export function createScanQueue(options: QueueOptions) {
  const { concurrency } = options
  const queue: { companyKey: string; sha256: string }[] = []
  const active = new Map<string, AbortController>()
  const batches = new Map<string, BatchSummary>()
  const idleWaiters: (() => void)[] = []
  let paused = false
  let pauseTimer: NodeJS.Timeout | null = null
  let closed = false

  const batch = (companyKey: string) => {
    let b = batches.get(companyKey)
    if (!b) batches.set(companyKey, (b = { companyKey, ready: 0, failed: 0, duplicates: 0 }))
    return b
  }

  const isQueued = (companyKey: string, sha: string) =>
    active.has(keyOf(companyKey, sha)) || queue.some((q) => q.companyKey === companyKey && q.sha256 === sha)

  function enqueue(companyKey: string, sha256: string, front = false) {
    if (front) queue.unshift({ companyKey, sha256 })
    else queue.push({ companyKey, sha256 })
    batch(companyKey)
    pump()
  }

  function pump() {
    while (!paused && !closed && active.size < concurrency && queue.length) {
      const next = queue.shift()!
      const key = keyOf(next.companyKey, next.sha256)
      if (active.has(key)) continue
      const controller = new AbortController()
      active.set(key, controller)
      void options
        .run(next.companyKey, next.sha256, controller.signal)
        .catch((error) => options.broken(next.companyKey, next.sha256, error))
        .finally(() => {
          active.delete(key)
          pump()
          scheduleIdleCheck()
        })
    }
  }

  function scheduleIdleCheck() {
    queueMicrotask(() => {
      if (active.size || queue.length || options.taking()) return
      for (const summary of batches.values()) {
        if (summary.ready + summary.failed + summary.duplicates > 0) options.events.batchFinished?.(summary)
      }
      batches.clear()
      for (const resolve of idleWaiters.splice(0)) resolve()
    })
  }

  function pause(reason: string) {
    if (!paused) {
      paused = true
      options.events.pausedChanged?.(true, reason)
    }
    if (pauseTimer) clearTimeout(pauseTimer)
    pauseTimer = setTimeout(resume, options.retryMs)
    pauseTimer.unref?.()
  }

  function resume() {
    if (pauseTimer) clearTimeout(pauseTimer)
    pauseTimer = null
    if (paused) {
      paused = false
      options.events.pausedChanged?.(false, null)
    }
    pump()
  }

  return {
    batch,
    isQueued,
    enqueue,
    scheduleIdleCheck,
    pause,
    resume,
    get paused() {
      return paused
    },
    get closed() {
      return closed
    },
    /** Takes the company's queued entries out of the queue; returned, to be recorded as cancelled. */
    dropQueued(companyKey: string) {
      const dropped = queue.filter((q) => q.companyKey === companyKey)
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.companyKey === companyKey) queue.splice(i, 1)
      return dropped
    },
    /** Takes one waiting entry out of the queue; false when it is running (it cannot be taken out then). */
    takeOut(companyKey: string, sha: string) {
      if (active.has(keyOf(companyKey, sha))) return false
      const i = queue.findIndex((q) => q.companyKey === companyKey && q.sha256 === sha)
      if (i >= 0) queue.splice(i, 1)
      return true
    },
    /** Aborts the company's running entries; each one's key (`companyKey/sha`) is added to `aborted`. */
    abortRunning(companyKey: string, aborted: Set<string>) {
      for (const [key, controller] of active) {
        if (key.startsWith(`${companyKey}/`)) {
          aborted.add(key)
          controller.abort()
        }
      }
    },
    /** Resolves when nothing is queued, running or being taken. */
    idle(): Promise<void> {
      if (!active.size && !queue.length && !options.taking()) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    /** The entries queued or running, per company. */
    counts() {
      const byCompany: Record<string, number> = {}
      for (const q of queue) byCompany[q.companyKey] = (byCompany[q.companyKey] ?? 0) + 1
      for (const key of active.keys()) {
        const c = key.split('/')[0]!
        byCompany[c] = (byCompany[c] ?? 0) + 1
      }
      return byCompany
    },
    close() {
      closed = true
      if (pauseTimer) clearTimeout(pauseTimer)
      for (const c of active.values()) c.abort()
    },
  }
}

export type ScanQueue = ReturnType<typeof createScanQueue>
