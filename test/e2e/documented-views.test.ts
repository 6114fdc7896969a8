// The views a person is offered come from the platform's own answers, not from permission strings only the
// local platform sends. Per approves invoices in Nordlys and administers nothing: on the documented surface
// his session carries only `ui_accounting_bills`; Admin is hidden because the platform refuses him its
// Administrator reads (spec 4.10), and Settings says so in his language. axe-core passes there.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { axeViolations, useApp } from './support.ts'
import { navLink } from './find.ts'

const app = useApp()
const wait = { timeout: 60_000 }

describe('views from the platform’s answers', () => {
  it('hides Admin from Per, lists it in Settings as refused, and offers him Approvals', async () => {
    await app.signIn(DEMO_USERS.per)
    await app.openCompany(DEMO_COMPANIES.nordlys)
    await app.setLanguage('nb')
    await expect.poll(() => navLink(app.page, 'approvals').isVisible(), wait).toBe(true)
    expect(await navLink(app.page, 'admin').count()).toBe(0)
    await navLink(app.page, 'settings').click()
    // The section is named by its heading, "Ikke tilgjengelig i <company>".
    const access = app.page.getByRole('region', { name: /^Ikke tilgjengelig i / })
    const refused = access.getByRole('listitem').filter({ hasText: 'Administrasjon' })
    await expect.poll(() => refused.isVisible(), wait).toBe(true)
    expect(await refused.textContent()).toContain('Plattformen avviste tilgangen din.')
    expect(await axeViolations(app.page, ['[aria-labelledby="settings-access-heading"]'])).toEqual([])
    await app.shoot('settings-refused-views')
  }, 300_000)
})
