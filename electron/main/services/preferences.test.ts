import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventName } from '../../../common/bridge/contract.ts'
import type { EmitEvent } from '../events.ts'
import { memoryLogger } from '../logger.ts'
import { createPreferencesService, preferencesFileName } from './preferences.ts'

let dataDir: string
let events: { name: EventName; payload: unknown }[]
const emit: EmitEvent = (name, payload) => void events.push({ name, payload })

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ledgerdesk-prefs-'))
  events = []
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('preferences', () => {
  it('follow the system locale until one is chosen', async () => {
    const prefs = createPreferencesService({ dataDir, emit, log: memoryLogger() })
    expect(await prefs.get()).toEqual({ locale: null })
  })

  it('persist a chosen locale to the data folder and announce the change', async () => {
    const prefs = createPreferencesService({ dataDir, emit, log: memoryLogger() })
    expect(await prefs.set({ locale: 'nb' })).toEqual({ locale: 'nb' })
    expect(JSON.parse(await readFile(join(dataDir, preferencesFileName), 'utf8'))).toEqual({ locale: 'nb' })
    expect(events).toEqual([{ name: 'app.preferencesChanged', payload: { locale: 'nb' } }])

    const afterRestart = createPreferencesService({ dataDir, emit, log: memoryLogger() })
    expect(await afterRestart.get()).toEqual({ locale: 'nb' })
    await afterRestart.set({ locale: null })
    expect(await prefs.get()).toEqual({ locale: null })
  })

  it('apply concurrent changes in order, so the last one wins on disk', async () => {
    const prefs = createPreferencesService({ dataDir, emit, log: memoryLogger() })
    await Promise.all([prefs.set({ locale: 'nb' }), prefs.set({ locale: 'en' }), prefs.set({ locale: 'nb' })])
    expect(await prefs.get()).toEqual({ locale: 'nb' })
    expect(events.map((e) => e.payload)).toEqual([{ locale: 'nb' }, { locale: 'en' }, { locale: 'nb' }])
  })

  it('fall back to defaults on an unreadable file but keep that file aside', async () => {
    await writeFile(join(dataDir, preferencesFileName), '{"locale": "nb",')
    const log = memoryLogger()
    const prefs = createPreferencesService({ dataDir, emit, log })
    expect(await prefs.get()).toEqual({ locale: null })
    const files = await readdir(dataDir)
    const aside = files.find((f) => f.startsWith(`${preferencesFileName}.unreadable-`))
    expect(aside).toBeDefined()
    expect(await readFile(join(dataDir, aside!), 'utf8')).toBe('{"locale": "nb",')
    expect(log.entries.map((e) => e.level)).toEqual(['warn'])
  })
})
