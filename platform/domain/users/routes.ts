// HTTP of user administration beyond the generic routes: the invitation (`POST user-verifications`)
// and the sign-up pages at `{auth_url}/signup?code=...`.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { formTokens, langOf, sendPage, type Lang } from '../../identity/pages.ts'
import {
  signupDonePage,
  signupErrorPage,
  signupPage,
  signupText,
  type SignupMessage,
} from '../../identity/signup-pages.ts'
import { getEntityById } from '../../query/index.ts'
import { readContext, tenantOf, type PlatformContext } from '../../routes/context.ts'
import {
  completeSignup,
  invite,
  MIN_PASSWORD_LENGTH,
  pendingSignup,
  type PendingSignup,
} from './invitations.ts'

const OK = 200
const CREATED = 201
const BAD_REQUEST = 400
const UNAUTHORIZED = 401

export function registerUserRoutes(app: FastifyInstance, pc: PlatformContext): void {
  for (const route of ['user-verifications', 'userverifications']) {
    // Reads go through the generic route: the model's read declaration admits administrators only.
    app.post(`/api/biz/${route}`, async (request, reply) => {
      const tenant = tenantOf(request)
      const id = await invite(pc, tenant, request.body, `POST /api/biz/${route}`)
      const entity = pc.registry.require('UserVerification')
      const answer = await getEntityById(await readContext(pc, tenant), entity, id, { expand: 'User' })
      return reply
        .status(CREATED)
        .header('location', `${pc.urls.base}api/biz/user-verifications/${id}`)
        .send(answer)
    })
  }

  const signupPath = `${new URL(pc.urls.auth).pathname.replace(/\/$/, '')}/signup`
  // The form token binds a post to the code of the page it came from (no session exists yet).
  const secret = randomBytes(32)
  const { tokenFor: csrfFor, valid: csrfValid } = formTokens(secret, 'signup')
  const html = sendPage
  const codeOf = (request: FastifyRequest) => String((request.query as Record<string, unknown>).code ?? '')

  const showForm = (
    reply: FastifyReply,
    lang: Lang,
    code: string,
    pending: PendingSignup,
    status = OK,
    error?: SignupMessage,
    displayName?: string,
  ) =>
    html(
      reply,
      status,
      signupPage({
        lang,
        action: `${signupPath}?code=${encodeURIComponent(code)}`,
        csrf: csrfFor(code),
        email: pending.email,
        accountExists: pending.accountExists,
        displayName,
        error: error && signupText(lang, error, MIN_PASSWORD_LENGTH),
      }),
    )

  void app.register(async (child) => {
    child.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    child.get(signupPath, async (request, reply) => {
      const lang = langOf(request.headers['accept-language'])
      const code = codeOf(request)
      const pending = await pendingSignup(pc, code)
      if (typeof pending === 'string') return html(reply, BAD_REQUEST, signupErrorPage(lang, pending))
      return showForm(reply, lang, code, pending)
    })

    child.post(signupPath, async (request, reply) => {
      const lang = langOf(request.headers['accept-language'])
      const code = codeOf(request)
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
        string,
        string
      >
      const pending = await pendingSignup(pc, code)
      if (typeof pending === 'string') return html(reply, BAD_REQUEST, signupErrorPage(lang, pending))
      if (!csrfValid(code, form.csrf)) return html(reply, BAD_REQUEST, signupErrorPage(lang, 'stale'))
      const displayName = (form.displayName ?? '').trim()
      const password = form.password ?? ''
      if (pending.accountExists) {
        const ok = await completeSignup(pc, pending, { displayName, password, client: request.ip })
        if (!ok) return showForm(reply, lang, code, pending, UNAUTHORIZED, 'wrongPassword')
        return html(reply, OK, signupDonePage(lang))
      }
      const problem: SignupMessage | undefined = !displayName
        ? 'missingName'
        : password.length < MIN_PASSWORD_LENGTH
          ? 'tooShort'
          : password !== form.password2
            ? 'mismatch'
            : undefined
      if (problem) return showForm(reply, lang, code, pending, BAD_REQUEST, problem, displayName)
      await completeSignup(pc, pending, { displayName: displayName.slice(0, 200), password })
      return html(reply, OK, signupDonePage(lang))
    })
  })
}
