// The `password` grant (spec 5 lists it) for confidential clients: username and password in the token
// request, an optional `companykey` choosing the company of the token. It issues the same tokens as the
// authorization-code flow: a JWT access token for the API, an id_token with openid, and a refresh token
// with offline_access (refreshed by the standard refresh_token grant, which keeps the company).
import { errors } from 'oidc-provider'
import { companiesOf } from './accounts.ts'
import { saveGrantCompany } from './adapter.ts'
import { PASSWORD_GRANT } from './clients.ts'
import { accountFor, type ProviderContext } from './context.ts'
import { waitWords } from './pages.ts'
import { apiScopesOf, knownScopesOf, oidcScopesOf, splitScope } from './scopes.ts'

interface GrantCtx {
  oidc: {
    client: {
      clientId: string
      clientAuthMethod: string
      grantTypeAllowed(g: string): boolean
      scope?: string
    }
    params: Record<string, string | undefined>
    entity(name: string, value: unknown): void
  }
  body: unknown
  /** The client's address (Koa's, from the connection: the platform trusts no forwarding header). */
  ip: string
}

// errors.InvalidGrant keeps a fixed description; the client should learn what was wrong.
const invalidGrant = (description: string) => new errors.CustomOIDCProviderError('invalid_grant', description)

export function registerPasswordGrant(pc: ProviderContext, apiBaseUrl: string): void {
  const { provider, sql } = pc

  async function handler(ctx: GrantCtx): Promise<void> {
    const { client, params } = ctx.oidc
    if (client.clientAuthMethod === 'none') {
      throw new errors.UnauthorizedClient('the password grant is only for confidential clients')
    }
    if (!params.username || !params.password) {
      throw new errors.InvalidRequest('username and password are required')
    }
    const result = await pc.signIns.signIn(sql, {
      username: params.username,
      password: params.password,
      client: ctx.ip,
    })
    if (!result.ok) {
      throw invalidGrant(
        result.reason === 'locked'
          ? `the account is locked after too many failed sign-ins: try again in ${waitWords('en', result.retryAfterSeconds)}, or ask a license administrator of your office to lift the lock`
          : result.reason === 'throttled'
            ? `too many failed sign-ins: try again in ${waitWords('en', result.retryAfterSeconds)}`
            : 'wrong username or password',
      )
    }
    const gid = result.account.global_identity

    const companies = await companiesOf(sql, gid)
    let companyKey: string | undefined
    if (params.companykey) {
      companyKey = companies.find((c) => c.Key.toLowerCase() === params.companykey!.toLowerCase())?.Key
      if (!companyKey) throw invalidGrant('companykey is not one of the user’s companies')
    } else if (companies.length === 1) {
      companyKey = companies[0]!.Key
    }

    const allowed = client.scope ? new Set(client.scope.split(' ')) : undefined
    const scopes = splitScope(params.scope).filter((s) => !allowed || allowed.has(s))
    const oidcScopes = oidcScopesOf(scopes)
    const apiScopes = apiScopesOf(scopes)
    const offline = oidcScopes.includes('offline_access') && client.grantTypeAllowed('refresh_token')

    const grant = new provider.Grant({ accountId: gid, clientId: client.clientId })
    const known = knownScopesOf(scopes)
    if (known.length) grant.addOIDCScope(known.join(' '))
    if (apiScopes.length) grant.addResourceScope(pc.apiResource, apiScopes.join(' '))
    const grantId: string = await grant.save(pc.grantTtl)
    if (companyKey) await saveGrantCompany(sql, grantId, companyKey, pc.grantTtl)
    ctx.oidc.entity('Grant', grant)

    const account = accountFor(sql, apiBaseUrl, result.account)
    ctx.oidc.entity('Account', account)

    const at = new provider.AccessToken({
      accountId: gid,
      client,
      grantId,
      gty: PASSWORD_GRANT,
      expiresWithSession: false,
    })
    at.resourceServer = new provider.ResourceServer(pc.apiResource, pc.resourceServerInfo)
    at.scope = apiScopes.join(' ') || undefined
    ctx.oidc.entity('AccessToken', at)
    const accessToken: string = await at.save()

    let refreshToken: string | undefined
    if (offline) {
      const rt = new provider.RefreshToken({
        accountId: gid,
        client,
        grantId,
        gty: PASSWORD_GRANT,
        authTime: Math.floor(Date.now() / 1000),
        expiresWithSession: false,
        resource: pc.apiResource,
        rotations: 0,
        scope: scopes.join(' '),
      })
      ctx.oidc.entity('RefreshToken', rt)
      refreshToken = await rt.save()
    }

    let idToken: string | undefined
    if (oidcScopes.includes('openid')) {
      const claims = await account.claims('id_token', scopes.join(' '), {}, [], grantId)
      const token = new provider.IdToken({ ...claims, auth_time: Math.floor(Date.now() / 1000) }, { ctx })
      token.scope = oidcScopes.join(' ')
      token.set('at_hash', accessToken)
      idToken = await token.issue({ use: 'idtoken' })
    }

    ctx.body = {
      access_token: accessToken,
      expires_in: at.expiration,
      token_type: 'Bearer',
      scope: at.scope,
      ...(idToken ? { id_token: idToken } : {}),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    }
  }

  provider.registerGrantType(PASSWORD_GRANT, handler, ['username', 'password', 'scope', 'companykey'])
}
