// The steps a new user takes from the sign-in view to the workspace with the Local sandbox, for suites
// that need a signed-in app: wait for the sandbox, sign in on the login page in the tab the app opens.
import { expect } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'

export async function signInWithSandbox(
  page: Page,
  context: BrowserContext,
  user = { email: 'anne.accountant@demo.test', password: 'demo' },
): Promise<void> {
  // The first start of the sandbox creates its database and seeds the demo office.
  await expect
    .poll(() => page.getByTestId('sandbox-status').getAttribute('data-state'), {
      timeout: 150_000,
      interval: 500,
    })
    .toBe('ready')
  const opened = context.waitForEvent('page', { timeout: 20_000 })
  await page.getByTestId('sign-in-button').click()
  const login = await opened
  await login.waitForLoadState()
  await login.fill('input[name="username"]', user.email)
  await login.fill('input[name="password"]', user.password)
  await login.locator('button[type="submit"]').click()
  await login.waitForLoadState()
  if ((await login.locator('input[name="company"]').count()) > 0)
    await login.locator('button[type="submit"]').click()
  await expect.poll(() => login.textContent('body'), { timeout: 15_000 }).toContain('Ledgerdesk')
  await login.close()
}
