// A new user in browser mode: the app starts the Local sandbox, they sign in through the identity
// server's login page in the tab the app opens, pick a company, switch to another with Ctrl+K, and
// sign out. Each step is saved as a screenshot under test-results/e2e/.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshotDir, useApp } from './support.ts'
import {
  accessibleName,
  sandboxStatus,
  signInHeading,
  accountMenu,
  companyList,
  companyOption,
  companySearch,
  companySwitcher,
  currentCompany,
  signInButton,
  signOut,
  viewHeading,
} from './find.ts'

const app = useApp()
const wait = { timeout: 15_000 }
// The first start of the sandbox creates its database and seeds the demo office.
const sandboxWait = { timeout: 150_000, interval: 500 }
const shot = (p: Page, name: string) => p.screenshot({ path: join(screenshotDir, `sign-in-${name}.png`) })

describe('signing in with the Local sandbox', () => {
  it('starts the Local sandbox for a new user and shows its status', async () => {
    await app.page.goto(app.host.url)
    await expect.poll(() => signInHeading(app.page).isVisible(), wait).toBe(true)
    await expect
      .poll(() => sandboxStatus(app.page).getAttribute('data-state'), wait)
      .toMatch(/starting|ready/)
    await shot(app.page, '01-sandbox-starting')
    await expect.poll(() => sandboxStatus(app.page).getAttribute('data-state'), sandboxWait).toBe('ready')
    expect(await app.page.getByRole('listbox', { name: 'Environment' }).textContent()).toContain(
      'Local sandbox',
    )
    await shot(app.page, '02-sandbox-ready')
  }, 180_000)

  it('signs Anne in through the login page in the tab the app opens', async () => {
    const loginTab = app.context.waitForEvent('page', { timeout: 20_000 })
    await signInButton(app.page).click()
    const login = await loginTab
    await login.waitForLoadState()
    await expect.poll(() => login.locator('input[name="username"]').isVisible(), wait).toBe(true)
    await expect
      .poll(
        () =>
          app.page
            .getByRole('status')
            .filter({ hasText: 'Finish signing in in the browser tab' })
            .isVisible(),
        wait,
      )
      .toBe(true)
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

    await expect.poll(() => viewHeading(app.page, 'overview').isVisible(), wait).toBe(true)
    await expect.poll(() => currentCompany(app.page), wait).not.toMatch(/^$|Loading|Choose/)
    await accountMenu(app.page).click()
    const account = app.page.getByRole('dialog')
    await expect
      .poll(() => account.getByText('Anne Accountant', { exact: true }).isVisible(), wait)
      .toBe(true)
    expect(await account.textContent()).toContain('Local sandbox')
    await shot(app.page, '07-signed-in')
    await app.page.keyboard.press('Escape')
  }, 60_000)

  it('picks a company from the switcher, recent first and the test company tagged', async () => {
    await companySwitcher(app.page).click()
    const list = companyList(app.page)
    await expect.poll(() => list.isVisible(), wait).toBe(true)
    const options = list.getByRole('option')
    await expect.poll(() => options.count(), wait).toBe(4)
    // The company chosen at login is the recent one, listed first.
    const current = await currentCompany(app.page)
    expect(await accessibleName(options.first())).toBe(current)
    expect(await companyOption(app.page, 'Demo Testselskap AS').textContent()).toContain('Test')
    await shot(app.page, '08-switcher-open')
    await companyOption(app.page, 'Nordlys Bakeri AS').click()
    await expect.poll(() => currentCompany(app.page), wait).toBe('Nordlys Bakeri AS')
    await expect.poll(() => viewHeading(app.page, 'overview').isVisible(), wait).toBe(true)
    await shot(app.page, '09-nordlys-open')
  })

  it('switches to another company with Ctrl+K and typing', async () => {
    await app.page.locator('body').click({ position: { x: 600, y: 400 } })
    await app.page.keyboard.press('Control+k')
    const list = companyList(app.page)
    await expect.poll(() => list.isVisible(), wait).toBe(true)
    await expect
      .poll(
        () => companySearch(app.page).evaluate((input) => input === input.ownerDocument.activeElement),
        wait,
      )
      .toBe(true)
    await app.page.keyboard.type('Aurora')
    await expect.poll(() => list.getByRole('option').count(), wait).toBe(1)
    // Nordlys, opened last, now leads the recent list; the filter narrowed it to Aurora.
    await shot(app.page, '10-switcher-search')
    await list.getByRole('option').first().click()
    await expect.poll(() => currentCompany(app.page), wait).toBe('Aurora Arkitekter AS')
    await shot(app.page, '11-aurora-open')
  })

  it('signs out from the account menu and comes back to the sign-in view', async () => {
    await signOut(app.page)
    await expect.poll(() => signInHeading(app.page).isVisible(), wait).toBe(true)
    expect(await app.page.getByRole('alert').count()).toBe(0)
    await shot(app.page, '12-signed-out')
    expect(app.pageErrors).toEqual([])
  })
})
