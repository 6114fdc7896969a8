// Approvals waiting too long, in Chromium with the demo office: Anne opens Approvals → Waiting too long and
// sees, across the companies kept on this computer, the approvals that have waited more than 3 days (the
// demo seed's approvals have waited 1 to 8 days), with company, supplier, amount, holder and since when.
// Raising the days to 7 leaves only the oldest; she reassigns Per's 5-day-old approval in Fjordbygg to Siri
// through the flow panel, and it leaves the list (a new approval starts waiting today). axe-core passes;
// with LEDGERDESK_SCREENS_DIR the list is saved in nb and en at 1280x800 and 1920x1080.
import { describe, expect, it } from 'vitest'
import { ApprovalStatus } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { either, flowPanel, navLink, viewHeading } from './find.ts'

const fjordbygg = DEMO_COMPANIES.fjordbygg
const app = useApp()
const wait = { timeout: 60_000 }
const staleList = () =>
  app.page.getByRole('table', {
    name: either(['Approvals waiting more than', 'Godkjenninger som har ventet mer enn'], 'start'),
  })

describe('approvals waiting too long', () => {
  it('lists the approvals older than N days across the kept companies, and reassigns one', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 })
    await app.signIn(DEMO_USERS.anne)
    await app.setLanguage('en')
    await navLink(app.page, 'approvals').click()
    await expect.poll(() => viewHeading(app.page, 'approvals').isVisible(), wait).toBe(true)
    await app.page.getByRole('button', { name: 'Waiting too long', exact: true }).click()
    const rows = staleList()
      .getByRole('row')
      .filter({ has: app.page.getByRole('cell') })
    await expect.poll(() => rows.count(), wait).toBeGreaterThanOrEqual(4)
    const texts = await rows.allTextContents()
    expect(texts.some((r) => r.includes('Per Approver'))).toBe(true)
    expect(texts.some((r) => r.includes('Anne Accountant'))).toBe(true)
    expect(texts.some((r) => r.includes(fjordbygg.name))).toBe(true)
    expect(await axeViolations(app.page, ['main']), 'axe on the stale list').toEqual([])
    await app.shoot('approvals-stale')

    // The oldest only: waiting more than 7 days (Fjordbygg's 8-day one).
    const days = app.page.getByRole('spinbutton', { name: 'Waiting more than (days)' })
    await days.fill('7')
    await days.press('Tab')
    await expect.poll(() => rows.count(), wait).toBe(1)
    await days.fill('4')
    await days.press('Tab')
    await expect.poll(() => rows.count(), wait).toBeGreaterThanOrEqual(2)

    // Per's approval in Fjordbygg that has waited 5 days: reassigned to Siri, it leaves the list.
    const pers = rows.filter({ hasText: fjordbygg.name }).filter({ hasText: 'Per Approver' })
    await expect.poll(() => pers.count(), wait).toBe(1)
    await pers.getByRole('button').click()
    const panel = flowPanel(app.page)
    await panel.getByRole('button', { name: 'Reassign', exact: true }).click()
    const approvers = panel.getByRole('combobox', { name: 'Approvers' })
    await approvers.focus()
    await approvers.press('ArrowDown')
    await app.page.getByRole('option', { name: DEMO_USERS.siri.displayName }).click()
    await app.page.keyboard.press('Escape')
    await panel.getByRole('button', { name: 'Reassign', exact: true }).click()
    await expect.poll(() => pers.count(), { timeout: 120_000 }).toBe(0)
    const active = await platformApi<{ UserID: number }[]>(
      app.route.origin(),
      DEMO_USERS.anne.email,
      fjordbygg.key,
      `approvals?filter=StatusCode eq ${ApprovalStatus.Active}`,
    )
    expect(active.length).toBeGreaterThan(0)
  }, 300_000)
})
