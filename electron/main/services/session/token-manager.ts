// Keeps one environment's access token fresh: refreshed shortly before it expires, and after a 401,
// behind one single-flight promise per environment and user, so parallel calls never spend the
// refresh token twice (the identity server rotates it: a second use would be refused).
// A refresh that fails is either a refusal (the session is over) or the identity server could not be
// reached (the session stays; the next call tries again): `refreshFailureKind` tells them apart.
import * as oidcClient from 'openid-client'
import type { AccessGrant, TokenSource } from '../api/client.ts'
import { ApiErrorCode, HttpStatus, transportError, type ApiError } from '../api/errors.ts'
import { ServerUrlErrorCode } from '../api/server-urls.ts'
import { OidcErrorCode } from './oidc.ts'
import type { StoredSession, TokenVault } from './token-vault.ts'

export const SessionErrorCode = {
  SignedOut: 'SESSION_SIGNED_OUT',
  Expired: 'SESSION_EXPIRED',
} as const

export class SessionError extends Error {
  constructor(
    readonly code: (typeof SessionErrorCode)[keyof typeof SessionErrorCode],
    message: string,
  ) {
    super(message)
    this.name = 'SessionError'
  }
}

/**
 * What a failed refresh means. Only the identity server's own refusal ends a session: `invalid_grant`
 * (the refresh token is revoked, expired or already spent) or a 400/401 answer from the token endpoint.
 * A network error, a timeout, a 5xx answer or a failed discovery of the login server means it could not
 * be asked: the session stays, and the refresh token is spent again once it answers.
 */
export function refreshFailureKind(error: unknown): 'refused' | 'unreachable' {
  const refusedStatus = (status: unknown) =>
    status === HttpStatus.BadRequest || status === HttpStatus.Unauthorized
  if (error instanceof oidcClient.ResponseBodyError)
    return error.error === 'invalid_grant' || refusedStatus(error.status) ? 'refused' : 'unreachable'
  if (error instanceof oidcClient.WWWAuthenticateChallengeError)
    return refusedStatus(error.status) ? 'refused' : 'unreachable'
  // The renewed token names no platform, or another one than the session's: it cannot be used.
  const code = (error as { code?: unknown } | null)?.code
  if (code === ServerUrlErrorCode.WrongPlatform || code === OidcErrorCode.NoApiAddress) return 'refused'
  // openid-client: a token endpoint answer without an OAuth error body, with the Response as its cause.
  if (error instanceof oidcClient.ClientError && error.cause instanceof Response)
    return refusedStatus(error.cause.status) ? 'refused' : 'unreachable'
  return 'unreachable'
}

/** The error a call meets while the login server cannot be reached: a connection error, not a sign-out. */
function unreachableError(error: unknown): ApiError {
  const timedOut =
    (error instanceof oidcClient.ClientError && error.code === 'OAUTH_TIMEOUT') ||
    (error instanceof Error && error.name === 'TimeoutError')
  return transportError(
    timedOut ? ApiErrorCode.Timeout : ApiErrorCode.Network,
    'The login server could not be reached to renew the sign-in; working offline until it answers',
  )
}

export interface RefreshedTokens {
  accessToken: string
  expiresAt: number
  refreshToken?: string
  idToken?: string
}

export interface TokenManagerDeps {
  vault: TokenVault
  environmentId: string
  /** Spends a refresh token at the identity server. */
  refresh(refreshToken: string): Promise<RefreshedTokens>
  /** The identity server refused the refresh: the session is over (the caller signs the user out). */
  onRefreshRefused(error: unknown): void
  /** The identity server could not be asked; the session stays and the next call tries again. */
  onRefreshUnreachable?(error: unknown): void
  /** Refresh this long before expiry. */
  aheadMs?: number
  now?: () => number
}

const inFlight = new Map<string, Promise<StoredSession>>()
/** Refresh tokens the identity server refused: calls that meet a 401 later must not spend them again. */
const refused = new Set<string>()

export function createTokenManager(
  deps: TokenManagerDeps,
): TokenSource & { refreshNow(): Promise<StoredSession> } {
  const now = deps.now ?? Date.now
  const aheadMs = deps.aheadMs ?? 60_000

  async function session(): Promise<StoredSession> {
    const s = await deps.vault.load(deps.environmentId)
    if (!s) throw new SessionError(SessionErrorCode.SignedOut, 'You are not signed in to this environment')
    return s
  }

  function refreshOnce(current: StoredSession): Promise<StoredSession> {
    const key = `${current.environmentId}\u0000${current.subject}`
    const running = inFlight.get(key)
    if (running) return running
    const flight = (async () => {
      if (!current.refreshToken || refused.has(current.refreshToken)) {
        throw new SessionError(SessionErrorCode.Expired, 'Your session has ended; sign in again')
      }
      let tokens: RefreshedTokens
      try {
        tokens = await deps.refresh(current.refreshToken)
      } catch (error) {
        if (refreshFailureKind(error) === 'unreachable') {
          deps.onRefreshUnreachable?.(error)
          throw unreachableError(error)
        }
        refused.add(current.refreshToken)
        deps.onRefreshRefused(error)
        throw new SessionError(SessionErrorCode.Expired, 'Your session has ended; sign in again')
      }
      const next: StoredSession = {
        ...current,
        accessToken: tokens.accessToken,
        expiresAt: tokens.expiresAt,
        refreshToken: tokens.refreshToken ?? current.refreshToken,
        idToken: tokens.idToken ?? current.idToken,
      }
      await deps.vault.save(next)
      return next
    })().finally(() => inFlight.delete(key))
    inFlight.set(key, flight)
    return flight
  }

  const grantOf = (s: StoredSession): AccessGrant => ({
    accessToken: s.accessToken,
    apiBaseUrl: s.apiBaseUrl,
  })

  return {
    async current() {
      const s = await session()
      if (s.expiresAt - aheadMs > now()) return grantOf(s)
      return grantOf(await refreshOnce(s))
    },
    async afterUnauthorized(stale) {
      const s = await session()
      // Another call refreshed while this one waited for its 401: use the new token.
      if (s.accessToken !== stale) return grantOf(s)
      return grantOf(await refreshOnce(s))
    },
    async refreshNow() {
      return refreshOnce(await session())
    },
  }
}
