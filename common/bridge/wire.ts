// How the bridge travels over the browser-mode WebSocket: JSON messages, one call answered by one result
// with the same id; events flow from the host unasked.
import { z } from 'zod'
import type { BridgeResult, EventName } from './contract.ts'

/** The WebSocket's path on the host; the per-run secret travels as the `session` query parameter. */
export const bridgeSocketPath = '/bridge'
export const sessionParam = 'session'

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
