// A morning over three companies in one review desk, in Chromium: Anne keeps Aurora and Fjordbygg on this
// computer beside Nordlys (open in the window), opens the desk, and reviews invoices of all three companies
// from it without switching: each opens under its company's band (name and organisation number), the
// window's company stays Nordlys, and Alt+PageDown moves on across companies. Both languages, axe-clean.
// With LEDGERDESK_SCREENS_DIR the desk and the review from it are saved in both languages and sizes.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { axeViolations, useApp } from './support.ts'
import {
  companyOpen,
  either,
  navLink,
  offlineData,
  reviewDocument,
  syncNowButton,
  viewHeading,
  workspace,
} from './find.ts'

const { nordlys, fjordbygg, aurora } = DEMO_COMPANIES
const app = useApp()
const wait = { timeout: 120_000 }

const deskTable = () =>
  workspace(app.page).getByRole('table', {
    name: /Invoices to review in every company|Fakturaer til kontroll i alle selskaper/,
  })
const deskRowsOf = (company: { name: string }) =>
  deskTable().locator('tbody tr').filter({ hasText: company.name })
/** The band over a desk invoice, named by its company ("Invoice of Aurora Arkitekter AS"). */
const band = () => app.page.getByRole('region', { name: either(['Invoice of', 'Faktura til'], 'start') })

describe('the review desk', () => {
  it('reviews invoices of three companies in one desk without a company switch', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 })
    await app.signIn(DEMO_USERS.anne)
    await app.openCompany(nordlys)
    // Aurora and Fjordbygg kept on this computer too.
    await navLink(app.page, 'settings').click()
    await expect.poll(() => offlineData(app.page).isVisible(), wait).toBe(true)
    for (const company of [aurora, fjordbygg]) {
      const toggle = offlineData(app.page).getByRole('switch', {
        name: `Make ${company.name} available offline`,
      })
      // The switch shows the setting as saved, so it turns once the app has kept the company: asked again
      // until it has (asking twice keeps it, the switch always asks for the opposite of what it shows).
      await expect
        .poll(async () => {
          if (!(await toggle.isChecked())) await toggle.check({ timeout: 5_000 }).catch(() => undefined)
          return toggle.isChecked()
        }, wait)
        .toBe(true)
    }

    await navLink(app.page, 'desk').click()
    await expect.poll(() => viewHeading(app.page, 'desk').isVisible(), wait).toBe(true)
    await expect
      .poll(async () => {
        const counts = await Promise.all([nordlys, aurora, fjordbygg].map((c) => deskRowsOf(c).count()))
        if (counts.some((n) => n === 0) && (await syncNowButton(app.page).isEnabled()))
          await syncNowButton(app.page).click()
        return counts.every((n) => n > 0)
      }, wait)
      .toBe(true)
    // Every demo invoice carries its document (issue #33): no row of the desk says it has none.
    await expect
      .poll(() => deskTable().locator('tbody tr').filter({ hasText: 'No document' }).count(), wait)
      .toBe(0)
    expect(await deskTable().locator('tbody tr').count()).toBeGreaterThanOrEqual(3)
    expect(await axeViolations(app.page, ['main'])).toEqual([])
    await app.shoot('desk')

    // Aurora's first invoice opens under Aurora's band; the window's company is still Nordlys.
    await deskRowsOf(aurora).first().click()
    await expect.poll(() => band().getAttribute('data-company'), wait).toBe(aurora.key)
    expect(await band().textContent()).toContain(aurora.name)
    expect(await companyOpen(app.page, nordlys.name).isVisible()).toBe(true)
    // Its PDF is shown beside the form.
    await expect.poll(() => reviewDocument(app.page).locator('.dv__page').count(), wait).toBeGreaterThan(0)
    expect(await axeViolations(app.page, ['main'])).toEqual([])
    await app.shoot('desk-review')

    // Moving on reaches the other companies' invoices, each under its own band, with no switch.
    const seen = new Set<string>([aurora.key])
    const three = [aurora.key, fjordbygg.key, nordlys.key]
    for (let step = 0; step < 40 && !three.every((key) => seen.has(key)); step++) {
      await app.page.keyboard.press('Alt+PageDown')
      await app.page.waitForTimeout(300)
      const key = await band().getAttribute('data-company')
      if (key) seen.add(key)
    }
    // The desk spans every company kept here (the demo's test company too, where it is kept).
    expect([...seen]).toEqual(expect.arrayContaining(three))
    expect(await companyOpen(app.page, nordlys.name).isVisible()).toBe(true)

    await app.setLanguage('nb')
    await expect.poll(() => band().textContent(), wait).toContain('Faktura til')
    expect(await axeViolations(app.page, ['main'])).toEqual([])
    await navLink(app.page, 'desk').click()
    await expect.poll(() => viewHeading(app.page, 'desk').isVisible(), wait).toBe(true)
    expect(await deskTable().locator('tbody tr').filter({ hasText: 'Uten dokument' }).count()).toBe(0)
    expect(await axeViolations(app.page, ['main'])).toEqual([])
    expect(app.pageErrors).toEqual([])
  }, 600_000)
})
