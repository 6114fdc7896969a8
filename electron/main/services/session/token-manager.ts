// Keeps one environment's access token fresh: refreshed shortly before it expires, and after a 401,
// behind one single-flight promise per environment and user, so parallel calls never spend the
// refresh token twice (the identity server rotates it: a second use would be refused).
// A refresh that fails is either a refusal (the session is over) or the identity server could not be
// reached (the session stays; the next call tries again): `refreshFailureKind` tells them apart.
// Once the token endpoint has answered with new tokens, the old refresh token is spent: the answer is
// kept in the vault before anything checks it, and a check that then fails is classed on its own merits,
// never as "could not be reached", which would spend the old token again and sign the user out.
import * as oidcClient from 'openid-client'
import type { AccessGrant, TokenSource } from '../api/client.ts'
import { ApiErrorCode, HttpStatus, transportError, type ApiError } from '../api/errors.ts'
import { ServerUrlErrorCode } from '../api/server-urls.ts'
import { OidcErrorCode, RefreshAnswerRejected } from './oidc.ts'
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
  // The token endpoint answered, and its answer failed a check (an ID token for another audience, issuer
  // or time): nothing was unreachable, and the answer cannot be used.
  if (error instanceof RefreshAnswerRejected) return 'refused'
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
  /**
   * Spends a refresh token at the identity server. An answer with new tokens that then fails a check
   * rejects with RefreshAnswerRejected carrying them.
   */
  refresh(refreshToken: string): Promise<RefreshedTokens>
  /**
   * Checks renewed tokens before they are used (the session's: they name its platform). It runs after
   * the tokens are kept; a failure is classed as a refresh failure is (`refreshFailureKind`).
   */
  check?(tokens: RefreshedTokens): Promise<void>
  /**
   * The refresh was refused, or its answer could not be used (`answered`: the identity server answered
   * with new tokens, which are in the vault): the session is over (the caller signs the user out).
   */
  onRefreshRefused(error: unknown, answered: boolean): void
  /** The identity server could not be asked; the session stays and the next call tries again. */
  onRefreshUnreachable?(error: unknown): void
  /** The renewed tokens could not be written to the vault: they are held in memory meanwhile. */
  onSaveFailed?(error: unknown): void
  /** Refresh this long before expiry. */
  aheadMs?: number
  now?: () => number
}

const inFlight = new Map<string, Promise<StoredSession>>()
/**
 * Refresh tokens the identity server refused, or that a session ended with (its renewal could not be
 * used): calls that meet a 401 later must not spend them again.
 */
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

  /**
   * Saves a session to the vault. When it cannot be written (the system's key store refuses, the disk is
   * full) the vault still holds it in memory, so this run goes on with it and the vault writes it again at
   * its next read; only a restart before that loses it.
   */
  async function keep(s: StoredSession): Promise<void> {
    try {
      await deps.vault.save(s)
    } catch (error) {
      deps.onSaveFailed?.(error)
    }
  }

  function refreshOnce(current: StoredSession): Promise<StoredSession> {
    const key = `${current.environmentId}\u0000${current.subject}`
    const running = inFlight.get(key)
    if (running) return running
    const flight = (async () => {
      const sent = current.refreshToken
      if (!sent || refused.has(sent)) {
        throw new SessionError(SessionErrorCode.Expired, 'Your session has ended; sign in again')
      }
      let tokens: RefreshedTokens
      let rejected: unknown = null
      try {
        tokens = await deps.refresh(sent)
      } catch (error) {
        if (!(error instanceof RefreshAnswerRejected)) {
          if (refreshFailureKind(error) === 'unreachable') {
            deps.onRefreshUnreachable?.(error)
            throw unreachableError(error)
          }
          refused.add(sent)
          deps.onRefreshRefused(error, false)
          throw new SessionError(SessionErrorCode.Expired, 'Your session has ended; sign in again')
        }
        tokens = error.tokens
        rejected = error
      }
      // The identity server has answered: a new refresh token replaces the one sent, which it has spent.
      const next: StoredSession = {
        ...current,
        accessToken: tokens.accessToken,
        expiresAt: tokens.expiresAt,
        refreshToken: tokens.refreshToken ?? sent,
        idToken: tokens.idToken ?? current.idToken,
      }
      // Kept before any check, with its access token not yet to be used (expired): whatever happens next,
      // a crash included, the next refresh spends the new refresh token, never the spent one.
      await keep({ ...next, expiresAt: 0 })
      if (!rejected)
        try {
          await deps.check?.(tokens)
        } catch (error) {
          rejected = error
        }
      if (rejected) {
        if (refreshFailureKind(rejected) === 'refused') {
          // The answer cannot be used: the session is over, and neither refresh token is spent again.
          refused.add(sent).add(next.refreshToken!)
          deps.onRefreshRefused(rejected, true)
          throw new SessionError(SessionErrorCode.Expired, 'Your session has ended; sign in again')
        }
        // The check could not be made (its server did not answer): the kept tokens wait, unused, for the
        // next call, which refreshes with the new refresh token and checks again.
        deps.onRefreshUnreachable?.(rejected)
        throw unreachableError(rejected)
      }
      await keep(next)
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
      // Another call refreshed while this one waited for its 401: use the new token (once it is checked).
      if (s.accessToken !== stale && s.expiresAt - aheadMs > now()) return grantOf(s)
      return grantOf(await refreshOnce(s))
    },
    async refreshNow() {
      return refreshOnce(await session())
    },
  }
}
