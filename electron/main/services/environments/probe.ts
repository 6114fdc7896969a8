// What an address the user typed leads to: the platform's endpoint set (/api/endpoints, spec 2.1) and
// the identity server's OpenID configuration (spec 5). The address may be the API base URL or the
// login address; both are tried, and the answer says what was found before anything is saved.
import { BridgeError } from '../../../../common/bridge/contract.ts'
import type { Fetch } from '../../ports.ts'

export const ProbeErrorCode = {
  InvalidUrl: 'ENVIRONMENT_INVALID_URL',
  Unreachable: 'ENVIRONMENT_UNREACHABLE',
  NotAPlatform: 'ENVIRONMENT_NOT_A_PLATFORM',
} as const

export interface ProbeResult {
  /** API base URL, ending with '/'; null when only a login address was given (the token's claim tells). */
  baseUrl: string | null
  authUrl: string
  issuer: string
  endpoints: Record<string, string> | null
  authorizationEndpoint: string
  tokenEndpoint: string
  revocationEndpoint: string | null
  scopesSupported: string[]
}

const timeoutMs = 10_000

export function normalizeAddress(input: string): URL {
  const text = input.trim()
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    throw new BridgeError(ProbeErrorCode.InvalidUrl, `"${input}" is not a web address`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BridgeError(ProbeErrorCode.InvalidUrl, 'The address must start with https://')
  }
  if (url.protocol === 'http:' && !isLoopback(url)) {
    // Tokens must never travel in clear text over a network; only this machine may use plain http.
    throw new BridgeError(
      ProbeErrorCode.InvalidUrl,
      'Use an https:// address (plain http is only allowed on this machine)',
    )
  }
  url.search = ''
  url.hash = ''
  url.pathname = url.pathname.replace(/\/\.well-known\/openid-configuration\/?$/, '')
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return url
}

export function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]'
}

type Fetched = { kind: 'json'; value: unknown } | { kind: 'not-json' } | { kind: 'unreachable' }

async function getJson(fetch: Fetch, url: URL): Promise<Fetched> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch {
    return { kind: 'unreachable' }
  }
  if (!response.ok) {
    await response.body?.cancel()
    return { kind: 'not-json' }
  }
  try {
    return { kind: 'json', value: await response.json() }
  } catch {
    return { kind: 'not-json' }
  }
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)

async function openIdConfiguration(fetch: Fetch, authUrl: string): Promise<Fetched> {
  const base = authUrl.endsWith('/') ? authUrl : `${authUrl}/`
  return getJson(fetch, new URL('.well-known/openid-configuration', base))
}

export async function probeEnvironment(fetch: Fetch, input: string): Promise<ProbeResult> {
  const address = normalizeAddress(input)
  const endpointsAnswer = await getJson(fetch, new URL('api/endpoints', address))
  let endpoints: Record<string, string> | null = null
  let baseUrl: string | null = null
  let authUrl: string
  if (endpointsAnswer.kind === 'json' && str((endpointsAnswer.value as Record<string, unknown>)?.Identity)) {
    const value = endpointsAnswer.value as Record<string, unknown>
    endpoints = Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >
    baseUrl = str(value.AppFramework) ?? address.href
    if (!baseUrl.endsWith('/')) baseUrl += '/'
    authUrl = str(value.Identity)!
  } else {
    authUrl = address.href.replace(/\/$/, '')
  }
  const config = await openIdConfiguration(fetch, authUrl)
  if (config.kind === 'unreachable' && endpointsAnswer.kind === 'unreachable') {
    throw new BridgeError(
      ProbeErrorCode.Unreachable,
      `Nothing answered at ${address.host}; check the address and your connection`,
    )
  }
  const doc = config.kind === 'json' ? (config.value as Record<string, unknown>) : undefined
  const issuer = str(doc?.issuer)
  const authorizationEndpoint = str(doc?.authorization_endpoint)
  const tokenEndpoint = str(doc?.token_endpoint)
  if (!doc || !issuer || !authorizationEndpoint || !tokenEndpoint) {
    throw new BridgeError(
      ProbeErrorCode.NotAPlatform,
      endpoints
        ? `The platform at ${address.host} names a login server (${authUrl}) that did not answer with an OpenID configuration`
        : `${address.href} is neither a platform API address (no /api/endpoints) nor a login address (no OpenID configuration)`,
    )
  }
  return {
    baseUrl,
    authUrl: issuer,
    issuer,
    endpoints,
    authorizationEndpoint,
    tokenEndpoint,
    revocationEndpoint: str(doc.revocation_endpoint) ?? null,
    scopesSupported: Array.isArray(doc.scopes_supported)
      ? doc.scopes_supported.filter((s) => typeof s === 'string')
      : [],
  }
}
