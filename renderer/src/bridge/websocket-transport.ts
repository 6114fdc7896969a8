// The bridge over the browser-mode host's WebSocket. Calls carry ids and time out; the socket reconnects
// with backoff after a drop, and calls made while it is down fail at once with BRIDGE_DISCONNECTED. A call
// too large for one message (1 MiB) is refused here with BRIDGE_MESSAGE_TOO_LARGE instead of being sent
// (the host would close the socket and every call under way with it); dropped files' bytes go over the
// host's upload endpoint (upload.ts).
import { BridgeError, BridgeErrorCode, isEventName, type EventName } from '@common/bridge/contract'
import {
  maxBridgeMessageBytes,
  messageTooBigCloseCode,
  type WireCall,
  type WireServerMessage,
} from '@common/bridge/wire'
import { createBridgeState, type Bridge } from './index.ts'
import { uploadDroppedFile, uploadJournalDocument, type UploadOptions } from './upload.ts'

export interface WebSocketBridgeOptions {
  /** ws:// or wss:// URL of the host's bridge socket, including the session secret. */
  url: string
  callTimeoutMs?: number
  /** Backoff for reconnects: first delay, doubled per failed attempt up to the maximum. */
  reconnectMinMs?: number
  reconnectMaxMs?: number
  WebSocket?: typeof WebSocket
  /** The host's upload endpoints (browser mode); without them the bridge cannot send files. */
  upload?: Omit<UploadOptions, 'companyKey' | 'file' | 'onProgress'>
}

export interface WebSocketBridge extends Bridge {
  /** Resolves on the first successful connection; rejects when that first attempt fails. */
  readonly ready: Promise<void>
  close(): void
}

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: BridgeError) => void
  timer: ReturnType<typeof setTimeout>
}

export function createWebSocketBridge(options: WebSocketBridgeOptions): WebSocketBridge {
  const Socket = options.WebSocket ?? WebSocket
  const callTimeoutMs = options.callTimeoutMs ?? 30_000
  const reconnectMinMs = options.reconnectMinMs ?? 250
  const reconnectMaxMs = options.reconnectMaxMs ?? 10_000
  const { state, view } = createBridgeState('connecting')
  const pending = new Map<number, Pending>()
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  let socket: WebSocket | undefined
  let nextId = 1
  let attempt = 0
  let closed = false
  let everConnected = false
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let settleReady: { resolve: () => void; reject: (e: BridgeError) => void } | undefined
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }))

  const disconnected = (message: string) => new BridgeError(BridgeErrorCode.Disconnected, message)
  const limitMb = Math.round(maxBridgeMessageBytes / (1024 * 1024))

  /** The message's size in UTF-8 bytes, when it could be over the limit (a UTF-16 unit is at most 3 bytes). */
  const tooLarge = (text: string) =>
    text.length * 3 > maxBridgeMessageBytes &&
    new TextEncoder().encode(text).byteLength > maxBridgeMessageBytes

  function failPending(error: BridgeError) {
    for (const [id, p] of pending) {
      clearTimeout(p.timer)
      pending.delete(id)
      p.reject(error)
    }
  }

  function onMessage(data: unknown) {
    if (typeof data !== 'string') return
    let message: WireServerMessage
    try {
      message = JSON.parse(data) as WireServerMessage
    } catch {
      console.error('bridge: unreadable message from the host', data.slice(0, 200))
      return
    }
    if (message.type === 'result') {
      const p = pending.get(message.id)
      if (!p) return
      pending.delete(message.id)
      clearTimeout(p.timer)
      if (message.result.ok) p.resolve(message.result.value)
      else p.reject(BridgeError.from(message.result.error))
    } else if (message.type === 'event' && isEventName(message.name)) {
      for (const listener of listeners.get(message.name) ?? []) {
        try {
          listener(message.payload)
        } catch (error) {
          console.error(`bridge: a listener for ${message.name} failed`, error)
        }
      }
    }
  }

  function connect() {
    state.value = 'connecting'
    const ws = new Socket(options.url)
    socket = ws
    ws.onopen = () => {
      attempt = 0
      everConnected = true
      state.value = 'connected'
      settleReady?.resolve()
      settleReady = undefined
    }
    ws.onmessage = (event) => onMessage(event.data)
    ws.onclose = (event) => {
      if (socket !== ws) return
      socket = undefined
      state.value = 'disconnected'
      failPending(
        event?.code === messageTooBigCloseCode
          ? new BridgeError(
              BridgeErrorCode.MessageTooLarge,
              `The Ledgerdesk host refused a message larger than ${limitMb} MB and closed the connection; ` +
                'the calls under way were stopped. Try again.',
            )
          : disconnected('The connection to the Ledgerdesk host was lost'),
      )
      if (!everConnected) {
        settleReady?.reject(disconnected('Could not connect to the Ledgerdesk host'))
        settleReady = undefined
      }
      if (closed) return
      const delay = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** attempt)
      attempt += 1
      reconnectTimer = setTimeout(connect, delay)
    }
  }

  connect()

  return {
    transport: 'websocket',
    state: view,
    ready,
    call(name, ...args) {
      const ws = socket
      if (!ws || state.value !== 'connected') {
        return Promise.reject(disconnected(`Not connected to the Ledgerdesk host (calling ${name})`))
      }
      const id = nextId++
      const message: WireCall = { type: 'call', id, name, args }
      const text = JSON.stringify(message)
      if (tooLarge(text)) {
        const mb = (new TextEncoder().encode(text).byteLength / (1024 * 1024)).toFixed(1)
        return Promise.reject(
          new BridgeError(
            BridgeErrorCode.MessageTooLarge,
            `${name} carries ${mb} MB, more than the connection to the Ledgerdesk host takes in one message (${limitMb} MB); it was not sent`,
          ),
        )
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new BridgeError(BridgeErrorCode.Timeout, `${name} got no answer within ${callTimeoutMs} ms`))
        }, callTimeoutMs)
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer })
        ws.send(text)
      })
    },
    ...(options.upload
      ? {
          uploadDroppedFile: (companyKey: string, file: File, onProgress?: (sent: number) => void) =>
            uploadDroppedFile({
              ...options.upload!,
              companyKey,
              file,
              ...(onProgress ? { onProgress } : {}),
            }),
          uploadJournalDocument: (companyKey: string, file: File, onProgress?: (sent: number) => void) =>
            uploadJournalDocument({
              ...options.upload!,
              companyKey,
              file,
              ...(onProgress ? { onProgress } : {}),
            }),
        }
      : {}),
    on(name, listener) {
      let set = listeners.get(name)
      if (!set) listeners.set(name, (set = new Set()))
      const l = listener as (payload: unknown) => void
      set.add(l)
      return () => set.delete(l)
    },
    close() {
      closed = true
      clearTimeout(reconnectTimer)
      socket?.close()
    },
  }
}
