// The signed-in session: sign in to an environment, keep its tokens (vault + token manager), hand out
// the API client, sign out. The renderer learns the state through `session.changed`, never a token.
import {
  BridgeError,
  type SessionReason,
  type SessionState,
  type SessionUser,
} from '../../../../common/bridge/contract.ts'
import type { EmitEvent } from '../../events.ts'
import type { Logger } from '../../logger.ts'
import type { Fetch, KeyValueStore } from '../../ports.ts'
import { createApiClient, type ApiClient } from '../api/client.ts'
import { checkAppFramework } from '../api/server-urls.ts'
import type { EnvironmentsService } from '../environments/environments.ts'
import { probeEnvironment } from '../environments/probe.ts'
import type { SandboxService } from '../sandbox.ts'
import { accessTokenClaims, apiBaseUrlOf, type Oidc, type OidcTarget, type TokenSet } from './oidc.ts'
import type { SignInFlow } from './sign-in.ts'
import { createTokenManager, SessionError, SessionErrorCode } from './token-manager.ts'
import type { StoredSession, TokenVault } from './token-vault.ts'

const currentKey = 'current'

/** Why a session ended, beyond the token manager's codes (the renderer words each: session.reasons). */
export const SessionReasonCode = {
  /** The login server answered a refresh with tokens whose checks failed: the session cannot go on. */
  RenewalRejected: 'SESSION_RENEWAL_REJECTED',
} as const

export type SessionService = ReturnType<typeof createSessionService>

/** Why a sign-in failed, as the renderer words it. */
const reasonOf = (error: unknown): SessionReason =>
  error instanceof Error && typeof (error as unknown as { code?: unknown }).code === 'string'
    ? { code: (error as unknown as { code: string }).code, message: error.message }
    : { code: 'SIGN_IN_FAILED', message: 'The sign-in failed' }

function userFrom(tokens: TokenSet): SessionUser {
  const id = tokens.idToken ? accessTokenClaims(tokens.idToken) : {}
  const access = accessTokenClaims(tokens.accessToken)
  const sub = String(id.sub ?? access.sub ?? '')
  const email = String(id.email ?? id.preferred_username ?? '')
  return {
    GlobalIdentity: sub,
    DisplayName: String(id.name ?? email),
    Email: email,
    UserName: String(id.preferred_username ?? email),
  }
}

/** Where an environment signs in and which platform its tokens must name, asked of its settings each time. */
function environmentAddresses(deps: {
  environments: EnvironmentsService
  sandbox: SandboxService
  fetch: Fetch
}) {
  async function targetFor(environmentId: string): Promise<OidcTarget> {
    const env = await deps.environments.resolve(environmentId)
    if (env.kind === 'sandbox') {
      const { authUrl } = await deps.sandbox.endpoints()
      return { issuer: authUrl, clientId: env.clientId }
    }
    const issuer =
      env.authUrl ?? (env.baseUrl ? (await probeEnvironment(deps.fetch, env.baseUrl)).authUrl : undefined)
    if (!issuer) throw new BridgeError('ENVIRONMENT_NO_LOGIN_ADDRESS', `${env.name} has no login address`)
    return { issuer, clientId: env.clientId, ...(env.clientSecret ? { clientSecret: env.clientSecret } : {}) }
  }

  /** The environment's own API base, which a token's AppFramework claim must name (null: not known). */
  async function expectedApiBase(environmentId: string): Promise<string | null> {
    const env = await deps.environments.resolve(environmentId)
    if (env.kind === 'sandbox') return (await deps.sandbox.endpoints()).baseUrl
    return env.baseUrl
  }

  /**
   * The environment's license administration address (spec 4.10 `{license_admin_url}`): the Local sandbox's
   * from its platform's start, any other's from its settings; null when none is configured.
   */
  async function licenseAdminUrlFor(environmentId: string): Promise<string | null> {
    const env = await deps.environments.resolve(environmentId)
    if (env.kind === 'sandbox') return (await deps.sandbox.endpoints()).licenseAdminUrl
    return env.licenseAdminUrl ?? null
  }

  /** The API base of a token, refused unless it is the environment's own (spec 5.4). */
  async function apiBaseFor(environmentId: string, accessToken: string, held?: string): Promise<string> {
    const expected = (await expectedApiBase(environmentId)) ?? held ?? null
    return checkAppFramework(apiBaseUrlOf(accessToken), expected)
  }

  async function ensurePlatform(environmentId: string) {
    const env = await deps.environments.resolve(environmentId)
    if (env.kind === 'sandbox') await deps.sandbox.endpoints()
  }

  return { targetFor, expectedApiBase, licenseAdminUrlFor, apiBaseFor, ensurePlatform }
}
type EnvironmentAddresses = ReturnType<typeof environmentAddresses>

/**
 * The token manager of a signed-in session: it refreshes against the environment's login server, checks
 * that renewed tokens still name the session's platform, and ends the session when the login server
 * refuses a refresh (revoking a renewal that cannot be used).
 */
function sessionTokens(
  deps: { vault: TokenVault; oidc: Oidc; log: Logger; now?: () => number },
  addresses: EnvironmentAddresses,
  session: StoredSession,
  endSession: (environmentId: string, reason: SessionReason | null) => Promise<SessionState>,
) {
  const now = deps.now ?? Date.now
  return createTokenManager({
    vault: deps.vault,
    environmentId: session.environmentId,
    now,
    refresh: async (refreshToken) =>
      deps.oidc.refresh(await addresses.targetFor(session.environmentId), refreshToken),
    // A renewed token must still name the session's platform. Checked once the renewal is kept: the
    // identity server has spent the old refresh token by then.
    check: async (tokens) => {
      await addresses.apiBaseFor(session.environmentId, tokens.accessToken, session.apiBaseUrl)
    },
    onRefreshUnreachable: (error) => {
      deps.log.warn('session: the login server could not be reached to refresh; staying signed in', {
        environmentId: session.environmentId,
        error,
      })
    },
    onSaveFailed: (error) => {
      deps.log.error('session: the renewed sign-in could not be saved; it is held until it can be', {
        environmentId: session.environmentId,
        error,
      })
    },
    onRefreshRefused: (error, answered) => {
      if (!answered) {
        deps.log.warn('session: the login server refused the refresh; signing out', {
          environmentId: session.environmentId,
          error,
        })
        void endSession(session.environmentId, {
          code: SessionErrorCode.Expired,
          message: 'Your session has ended. Sign in again to continue; nothing you did here is lost.',
        })
        return
      }
      // The login server renewed the sign-in with an answer that cannot be used: the session ends, and
      // the new refresh token it answered with (kept in the vault) is revoked, so nothing usable is left.
      deps.log.warn(
        'session: the login server renewed the sign-in with an answer that cannot be used; signing out',
        { environmentId: session.environmentId, error },
      )
      void (async () => {
        const kept = await deps.vault.load(session.environmentId)
        await endSession(session.environmentId, {
          code: SessionReasonCode.RenewalRejected,
          message:
            'The login server renewed your sign-in with an answer this app cannot accept, so the session has ended. Sign in again; nothing you did here is lost.',
        })
        if (kept?.refreshToken)
          await deps.oidc.revoke(
            await addresses.targetFor(session.environmentId),
            kept.refreshToken,
            'refresh_token',
          )
      })().catch((revokeError: unknown) =>
        deps.log.warn('session: revoking the renewed refresh token failed', {
          environmentId: session.environmentId,
          error: revokeError,
        }),
      )
    },
  })
}

export function createSessionService(deps: {
  environments: EnvironmentsService
  sandbox: SandboxService
  oidc: Oidc
  signInFlow: SignInFlow
  vault: TokenVault
  store: KeyValueStore
  fetch: Fetch
  emit: EmitEvent
  log: Logger
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  let state: SessionState = { status: 'signedOut', reason: null }
  let restored: Promise<void> | undefined
  let active: { environmentId: string; client: ApiClient } | undefined
  let attempt = 0
  const addresses = environmentAddresses(deps)

  const set = (next: SessionState) => {
    state = next
    deps.emit('session.changed', next)
    return next
  }

  /** Ends the session locally (vault cleared); the reason tells the renderer why. */
  async function endSession(environmentId: string, reason: SessionReason | null): Promise<SessionState> {
    await deps.vault.clear(environmentId)
    deps.store.delete(currentKey)
    active = undefined
    return set({ status: 'signedOut', reason })
  }

  function activate(session: StoredSession, environmentName: string): SessionState {
    const manager = sessionTokens(deps, addresses, session, endSession)
    active = {
      environmentId: session.environmentId,
      client: createApiClient({
        fetch: deps.fetch,
        trustedUrls: async () => [(await addresses.targetFor(session.environmentId)).issuer],
        licenseAdminUrl: () => addresses.licenseAdminUrlFor(session.environmentId),
        tokens: {
          current: async () => {
            await addresses.ensurePlatform(session.environmentId)
            return manager.current()
          },
          afterUnauthorized: (stale) => manager.afterUnauthorized(stale),
        },
      }),
    }
    deps.store.set(currentKey, session.environmentId)
    return set({
      status: 'signedIn',
      environmentId: session.environmentId,
      environmentName,
      user: session.user,
      loginCompanyKey: session.companyKey ?? null,
    })
  }

  function restore(): Promise<void> {
    restored ??= (async () => {
      const environmentId = deps.store.get(currentKey)
      if (typeof environmentId !== 'string') return
      const session = await deps.vault.load(environmentId)
      const { environments } = await deps.environments.list()
      const env = environments.find((e) => e.id === environmentId)
      if (!session || !env || (!session.refreshToken && session.expiresAt <= now())) {
        if (session) await deps.vault.clear(environmentId)
        deps.store.delete(currentKey)
        return
      }
      activate(session, env.name)
    })().catch((error: unknown) => {
      deps.log.error('session: the saved session could not be restored', { error })
    })
    return restored
  }

  async function runSignIn(environmentId: string, mine: number): Promise<void> {
    try {
      const target = await addresses.targetFor(environmentId)
      const tokens = await deps.signInFlow.signIn(target)
      const apiBaseUrl = await addresses.apiBaseFor(environmentId, tokens.accessToken)
      const claims = accessTokenClaims(tokens.accessToken)
      const user = userFrom(tokens)
      const { environments } = await deps.environments.list()
      const env = environments.find((e) => e.id === environmentId)
      if (mine !== attempt) return
      const session: StoredSession = {
        environmentId,
        accessToken: tokens.accessToken,
        expiresAt: tokens.expiresAt,
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        ...(tokens.idToken ? { idToken: tokens.idToken } : {}),
        apiBaseUrl,
        subject: user.GlobalIdentity,
        ...(typeof claims.companykey === 'string' ? { companyKey: claims.companykey } : {}),
        user,
      }
      await deps.vault.save(session)
      await deps.environments.markUsed(environmentId)
      activate(session, env?.name ?? environmentId)
    } catch (error) {
      if (mine !== attempt) return
      deps.log.warn('session: sign-in ended without a session', { environmentId, error })
      set({ status: 'signedOut', reason: reasonOf(error) })
    }
  }

  return {
    async get(): Promise<SessionState> {
      await restore()
      return state
    },

    /** Starts the sign-in and answers at once; the outcome arrives as `session.changed`. */
    async signIn(environmentId: string): Promise<SessionState> {
      await restore()
      await deps.environments.resolve(environmentId)
      if (state.status === 'signedIn') await this.signOut()
      const mine = ++attempt
      set({ status: 'signingIn', environmentId })
      void runSignIn(environmentId, mine)
      return state
    },

    async cancelSignIn(): Promise<SessionState> {
      deps.signInFlow.cancel()
      return state
    },

    /** Revokes the refresh token (best effort: an unreachable server must not keep the user signed in). */
    async signOut(): Promise<SessionState> {
      await restore()
      if (state.status !== 'signedIn') return state
      const environmentId = state.environmentId
      const session = await deps.vault.load(environmentId)
      if (session?.refreshToken) {
        try {
          await deps.oidc.revoke(
            await addresses.targetFor(environmentId),
            session.refreshToken,
            'refresh_token',
          )
        } catch (error) {
          deps.log.warn('session: revoking the refresh token failed; the local session is cleared anyway', {
            environmentId,
            error,
          })
        }
      }
      return endSession(environmentId, null)
    },

    receiveRedirect: (url: string) => deps.signInFlow.receiveRedirect(url),

    /** The API client of the signed-in session. */
    async api(): Promise<ApiClient> {
      await restore()
      if (!active) throw new SessionError(SessionErrorCode.SignedOut, 'Sign in to see your companies')
      return active.client
    },

    vaultInfo: () => deps.vault.info(),
    setPersistRefreshTokens: (persist: boolean) => deps.vault.setPersistOnWeakBackend(persist),
  }
}
