// What main accepts from a server as an address to fetch: the file server of /api/endpoints, the URL a
// file's `?action=download` answers, and the API base of an access token's AppFramework claim. The rule,
// in one place, for every caller:
// - the scheme is https, or http on this machine only (127.0.0.1, ::1, localhost), never file: or other;
// - the host (name and port) is one of the environment's own: its API base, its identity server, the file
//   (and license) server its /api/endpoints names, and the license administration address its settings
//   name (spec 4.10 `{license_admin_url}`; the local platform serves them all on its one loopback port);
// - an answer's body is read up to a cap (the scan station's upload limit), never without end;
// - a token is sent only to the API base and those servers, and only after the address passed the check.
import { BridgeError } from '../../../../common/bridge/contract.ts'

/** The largest body read from a server-given address: the same 50 MB the scan station uploads at most. */
export const MAX_SERVER_BODY_BYTES = 50 * 1024 * 1024

export const ServerUrlErrorCode = {
  /** The address is not one main may fetch (scheme or host). */
  Refused: 'SERVER_URL_REFUSED',
  /** The answer was larger than MAX_SERVER_BODY_BYTES. */
  TooLarge: 'SERVER_ANSWER_TOO_LARGE',
  /** The access token's AppFramework claim names another platform than the environment's. */
  WrongPlatform: 'SIGN_IN_WRONG_PLATFORM',
} as const

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

export const isLoopbackUrl = (url: URL) => loopbackHosts.has(url.hostname)

/** The scheme rule alone: https, or http on loopback. Answers the parsed URL or throws Refused. */
export function checkScheme(value: string | URL, what: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new BridgeError(ServerUrlErrorCode.Refused, `The platform gave ${what} that is not a web address`)
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url))) return url
  throw new BridgeError(
    ServerUrlErrorCode.Refused,
    url.protocol === 'http:'
      ? `The platform gave ${what} over plain http on another machine (${url.host}); only https is accepted`
      : `The platform gave ${what} with the scheme ${url.protocol} ; only https (or http on this machine) is accepted`,
    { url: url.protocol === 'http:' || url.protocol === 'https:' ? url.href : url.protocol },
  )
}

/** The scheme rule, and the host (name and port) must be one of `hosts` (URL.host spellings). */
export function checkServerUrl(value: string | URL, hosts: ReadonlySet<string>, what: string): URL {
  const url = checkScheme(value, what)
  if (!hosts.has(url.host)) {
    throw new BridgeError(
      ServerUrlErrorCode.Refused,
      `The platform gave ${what} on ${url.host}, which is not one of this environment's servers (${[...hosts].join(', ')})`,
      { url: url.href },
    )
  }
  return url
}

/** Reads a response's body, refusing (and cancelling) one larger than `maxBytes`. */
export async function readCapped(
  response: Response,
  what: string,
  maxBytes: number = MAX_SERVER_BODY_BYTES,
): Promise<Uint8Array> {
  const tooLarge = () =>
    new BridgeError(
      ServerUrlErrorCode.TooLarge,
      `${what} is larger than ${Math.round(maxBytes / (1024 * 1024))} MB; it was not read`,
      { maxBytes },
    )
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw tooLarge()
  }
  if (!response.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.byteLength
  }
  return bytes
}

/** `https://host/` and `https://host` name the same API base; compared as href with one trailing slash. */
const baseOf = (value: string) => {
  const url = new URL(value)
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  url.search = ''
  url.hash = ''
  return url.href
}

/**
 * Spec 5.4: the API base is the token's AppFramework claim; it must be the environment's own API base, or
 * a token from one login server would send the user's work (and the token) to a platform they did not
 * choose. `expected` null: the environment was added by its login address alone, so the claim names it.
 */
export function checkAppFramework(claimBase: string, expected: string | null): string {
  const claim = checkScheme(claimBase, 'an API address (the AppFramework claim)')
  if (expected !== null && baseOf(claim.href) !== baseOf(expected)) {
    throw new BridgeError(
      ServerUrlErrorCode.WrongPlatform,
      `The login server issued a sign-in for the platform at ${claim.href}, but this environment's platform is ${baseOf(expected)}; the sign-in was not used`,
      { claim: claim.href, expected: baseOf(expected) },
    )
  }
  return baseOf(claim.href)
}
