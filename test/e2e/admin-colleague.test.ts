// Admin → New colleague in Chromium with the demo office: Anne gives a new colleague the Accountant role set
// in every company she may open with one apply; each company's row ends done (invited, roles given), and
// axe-core passes. The refusing company, the retry and the colleague's first sign-in are tested against the
// platform in test/node/desktop/admin-colleague.test.ts (12 clients need companies the demo office lacks).
// With LEDGERDESK_SCREENS_DIR the section is saved in nb and en at 1280x800 and 1920x1080.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { axeViolations, useApp } from './support.ts'
import { adminSection, navLink, statusSaying, workspace } from './find.ts'

const app = useApp()
const wait = { timeout: 120_000 }

describe('a new colleague (Admin)', () => {
  it('gives a new colleague the accountant role set in every company with one apply', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 })
    await app.signIn(DEMO_USERS.anne)
    await app.openCompany(DEMO_COMPANIES.nordlys)
    await app.setLanguage('en')
    await navLink(app.page, 'admin').click()
    await adminSection(app.page, ['New colleague', 'Ny kollega']).click()
    const view = workspace(app.page)
    await view.getByRole('combobox', { name: 'E-mail address' }).fill('nina.ny@kontor.example.no')
    await view.getByRole('button', { name: 'All', exact: true }).click()
    const apply = view.getByRole('button', { name: /^Apply to \d+ companies$/ })
    await expect.poll(() => apply.isEnabled(), wait).toBe(true)
    expect(await axeViolations(app.page, ['main']), 'axe on the form').toEqual([])
    await apply.click()
    await expect.poll(() => statusSaying(view, /^Done in all \d+ companies\.$/).isVisible(), wait).toBe(true)
    const progress = view.getByRole('table', { name: 'Progress' })
    expect(await progress.getByRole('row').filter({ hasText: 'Invited' }).count()).toBeGreaterThanOrEqual(3)
    expect(await axeViolations(app.page, ['main']), 'axe on the progress').toEqual([])
    await app.shoot('admin-colleague')
  }, 300_000)
})
