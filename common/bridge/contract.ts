// The bridge contract: every call the renderer may make to main and every event main may send.
// One definition (with the plain name lists in names.ts) serves the preload, main (argument validation
// before a service runs), the browser-mode WebSocket host, and the renderer's typed useBridge().
import { z } from 'zod'
import type { CallName, EventName } from './names.ts'

export { callNames, eventNames, isCallName, isEventName, type CallName, type EventName } from './names.ts'

export const AboutInfo = z.object({
  appName: z.string(),
  appVersion: z.string(),
  /** How the app runs: the Electron desktop app or browser mode (Node host + a browser tab). */
  mode: z.enum(['electron', 'browser']),
  electronVersion: z.string().nullable(),
  nodeVersion: z.string(),
  chromeVersion: z.string().nullable(),
  platform: z.string(),
  arch: z.string(),
  dataDir: z.string(),
  locale: z.string(),
})
export type AboutInfo = z.infer<typeof AboutInfo>

export const Locale = z.enum(['nb', 'en'])
export type Locale = z.infer<typeof Locale>

export const Preferences = z.object({
  /** null follows the system locale. */
  locale: Locale.nullable(),
})
export type Preferences = z.infer<typeof Preferences>

/** An http(s) URL, the only kind main opens in the system browser. */
export const ExternalUrl = z.url({ protocol: /^https?$/ })

/**
 * Calls: name -> [argument tuple schema, result schema]. Names say what the call does
 * (`app.about`, `approvals.approve`); arguments are validated in main before the service runs.
 */
export const calls = {
  'app.about': { args: z.tuple([]), result: AboutInfo },
  'app.getPreferences': { args: z.tuple([]), result: Preferences },
  'app.setPreferences': { args: z.tuple([Preferences.partial()]), result: Preferences },
  'shell.openExternal': { args: z.tuple([ExternalUrl]), result: z.void() },
} as const satisfies Record<CallName, { args: z.ZodTuple; result: z.ZodType }>
// `satisfies Record<CallName, …>` makes a call missing here, or one not listed in names.ts, a type error.

export const AppNotification = z.object({ title: z.string(), body: z.string() })
export type AppNotification = z.infer<typeof AppNotification>

/** Events: name -> payload schema. Names say what happened. */
export const events = {
  'app.preferencesChanged': Preferences,
  'shell.openUrlRequested': z.object({ url: ExternalUrl }),
  'app.notification': AppNotification,
} as const satisfies Record<EventName, z.ZodType>

export type CallArgs<K extends CallName> = z.input<(typeof calls)[K]['args']>
/** Arguments as a service receives them, after the contract's schema parsed them. */
export type ParsedCallArgs<K extends CallName> = z.output<(typeof calls)[K]['args']>
export type CallResult<K extends CallName> = z.output<(typeof calls)[K]['result']>
export type EventPayload<K extends EventName> = z.output<(typeof events)[K]>

/** What every transport carries back for a call: the value, or the error as a value. */
export type BridgeResult<T = unknown> = { ok: true; value: T } | { ok: false; error: BridgeErrorShape }

/** Errors cross the bridge as values, never as bare strings. */
export const BridgeErrorShape = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
})
export type BridgeErrorShape = z.infer<typeof BridgeErrorShape>

/** Stable codes for errors that cross the bridge; services add their own domain codes. */
export const BridgeErrorCode = {
  InvalidArguments: 'BRIDGE_INVALID_ARGUMENTS',
  UnknownCall: 'BRIDGE_UNKNOWN_CALL',
  ForbiddenSender: 'BRIDGE_FORBIDDEN_SENDER',
  Disconnected: 'BRIDGE_DISCONNECTED',
  Timeout: 'BRIDGE_TIMEOUT',
  /** Browser mode was opened without the host's per-run session secret. */
  NoSession: 'BRIDGE_NO_SESSION',
  /** A capability only the desktop app has (native file dialogs). */
  NotAvailableInBrowserMode: 'NOT_AVAILABLE_IN_BROWSER_MODE',
  Internal: 'INTERNAL',
} as const

export class BridgeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'BridgeError'
  }
  toShape(): BridgeErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    }
  }
  static from(shape: BridgeErrorShape): BridgeError {
    return new BridgeError(shape.code, shape.message, shape.details)
  }
}
