// Electron's ipcMain is the one thing replaced here; the dispatcher and contract are real.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callNames } from '../../../common/bridge/contract.ts'
import { createDispatcher, type Handlers } from '../bridge/dispatcher.ts'
import { memoryLogger } from '../logger.ts'

const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>()
vi.mock('electron', () => ({
  ipcMain: { handle: (channel: string, fn: never) => handlers.set(channel, fn) },
  BrowserWindow: { getAllWindows: () => [] },
}))

const { registerBridge } = await import('./ipc.ts')

// The calls these tests make; the others are never dispatched here.
const services = {
  'app.about': () => {
    throw new Error('not used')
  },
  'app.getPreferences': () => ({ locale: 'en' }),
  'app.setPreferences': (change: { locale?: 'nb' | 'en' | null }) => ({ locale: change.locale ?? null }),
  'shell.openExternal': () => undefined,
} as Partial<Handlers> as Handlers

function eventFrom(url: string | null, { subframe = false } = {}) {
  const top = { url: url ?? '', parent: null }
  return { senderFrame: url === null ? null : subframe ? { url, parent: top } : top }
}

describe('bridge registration over IPC', () => {
  const log = memoryLogger()
  beforeEach(() => {
    handlers.clear()
    registerBridge(createDispatcher(services, log), ['app://ledgerdesk'], log)
  })

  it('registers one channel per contract call', () => {
    expect([...handlers.keys()].sort()).toEqual(callNames.map((n) => `bridge:call:${n}`).sort())
  })

  it('answers the app’s own page with the service result', async () => {
    const handle = handlers.get('bridge:call:app.setPreferences')!
    expect(await handle(eventFrom('app://ledgerdesk/index.html#/settings'), { locale: 'nb' })).toEqual({
      ok: true,
      value: { locale: 'nb' },
    })
    expect(await handle(eventFrom('app://ledgerdesk/index.html'), { locale: 'xx' })).toMatchObject({
      ok: false,
      error: { code: 'BRIDGE_INVALID_ARGUMENTS' },
    })
  })

  it('refuses foreign pages, embedded frames and frames that are gone', async () => {
    const handle = handlers.get('bridge:call:app.getPreferences')!
    for (const event of [
      eventFrom('https://evil.example/'),
      eventFrom('app://ledgerdesk/index.html', { subframe: true }),
      eventFrom('file:///tmp/index.html'),
      eventFrom(null),
    ]) {
      expect(await handle(event)).toMatchObject({ ok: false, error: { code: 'BRIDGE_FORBIDDEN_SENDER' } })
    }
  })
})
