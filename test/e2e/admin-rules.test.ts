// The approval rules editor in Chromium with the demo office: Anne, administrator of Nordlys Bakeri AS,
// adds a third step to the demo rule, sees the platform refuse its limit on that very field, fixes it and
// saves; links a supplier to the rule in a link group; and the tester names the rule for that supplier.
// Per, who administers nothing, is not offered the view. axe-core passes on every tab.
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { DEMO_APPROVAL_RULE } from '../../platform/seed/demo-approvals.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { navLink, signInButton, signOut, statusSaying, viewHeading, workspace } from './find.ts'

const nordlys = DEMO_COMPANIES.nordlys
// The editor of rules the platform lists: listing rules, thresholds and link groups is not documented, so
// this file runs against the platform's full surface; the editor on the documented platform (create only,
// and it says so) is test/node/desktop/approval-rules-documented.test.ts and its dom test.
const app = useApp({ surface: 'full' })

const wait = { timeout: 60_000 }
const view = () => workspace(app.page)
const stepRow = (n: number) => view().locator(`tr[data-step="${n}"]`)

async function runAxe(label: string): Promise<void> {
  expect(await axeViolations(app.page, ['main']), `axe on ${label}`).toEqual([])
}

interface Rule {
  ID: number
  Description: string
  Steps: { StepNumber: number; ApprovalType: number; Limit: number | null; Users: { UserID: number }[] }[]
}

describe('approval rules (Admin)', () => {
  it('offers Anne, administrator of Nordlys, its approval rules', async () => {
    await app.signIn(DEMO_USERS.anne)
    await app.openCompany(nordlys)
    await app.setLanguage('en')
    await navLink(app.page, 'admin').click()
    await expect.poll(() => view().getByRole('tab', { name: 'Rules' }).isVisible(), wait).toBe(true)
    await view()
      .getByRole('button', { name: new RegExp(DEMO_APPROVAL_RULE) })
      .click()
    await expect.poll(() => view().locator('tr[data-step]').count(), wait).toBe(2)
    await runAxe('rules')
    await app.shoot('admin-rules')
  }, 300_000)

  it('shows the platform’s refusal of a new step’s limit on that field, and saves the step once fixed', async () => {
    await view().getByRole('button', { name: 'Add step' }).click()
    await stepRow(3).locator('.p-multiselect').click()
    await app.page.getByRole('option', { name: 'Siri Substitute' }).click()
    await app.page.keyboard.press('Escape')
    await expect.poll(() => app.page.locator('.p-multiselect-overlay').count(), wait).toBe(0)
    await expect.poll(() => stepRow(3).textContent(), wait).toContain('Siri Substitute')
    const limit = view().getByLabel('From amount in step 3')
    await limit.fill('1 000 000 000 000')
    await view().getByRole('button', { name: 'Save rule' }).click()
    await expect
      .poll(() => view().locator('.admin-outcome').textContent(), wait)
      .toBe('The platform did not save the rule: see the marked fields.')
    expect(await limit.getAttribute('aria-invalid')).toBe('true')
    const problem = app.page.locator(`#${await limit.getAttribute('aria-describedby')}`)
    expect(await problem.textContent()).toContain('The amount is too large.')
    expect(await stepRow(3).locator('.admin-problem').count()).toBe(1)
    expect(await stepRow(2).locator('.admin-problem').count()).toBe(0)
    await runAxe('a refused step')
    await app.shoot('admin-rules-refused')

    await limit.fill('50 000')
    await view().getByRole('button', { name: 'Save rule' }).click()
    await expect.poll(() => view().getByRole('status').first().textContent(), wait).toBe('The rule is saved.')
    const [rule] = await platformApi<Rule[]>(
      app.route.origin(),
      DEMO_USERS.anne.email,
      nordlys.key,
      `approvalrules?filter=Description eq '${DEMO_APPROVAL_RULE}'&expand=Steps.Users`,
    )
    const steps = [...rule!.Steps].sort((a, b) => a.StepNumber - b.StepNumber)
    expect(steps.map((s) => [s.StepNumber, Number(s.Limit ?? 0), s.Users.length])).toEqual([
      [1, 0, 1],
      [2, 0, 1],
      [3, 50_000, 1],
    ])
  }, 180_000)

  it('adds a threshold on booking held for administrators', async () => {
    await view().getByRole('tab', { name: 'Thresholds' }).click()
    await view().getByRole('button', { name: 'Add threshold' }).click()
    await view().getByRole('combobox', { name: 'When', exact: true }).click()
    await app.page.getByRole('option', { name: 'Book', exact: true }).click()
    await view().getByLabel('Value', { exact: true }).fill('100000')
    await view().getByRole('combobox', { name: 'Role', exact: true }).click()
    await app.page.getByRole('option', { name: 'Administrator', exact: true }).click()
    await view().getByRole('button', { name: 'Save threshold' }).click()
    await expect
      .poll(() => view().getByRole('status').first().textContent(), wait)
      .toContain('The threshold is saved.')
    const row = view().locator('.admin-thresholds tbody tr').first()
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toContain('Book')
    const thresholds = await platformApi<{ PropertyName: string; Operator: number; Value: string }[]>(
      app.route.origin(),
      DEMO_USERS.anne.email,
      nordlys.key,
      'thresholds',
    )
    expect(thresholds.map((x) => [x.PropertyName, x.Operator, x.Value])).toContainEqual([
      'TaxInclusiveAmount',
      1,
      '100000',
    ])
    await runAxe('thresholds')
    await app.shoot('admin-thresholds')
  }, 180_000)

  it('links a supplier to the rule, and the tester names the rule for that supplier', async () => {
    await view().getByRole('tab', { name: 'Rule links' }).click()
    await view().getByRole('button', { name: 'New group' }).click()
    await view().getByLabel('Name', { exact: true }).fill('Leverandører med flyt')
    await view().getByRole('combobox', { name: 'Add link: Supplier' }).click()
    const supplier = app.page.getByRole('option').first()
    const supplierName = (
      (await supplier.getAttribute('aria-label')) ??
      (await supplier.textContent()) ??
      ''
    ).trim()
    await supplier.click()
    await view().getByRole('combobox', { name: 'Add link: Rule' }).click()
    await app.page.getByRole('option', { name: DEMO_APPROVAL_RULE }).click()
    await view().getByRole('button', { name: 'Add link', exact: true }).click()
    await expect.poll(() => view().locator('.admin-group tbody tr').count(), wait).toBe(1)
    await view().getByRole('button', { name: 'Save group' }).click()
    await expect
      .poll(() => view().getByRole('status').first().textContent(), wait)
      .toBe('The group is saved.')
    await runAxe('rule links')
    await app.shoot('admin-rule-links')

    await view().getByRole('tab', { name: 'Which rule applies?' }).click()
    await view().getByRole('combobox', { name: 'Supplier', exact: true }).click()
    await app.page.getByRole('option', { name: supplierName, exact: true }).click()
    await view().getByRole('button', { name: 'Which rule applies?' }).click()
    await expect
      .poll(() => statusSaying(view(), `The platform chooses “${DEMO_APPROVAL_RULE}”.`).isVisible(), wait)
      .toBe(true)
    await runAxe('rule tester')
    await app.shoot('admin-rule-tester')
  }, 180_000)

  it('does not offer the rules to Per, who administers nothing', async () => {
    await signOut(app.page)
    await expect.poll(() => signInButton(app.page).isVisible(), wait).toBe(true)
    await app.signIn(DEMO_USERS.per, { open: false })
    await app.openCompany(nordlys)
    await expect.poll(() => navLink(app.page, 'approvals').isVisible(), wait).toBe(true)
    await expect.poll(() => navLink(app.page, 'admin').count(), wait).toBe(0)
    // By its address too, the view is not entered: the overview opens and says why.
    await app.page.goto(`${app.host.url.split('#')[0]}#/admin`)
    await expect
      .poll(() => statusSaying(app.page, `Admin is not offered to you in ${nordlys.name}`).isVisible(), wait)
      .toBe(true)
    await expect.poll(() => new URL(app.page.url()).hash, wait).toBe('#/overview')
    await expect.poll(() => viewHeading(app.page, 'overview').isVisible(), wait).toBe(true)
  }, 300_000)
})
