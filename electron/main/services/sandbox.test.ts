// The sandbox launcher with a scripted platform process: the process itself is the platform CLI in the
// app (covered by the integration and end-to-end tests); here its output decides the status.
import { describe, expect, it } from 'vitest'
import type { EventName } from '../../../common/bridge/contract.ts'
import { memoryLogger } from '../logger.ts'
import type { KeyValueStore, PlatformChild, PlatformProcess } from '../ports.ts'
import { createSandboxService, parsePlatformLine } from './sandbox.ts'

function memoryStore(): KeyValueStore {
  const data = new Map<string, unknown>()
  return { get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) }
}

/** Prints what `script(args)` answers, line by line, then exits if asked to. */
function scripted(script: (args: readonly string[]) => { lines: string[]; exit?: number }) {
  const started: (readonly string[])[] = []
  let killed = 0
  const proc: PlatformProcess = {
    start(args) {
      started.push(args)
      const lineListeners: ((l: string) => void)[] = []
      const exitListeners: ((c: number | null) => void)[] = []
      const child: PlatformChild = {
        onLine: (l) => void lineListeners.push(l),
        onExit: (l) => void exitListeners.push(l),
        kill: () => {
          killed++
          setTimeout(() => exitListeners.forEach((l) => l(null)), 1)
        },
      }
      const { lines, exit } = script(args)
      setTimeout(() => {
        for (const line of lines) lineListeners.forEach((l) => l(line))
        if (exit !== undefined) exitListeners.forEach((l) => l(exit))
      }, 1)
      return child
    },
  }
  return { proc, started, killed: () => killed }
}

/** What the platform CLI prints: the endpoint set, then the bulk-permission host, then ready. */
const readyLines = (port: number) => [
  `AppFramework http://127.0.0.1:${port}/`,
  `Identity     http://127.0.0.1:${port}/identity`,
  'Signalr      (none)',
  `LicenseAdmin http://127.0.0.1:${port}/license-admin`,
  'ready',
]

function setup(proc: PlatformProcess, store = memoryStore()) {
  const events: [EventName, unknown][] = []
  const sandbox = createSandboxService({
    platformProcess: proc,
    dataDir: '/data',
    store,
    emit: (name, payload) => void events.push([name, payload]),
    log: memoryLogger(),
  })
  return { sandbox, events, store }
}

describe('the Local sandbox launcher', () => {
  it("parses the platform CLI's endpoint lines and ready", () => {
    expect(parsePlatformLine('AppFramework http://127.0.0.1:4100/')).toEqual({
      endpoint: ['AppFramework', 'http://127.0.0.1:4100/'],
    })
    expect(parsePlatformLine('LicenseAdmin http://127.0.0.1:4100/license-admin')).toEqual({
      endpoint: ['LicenseAdmin', 'http://127.0.0.1:4100/license-admin'],
    })
    expect(parsePlatformLine('ready')).toEqual({ ready: true })
    expect(parsePlatformLine('Signalr      (none)')).toBeUndefined()
    expect(parsePlatformLine('oidc-provider WARNING: Unsupported runtime.')).toBeUndefined()
  })

  it('starts the platform with its data in the app folder and reports starting, then ready with its addresses', async () => {
    const s = scripted(() => ({ lines: readyLines(41234) }))
    const { sandbox, events } = setup(s.proc)
    const status = await sandbox.start()
    expect(status).toEqual({
      state: 'ready',
      baseUrl: 'http://127.0.0.1:41234/',
      authUrl: 'http://127.0.0.1:41234/identity',
      licenseAdminUrl: 'http://127.0.0.1:41234/license-admin',
    })
    expect(await sandbox.endpoints()).toEqual({
      baseUrl: 'http://127.0.0.1:41234/',
      authUrl: 'http://127.0.0.1:41234/identity',
      licenseAdminUrl: 'http://127.0.0.1:41234/license-admin',
    })
    expect(s.started[0]).toEqual([
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      '/data/platform',
      '--seed',
      'demo',
    ])
    expect(events.map(([, p]) => (p as { state: string }).state)).toEqual(['starting', 'ready'])
    // Starting again while ready starts nothing.
    await sandbox.start()
    expect(s.started).toHaveLength(1)
  })

  it('is ready without a license administration address when the platform prints no LicenseAdmin line', async () => {
    const s = scripted(() => ({ lines: readyLines(41235).filter((l) => !l.startsWith('LicenseAdmin')) }))
    const { sandbox } = setup(s.proc)
    expect(await sandbox.start()).toMatchObject({ state: 'ready', licenseAdminUrl: null })
    expect((await sandbox.endpoints()).licenseAdminUrl).toBeNull()
  })

  it('asks for the last port again, and falls back to a free one when it is taken', async () => {
    const store = memoryStore()
    store.set('lastPort', 41234)
    const s = scripted((args) =>
      args[1] === '41234'
        ? {
            lines: ['platform: failed to start: listen EADDRINUSE: address already in use 127.0.0.1:41234'],
            exit: 1,
          }
        : { lines: readyLines(45555) },
    )
    const { sandbox } = setup(s.proc, store)
    expect(await sandbox.start()).toMatchObject({ state: 'ready', baseUrl: 'http://127.0.0.1:45555/' })
    expect(s.started.map((a) => a[1])).toEqual(['41234', '0'])
    expect(store.get('lastPort')).toBe(45555)
  })

  it('reports failed with the reason the platform printed', async () => {
    const s = scripted(() => ({ lines: ['platform: failed to start: disk full'], exit: 1 }))
    const { sandbox, events } = setup(s.proc)
    const status = await sandbox.start()
    expect(status).toEqual({
      state: 'failed',
      reason: 'The local platform stopped while starting (platform: failed to start: disk full)',
    })
    expect(events.at(-1)).toEqual(['sandbox.statusChanged', status])
    await expect(sandbox.endpoints()).rejects.toMatchObject({ code: 'SANDBOX_NOT_RUNNING' })
  })

  it('stops the process with the app', async () => {
    const s = scripted(() => ({ lines: readyLines(41000) }))
    const { sandbox } = setup(s.proc)
    await sandbox.start()
    await sandbox.stop()
    expect(s.killed()).toBe(1)
    expect(sandbox.status()).toEqual({ state: 'stopped' })
  })
})
