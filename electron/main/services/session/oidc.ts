// openid-client for one environment's identity server: discovery (cached per issuer and client), the
// token endpoint for code exchange and refresh, and revocation. HTTP goes through the Fetch port.
import * as client from 'openid-client'
import { BridgeError } from '../../../../common/bridge/contract.ts'
import type { Fetch } from '../../ports.ts'

export const scopes = 'AppFramework profile openid offline_access'

export interface OidcTarget {
  /** The login address: the issuer. */
  issuer: string
  clientId: string
  clientSecret?: string
}

export const OidcErrorCode = {
  Discovery: 'SIGN_IN_DISCOVERY_FAILED',
  NoApiAddress: 'SIGN_IN_NO_API_ADDRESS',
  Exchange: 'SIGN_IN_EXCHANGE_FAILED',
} as const

export interface TokenSet {
  accessToken: string
  expiresAt: number
  refreshToken?: string
  idToken?: string
}

const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' &&
  (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]')

export type Oidc = ReturnType<typeof createOidc>

export function createOidc(deps: {
  fetch: Fetch
  now?: () => number
  /** Time allowed for each request to the login server (default 15 s). */
  timeoutSeconds?: number
}) {
  const now = deps.now ?? Date.now
  const configs = new Map<string, Promise<client.Configuration>>()
  const customFetch: client.CustomFetch = (url, options) =>
    deps.fetch(url, {
      method: options.method,
      headers: options.headers,
      body: options.body as RequestInit['body'],
      redirect: options.redirect,
      signal: options.signal,
    })

  function config(target: OidcTarget): Promise<client.Configuration> {
    const key = JSON.stringify([target.issuer, target.clientId, target.clientSecret ?? null])
    let found = configs.get(key)
    if (!found) {
      const issuer = new URL(target.issuer)
      found = client
        .discovery(
          issuer,
          target.clientId,
          undefined,
          target.clientSecret ? client.ClientSecretPost(target.clientSecret) : client.None(),
          {
            [client.customFetch]: customFetch,
            // The Local sandbox speaks plain http on loopback; anything else must be https.
            execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
            timeout: deps.timeoutSeconds ?? 15,
          },
        )
        .catch((error: unknown) => {
          configs.delete(key)
          throw new BridgeError(
            OidcErrorCode.Discovery,
            `The login server at ${issuer.host} could not be reached or did not describe itself`,
            { cause: error instanceof Error ? error.message : String(error) },
          )
        })
      configs.set(key, found)
    }
    return found
  }

  const toTokenSet = (t: client.TokenEndpointResponse): TokenSet => ({
    accessToken: t.access_token,
    expiresAt: now() + (t.expires_in ?? 3600) * 1000,
    ...(t.refresh_token ? { refreshToken: t.refresh_token } : {}),
    ...(t.id_token ? { idToken: t.id_token } : {}),
  })

  return {
    config,
    toTokenSet,
    async refresh(target: OidcTarget, refreshToken: string): Promise<TokenSet> {
      return toTokenSet(await client.refreshTokenGrant(await config(target), refreshToken))
    },
    async revoke(target: OidcTarget, token: string, hint: 'refresh_token' | 'access_token'): Promise<void> {
      await client.tokenRevocation(await config(target), token, { token_type_hint: hint })
    },
  }
}

/** The claims of a JWT access token, read without verifying (the platform verifies; main only routes). */
export function accessTokenClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1]
  if (!payload) return {}
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Spec 5.4 and 7: the API base URL is the AppFramework claim; a token without it cannot be used. */
export function apiBaseUrlOf(accessToken: string): string {
  const claim = accessTokenClaims(accessToken).AppFramework
  if (typeof claim !== 'string' || !/^https?:\/\//.test(claim)) {
    throw new BridgeError(
      OidcErrorCode.NoApiAddress,
      'The login server did not say which platform address to use (the token has no AppFramework claim)',
    )
  }
  return claim.endsWith('/') ? claim : `${claim}/`
}
