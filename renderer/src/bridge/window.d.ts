import type { PreloadApi } from '@common/bridge/ipc'

declare global {
  interface Window {
    /** The preload's bridge API; present only inside the Electron app. */
    readonly ledgerdesk?: PreloadApi
  }
}

export {}
