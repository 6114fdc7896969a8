// A stand-in for the preload's window.ledgerdesk, for tests of the IPC transport and of connectBridge.
import type { AboutInfo } from '@common/bridge/contract'
import type { PreloadApi } from '@common/bridge/ipc'

export const about: AboutInfo = {
  appName: 'Ledgerdesk',
  appVersion: '0.1.0',
  mode: 'electron',
  electronVersion: '40.0.0',
  chromeVersion: '144.0.0.0',
  nodeVersion: '22.0.0',
  platform: 'darwin',
  arch: 'arm64',
  dataDir: '/Users/a/Library/Application Support/Ledgerdesk',
  locale: 'nb-NO',
}

export function fakePreload(): PreloadApi & { listeners: Map<string, (p: unknown) => void> } {
  const listeners = new Map<string, (p: unknown) => void>()
  return {
    listeners,
    call: {
      'app.about': async () => ({ ok: true, value: about }),
      'app.getPreferences': async () => ({ ok: true, value: { locale: null } }),
      'app.setPreferences': async () => ({
        ok: false,
        error: { code: 'BRIDGE_INVALID_ARGUMENTS', message: 'Invalid arguments for app.setPreferences' },
      }),
      'shell.openExternal': async () => ({ ok: true, value: undefined }),
      // Only the calls the transport tests make are answered.
    } as Partial<PreloadApi['call']> as PreloadApi['call'],
    on(name, listener) {
      listeners.set(name, listener as (p: unknown) => void)
      return () => listeners.delete(name)
    },
    pathForFile: (file) => `/drop/${file.name}`,
  }
}
