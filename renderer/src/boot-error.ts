// The page shown when the app cannot reach main at start-up. Plain DOM in both languages: the language
// preference lives behind the bridge that just failed.

const texts = [
  {
    lang: 'nb',
    title: 'Ledgerdesk fikk ikke kontakt med bakgrunnstjenesten',
    body: 'Appen kan ikke starte uten den. Lukk appen og start den på nytt. I nettlesermodus: åpne adressen Ledgerdesk skrev ut da den startet, og last inn siden på nytt.',
  },
  {
    lang: 'en',
    title: 'Ledgerdesk could not reach its background service',
    body: 'The app cannot start without it. Close the app and start it again. In browser mode: open the address Ledgerdesk printed when it started, and reload the page.',
  },
]

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message
  }
  return String(error)
}

export function showBootError(root: HTMLElement, error: unknown): void {
  const page = document.createElement('div')
  page.setAttribute('role', 'alert')
  page.dataset.testid = 'boot-error'
  page.style.cssText =
    'max-width:36rem;margin:15vh auto 0;padding:0 1.5rem;font:14px/1.5 system-ui,sans-serif;color:#1e293b'
  for (const text of texts) {
    const section = document.createElement('section')
    section.lang = text.lang
    section.style.marginBottom = '1.5rem'
    const title = document.createElement('h1')
    title.textContent = text.title
    title.style.cssText = 'font-size:1.15rem;margin:0 0 .5rem'
    const body = document.createElement('p')
    body.textContent = text.body
    body.style.margin = '0'
    section.append(title, body)
    page.append(section)
  }
  const detail = document.createElement('pre')
  detail.dataset.testid = 'boot-error-detail'
  detail.textContent = describe(error)
  detail.style.cssText =
    'white-space:pre-wrap;font-size:12px;color:#64748b;border-top:1px solid #e2e8f0;padding-top:1rem'
  page.append(detail)
  root.replaceChildren(page)
}
