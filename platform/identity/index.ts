// The identity server at {auth_url} (spec section 5): oidc-provider mounted under the platform's
// Fastify app, its own sign-in and company pages, and access-token verification for the API.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Provider, { errors } from 'oidc-provider'
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose'
import type { Store } from '../db/store.ts'
import { PlatformError } from '../errors.ts'
import { findAccount } from './accounts.ts'
import { createAdapterClass, dropGrantCompany, grantCompany } from './adapter.ts'
import { clients } from './clients.ts'
import { accountFor, type ProviderContext } from './context.ts'
import { registerInteractions } from './interactions.ts'
import { loadOrCreateKeys, publicJwks } from './keys.ts'
import { providerPages } from './provider-pages.ts'
import { registerPasswordGrant } from './password-grant.ts'
import { API_SCOPES, OIDC_SCOPES } from './scopes.ts'
import { createSignInGuard, type SignInGuard } from './sign-in.ts'

export interface IdentityOptions {
  store: Store
  /** Directory for the signing and cookie keys (created if missing). */
  dataDir: string
  /** `${base}identity` */
  issuer: string
  /** Ends with '/'. */
  apiBaseUrl: string
  /**
   * The endpoints of the discovery document, the sign-in page's return addresses and the audiences a client
   * assertion may name take the issuer's scheme and host, not the request's. Set when the issuer is a public
   * URL in front of a proxy that may pass on another Host and that ends TLS; without it they follow the
   * request's Host header.
   */
  fixedOrigin?: boolean
  tokenTtl: number
  /** The sign-in throttle (shared with the sign-up of invitees); default one of its own on the real clock. */
  signIns?: SignInGuard
}

export interface AccessClaims {
  /** GlobalIdentity (a client id for client-credentials tokens). */
  sub: string
  companyKey?: string
  clientId: string
  scope: string
  exp: number
}

export interface Identity {
  /** Everything under /identity (oidc-provider and the sign-in pages). */
  register(app: FastifyInstance): Promise<void>
  /** Throws PlatformError('UNAUTHORIZED', ...). */
  verifyAccessToken(token: string): Promise<AccessClaims>
  close(): Promise<void>
}

const DAY = 24 * 60 * 60
/** Refresh tokens and the grants behind them last two weeks (spec 5: "not shown"). */
const OFFLINE_TTL = 14 * DAY
const VERIFIED_CACHE_SIZE = 5000

export async function createIdentity(opts: IdentityOptions): Promise<Identity> {
  const { store: sql, apiBaseUrl, issuer, tokenTtl } = opts
  const keys = await loadOrCreateKeys(opts.dataDir, sql.kind === 'postgres' ? sql : undefined)
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '')
  const apiResource = apiBaseUrl
  const resourceServerInfo = {
    scope: API_SCOPES.join(' '),
    audience: apiResource,
    accessTokenTTL: tokenTtl,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'RS256' } },
  }

  const provider = new Provider(issuer, {
    adapter: createAdapterClass(sql),
    clients,
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys },
    scopes: [...OIDC_SCOPES, ...API_SCOPES],
    claims: {
      // The API base URL and the chosen company travel with every id_token (field notes).
      openid: ['sub', 'AppFramework', 'companyKey'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // Claims of the granted scopes go into the id_token too, not only to userinfo.
    conformIdTokenClaims: false,
    routes: {
      authorization: '/connect/authorize',
      token: '/connect/token',
      userinfo: '/connect/userinfo',
      end_session: '/connect/endsession',
      revocation: '/connect/revocation',
      introspection: '/connect/introspect',
      device_authorization: '/connect/deviceauthorization',
      code_verification: '/connect/device',
      pushed_authorization_request: '/connect/par',
      backchannel_authentication: '/connect/ciba',
      jwks: '/.well-known/openid-configuration/jwks',
    },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      deviceFlow: {
        enabled: true,
        userCodeInputSource: providerPages.userCodeInputSource,
        userCodeConfirmSource: providerPages.userCodeConfirmSource,
        successSource: providerPages.successSource,
      },
      introspection: {
        enabled: true,
        // Confidential clients may introspect any token; a public client only its own.
        allowedPolicy: async (
          _ctx: unknown,
          client: { clientAuthMethod: string; clientId: string },
          token: { clientId?: string },
        ) => client.clientAuthMethod !== 'none' || token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: providerPages.logoutSource,
        postLogoutSuccessSource: providerPages.postLogoutSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => apiResource,
        // Tokens always target the API, also when openid is requested (which would otherwise mean
        // an opaque token for userinfo).
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, resource: string) => {
          if (resource === apiResource) return resourceServerInfo
          throw new errors.InvalidTarget()
        },
      },
    },
    pkce: {
      required: (_ctx: unknown, client: { clientAuthMethod: string }) => client.clientAuthMethod === 'none',
    },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: tokenTtl,
      ClientCredentials: tokenTtl,
      IdToken: tokenTtl,
      AuthorizationCode: 300,
      DeviceCode: 600,
      Interaction: 3600,
      Session: OFFLINE_TTL,
      Grant: OFFLINE_TTL,
      RefreshToken: OFFLINE_TTL,
    },
    clientBasedCORS: () => true,
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, sub: string, token?: { grantId?: string }) {
      // A sign-in lock (identity/sign-in.ts) stops new sign-ins only: a refresh of a session already signed in
      // goes on, so someone guessing the password cannot sign the person out.
      const account = await findAccount(sql, sub)
      if (!account) return undefined
      const base = accountFor(sql, apiBaseUrl, account)
      return {
        accountId: base.accountId,
        claims: (use: string, scope: string, claims: unknown, rejected: unknown) =>
          base.claims(use, scope, claims, rejected, token?.grantId),
      }
    },
    async extraTokenClaims(_ctx: unknown, token: { grantId?: string }) {
      const companykey = token.grantId ? await grantCompany(sql, token.grantId) : undefined
      return { AppFramework: apiBaseUrl, ...(companykey ? { companykey } : {}) }
    },
    renderError: providerPages.renderError,
  })

  if (opts.fixedOrigin) {
    // oidc-provider builds its URLs from Koa's request protocol and host; both are taken from the issuer.
    const { protocol, host, hostname } = new URL(issuer)
    const origin = { protocol: protocol.slice(0, -1), host, hostname }
    provider.use(async (ctx: { request: object }, next: () => Promise<void>) => {
      for (const [name, value] of Object.entries(origin))
        Object.defineProperty(ctx.request, name, { value, configurable: true })
      await next()
    })
  }

  provider.on('grant.revoked', (_ctx: unknown, grantId: string) => {
    void dropGrantCompany(sql, grantId).catch(() => {})
  })

  const pc: ProviderContext = {
    sql,
    provider,
    apiResource,
    resourceServerInfo,
    mountPath,
    cookieKey: keys.cookieKeys[0]!,
    grantTtl: OFFLINE_TTL,
    signIns: opts.signIns ?? createSignInGuard(),
  }
  registerPasswordGrant(pc, apiBaseUrl)

  const jwks = createLocalJWKSet(publicJwks(keys.jwks))
  const verified = new Map<string, AccessClaims>()

  async function verifyAccessToken(token: string): Promise<AccessClaims> {
    const now = Math.floor(Date.now() / 1000)
    const hit = verified.get(token)
    if (hit) {
      verified.delete(token)
      if (hit.exp <= now) throw new PlatformError('UNAUTHORIZED', 'The access token has expired.')
      // Re-inserted as most recently used; the oldest entry is dropped when the cache is full.
      verified.set(token, hit)
      return hit
    }
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: apiResource,
        algorithms: ['RS256'],
        typ: 'at+jwt',
      }))
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired)
        throw new PlatformError('UNAUTHORIZED', 'The access token has expired.')
      throw new PlatformError('UNAUTHORIZED', 'The access token is not valid.')
    }
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
      throw new PlatformError('UNAUTHORIZED', 'The access token is not valid.')
    }
    const claims: AccessClaims = {
      sub: payload.sub,
      clientId: typeof payload.client_id === 'string' ? payload.client_id : '',
      scope: typeof payload.scope === 'string' ? payload.scope : '',
      exp: payload.exp,
      ...(typeof payload.companykey === 'string' ? { companyKey: payload.companykey } : {}),
    }
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!)
    verified.set(token, claims)
    return claims
  }

  return {
    async register(app) {
      provider.on('server_error', (_ctx: unknown, err: unknown) =>
        app.log.error({ err }, 'identity server error'),
      )
      await app.register(
        async (child) => {
          // oidc-provider reads the raw request body itself.
          child.removeAllContentTypeParsers()
          child.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined))
          registerInteractions(child, pc)
          // Access tokens are JWTs for the API (audience = API base URL); oidc-provider's userinfo only
          // accepts its own opaque userinfo tokens, so userinfo answers for the API's tokens here.
          child.route({
            method: ['GET', 'POST'],
            url: '/connect/userinfo',
            handler: async (req, reply) => {
              reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store')
              const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
              try {
                if (!bearer) throw new PlatformError('UNAUTHORIZED', 'An access token is required.')
                const claims = await verifyAccessToken(bearer)
                const account = await findAccount(sql, claims.sub)
                if (!account) throw new PlatformError('UNAUTHORIZED', 'The access token is not valid.')
                const { sub: _sub, ...profile } = await accountFor(sql, apiBaseUrl, account).claims(
                  'userinfo',
                  claims.scope,
                  {},
                  [],
                )
                return reply.send({
                  sub: account.global_identity,
                  ...profile,
                  ...(claims.companyKey ? { companyKey: claims.companyKey } : {}),
                })
              } catch (err) {
                if (!(err instanceof PlatformError)) throw err
                return reply
                  .code(err.status)
                  .header('www-authenticate', `Bearer realm="${issuer}", error="invalid_token"`)
                  .send({ error: 'invalid_token', error_description: err.message })
              }
            },
          })
          const callback = provider.callback()
          const passThrough = (req: FastifyRequest, reply: FastifyReply) => {
            reply.hijack()
            const raw = req.raw as typeof req.raw & { originalUrl?: string }
            // oidc-provider derives its mount path from originalUrl minus url (Express-style mounting).
            raw.url = rewriteAuthorize(raw.url!.slice(mountPath.length) || '/')
            raw.originalUrl = `${mountPath}${raw.url}`
            callback(raw, reply.raw)
          }
          child.all('/', passThrough)
          child.all('/*', passThrough)
        },
        { prefix: mountPath },
      )
    },
    verifyAccessToken,
    async close() {
      verified.clear()
      provider.removeAllListeners()
    },
  }
}

/**
 * Spec 5 asks for `prompt=login` with `offline_access`, while OpenID Connect grants offline_access
 * only with prompt=consent. The sign-in pages always record consent, so consent is added to the prompt.
 */
function rewriteAuthorize(url: string): string {
  const q = url.indexOf('?')
  if (q < 0 || !url.startsWith('/connect/authorize')) return url
  const params = new URLSearchParams(url.slice(q + 1))
  const scopes = (params.get('scope') ?? '').split(' ')
  const prompts = new Set((params.get('prompt') ?? '').split(' ').filter(Boolean))
  if (!scopes.includes('offline_access') || prompts.has('consent') || prompts.has('none')) return url
  prompts.add('consent')
  params.set('prompt', [...prompts].join(' '))
  return `${url.slice(0, q)}?${params.toString()}`
}
