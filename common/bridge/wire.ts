// How the bridge travels over the browser-mode WebSocket: JSON messages, one call answered by one result
// with the same id; events flow from the host unasked.
import { z } from 'zod'
import type { BridgeResult, EventName } from './contract.ts'

/** The WebSocket's path on the host; the per-run secret travels as the `session` query parameter. */
export const bridgeSocketPath = '/bridge'
export const sessionParam = 'session'

/**
 * The largest message the bridge socket carries (UTF-8 bytes of its JSON). The host closes a socket that is
 * sent more (close code 1009); file bytes travel over the upload endpoint instead.
 */
export const maxBridgeMessageBytes = 1024 * 1024
/** WebSocket close code for a message over the limit (RFC 6455, 7.4.1). */
export const messageTooBigCloseCode = 1009

/**
 * Browser mode's upload of a dropped file: `POST <dropUploadPath>?company=<key>&name=<file name>` with the
 * raw bytes as the body, its Content-Length, and the per-run secret in the `sessionHeader` header. The
 * answer (201) is a DropUpload whose token `scan.dropUploads` then takes.
 */
export const dropUploadPath = '/scan/drop'
/**
 * Browser mode's upload of a document attached to a journal draft, the same way as a dropped file:
 * `POST <journalDocumentUploadPath>?company=<key>&name=<file name>`; `journal.uploadStaged` takes the token.
 */
export const journalDocumentUploadPath = '/journal/document'
export const sessionHeader = 'x-ledgerdesk-session'

export const WireCall = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  name: z.string(),
  args: z.array(z.unknown()),
})
export type WireCall = z.infer<typeof WireCall>

export type WireResult = { type: 'result'; id: number; result: BridgeResult }
export type WireEvent = { type: 'event'; name: EventName; payload: unknown }
export type WireServerMessage = WireResult | WireEvent
