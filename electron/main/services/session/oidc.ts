// openid-client for one environment's identity server: discovery (cached per issuer and client), the
// token endpoint for code exchange and refresh, and revocation. HTTP goes through the Fetch port.
import { AsyncLocalStorage } from 'node:async_hooks'
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
  /** The token endpoint answered a refresh with new tokens, but a check of its answer failed. */
  RefreshAnswerRejected: 'SESSION_REFRESH_ANSWER_REJECTED',
} as const

export interface TokenSet {
  accessToken: string
  expiresAt: number
  refreshToken?: string
  idToken?: string
}

/**
 * A refresh the token endpoint answered with new tokens whose answer then failed openid-client's checks
 * (its ID token's issuer, audience or times). An identity server that rotates refresh tokens has spent the
 * one sent by then, so the tokens it answered with travel with the error: the caller keeps them rather
 * than spend the old refresh token again. The ID token that failed is not among them.
 */
export class RefreshAnswerRejected extends Error {
  readonly code = OidcErrorCode.RefreshAnswerRejected
  constructor(
    readonly tokens: TokenSet,
    cause: unknown,
  ) {
    super(
      `The login server answered the refresh, but its answer could not be accepted: ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
      { cause },
    )
    this.name = 'RefreshAnswerRejected'
  }
}

/** What the token endpoint answered during one refresh, seen by the fetch before openid-client checks it. */
interface RefreshAnswer {
  tokens?: TokenSet
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
  /** The refresh under way in this async context, if any (one per call, however many run at once). */
  const refreshing = new AsyncLocalStorage<RefreshAnswer>()
  const customFetch: client.CustomFetch = async (url, options) => {
    const response = await deps.fetch(url, {
      method: options.method,
      headers: options.headers,
      body: options.body as RequestInit['body'],
      redirect: options.redirect,
      signal: options.signal,
    })
    // A refresh's token endpoint answer is read here too, before openid-client checks it: new tokens
    // in it are new tokens whatever a check then says.
    const answer = refreshing.getStore()
    if (answer && options.method === 'POST' && response.ok) answer.tokens = await tokensIn(response.clone())
    return response
  }

  /** The tokens in a token endpoint's answer, read leniently (the checks are openid-client's). */
  async function tokensIn(response: Response): Promise<TokenSet | undefined> {
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
    if (!body || typeof body.access_token !== 'string' || !body.access_token) return undefined
    const expiresIn = Number(body.expires_in)
    return {
      accessToken: body.access_token,
      expiresAt: now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000,
      ...(typeof body.refresh_token === 'string' && body.refresh_token
        ? { refreshToken: body.refresh_token }
        : {}),
    }
  }

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
    /**
     * Spends a refresh token. When the token endpoint answers with new tokens but a check of the answer
     * fails, throws RefreshAnswerRejected with those tokens (the sent refresh token may be spent already).
     */
    async refresh(target: OidcTarget, refreshToken: string): Promise<TokenSet> {
      const configuration = await config(target)
      const answer: RefreshAnswer = {}
      try {
        return toTokenSet(
          await refreshing.run(answer, () => client.refreshTokenGrant(configuration, refreshToken)),
        )
      } catch (error) {
        if (answer.tokens) throw new RefreshAnswerRejected(answer.tokens, error)
        throw error
      }
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
