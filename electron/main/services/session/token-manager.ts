// Keeps one environment's access token fresh: refreshed shortly before it expires, and after a 401,
// behind one single-flight promise per environment and user, so parallel calls never spend the
// refresh token twice (the identity server rotates it: a second use would be refused).
import type { AccessGrant, TokenSource } from '../api/client.ts'
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
  /** The refresh failed: the session is over (the caller signs the user out with this reason). */
  onRefreshFailed(error: unknown): void
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
        refused.add(current.refreshToken)
        deps.onRefreshFailed(error)
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
