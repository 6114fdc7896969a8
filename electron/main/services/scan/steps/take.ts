// Take: a stable file's size is checked before a byte of it is read, then it is read and hashed and
// handed to identify. One path taken twice at once is taken once, and only so many files are read at a
// time: 500 files dropped at once must not all be in memory together.
import { lstat } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { failFile } from './fail.ts'
import { identify, type IdentifyStation } from './identify.ts'
import { sha256Of, type Station, type TakeOutcome, type TakeRequest } from '../station.ts'

/** The files being read and hashed, and the slots that bound how many are read at once. */
export interface TakeGate {
  /** False when the same path of the same company is being taken already; else waits for a slot. */
  enter(key: string): Promise<boolean>
  leave(key: string): void
}

export type TakeStation = IdentifyStation &
  Pick<Station, 'ops' | 'maxBytes' | 'scheduleIdleCheck' | 'record' | 'log' | 'locale' | 'batch'> & {
    gate: TakeGate
  }

export async function take(station: TakeStation, req: TakeRequest): Promise<TakeOutcome> {
  const key = `${req.companyKey}\n${req.path}`
  if (!(await station.gate.enter(key))) return 'already'
  try {
    let info: Stats
    let bytes: Uint8Array
    try {
      // lstat: a symlink is never followed (a loop or a link out of the folder is not a document).
      info = await lstat(req.path)
      if (!info.isFile()) return 'skipped'
      if (info.size > station.maxBytes) {
        // Keyed by where and what it is, since its content is not read to be hashed.
        const key = sha256Of(Buffer.from(`over-size\n${req.path}\n${info.size}\n${info.mtimeMs}`))
        await failFile(station, { ...req, sha256: key, size: info.size }, { code: 'tooLarge', params: {} })
        station.scheduleIdleCheck()
        return 'failed'
      }
      bytes = await station.ops.readFile(req.path)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return 'missing'
      throw error
    }
    return await identify(station, req, sha256Of(bytes), bytes)
  } finally {
    station.gate.leave(key)
  }
}

/** The take gate: `limit` files read at once, each path of a company once at a time. */
export function createTakeGate(limit: number) {
  const taking = new Set<string>()
  let free = limit
  const waiters: (() => void)[] = []
  return {
    async enter(key: string) {
      if (taking.has(key)) return false
      taking.add(key)
      if (free > 0) free--
      else await new Promise<void>((resolve) => waiters.push(resolve))
      return true
    },
    leave(key: string) {
      const next = waiters.shift()
      if (next) next()
      else free++
      taking.delete(key)
    },
    /** How many files are being taken now. */
    get size() {
      return taking.size
    },
  }
}
