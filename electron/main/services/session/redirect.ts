// Where the identity server's redirect comes back (RFC 8252): the private-use scheme
// `no.ledgerdesk.app:/oauth/callback` (the OS hands it to the app as a command-line argument or an
// open-url event) or a loopback listener. Parsing and checking live here, apart from Electron.

export const signInScheme = 'no.ledgerdesk.app'
export const schemeRedirectUri = `${signInScheme}:/oauth/callback`
export const loopbackCallbackPath = '/callback'

/**
 * The sign-in link among a process's arguments. Windows and Linux start a second instance with the
 * link as an argument; Chromium adds its own switches (before or after it), and a shell may keep the
 * quotes around it.
 */
export function findSchemeUrlInArgv(
  argv: readonly string[],
  scheme: string = signInScheme,
): string | undefined {
  const prefix = `${scheme}:`.toLowerCase()
  for (const raw of argv) {
    const arg = raw
      .trim()
      .replace(/^"(.*)"$/s, '$1')
      .replace(/^'(.*)'$/s, '$1')
    if (arg.startsWith('-')) continue
    if (arg.toLowerCase().startsWith(prefix)) return arg
  }
  return undefined
}

export type CallbackProblem =
  'NOT_A_URL' | 'WRONG_TARGET' | 'STATE_MISMATCH' | 'ACCESS_DENIED' | 'AUTHORIZATION_ERROR' | 'NO_CODE'

export type CallbackCheck =
  | { ok: true; params: URLSearchParams; redirectUri: string }
  | { ok: false; problem: CallbackProblem; message: string }

/**
 * Checks a redirect against the login it should finish: same scheme, host, port and path as the
 * redirect URI sent, the state sent, and a code (or the identity server's error, in plain words).
 */
export function checkCallback(
  received: string,
  expected: { redirectUri: string; state: string },
): CallbackCheck {
  let url: URL
  let want: URL
  try {
    url = new URL(received)
    want = new URL(expected.redirectUri)
  } catch {
    return { ok: false, problem: 'NOT_A_URL', message: 'The sign-in answer was not a valid address' }
  }
  const path = (u: URL) => u.pathname.replace(/\/+$/, '') || '/'
  if (
    url.protocol.toLowerCase() !== want.protocol.toLowerCase() ||
    url.hostname.toLowerCase() !== want.hostname.toLowerCase() ||
    url.port !== want.port ||
    path(url) !== path(want) ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return { ok: false, problem: 'WRONG_TARGET', message: 'The sign-in answer came to an unexpected address' }
  }
  // RFC 6749 10.12: an answer without our state (or with another) is not ours to use.
  if (url.searchParams.get('state') !== expected.state) {
    return {
      ok: false,
      problem: 'STATE_MISMATCH',
      message: 'The sign-in answer does not belong to the sign-in in progress',
    }
  }
  const error = url.searchParams.get('error')
  if (error) {
    const description = url.searchParams.get('error_description')
    return error === 'access_denied'
      ? { ok: false, problem: 'ACCESS_DENIED', message: description || 'The sign-in was cancelled' }
      : {
          ok: false,
          problem: 'AUTHORIZATION_ERROR',
          message: description || `The identity server refused: ${error}`,
        }
  }
  if (!url.searchParams.get('code')) {
    return { ok: false, problem: 'NO_CODE', message: 'The sign-in answer carried no authorization code' }
  }
  return { ok: true, params: url.searchParams, redirectUri: expected.redirectUri }
}

/** The redirect as the token exchange needs it: the exact redirect URI sent, with the answer's query. */
export function callbackUrlFor(check: Extract<CallbackCheck, { ok: true }>): URL {
  const url = new URL(check.redirectUri)
  for (const [k, v] of check.params) url.searchParams.append(k, v)
  return url
}
