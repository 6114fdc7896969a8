// The sign-up pages of the identity server (spec 4.10): an invitee opens the link of the invitation
// e-mail, sees the address invited, and chooses a display name and a password. Same layout and
// languages as the sign-in pages.
import { escapeHtml, errorBox, layout, type Lang } from './pages.ts'

const text = {
  nb: {
    title: 'Opprett konto',
    lead: 'Du er invitert til Ledgerdesk. Velg navn og passord for',
    leadExisting: 'Du er invitert til Ledgerdesk. Du har allerede en konto for',
    leadExistingTail: 'Bekreft med passordet ditt.',
    displayName: 'Navn',
    password: 'Passord',
    repeat: 'Gjenta passord',
    submit: 'Opprett konto',
    confirm: 'Bekreft',
    doneTitle: 'Kontoen er klar',
    done: 'Du kan nå logge inn i Ledgerdesk med e-postadressen din.',
    missingName: 'Fyll inn navnet ditt.',
    tooShort: 'Passordet må ha minst {n} tegn.',
    mismatch: 'Passordene er ikke like.',
    wrongPassword: 'Feil passord for den eksisterende kontoen.',
    unknown: 'Invitasjonen finnes ikke. Kontroller lenken i e-posten.',
    used: 'Invitasjonen er allerede brukt. Logg inn med kontoen din.',
    expired: 'Invitasjonen er utløpt. Be administratoren om en ny.',
    stale: 'Skjemaet er utløpt. Åpne lenken i e-posten på nytt.',
    errorTitle: 'Invitasjonen kan ikke brukes',
  },
  en: {
    title: 'Create your account',
    lead: 'You are invited to Ledgerdesk. Choose a name and a password for',
    leadExisting: 'You are invited to Ledgerdesk. You already have an account for',
    leadExistingTail: 'Confirm with your password.',
    displayName: 'Name',
    password: 'Password',
    repeat: 'Repeat password',
    submit: 'Create account',
    confirm: 'Confirm',
    doneTitle: 'Your account is ready',
    done: 'You can now sign in to Ledgerdesk with your e-mail address.',
    missingName: 'Enter your name.',
    tooShort: 'The password needs at least {n} characters.',
    mismatch: 'The passwords do not match.',
    wrongPassword: 'Wrong password for the existing account.',
    unknown: 'The invitation does not exist. Check the link in the e-mail.',
    used: 'The invitation has been used already. Sign in with your account.',
    expired: 'The invitation has expired. Ask your administrator for a new one.',
    stale: 'The form has expired. Open the link in the e-mail again.',
    errorTitle: 'The invitation cannot be used',
  },
} as const

export type SignupMessage = keyof (typeof text)['en']

export function signupText(lang: Lang, key: SignupMessage, minLength = 0): string {
  return text[lang][key].replace('{n}', String(minLength))
}

export function signupPage(o: {
  lang: Lang
  action: string
  csrf: string
  email: string
  accountExists: boolean
  displayName?: string
  error?: string
}): string {
  const { lang } = o
  const tx = text[lang]
  const fields = o.accountExists
    ? `<label for="password">${tx.password}</label>
<input id="password" type="password" name="password" required autofocus autocomplete="current-password">`
    : `<label for="displayName">${tx.displayName}</label>
<input id="displayName" type="text" name="displayName" required autofocus autocomplete="name" value="${escapeHtml(o.displayName ?? '')}">
<label for="password">${tx.password}</label>
<input id="password" type="password" name="password" required autocomplete="new-password">
<label for="password2">${tx.repeat}</label>
<input id="password2" type="password" name="password2" required autocomplete="new-password">`
  const lead = o.accountExists
    ? `${tx.leadExisting} <strong>${escapeHtml(o.email)}</strong>. ${tx.leadExistingTail}`
    : `${tx.lead} <strong>${escapeHtml(o.email)}</strong>.`
  return layout(
    lang,
    tx.title,
    `<h1>${tx.title}</h1><p class="lead">${lead}</p>${errorBox(o.error)}
<form method="post" action="${escapeHtml(o.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">
${fields}
<button type="submit">${o.accountExists ? tx.confirm : tx.submit}</button></form>`,
  )
}

export function signupDonePage(lang: Lang): string {
  const tx = text[lang]
  return layout(lang, tx.doneTitle, `<h1>${tx.doneTitle}</h1><p class="lead">${tx.done}</p>`)
}

export function signupErrorPage(lang: Lang, message: SignupMessage): string {
  const tx = text[lang]
  return layout(lang, tx.errorTitle, `<h1>${tx.errorTitle}</h1>${errorBox(tx[message])}`)
}
