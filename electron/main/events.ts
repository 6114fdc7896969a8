import type { EventName, EventPayload } from '../../common/bridge/contract.ts'

/** Sends an event from main to every connected page (Electron windows or browser-mode tabs). */
export type EmitEvent = <E extends EventName>(name: E, payload: EventPayload<E>) => void
