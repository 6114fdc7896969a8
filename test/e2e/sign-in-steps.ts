// The steps a new user takes from the sign-in view to the workspace with the Local sandbox, for suites
// that need a signed-in app: wait for the sandbox, sign in on the login page in the tab the app opens.
// Without vitest, so the benchmarks sign in the same way.
import type { BrowserContext, Page } from 'playwright-core'
import { either } from './find.ts'

/** Reads `read` every `interval` ms until `ok` holds; throws with the last value after `timeout` ms. */
async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  { timeout, interval = 250 }: { timeout: number; interval?: number },
): Promise<void> {
  const end = Date.now() + timeout
  let last: T | undefined
  for (;;) {
    last = await read().catch(() => undefined)
    if (last !== undefined && ok(last)) return
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what} (last: ${String(last)})`)
    await new Promise((resolve) => setTimeout(resolve, interval))
  }
}

export async function signInWithSandbox(
  page: Page,
  context: BrowserContext,
  user = { email: 'anne.accountant@demo.test', password: 'demo' },
): Promise<void> {
  // The first start of the sandbox creates its database and seeds the demo office.
  // The button is enabled once the sandbox answers.
  const signIn = page.getByRole('button', { name: either(['Sign in', 'Logg inn']) })
  await waitFor(
    'the Local sandbox',
    () => signIn.isEnabled({ timeout: 1_000 }),
    (enabled) => enabled,
    {
      timeout: 150_000,
      interval: 500,
    },
  )
  const opened = context.waitForEvent('page', { timeout: 20_000 })
  await signIn.click()
  const login = await opened
  await login.waitForLoadState()
  await login.fill('input[name="username"]', user.email)
  await login.fill('input[name="password"]', user.password)
  await login.locator('button[type="submit"]').click()
  await login.waitForLoadState()
  if ((await login.locator('input[name="company"]').count()) > 0)
    await login.locator('button[type="submit"]').click()
  await waitFor(
    'the login page to hand back to Ledgerdesk',
    () => login.textContent('body'),
    (body) => (body ?? '').includes('Ledgerdesk'),
    { timeout: 15_000 },
  )
  await login.close()
}
