// A new user in browser mode: the app starts the Local sandbox, they sign in through the identity
// server's login page in the tab the app opens, pick a company, switch to another with Ctrl+K, and
// sign out. Each step is saved as a screenshot under test-results/e2e/.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshotDir, useApp } from './support.ts'

const app = useApp()
const wait = { timeout: 15_000 }
// The first start of the sandbox creates its database and seeds the demo office.
const sandboxWait = { timeout: 150_000, interval: 500 }
const shot = (p: Page, name: string) => p.screenshot({ path: join(screenshotDir, `sign-in-${name}.png`) })

describe('signing in with the Local sandbox', () => {
  it('starts the Local sandbox for a new user and shows its status', async () => {
    await app.page.goto(app.host.url)
    await expect.poll(() => app.page.getByTestId('sign-in-view').isVisible(), wait).toBe(true)
    await expect
      .poll(() => app.page.getByTestId('sandbox-status').getAttribute('data-state'), wait)
      .toMatch(/starting|ready/)
    await shot(app.page, '01-sandbox-starting')
    await expect
      .poll(() => app.page.getByTestId('sandbox-status').getAttribute('data-state'), sandboxWait)
      .toBe('ready')
    expect(await app.page.getByTestId('environment-list').textContent()).toContain('Local sandbox')
    await shot(app.page, '02-sandbox-ready')
  }, 180_000)

  it('signs Anne in through the login page in the tab the app opens', async () => {
    const loginTab = app.context.waitForEvent('page', { timeout: 20_000 })
    await app.page.getByTestId('sign-in-button').click()
    const login = await loginTab
    await login.waitForLoadState()
    await expect.poll(() => login.locator('input[name="username"]').isVisible(), wait).toBe(true)
    await expect.poll(() => app.page.getByTestId('sign-in-progress').isVisible(), wait).toBe(true)
    await shot(login, '03-login-page')
    await shot(app.page, '04-waiting-for-browser')
    await login.fill('input[name="username"]', 'anne.accountant@demo.test')
    await login.fill('input[name="password"]', 'demo')
    await login.locator('button[type="submit"]').click()
    // Anne works for several companies: the identity server asks which one to start in.
    await expect.poll(() => login.locator('input[name="company"]').count(), wait).toBeGreaterThan(1)
    await shot(login, '05-company-page')
    await login.locator('button[type="submit"]').click()
    await expect.poll(() => login.textContent('body'), wait).toContain('You can close this tab')
    await shot(login, '06-back-to-app')
    await login.close()

    await expect.poll(() => app.page.getByTestId('view-overview').isVisible(), wait).toBe(true)
    await expect
      .poll(() => app.page.getByTestId('current-company').textContent(), wait)
      .not.toMatch(/Loading|Choose/)
    await app.page.getByTestId('account-menu').click()
    await expect.poll(() => app.page.getByTestId('account-name').textContent(), wait).toBe('Anne Accountant')
    expect(await app.page.getByTestId('account-panel').textContent()).toContain('Local sandbox')
    await shot(app.page, '07-signed-in')
    await app.page.keyboard.press('Escape')
  }, 60_000)

  it('picks a company from the switcher, recent first and the test company tagged', async () => {
    await app.page.getByTestId('company-switcher').click()
    const list = app.page.getByTestId('company-list')
    await expect.poll(() => list.isVisible(), wait).toBe(true)
    const options = list.locator('[role="option"]')
    await expect.poll(() => options.count(), wait).toBe(4)
    // The company chosen at login is the recent one, listed first.
    const current = await app.page.getByTestId('current-company').textContent()
    expect(await options.first().textContent()).toContain(current!.trim())
    expect(await list.locator('[role="option"]', { hasText: 'Demo Testselskap AS' }).textContent()).toContain(
      'Test',
    )
    await shot(app.page, '08-switcher-open')
    await list.locator('[role="option"]', { hasText: 'Nordlys Bakeri AS' }).click()
    await expect
      .poll(() => app.page.getByTestId('current-company').textContent(), wait)
      .toBe('Nordlys Bakeri AS')
    await expect.poll(() => app.page.getByTestId('view-overview').isVisible(), wait).toBe(true)
    await shot(app.page, '09-nordlys-open')
  })

  it('switches to another company with Ctrl+K and typing', async () => {
    await app.page.locator('body').click({ position: { x: 600, y: 400 } })
    await app.page.keyboard.press('Control+k')
    const list = app.page.getByTestId('company-list')
    await expect.poll(() => list.isVisible(), wait).toBe(true)
    await expect
      .poll(() => app.page.locator('[data-testid="company-list"] input:focus').count(), wait)
      .toBe(1)
    await app.page.keyboard.type('Aurora')
    await expect.poll(() => list.locator('[role="option"]').count(), wait).toBe(1)
    // Nordlys, opened last, now leads the recent list; the filter narrowed it to Aurora.
    await shot(app.page, '10-switcher-search')
    await list.locator('[role="option"]').first().click()
    await expect
      .poll(() => app.page.getByTestId('current-company').textContent(), wait)
      .toBe('Aurora Arkitekter AS')
    await shot(app.page, '11-aurora-open')
  })

  it('signs out from the account menu and comes back to the sign-in view', async () => {
    await app.page.getByTestId('account-menu').click()
    await app.page.getByTestId('sign-out').click()
    await expect.poll(() => app.page.getByTestId('sign-in-view').isVisible(), wait).toBe(true)
    expect(await app.page.getByTestId('sign-in-outcome').count()).toBe(0)
    await shot(app.page, '12-signed-out')
    expect(app.pageErrors).toEqual([])
  })
})
