// oidc-provider's own pages (device code entry and confirmation, sign-out, errors) in the identity
// server's look and language, with no external assets.
import { errorPage, langOf, messagePage, providerFormPage, t } from './pages.ts'

interface PageCtx {
  type: string
  body: string
  get(header: string): string
}

const langOfCtx = (ctx: PageCtx) => langOf(ctx.get('accept-language'))
const button = (form: string, label: string, extra = '') =>
  `<button type="submit" form="${form}"${extra}>${label}</button>`

export const providerPages = {
  async userCodeInputSource(
    ctx: PageCtx,
    form: string,
    _out: unknown,
    err?: { userCode?: string; name?: string },
  ) {
    const lang = langOfCtx(ctx)
    const error = !err
      ? undefined
      : err.userCode || err.name === 'NoCodeError'
        ? t(lang, 'deviceWrongCode')
        : err.name === 'AbortedError'
          ? t(lang, 'deviceInterrupted')
          : t(lang, 'errorTitle')
    ctx.type = 'html'
    ctx.body = providerFormPage({
      lang,
      title: 'deviceTitle',
      lead: t(lang, 'deviceLead'),
      error,
      form,
      buttons: button('op.deviceInputForm', t(lang, 'continue')),
    })
  },
  async userCodeConfirmSource(
    ctx: PageCtx,
    form: string,
    _client: unknown,
    _info: unknown,
    userCode: string,
  ) {
    const lang = langOfCtx(ctx)
    ctx.type = 'html'
    ctx.body = providerFormPage({
      lang,
      title: 'deviceTitle',
      lead: t(lang, 'deviceConfirmLead'),
      extra: `<code>${userCode.replace(/[^A-Z0-9-]/gi, '')}</code>`,
      form,
      buttons:
        button('op.deviceConfirmForm', t(lang, 'continue'), ' autofocus') +
        button('op.deviceConfirmForm', t(lang, 'deviceAbort'), ' class="secondary" name="abort" value="yes"'),
    })
  },
  async successSource(ctx: PageCtx) {
    ctx.type = 'html'
    ctx.body = messagePage(langOfCtx(ctx), 'deviceTitle', 'deviceDone')
  },
  async logoutSource(ctx: PageCtx, form: string) {
    const lang = langOfCtx(ctx)
    ctx.type = 'html'
    ctx.body = providerFormPage({
      lang,
      title: 'logoutTitle',
      lead: t(lang, 'logoutLead'),
      form,
      buttons:
        button('op.logoutForm', t(lang, 'logoutYes'), ' autofocus name="logout" value="yes"') +
        button('op.logoutForm', t(lang, 'logoutNo'), ' class="secondary"'),
    })
  },
  async postLogoutSuccessSource(ctx: PageCtx) {
    ctx.type = 'html'
    ctx.body = messagePage(langOfCtx(ctx), 'logoutTitle', 'logoutDone')
  },
  async renderError(ctx: PageCtx, out: Record<string, string | undefined>) {
    const lang = langOfCtx(ctx)
    ctx.type = 'html'
    ctx.body = errorPage(lang, out.error_description || out.error || t(lang, 'errorTitle'))
  },
}
