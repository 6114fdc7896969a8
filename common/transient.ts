// "The platform cannot be reached now, try again later", told apart from "the platform refused": one rule
// for the outbox (the renderer's drain keeps an entry pending, main's sync service stops a batch instead of
// failing the entry), the connection probe, and the scan pipeline (the queue waits; the file is not failed).
// It reads what every failure carries: main's API error (a stable code and the HTTP status), the same error
// after it crossed the bridge (code and `details.status`), the bridge's own codes, and Node's socket codes.

/**
 * Why a call did not go through when it is worth trying again: the platform could not be reached (network,
 * timeout, gateway, the bridge went), the session needs a sign-in, or the platform failed on its side
 * (5xx, too many requests, an answer that could not be read).
 */
export type TransientKind = 'unreachable' | 'signedOut' | 'serverError'

const byCode: Readonly<Record<string, TransientKind>> = {
  API_NETWORK: 'unreachable',
  API_TIMEOUT: 'unreachable',
  // 502, 503, 504: a gateway in front of the platform answered for it.
  API_UNAVAILABLE: 'unreachable',
  API_ABORTED: 'unreachable',
  BRIDGE_DISCONNECTED: 'unreachable',
  BRIDGE_TIMEOUT: 'unreachable',
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  API_UNAUTHORIZED: 'signedOut',
  API_SERVER_ERROR: 'serverError',
  API_INVALID_RESPONSE: 'serverError',
}

/** The session's codes (SESSION_SIGNED_OUT, SESSION_EXPIRED) and the services' own (SCAN_SIGNED_OUT ...). */
const signedOutCode = /(^|_)(SIGNED_OUT|EXPIRED)$/

function byStatus(status: number): TransientKind | null {
  // 0: no answer at all; 408: the request timed out on the way.
  if (status === 0 || status === 408 || status === 502 || status === 503 || status === 504)
    return 'unreachable'
  if (status === 401) return 'signedOut'
  if (status === 429 || status >= 500) return 'serverError'
  return null
}

/** A `fetch` that got no answer (Node, Chromium, Firefox, Safari word it each their way). */
const fetchFailed = /^(fetch failed|failed to fetch|networkerror when attempting to fetch|load failed)/i

export function transientKind(error: unknown): TransientKind | null {
  if (error === null || typeof error !== 'object') return null
  const { code, status, details } = error as { code?: unknown; status?: unknown; details?: unknown }
  if (typeof code === 'string') {
    const known = byCode[code] ?? (signedOutCode.test(code) ? 'signedOut' : undefined)
    if (known) return known
  }
  const answered =
    typeof status === 'number'
      ? status
      : typeof (details as { status?: unknown } | null | undefined)?.status === 'number'
        ? (details as { status: number }).status
        : null
  if (answered !== null) return byStatus(answered)
  if (code === undefined && error instanceof TypeError && fetchFailed.test(error.message))
    return 'unreachable'
  return null
}

/** Whether the failure means "not now" rather than "refused": the work waits and is tried again. */
export function isTransient(error: unknown): boolean {
  return transientKind(error) !== null
}
