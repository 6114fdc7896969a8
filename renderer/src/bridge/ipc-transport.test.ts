import { describe, expect, it } from 'vitest'
import { BridgeError } from '@common/bridge/contract'
import { createIpcBridge } from './ipc-transport.ts'
import { about, fakePreload } from './testing.ts'

describe('the IPC bridge', () => {
  it('returns values and turns error results into BridgeErrors', async () => {
    const bridge = createIpcBridge(fakePreload())
    expect(bridge.state.value).toBe('connected')
    expect(await bridge.call('app.about')).toEqual(about)
    const error = await bridge.call('app.setPreferences', { locale: 'nb' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BridgeError)
    expect(error).toMatchObject({ code: 'BRIDGE_INVALID_ARGUMENTS' })
  })

  it('passes event subscriptions to the preload', () => {
    const preload = fakePreload()
    const seen: unknown[] = []
    const stop = createIpcBridge(preload).on('app.preferencesChanged', (p) => seen.push(p))
    preload.listeners.get('app.preferencesChanged')!({ locale: 'nb' })
    stop()
    expect(preload.listeners.size).toBe(0)
    expect(seen).toEqual([{ locale: 'nb' }])
  })
})
