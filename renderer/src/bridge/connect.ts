// Start-up: install the bridge transport this page can use. Inside Electron the preload has exposed
// window.ledgerdesk; in browser mode the page talks to the Node host over its WebSocket.
import { BridgeError, BridgeErrorCode } from '@common/bridge/contract'
import { bridgeSocketPath, sessionParam } from '@common/bridge/wire'
import { installBridge } from './index.ts'
import { createIpcBridge } from './ipc-transport.ts'
import { takeSessionSecret } from './session.ts'
import { createWebSocketBridge } from './websocket-transport.ts'

/** Installs the IPC or WebSocket transport; rejects with a BridgeError when main cannot be reached. */
export async function connectBridge(): Promise<void> {
  if (window.ledgerdesk) {
    installBridge(createIpcBridge(window.ledgerdesk))
    return
  }
  const secret = takeSessionSecret()
  if (!secret) {
    throw new BridgeError(
      BridgeErrorCode.NoSession,
      'Open Ledgerdesk with the address the host printed (it carries the session secret).',
    )
  }
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
  const url = `${protocol}//${window.location.host}${bridgeSocketPath}?${sessionParam}=${encodeURIComponent(secret)}`
  const bridge = createWebSocketBridge({ url, upload: { origin: window.location.origin, secret } })
  bridge.on('shell.openUrlRequested', ({ url: external }) => {
    window.open(external, '_blank', 'noopener,noreferrer')
  })
  try {
    await bridge.ready
  } catch (error) {
    bridge.close()
    throw error
  }
  installBridge(bridge)
}
