// Admin → New colleague in the whole shell over the test bridge, whose handlers answer as main's colleague
// service does: twelve client companies ticked with "All", a role set, one apply whose rows go from
// waiting to done while one company refuses with the platform's 403 (worded as such), a retry that sends
// just that company, the office's own role set checked and kept in the preferences, and the view in
// Norwegian throughout; axe-checked.
import { describe, expect, it, vi } from 'vitest'
import type { AppView } from '@common/bridge/contract'
import type { CompanyGrant, GrantJob } from '@common/bridge/admin-colleague'
import type { MountedShell } from './mount-shell.ts'
import { mountWorkspace } from './mount-workspace.ts'
import type { Handlers } from './test-bridge.ts'
import { axeFindings } from './axe.ts'

let shell: MountedShell | undefined

const companies = Array.from({ length: 12 }, (_, i) => ({
  ID: i + 1,
  Name: `Klient ${String(i + 1).padStart(2, '0')} AS`,
  Key: `c${String(i + 1).padStart(2, '0')}`,
  IsTest: false,
  OrganizationNumber: null,
}))
const REFUSING = 'c07'

function platform() {
  const state = { fixed: false }
  const jobs = new Map<string, { job: GrantJob; steps: number }>()
  let n = 0
  const handlers: Handlers = {
    'admin.office': () => ({
      companies: companies.map(({ ID, Key, Name }) => ({ ID, Key, Name })),
      people: [
        {
          key: 'g1',
          DisplayName: 'Per Approver',
          Email: 'per@demo.test',
          licenseUserId: null,
          companies: {},
        },
      ],
      roles: ['Accounting.Journal', 'Approval.Accounting', 'Payroll.Payroll', 'Sales.Invoice'],
      unreadable: {},
      licenseUsersKnown: false,
      licenseAdminAddress: false,
    }),
    'admin.grantColleague': (grant) => {
      const job: GrantJob = {
        id: `job${++n}`,
        Email: grant.Email,
        running: true,
        companies: grant.companyKeys.map((companyKey): CompanyGrant => ({
          companyKey,
          state: 'waiting',
          invited: false,
          added: [],
          failure: null,
          ms: null,
        })),
      }
      jobs.set(job.id, { job, steps: 0 })
      return structuredClone(job)
    },
    // Each reading finishes a few more companies, as main's three at a time do.
    'admin.grantProgress': (id) => {
      const entry = jobs.get(id)!
      entry.steps++
      entry.job.companies.forEach((row, i) => {
        if (i < entry.steps * 4 && row.state === 'waiting') row.state = 'applying'
        if (i < (entry.steps - 1) * 4 && row.state === 'applying') {
          if (row.companyKey === REFUSING && !state.fixed)
            Object.assign(row, {
              state: 'failed',
              failure: { code: 'API_FORBIDDEN', status: 403, message: 'You may not administer users' },
              ms: 40,
            })
          else Object.assign(row, { state: 'done', invited: true, added: grant(entry), ms: 120 })
        }
      })
      entry.job.running = entry.job.companies.some((r) => r.state === 'waiting' || r.state === 'applying')
      return structuredClone(entry.job)
    },
  }
  const grant = (_: unknown) => ['Accounting.Journal']
  return { handlers, state }
}

async function mountColleague(language = 'en-US', extra: Handlers = {}) {
  const views: AppView[] = ['admin', 'settings']
  const p = platform()
  const { shell } = await mountWorkspace({
    path: '/admin?section=colleague',
    languages: [language],
    companies,
    views,
    session: () => ({ companyName: companies[0]!.Name, isAdmin: true, isLicenseAdmin: false }),
    handlers: { ...p.handlers, ...extra },
    settle: true,
  })
  return { shell, state: p.state }
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
/** A row as the text of each of its cells, or a set as its name and roles. */
const parts = (el: Element | null | undefined, selector = 'th, td') =>
  [...(el?.querySelectorAll(selector) ?? [])].map(text)
const button = (root: Element, label: string | RegExp) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) =>
    typeof label === 'string' ? text(b) === label : label.test(text(b)),
  )!
function type(input: HTMLInputElement, value: string) {
  input.value = value
  input.dispatchEvent(new Event('input'))
}

async function axeClean(root: HTMLElement) {
  expect(await axeFindings(root)).toEqual([])
}

describe('Admin: a new colleague', () => {
  it('applies a role set to 12 companies at once, words the one refusal, and retries just that company', async () => {
    const mounted = await mountColleague()
    shell = mounted.shell
    const section = await shell.find('admin-colleague')
    await vi.waitFor(() =>
      expect(section.querySelectorAll('.admin-colleague__companies input')).toHaveLength(12),
    )
    type(section.querySelector<HTMLInputElement>('[data-testid="colleague-email"]')!, 'Kari@Kontor.no')
    button(section, 'All').click()
    const apply = section.querySelector<HTMLButtonElement>('[data-testid="colleague-apply"]')!
    await vi.waitFor(() => expect(apply.disabled).toBe(false))
    expect(text(apply)).toBe('Apply to 12 companies')
    await axeClean(section)
    apply.click()
    const summary = () => text(section.querySelector('[data-testid="colleague-summary"]'))
    await vi.waitFor(() => expect(summary()).toMatch(/^Applying: \d+ of 12 companies finished\.$/))
    await vi.waitFor(() => expect(summary()).toBe('Done in 11 of 12 companies; 1 failed.'), {
      timeout: 10_000,
    })
    const refused = section.querySelector(`[data-testid="colleague-row-${REFUSING}"]`)!
    expect(parts(refused)).toEqual([
      'Klient 07 AS',
      'Failed',
      'The platform refused: you are not an administrator of this company, so you cannot change its users (403).',
      '0,0 s',
    ])
    expect(parts(section.querySelector('[data-testid="colleague-row-c01"]'))).toEqual([
      'Klient 01 AS',
      'Done',
      'Invited; roles given: Accounting.Journal',
      '0,1 s',
    ])
    const grants = () => shell!.test.calls.filter((c) => c.name === 'admin.grantColleague')
    expect(grants()[0]!.args[0]).toEqual({
      Email: 'kari@kontor.no',
      companyKeys: companies.map((c) => c.Key),
      roles: ['Accounting.Journal', 'Accounting.Reporting', 'Accounting.Approval', 'Sales.Invoice'],
    })
    await axeClean(section)

    mounted.state.fixed = true
    const retry = section.querySelector<HTMLButtonElement>('[data-testid="colleague-retry"]')!
    expect(text(retry)).toBe('Retry the failed companies (1)')
    retry.click()
    await vi.waitFor(() => expect(summary()).toBe('Done in all 12 companies.'), { timeout: 10_000 })
    expect(grants()).toHaveLength(2)
    expect(grants()[1]!.args[0]).toMatchObject({ companyKeys: [REFUSING] })
    expect(section.querySelector('[data-testid="colleague-retry"]')).toBeNull()
  }, 60_000)

  it('keeps the office’s own role set in the preferences, checked before it is saved', async () => {
    shell = (await mountColleague()).shell
    const section = await shell.find('admin-colleague')
    button(section, 'Edit the office’s role sets').click()
    const editor = await shell.find('admin-colleague')
    await vi.waitFor(() => expect(editor.querySelector('#colleague-sets-editor')).not.toBeNull())
    const form = editor.querySelector<HTMLFormElement>('#colleague-sets-editor')!
    form.requestSubmit()
    await vi.waitFor(() => expect(text(form.querySelector('[role="alert"]'))).toBe('Give the set a name.'))
    type(form.querySelector<HTMLInputElement>('input[maxlength="60"]')!, 'Accountant')
    form.requestSubmit()
    await vi.waitFor(() =>
      expect(text(form.querySelector('[role="alert"]'))).toBe('That name belongs to a built-in set.'),
    )
    type(form.querySelector<HTMLInputElement>('input[maxlength="60"]')!, 'Lønn')
    form.requestSubmit()
    await vi.waitFor(() => expect(text(form.querySelector('[role="alert"]'))).toBe('Tick at least one role.'))
    const payroll = [...form.querySelectorAll('label')].find((l) => text(l) === 'Payroll.Payroll')!
    payroll.querySelector('input')!.click()
    form.requestSubmit()
    await vi.waitFor(() =>
      expect(shell!.test.preferences.roleTemplates).toEqual([{ name: 'Lønn', roles: ['Payroll.Payroll'] }]),
    )
    // Chosen at once, listed with the built-in sets.
    const sets = [...section.querySelectorAll('.admin-colleague__set')].map((l) =>
      parts(l, '.admin-colleague__set-name, .admin-colleague__set-roles'),
    )
    expect(sets).toEqual([
      ['Accountant', 'Accounting.Journal, Accounting.Reporting, Accounting.Approval, Sales.Invoice'],
      ['Approver only', 'Approval.Accounting'],
      ['Lønn', 'Payroll.Payroll'],
    ])
    await vi.waitFor(() =>
      expect(section.querySelector('.admin-colleague__set:nth-child(3) input')).toHaveProperty(
        'checked',
        true,
      ),
    )
    await axeClean(section)
  }, 60_000)

  it('is worded in Norwegian throughout', async () => {
    shell = (await mountColleague('nb-NO')).shell
    const section = await shell.find('admin-colleague')
    await vi.waitFor(() =>
      expect(section.querySelectorAll('.admin-colleague__companies input')).toHaveLength(12),
    )
    type(section.querySelector<HTMLInputElement>('[data-testid="colleague-email"]')!, 'kari@kontor.no')
    button(section, 'Alle').click()
    const apply = section.querySelector<HTMLButtonElement>('[data-testid="colleague-apply"]')!
    await vi.waitFor(() => expect(apply.disabled).toBe(false))
    expect(text(apply)).toBe('Gi tilgang i 12 selskaper')
    apply.click()
    await vi.waitFor(
      () =>
        expect(text(section.querySelector('[data-testid="colleague-summary"]'))).toBe(
          'Ferdig i 11 av 12 selskaper; 1 mislyktes.',
        ),
      { timeout: 10_000 },
    )
    expect(text(section.querySelector(`[data-testid="colleague-row-${REFUSING}"]`))).toContain(
      'du er ikke administrator i dette selskapet',
    )
    expect(text(section)).not.toMatch(/\b(Apply|Companies|Done|Failed|Waiting|Role set|Retry|Person\b(?! ))/)
  })
})
