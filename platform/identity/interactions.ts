// The sign-in interaction: the sign-in form, then a company choice when the person belongs to more than
// one company, then back to oidc-provider with login and consent (the grant, with the chosen company).
// Every page and post belongs to one interaction: oidc-provider binds it to the browser through the
// uid-scoped interaction cookie, and each form carries a token derived from the uid with a server key.
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { companiesOf } from './accounts.ts'
import { saveGrantCompany } from './adapter.ts'
import type { ProviderContext } from './context.ts'
import {
  companyPage,
  errorPage,
  formTokens,
  langOf,
  loginPage,
  sendPage,
  t,
  waitWords,
  type Lang,
  type MessageKey,
} from './pages.ts'
import { apiScopesOf, knownScopesOf, splitScope } from './scopes.ts'

const OK = 200
const SEE_OTHER = 303
const BAD_REQUEST = 400
const UNAUTHORIZED = 401
const FORBIDDEN = 403
const PAYLOAD_TOO_LARGE = 413
const TOO_MANY_REQUESTS = 429
const MAX_FORM_BYTES = 64 * 1024

interface InteractionDetails {
  uid: string
  prompt: { name: string }
  params: Record<string, unknown>
  session?: { accountId?: string }
  result?: { login?: { accountId?: string } }
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>

class FormTooLarge extends Error {}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_FORM_BYTES) throw new FormTooLarge()
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

export function registerInteractions(app: FastifyInstance, pc: ProviderContext): void {
  const { provider, sql, mountPath } = pc
  const base = `${mountPath}/interaction`

  const { tokenFor: csrfFor, valid: csrfValid } = formTokens(pc.cookieKey, 'interaction')
  const html = sendPage

  /** The interaction bound to this browser, only when it is the one in the URL. */
  async function detailsOf(req: UidRequest, reply: FastifyReply): Promise<InteractionDetails | undefined> {
    try {
      const details = (await provider.interactionDetails(req.raw, reply.raw)) as InteractionDetails
      return details.uid === req.params.uid ? details : undefined
    } catch {
      return undefined
    }
  }

  const expired = (reply: FastifyReply, lang: Lang) =>
    html(reply, BAD_REQUEST, errorPage(lang, t(lang, 'expired')))

  const showLogin = (
    reply: FastifyReply,
    lang: Lang,
    uid: string,
    status = OK,
    error?: MessageKey,
    username?: string,
    /** The wait a `throttled` or `locked` message names. */
    retryAfterSeconds?: number,
  ) => {
    let message = error && t(lang, error)
    if (message && retryAfterSeconds !== undefined) {
      message = message.replace('{wait}', waitWords(lang, retryAfterSeconds))
      reply.header('retry-after', String(retryAfterSeconds))
    }
    return html(
      reply,
      status,
      loginPage({
        lang,
        action: `${base}/${uid}/login`,
        abort: `${base}/${uid}/abort`,
        csrf: csrfFor(uid),
        username,
        error: message,
      }),
    )
  }

  async function finish(
    reply: FastifyReply,
    details: InteractionDetails,
    accountId: string,
    companyKey?: string,
  ) {
    const req = reply.request
    const scopes = splitScope(details.params.scope)
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id })
    // Every scope oidc-provider knows counts as an OpenID scope for consent; the API scopes are also
    // granted on the API resource server, where the access token's scope comes from.
    const oidcScopes = knownScopesOf(scopes)
    const apiScopes = apiScopesOf(scopes)
    if (oidcScopes.length) grant.addOIDCScope(oidcScopes.join(' '))
    if (apiScopes.length) grant.addResourceScope(pc.apiResource, apiScopes.join(' '))
    const grantId: string = await grant.save(pc.grantTtl)
    if (companyKey) await saveGrantCompany(sql, grantId, companyKey, pc.grantTtl)
    const login = details.prompt.name === 'login' || details.result?.login ? { login: { accountId } } : {}
    const returnTo: string = await provider.interactionResult(
      req.raw,
      reply.raw,
      { ...login, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
    return reply.code(SEE_OTHER).header('location', returnTo).header('cache-control', 'no-store').send()
  }

  /** After sign-in: the company choice when there are several, else straight back to the client. */
  async function afterSignIn(
    reply: FastifyReply,
    lang: Lang,
    details: InteractionDetails,
    accountId: string,
  ) {
    const companies = await companiesOf(sql, accountId)
    if (companies.length <= 1) return finish(reply, details, accountId, companies[0]?.Key)
    if (details.prompt.name === 'login') {
      await provider.interactionResult(reply.request.raw, reply.raw, { login: { accountId } })
    }
    return showCompanies(reply, lang, details.uid, companies)
  }

  const showCompanies = (
    reply: FastifyReply,
    lang: Lang,
    uid: string,
    companies: { Key: string; Name: string }[],
    status = OK,
    error?: MessageKey,
  ) =>
    html(
      reply,
      status,
      companyPage({
        lang,
        action: `${base}/${uid}/company`,
        abort: `${base}/${uid}/abort`,
        csrf: csrfFor(uid),
        companies,
        error: error && t(lang, error),
      }),
    )

  /** The person this interaction is about: signed in on the form, or from the session (consent only). */
  const accountOf = (details: InteractionDetails) =>
    details.result?.login?.accountId ??
    (details.prompt.name === 'login' ? undefined : details.session?.accountId)

  app.get('/interaction/:uid', async (req: UidRequest, reply) => {
    const lang = langOf(req.headers['accept-language'])
    const details = await detailsOf(req, reply)
    if (!details) return expired(reply, lang)
    const accountId = accountOf(details)
    if (!accountId) return showLogin(reply, lang, details.uid)
    return afterSignIn(reply, lang, details, accountId)
  })

  /**
   * A form post to an interaction page: the bounded form, the interaction it belongs to and its CSRF token
   * checked. Answers the page itself (and returns undefined) when any of them fails.
   */
  const postedForm = async (
    req: UidRequest,
    reply: FastifyReply,
    lang: Lang,
  ): Promise<{ form: URLSearchParams; details: InteractionDetails } | undefined> => {
    let form: URLSearchParams
    try {
      form = await readForm(req.raw)
    } catch (err) {
      if (!(err instanceof FormTooLarge)) throw err
      html(reply, PAYLOAD_TOO_LARGE, errorPage(lang, t(lang, 'expired')))
      return undefined
    }
    const details = await detailsOf(req, reply)
    if (!details || !csrfValid(details.uid, form.get('csrf'))) {
      expired(reply, lang)
      return undefined
    }
    return { form, details }
  }

  app.post('/interaction/:uid/login', async (req: UidRequest, reply) => {
    const lang = langOf(req.headers['accept-language'])
    const posted = await postedForm(req, reply, lang)
    if (!posted) return reply
    const { form, details } = posted
    const username = form.get('username')?.trim() ?? ''
    const password = form.get('password') ?? ''
    if (!username || !password) return showLogin(reply, lang, details.uid, BAD_REQUEST, 'missing', username)
    const result = await pc.signIns.signIn(sql, { username, password, client: req.ip })
    if (!result.ok) {
      if (result.reason === 'wrong')
        return showLogin(reply, lang, details.uid, UNAUTHORIZED, 'wrongPassword', username)
      return result.reason === 'locked'
        ? showLogin(reply, lang, details.uid, FORBIDDEN, 'locked', username, result.retryAfterSeconds)
        : showLogin(
            reply,
            lang,
            details.uid,
            TOO_MANY_REQUESTS,
            'throttled',
            username,
            result.retryAfterSeconds,
          )
    }
    return afterSignIn(reply, lang, details, result.account.global_identity)
  })

  app.post('/interaction/:uid/company', async (req: UidRequest, reply) => {
    const lang = langOf(req.headers['accept-language'])
    const posted = await postedForm(req, reply, lang)
    if (!posted) return reply
    const { form, details } = posted
    const accountId = accountOf(details)
    if (!accountId) return showLogin(reply, lang, details.uid)
    const companies = await companiesOf(sql, accountId)
    const chosen = (form.get('company') ?? '').toLowerCase()
    const company = companies.find((c) => c.Key.toLowerCase() === chosen)
    if (!company) return showCompanies(reply, lang, details.uid, companies, BAD_REQUEST, 'chooseCompany')
    return finish(reply, details, accountId, company.Key)
  })

  app.get('/interaction/:uid/abort', async (req: UidRequest, reply) => {
    const lang = langOf(req.headers['accept-language'])
    const details = await detailsOf(req, reply)
    if (!details) return expired(reply, lang)
    const returnTo: string = await provider.interactionResult(
      req.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    )
    return reply.code(SEE_OTHER).header('location', returnTo).send()
  })
}
