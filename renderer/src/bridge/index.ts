// The renderer's only way to main: useBridge(). It does not know whether it talks over Electron
// IPC (through the preload) or over the browser-mode WebSocket; a transport is installed once at
// start-up (or a test double in DOM tests).
import { readonly, ref, type Ref } from 'vue'
import type { CallArgs, CallName, CallResult, EventName, EventPayload } from '@common/bridge/contract'
import type { DropUpload } from '@common/bridge/scan'

export type BridgeState = 'connecting' | 'connected' | 'disconnected'

export interface Bridge {
  /** Calls main; rejects with a BridgeError (code, message, details). */
  call<K extends CallName>(name: K, ...args: CallArgs<K>): Promise<CallResult<K>>
  /** Listens to an event from main; returns the function that stops listening. */
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void
  readonly transport: 'ipc' | 'websocket' | 'test'
  /** Whether main can be reached (always connected over IPC; the WebSocket can drop and reconnect). */
  readonly state: Readonly<Ref<BridgeState>>
  /**
   * Browser mode only: sends a dropped file's bytes to the host for a company (`onProgress` gets the bytes
   * sent so far); the answer's token is what `scan.dropUploads` takes. The desktop app reads dropped files
   * from disk instead.
   */
  uploadDroppedFile?(companyKey: string, file: File, onProgress?: (sent: number) => void): Promise<DropUpload>
  /**
   * Browser mode only: sends a document attached to a journal draft to the host for a company (the bridge
   * message could not carry a normal scan); the answer's token is what `journal.uploadStaged` takes. The
   * desktop app sends the document's bytes with `journal.uploadDocument` over IPC instead.
   */
  uploadJournalDocument?(
    companyKey: string,
    file: File,
    onProgress?: (sent: number) => void,
  ): Promise<DropUpload>
}

let installed: Bridge | undefined

/** Installs the transport the app (or a test) uses. */
export function installBridge(bridge: Bridge): void {
  installed = bridge
}

export function useBridge(): Bridge {
  if (!installed) throw new Error('The bridge to the main process is not installed')
  return installed
}

/** A state ref for transports to own and expose read-only. */
export function createBridgeState(initial: BridgeState): {
  state: Ref<BridgeState>
  view: Readonly<Ref<BridgeState>>
} {
  const state = ref<BridgeState>(initial)
  return { state, view: readonly(state) as Readonly<Ref<BridgeState>> }
}
