// Electron's contextBridge and ipcRenderer are the only things replaced: the preload itself runs as built.
import { describe, expect, it, vi } from 'vitest'
import { callNames } from '../../common/bridge/contract.ts'
import type { PreloadApi } from '../../common/bridge/ipc.ts'

const exposed = new Map<string, unknown>()
const invoked: unknown[][] = []
const subscriptions = new Map<string, (...args: unknown[]) => void>()

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      invoked.push(args)
      return { ok: true, value: 'answer' }
    },
    on: (channel: string, fn: (...args: unknown[]) => void) => subscriptions.set(channel, fn),
    off: (channel: string) => subscriptions.delete(channel),
  },
}))

await import('./index.ts')
const api = exposed.get('ledgerdesk') as PreloadApi

describe('the preload', () => {
  it('exposes only `ledgerdesk`, with one function per contract call and no raw IPC', () => {
    expect([...exposed.keys()]).toEqual(['ledgerdesk'])
    expect(Object.keys(api).sort()).toEqual(['call', 'on', 'pathForFile'])
    expect(Object.keys(api.call).sort()).toEqual([...callNames].sort())
  })

  it('sends each call on its own channel with its arguments', async () => {
    expect(await api.call['app.setPreferences']({ locale: 'nb' })).toEqual({ ok: true, value: 'answer' })
    expect(invoked).toEqual([['bridge:call:app.setPreferences', { locale: 'nb' }]])
  })

  it('subscribes only to contract events and hands listeners the payload, never the IPC event', () => {
    const seen: unknown[] = []
    const stop = api.on('app.preferencesChanged', (payload) => seen.push(payload))
    subscriptions.get('bridge:event:app.preferencesChanged')!({ sender: 'ipc-event' }, { locale: 'en' })
    expect(seen).toEqual([{ locale: 'en' }])
    stop()
    expect(subscriptions.has('bridge:event:app.preferencesChanged')).toBe(false)
    expect(() => api.on('some.internalChannel' as never, () => {})).toThrow(/Unknown bridge event/)
  })
})
