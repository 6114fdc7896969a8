// One watched folder: chokidar reports files (natively, or by polling on network shares), and a file is
// handed on only when it is stable: size and modification time unchanged for `stableMs` and openable for
// reading. A scanner still writing, or rewriting the file (duplex), restarts the wait; EBUSY/EPERM/EACCES
// mean "later", never "failed". A folder that disappears is reported unavailable and watched again when
// it returns; the files in it then are taken too.
import { watch, type FSWatcher } from 'chokidar'
import { lstat, open, readdir, stat } from 'node:fs/promises'
import { basename, join, relative, sep } from 'node:path'
import type { Logger } from '../../logger.ts'
import { FAILED, PROCESSED } from './files.ts'
import { isNetworkPath } from './network.ts'

export type PollingMode = 'auto' | 'native' | 'polling'
export type WatchState = 'starting' | 'watching' | 'polling' | 'unavailable' | 'stopped'

export interface FolderWatcherOptions {
  folder: string
  polling: PollingMode
  stableMs?: number
  /** How often a polling watcher looks (default 1 s) and the folder's presence is checked (default 2 s). */
  pollMs?: number
  healthMs?: number
  onStable(path: string): void
  onState?(state: WatchState, error: string | null): void
  log: Logger
  /** Opens the file to prove it can be read (tests replace it to lock a file). */
  probe?(path: string): Promise<void>
}

const LATER = new Set(['EBUSY', 'EPERM', 'EACCES', 'EAGAIN'])

/** Hidden and temporary files that are never documents. */
export function isIgnoredName(name: string): boolean {
  return (
    name.startsWith('.') ||
    name.startsWith('~$') ||
    /\.(part|tmp|crdownload|partial|download|swp)$/i.test(name) ||
    /\.reason\.txt$/i.test(name) ||
    name === 'Thumbs.db' ||
    name === 'desktop.ini'
  )
}

async function defaultProbe(path: string) {
  const fh = await open(path, 'r')
  await fh.close()
}

export function createFolderWatcher(options: FolderWatcherOptions) {
  const { folder, log } = options
  const stableMs = options.stableMs ?? 2000
  const tickMs = Math.max(25, Math.min(250, Math.floor(stableMs / 4)))
  const probe = options.probe ?? defaultProbe
  const usePolling = options.polling === 'polling' || (options.polling === 'auto' && isNetworkPath(folder))
  const pending = new Map<string, { size: number; mtimeMs: number; since: number; checking: boolean }>()
  let watcher: FSWatcher | null = null
  let state: WatchState = 'starting'
  let ticker: NodeJS.Timeout | null = null
  let health: NodeJS.Timeout | null = null
  let stopped = false

  const setState = (next: WatchState, error: string | null = null) => {
    if (next === state && !error) return
    state = next
    options.onState?.(next, error)
  }

  const ignored = (path: string) => {
    const rel = relative(folder, path)
    if (!rel || rel.startsWith('..')) return false
    const first = rel.split(sep)[0]!
    return first === PROCESSED || first === FAILED || rel.includes(sep) || isIgnoredName(basename(path))
  }

  function track(path: string) {
    if (stopped || ignored(path)) return
    const known = pending.get(path)
    if (known)
      known.since = -1 // something happened: measure again from the next look
    else pending.set(path, { size: -1, mtimeMs: -1, since: -1, checking: false })
  }

  async function look(path: string, p: { size: number; mtimeMs: number; since: number; checking: boolean }) {
    p.checking = true
    try {
      // lstat: a symlink (to a file, a folder, or itself) is never followed, so never taken.
      const s = await lstat(path)
      if (!s.isFile()) {
        pending.delete(path)
        return
      }
      const now = Date.now()
      if (s.size !== p.size || s.mtimeMs !== p.mtimeMs || p.since < 0) {
        p.size = s.size
        p.mtimeMs = s.mtimeMs
        p.since = now
        return
      }
      if (now - p.since < stableMs) return
      try {
        await probe(path)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? ''
        if (LATER.has(code)) {
          p.since = now // locked: wait a whole stable period again
          return
        }
        throw error
      }
      pending.delete(path)
      options.onStable(path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') pending.delete(path)
      else log.warn('scan: a file could not be checked', { folder, path, error: String(error) })
    } finally {
      p.checking = false
    }
  }

  function tick() {
    for (const [path, p] of pending) if (!p.checking) void look(path, p)
  }

  async function startWatching() {
    if (stopped || watcher) return
    try {
      const s = await stat(folder)
      if (!s.isDirectory()) throw Object.assign(new Error(`${folder} is not a folder`), { code: 'ENOTDIR' })
    } catch (error) {
      setState('unavailable', (error as Error).message)
      return
    }
    const w = watch(folder, {
      ignoreInitial: false,
      depth: 0,
      followSymlinks: false,
      usePolling,
      interval: options.pollMs ?? 1000,
      binaryInterval: options.pollMs ?? 1000,
      ignored: (path) => ignored(path),
      awaitWriteFinish: false,
    })
    watcher = w
    w.on('add', track)
    w.on('change', track)
    w.on('unlink', (path) => pending.delete(path))
    w.on('error', (error) =>
      log.warn('scan: the watcher reported an error', { folder, error: String(error) }),
    )
    w.on('ready', () => {
      if (watcher === w) setState(usePolling ? 'polling' : 'watching')
    })
  }

  async function checkHealth() {
    let present = false
    try {
      present = (await stat(folder)).isDirectory()
    } catch {
      present = false
    }
    if (!present && watcher) {
      const w = watcher
      watcher = null
      pending.clear()
      await w.close().catch(() => undefined)
      setState('unavailable', null)
    } else if (!present && state !== 'unavailable') setState('unavailable', null)
    else if (present && !watcher) await startWatching()
  }

  return {
    async start() {
      ticker = setInterval(tick, tickMs)
      health = setInterval(() => void checkHealth(), options.healthMs ?? 2000)
      await startWatching()
    },
    /** Looks at every file in the folder now ("Scan now"). */
    async scanNow() {
      const names = await readdir(folder).catch(() => [] as string[])
      for (const name of names) track(join(folder, name))
      await checkHealth()
    },
    get state() {
      return state
    },
    get polling() {
      return usePolling
    },
    get pendingCount() {
      return pending.size
    },
    async stop() {
      stopped = true
      if (ticker) clearInterval(ticker)
      if (health) clearInterval(health)
      pending.clear()
      const w = watcher
      watcher = null
      await w?.close()
      setState('stopped')
    },
  }
}
