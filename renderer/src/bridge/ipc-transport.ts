// The bridge over Electron IPC, through the API the preload exposed on window.ledgerdesk.
import { BridgeError, type BridgeResult } from '@common/bridge/contract'
import type { PreloadApi } from '@common/bridge/ipc'
import { createBridgeState, type Bridge } from './index.ts'

export function createIpcBridge(api: PreloadApi): Bridge {
  // IPC to the main process cannot drop while the page lives.
  const { view } = createBridgeState('connected')
  return {
    transport: 'ipc',
    state: view,
    async call(name, ...args) {
      const fn = api.call[name] as (...a: unknown[]) => Promise<BridgeResult>
      const result = await fn(...args)
      if (!result.ok) throw BridgeError.from(result.error)
      return result.value as never
    },
    on(name, listener) {
      return api.on(name, listener)
    },
  }
}
