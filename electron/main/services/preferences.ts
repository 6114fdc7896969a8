// The user's preferences, kept as JSON in the data folder. Written atomically (temporary file, then
// rename) so a crash mid-write never leaves half a file; an unreadable file is kept aside, not lost.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Preferences } from '../../../common/bridge/contract.ts'
import type { EmitEvent } from '../events.ts'
import type { Logger } from '../logger.ts'

export const preferencesFileName = 'preferences.json'

const defaults: Preferences = { locale: null }

export function createPreferencesService(deps: { dataDir: string; emit: EmitEvent; log: Logger }) {
  const file = join(deps.dataDir, preferencesFileName)
  // One write at a time, in call order, so the last set wins on disk as it does in memory.
  let queue: Promise<unknown> = Promise.resolve()

  async function read(): Promise<Preferences> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...defaults }
      throw error
    }
    let parsed: Preferences | undefined
    try {
      const json: unknown = JSON.parse(text)
      if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
        parsed = Preferences.safeParse({ ...defaults, ...json }).data
      }
    } catch {
      parsed = undefined
    }
    if (parsed) return parsed
    const aside = `${file}.unreadable-${Date.now()}`
    await rename(file, aside)
    deps.log.warn('preferences: the file could not be read; using defaults and keeping the old file', {
      file,
      aside,
    })
    return { ...defaults }
  }

  async function write(prefs: Preferences): Promise<void> {
    await mkdir(deps.dataDir, { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    await writeFile(tmp, JSON.stringify(prefs, null, 2) + '\n', 'utf8')
    await rename(tmp, file)
  }

  return {
    get: (): Promise<Preferences> => read(),
    set(change: Partial<Preferences>): Promise<Preferences> {
      const next = queue.then(async () => {
        const updated = Preferences.parse({ ...(await read()), ...change })
        await write(updated)
        deps.emit('app.preferencesChanged', updated)
        return updated
      })
      queue = next.catch(() => undefined)
      return next
    },
  }
}
