// How the bridge travels over Electron IPC: channel names and the API the preload exposes on
// `window.ledgerdesk`. Types only from the contract, so the sandboxed preload bundles no zod.
import type { BridgeResult, CallArgs, CallName, CallResult, EventName, EventPayload } from './contract.ts'

export const ipcCallChannel = (name: CallName): string => `bridge:call:${name}`
export const ipcEventChannel = (name: EventName): string => `bridge:event:${name}`

/** The preload's API: one named function per contract call, and a subscription limited to contract events. */
export interface PreloadApi {
  readonly call: { readonly [K in CallName]: (...args: CallArgs<K>) => Promise<BridgeResult<CallResult<K>>> }
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void
  /** The path on disk of a dropped or pasted file (Electron's webUtils.getPathForFile); '' when it has none. */
  pathForFile(file: File): string
}
