// The identity server's own pages: sign-in and company choice, server-rendered, self-contained (no
// external assets), in Norwegian or English by the browser's Accept-Language.

import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyReply } from 'fastify'

export type Lang = 'nb' | 'en'

const text = {
  nb: {
    signInTitle: 'Logg inn',
    signInLead: 'Logg inn på Ledgerdesk med e-postadressen din.',
    username: 'E-post',
    password: 'Passord',
    signIn: 'Logg inn',
    cancel: 'Avbryt',
    companyTitle: 'Velg selskap',
    companyLead: 'Du har tilgang til flere selskaper. Velg hvilket du vil arbeide i.',
    continue: 'Fortsett',
    wrongPassword: 'Feil e-post eller passord.',
    locked:
      'Kontoen er låst etter for mange mislykkede innlogginger. Prøv igjen om {wait}, eller be en lisensadministrator på kontoret ditt om å oppheve låsen.',
    throttled: 'For mange mislykkede innlogginger. Prøv igjen om {wait}.',
    missing: 'Fyll inn e-post og passord.',
    chooseCompany: 'Velg et selskap.',
    expired: 'Innloggingen er utløpt eller ugyldig. Start innloggingen på nytt fra programmet.',
    errorTitle: 'Noe gikk galt',
    deviceTitle: 'Koble til enhet',
    deviceLead: 'Skriv inn koden som vises på enheten.',
    deviceWrongCode: 'Koden er feil. Prøv igjen.',
    deviceInterrupted: 'Innloggingen ble avbrutt.',
    deviceConfirmLead: 'Kontroller at enheten viser denne koden:',
    deviceAbort: 'Avbryt',
    deviceDone: 'Enheten er logget inn. Du kan lukke denne siden.',
    logoutTitle: 'Logg ut',
    logoutLead: 'Vil du logge ut av Ledgerdesk?',
    logoutYes: 'Ja, logg meg ut',
    logoutNo: 'Nei, forbli innlogget',
    logoutDone: 'Du er logget ut.',
  },
  en: {
    signInTitle: 'Sign in',
    signInLead: 'Sign in to Ledgerdesk with your e-mail address.',
    username: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    cancel: 'Cancel',
    companyTitle: 'Choose company',
    companyLead: 'You have access to several companies. Choose the one to work in.',
    continue: 'Continue',
    wrongPassword: 'Wrong e-mail or password.',
    locked:
      'The account is locked after too many failed sign-ins. Try again in {wait}, or ask a license administrator of your office to lift the lock.',
    throttled: 'Too many failed sign-ins. Try again in {wait}.',
    missing: 'Enter your e-mail and password.',
    chooseCompany: 'Choose a company.',
    expired: 'The sign-in has expired or is not valid. Start signing in again from the application.',
    errorTitle: 'Something went wrong',
    deviceTitle: 'Connect a device',
    deviceLead: 'Enter the code shown on your device.',
    deviceWrongCode: 'The code is not correct. Try again.',
    deviceInterrupted: 'The sign-in was interrupted.',
    deviceConfirmLead: 'Check that your device shows this code:',
    deviceAbort: 'Cancel',
    deviceDone: 'The device is signed in. You can close this page.',
    logoutTitle: 'Sign out',
    logoutLead: 'Do you want to sign out of Ledgerdesk?',
    logoutYes: 'Yes, sign me out',
    logoutNo: 'No, stay signed in',
    logoutDone: 'You are signed out.',
  },
} as const

export type MessageKey = keyof (typeof text)['en']

export function t(lang: Lang, key: MessageKey): string {
  return text[lang][key]
}

/** A wait in words: `40 seconds`, `15 minutes` (`40 sekunder`, `15 minutter`). */
export function waitWords(lang: Lang, seconds: number): string {
  const minutes = Math.ceil(seconds / 60)
  if (lang === 'nb')
    return seconds < 120 ? `${seconds} sekund${seconds === 1 ? '' : 'er'}` : `${minutes} minutter`
  return seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minutes`
}

/** Norwegian (nb, nn, no) when the browser prefers it over English, else English. */
export function langOf(acceptLanguage: string | undefined): Lang {
  const prefs = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 }
    })
    .filter((p) => p.tag)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of prefs) {
    const primary = tag.split('-')[0]
    if (primary === 'nb' || primary === 'nn' || primary === 'no') return 'nb'
    if (primary === 'en') return 'en'
  }
  return 'en'
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const style = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:#f3f5f8;color:#1d2533;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;width:100%;max-width:380px;padding:32px;border-radius:10px;box-shadow:0 2px 14px #0002}
h1{font-size:22px;margin:0 0 4px}.brand{font-weight:700;color:#1f5fa8;letter-spacing:.02em;margin-bottom:18px}
p.lead{margin:0 0 20px;color:#55606f}label{display:block;font-weight:600;margin:14px 0 4px}
code{display:block;text-align:center;font-size:26px;letter-spacing:.08em;margin:8px 0}
button.secondary{background:#e6ebf1;color:#1d2533}button.secondary:hover{background:#d5dce5}
input[type=text],input[type=email],input[type=password]{width:100%;padding:9px 10px;border:1px solid #b8c1cc;
border-radius:6px;font:inherit}input:focus{outline:2px solid #1f5fa8;outline-offset:1px}
button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:6px;background:#1f5fa8;color:#fff;
font:inherit;font-weight:600;cursor:pointer}button:hover{background:#184c87}
.error{background:#fdecec;border:1px solid #f1b2b2;color:#8a1f1f;padding:9px 11px;border-radius:6px;margin-bottom:8px}
.company{display:flex;gap:10px;align-items:center;padding:10px;border:1px solid #d5dbe2;border-radius:6px;
margin-top:8px;font-weight:400}.company input{margin:0}a.cancel{display:block;text-align:center;margin-top:14px;color:#55606f}
`

export function layout(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang === 'nb' ? 'nb' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} – Ledgerdesk</title>
<style>${style}</style></head><body><main><div class="brand">Ledgerdesk</div>${body}</main></body></html>`
}

export function errorBox(message: string | undefined): string {
  return message ? `<div class="error" role="alert">${escapeHtml(message)}</div>` : ''
}

export function loginPage(o: {
  lang: Lang
  action: string
  abort: string
  csrf: string
  username?: string
  error?: string
}): string {
  const { lang } = o
  return layout(
    lang,
    t(lang, 'signInTitle'),
    `<h1>${t(lang, 'signInTitle')}</h1><p class="lead">${t(lang, 'signInLead')}</p>${errorBox(o.error)}
<form method="post" action="${escapeHtml(o.action)}" autocomplete="on">
<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">
<label for="username">${t(lang, 'username')}</label>
<input id="username" type="email" name="username" required autofocus autocomplete="username" value="${escapeHtml(o.username ?? '')}">
<label for="password">${t(lang, 'password')}</label>
<input id="password" type="password" name="password" required autocomplete="current-password">
<button type="submit">${t(lang, 'signIn')}</button></form>
<a class="cancel" href="${escapeHtml(o.abort)}">${t(lang, 'cancel')}</a>`,
  )
}

export function companyPage(o: {
  lang: Lang
  action: string
  abort: string
  csrf: string
  companies: readonly { Key: string; Name: string }[]
  error?: string
}): string {
  const { lang } = o
  const options = o.companies
    .map(
      (c, i) =>
        `<label class="company"><input type="radio" name="company" value="${escapeHtml(c.Key)}"${i === 0 ? ' checked' : ''}>${escapeHtml(c.Name)}</label>`,
    )
    .join('\n')
  return layout(
    lang,
    t(lang, 'companyTitle'),
    `<h1>${t(lang, 'companyTitle')}</h1><p class="lead">${t(lang, 'companyLead')}</p>${errorBox(o.error)}
<form method="post" action="${escapeHtml(o.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">
${options}
<button type="submit">${t(lang, 'continue')}</button></form>
<a class="cancel" href="${escapeHtml(o.abort)}">${t(lang, 'cancel')}</a>`,
  )
}

/**
 * A page around one of oidc-provider's own forms (device code, sign-out), which carry their own
 * hidden fields; `buttons` submit that form by its id.
 */
export function providerFormPage(o: {
  lang: Lang
  title: MessageKey
  lead: string
  error?: string
  form: string
  extra?: string
  buttons: string
}): string {
  return layout(
    o.lang,
    t(o.lang, o.title),
    `<h1>${t(o.lang, o.title)}</h1><p class="lead">${escapeHtml(o.lead)}</p>${errorBox(o.error)}${o.extra ?? ''}${o.form}${o.buttons}`,
  )
}

export function messagePage(lang: Lang, title: MessageKey, message: MessageKey): string {
  return layout(lang, t(lang, title), `<h1>${t(lang, title)}</h1><p class="lead">${t(lang, message)}</p>`)
}

export function errorPage(lang: Lang, message: string): string {
  return layout(lang, t(lang, 'errorTitle'), `<h1>${t(lang, 'errorTitle')}</h1>${errorBox(message)}`)
}

/** Sends an identity page: HTML, never cached, never framed. */
export function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(body)
}

/**
 * Form tokens of one kind of page: an HMAC of the page's own id (interaction uid, invitation code) under a
 * key, so a post is accepted only from the page it belongs to; compared in constant time.
 */
export function formTokens(key: string | Buffer, purpose: string) {
  const tokenFor = (id: string) => createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url')
  return {
    tokenFor,
    valid(id: string, value: unknown): boolean {
      const expected = Buffer.from(tokenFor(id))
      const actual = Buffer.from(typeof value === 'string' ? value : '')
      return actual.length === expected.length && timingSafeEqual(actual, expected)
    },
  }
}
