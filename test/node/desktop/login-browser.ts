// A minimal browser for the identity server's real login pages, driven by fetch: it keeps cookies,
// follows redirects by hand, fills the sign-in form and the company choice, and stops when the
// redirect leaves for the app's callback (which it then requests, as a browser would).

export interface LoginInput {
  email: string
  password: string
  /** Company to choose on the company page (its Key); the first is chosen when absent. */
  companyKey?: string
  /** Receives a redirect to a private-use scheme (what the OS does for the desktop app). */
  handOver?: (url: string) => void
}

export interface LoginTrace {
  /** The status of each page the browser showed, in order, e.g. ['login', 'company']. */
  pages: string[]
  /** The callback answer's status (the app's loopback listener). */
  callbackStatus: number
}

const formValue = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&')
const formAction = (html: string) =>
  /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')

export async function completeLogin(authorizationUrl: string, input: LoginInput): Promise<LoginTrace> {
  const jar = new Map<string, string>()
  const pages: string[] = []
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
    }
  }
  const appCallback = new URL(new URL(authorizationUrl).searchParams.get('redirect_uri')!)

  let url = authorizationUrl
  let method = 'GET'
  let body: URLSearchParams | undefined
  for (let hop = 0; hop < 20; hop++) {
    const target = new URL(url)
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      // The private-use scheme: the operating system, not the browser, hands this link to the app.
      if (!input.handOver) throw new Error(`the login ended at ${target.protocol} but nothing receives it`)
      input.handOver(target.href)
      return { pages, callbackStatus: 0 }
    }
    if (target.origin === appCallback.origin && target.pathname === appCallback.pathname) {
      const res = await fetch(target)
      await res.text()
      return { pages, callbackStatus: res.status }
    }
    const res = await fetch(target, {
      method,
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        'accept-language': 'en',
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    })
    remember(res)
    method = 'GET'
    body = undefined
    const location = res.headers.get('location')
    if (res.status >= 300 && res.status < 400 && location) {
      await res.text()
      url = new URL(location, target).href
      continue
    }
    const html = await res.text()
    const action = formAction(html)
    if (!action) throw new Error(`login page without a form (${res.status}): ${html.slice(0, 300)}`)
    const csrf = formValue(html, 'csrf') ?? ''
    if (html.includes('name="password"')) {
      if (pages.includes('login'))
        throw new Error(`the sign-in form came back (${res.status}): wrong password?`)
      pages.push('login')
      body = new URLSearchParams({ csrf, username: input.email, password: input.password })
    } else if (html.includes('name="company"')) {
      pages.push('company')
      const first = /name="company" value="([^"]+)"/.exec(html)?.[1]
      body = new URLSearchParams({ csrf, company: input.companyKey ?? first ?? '' })
    } else {
      throw new Error(`unexpected page (${res.status}): ${html.slice(0, 300)}`)
    }
    url = new URL(action, target).href
    method = 'POST'
  }
  throw new Error('the login did not reach the app within 20 steps')
}
