// One interactive sign-in (RFC 8252, spec 5): PKCE S256, state and nonce, the authorization URL opened
// in the system browser, the redirect received on the private-use scheme or a loopback listener, and
// the code exchange. Only one login is pending at a time; starting another abandons the first, and a
// login not finished in five minutes is abandoned with a clear message.
import * as client from 'openid-client'
import { BridgeError } from '../../../../common/bridge/contract.ts'
import type { Logger } from '../../logger.ts'
import { startLoopbackListener } from './loopback.ts'
import { scopes, type Oidc, type OidcTarget, type TokenSet } from './oidc.ts'
import { callbackUrlFor, checkCallback, schemeRedirectUri } from './redirect.ts'

export const SignInErrorCode = {
  TimedOut: 'SIGN_IN_TIMED_OUT',
  Cancelled: 'SIGN_IN_CANCELLED',
  Superseded: 'SIGN_IN_SUPERSEDED',
  Denied: 'SIGN_IN_DENIED',
  Refused: 'SIGN_IN_REFUSED',
  Exchange: 'SIGN_IN_EXCHANGE_FAILED',
} as const

export type RedirectMode = 'scheme' | 'loopback'

export interface SignInFlowDeps {
  oidc: Oidc
  /** Opens the authorization URL in the user's browser. */
  openBrowser(url: string): Promise<void>
  /** How redirects come back when the scheme is registered (Electron); browser mode uses loopback. */
  redirectMode(): RedirectMode
  timeoutMs?: number
  log: Logger
}

interface Pending {
  state: string
  redirectUri: string
  fail(error: BridgeError): void
  /** Hands a redirect to this login; false when it is not for this login. */
  receive(url: string): boolean
}

export type SignInFlow = ReturnType<typeof createSignInFlow>

export function createSignInFlow(deps: SignInFlowDeps) {
  const timeoutMs = deps.timeoutMs ?? 5 * 60_000
  let pending: Pending | undefined

  async function signIn(target: OidcTarget): Promise<TokenSet> {
    pending?.fail(new BridgeError(SignInErrorCode.Superseded, 'A newer sign-in replaced this one'))
    const config = await deps.oidc.config(target)
    const verifier = client.randomPKCECodeVerifier()
    const challenge = await client.calculatePKCECodeChallenge(verifier)
    const state = client.randomState()
    const nonce = client.randomNonce()
    const mode = deps.redirectMode()

    let resolveUrl!: (url: URL) => void
    let rejectUrl!: (error: BridgeError) => void
    const redirected = new Promise<URL>((resolve, reject) => {
      resolveUrl = resolve
      rejectUrl = reject
    })
    let redirectUri = schemeRedirectUri
    let receive: (url: string) => boolean = () => false
    const listener = mode === 'loopback' ? await startLoopbackListener((url) => receive(url)) : undefined
    if (listener) redirectUri = listener.redirectUri

    const me: Pending = {
      state,
      redirectUri,
      fail: (error) => rejectUrl(error),
      receive: (url) => receive(url),
    }
    receive = (url) => {
      const check = checkCallback(url, { redirectUri, state })
      if (check.ok) {
        resolveUrl(callbackUrlFor(check))
        return true
      }
      // An answer with another state (an old tab, or someone else's link) is ignored; this login waits on.
      if (
        check.problem === 'STATE_MISMATCH' ||
        check.problem === 'WRONG_TARGET' ||
        check.problem === 'NOT_A_URL'
      ) {
        deps.log.warn('sign-in: ignored a redirect that is not for the pending login', {
          problem: check.problem,
        })
        return false
      }
      rejectUrl(
        new BridgeError(
          check.problem === 'ACCESS_DENIED' ? SignInErrorCode.Denied : SignInErrorCode.Refused,
          check.message,
        ),
      )
      return true
    }
    pending = me
    const timer = setTimeout(
      () =>
        rejectUrl(
          new BridgeError(
            SignInErrorCode.TimedOut,
            'The sign-in was not completed within 5 minutes and was stopped; start it again when you are ready',
          ),
        ),
      timeoutMs,
    )
    try {
      const authorizationUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: scopes,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'login',
      })
      await deps.openBrowser(authorizationUrl.href)
      const callbackUrl = await redirected
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: verifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        })
        return deps.oidc.toTokenSet(tokens)
      } catch (error) {
        deps.log.warn('sign-in: the code exchange failed', { error })
        throw new BridgeError(
          SignInErrorCode.Exchange,
          'The login server did not accept the sign-in; try again',
          {
            cause: error instanceof Error ? error.message : String(error),
          },
        )
      }
    } finally {
      clearTimeout(timer)
      if (pending === me) pending = undefined
      await listener?.close()
    }
  }

  return {
    signIn,
    /** A redirect on the private-use scheme (from argv, second-instance or open-url). */
    receiveRedirect(url: string): boolean {
      return pending ? pending.receive(url) : false
    },
    cancel(): void {
      pending?.fail(new BridgeError(SignInErrorCode.Cancelled, 'The sign-in was cancelled'))
    },
    isPending: () => pending !== undefined,
  }
}
