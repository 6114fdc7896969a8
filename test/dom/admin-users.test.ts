// Admin's users and office sections in the whole shell over the test bridge, whose handlers answer as
// main does against the platform: the users with their status and roles, an invitation, a role refused by
// the license rule and shown on the roles in words, the office grid with a role set applied and read back,
// the sections offered by who the session says the user is, and the views axe-checked.
import { describe, expect, it, vi } from 'vitest'
import { BridgeError, type AppView } from '@common/bridge/contract'
import type { CompanyUser, OfficeGrid } from '@common/bridge/admin-users'
import { waitForElement, type MountedShell } from './mount-shell.ts'
import { mountWorkspace } from './mount-workspace.ts'
import type { Handlers } from './test-bridge.ts'
import { axeFindings } from './axe.ts'

let shell: MountedShell | undefined

const nordlys = {
  ID: 1,
  Name: 'Nordlys Bakeri AS',
  Key: 'nordlys',
  IsTest: false,
  OrganizationNumber: '924956488',
}
const fjord = { ID: 2, Name: 'Fjordbygg AS', Key: 'fjord', IsTest: false, OrganizationNumber: '999999999' }
const roles = [
  { ID: 1, Name: 'Administrator', Label: '' },
  { ID: 2, Name: 'Approval.Accounting', Label: '' },
  { ID: 3, Name: 'Payroll.Payroll', Label: '' },
]
const role = (id: number) => ({ ID: 100 + id, SharedRoleId: id, SharedRoleName: roles[id - 1]!.Name })

function platform() {
  const users: CompanyUser[] = [
    {
      ID: 1,
      DisplayName: 'Anne Accountant',
      Email: 'anne@demo.test',
      GlobalIdentity: 'g1',
      StatusCode: 110001,
      Roles: [role(1)],
    },
    {
      ID: 2,
      DisplayName: 'Per Approver',
      Email: 'per@demo.test',
      GlobalIdentity: 'g2',
      StatusCode: 110001,
      Roles: [role(2)],
    },
  ]
  const grid = (done: boolean): OfficeGrid => ({
    companies: [nordlys, fjord].map(({ ID, Key, Name }) => ({ ID, Key, Name })),
    people: [
      {
        key: 'g1',
        DisplayName: 'Anne Accountant',
        Email: 'anne@demo.test',
        licenseUserId: 11,
        companies: { nordlys: { UserID: 1, StatusCode: 110001, Roles: ['Administrator'] } },
      },
      {
        key: 'g2',
        DisplayName: 'Per Approver',
        Email: 'per@demo.test',
        licenseUserId: 12,
        companies: done
          ? {
              nordlys: { UserID: 2, StatusCode: 110001, Roles: ['Approval.Accounting'] },
              fjord: { UserID: 5, StatusCode: 110001, Roles: ['Approval.Accounting'] },
            }
          : { nordlys: { UserID: 2, StatusCode: 110001, Roles: ['Approval.Accounting'] } },
      },
    ],
    roles: roles.map((r) => r.Name),
    unreadable: {},
    licenseUsersKnown: true,
    licenseAdminAddress: true,
  })
  let applied = false
  const handlers: Handlers = {
    'admin.users': (key) => {
      if (key !== 'nordlys')
        throw new BridgeError('API_FORBIDDEN', 'Not a member', { status: 403, fields: [], reference: null })
      return { users: structuredClone(users), roles }
    },
    'admin.inviteUser': (_key, { Email }) => {
      if (!/@/.test(Email))
        throw new BridgeError('API_VALIDATION', 'Email is not valid', {
          status: 400,
          fields: [
            {
              field: 'Email',
              entityType: 'UserVerification',
              message: 'A valid e-mail address is required',
              level: null,
            },
          ],
          reference: null,
        })
      const user = { ID: 3, DisplayName: '', Email, GlobalIdentity: null, StatusCode: 110000, Roles: [] }
      users.push(user)
      return user
    },
    'admin.setUserRoles': (_key, change) => {
      if (change.RoleIDs.includes(3))
        throw new BridgeError(
          'API_BAD_REQUEST',
          "Role 'Payroll.Payroll' needs an active purchase of a product that includes it (Payroll)",
          {
            status: 400,
            fields: [],
            reference: null,
          },
        )
      const user = users.find((u) => u.ID === change.UserID)!
      user.Roles = change.RoleIDs.map(role)
      return structuredClone(user)
    },
    'admin.office': () => grid(applied),
    'admin.updatePermissions': () => {
      applied = true
      return { message: 'The permission update is queued' }
    },
    'admin.checkPermissions': (check) => Object.fromEntries(check.companyKeys.map((k) => [k, applied])),
  }
  return handlers
}

async function mountAdmin(
  path: string,
  who: { admin: boolean; licenseAdmin: boolean },
  language = 'en-US',
  company = nordlys,
  extra: Handlers = {},
) {
  const views: AppView[] = who.admin || who.licenseAdmin ? ['admin', 'settings'] : ['settings']
  const { shell } = await mountWorkspace({
    path,
    languages: [language],
    companies: [company],
    views,
    session: (key) => ({
      companyName: key === 'nordlys' ? nordlys.Name : fjord.Name,
      isAdmin: who.admin,
      isLicenseAdmin: who.licenseAdmin,
    }),
    handlers: { ...platform(), ...extra },
  })
  return shell
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
/** A row or head as the text of each of its cells. */
const cells = (el: Element | null | undefined) => [...(el?.querySelectorAll('th, td') ?? [])].map(text)

async function axeClean(root: HTMLElement) {
  expect(await axeFindings(root)).toEqual([])
}

describe('Admin: users and roles', () => {
  it('lists the users with status and roles, invites one, and shows a refused role on the roles in words', async () => {
    shell = await mountAdmin('/admin?section=users', { admin: true, licenseAdmin: false })
    const section = await shell.find('admin-users')
    await vi.waitFor(() => expect(section.querySelectorAll('tbody tr')).toHaveLength(2))
    expect(cells(section.querySelector('[data-testid="admin-user-2"]'))).toEqual([
      'Per Approver',
      'per@demo.test',
      'Active',
      'Approval.Accounting',
    ])
    // Only the company's own sections: no office grid for someone who is not a license administrator.
    expect(document.querySelector('[data-testid="admin-section-office"]')).toBeNull()
    await axeClean(section)

    // A malformed address is refused on the address field; a good one is listed as invited.
    const email = section.querySelector<HTMLInputElement>('[data-testid="admin-invite-email"]')!
    email.value = 'kari'
    email.dispatchEvent(new Event('input'))
    await vi.waitFor(() =>
      expect(section.querySelector<HTMLButtonElement>('[data-testid="admin-invite-send"]')!.disabled).toBe(
        false,
      ),
    )
    section.querySelector<HTMLButtonElement>('[data-testid="admin-invite-send"]')!.form!.requestSubmit()
    await vi.waitFor(() =>
      expect(text(section.querySelector('#admin-invite-problem'))).toContain('valid e-mail address'),
    )
    expect(email.getAttribute('aria-describedby')).toBe('admin-invite-problem')
    email.value = 'kari@firma.no'
    email.dispatchEvent(new Event('input'))
    section.querySelector<HTMLButtonElement>('[data-testid="admin-invite-send"]')!.form!.requestSubmit()
    await vi.waitFor(() =>
      expect(text(section.querySelector('[data-testid="admin-user-3"]'))).toContain('Invited'),
    )

    // Per gets a payroll role: the platform refuses and the product rule is explained on the roles.
    section.querySelector<HTMLButtonElement>('[data-testid="admin-user-2"] button')!.click()
    const editor = await shell.find('admin-user-roles')
    await vi.waitFor(() => expect(text(editor.querySelector('h3'))).toBe('Roles of Per Approver'))
    editor.querySelector<HTMLInputElement>('#admin-role-3')!.click()
    await vi.waitFor(() =>
      expect(editor.querySelector<HTMLButtonElement>('[data-testid="admin-roles-save"]')!.disabled).toBe(
        false,
      ),
    )
    editor.querySelector<HTMLButtonElement>('[data-testid="admin-roles-save"]')!.click()
    const problem = await waitForElement('[data-testid="admin-roles-problem"]')
    expect(text(problem)).toContain('The role Payroll.Payroll needs a licence')
    expect(text(problem)).toContain('(Payroll)')
    // Nothing was lost: Per still has his role in the list.
    expect(text(section.querySelector('[data-testid="admin-user-2"]'))).toContain('Approval.Accounting')
    await axeClean(section)
  })

  it('is worded in Norwegian throughout', async () => {
    shell = await mountAdmin('/admin?section=users', { admin: true, licenseAdmin: false }, 'nb-NO')
    const section = await shell.find('admin-users')
    await vi.waitFor(() => expect(section.querySelectorAll('tbody tr')).toHaveLength(2))
    expect(cells(section.querySelector('thead'))).toEqual(['Navn', 'E-post', 'Status', 'Roller'])
    expect(text(section.querySelector('[data-testid="admin-user-1"]'))).toContain('Aktiv')
    expect(text(section)).not.toMatch(/\b(Invite|Roles|Active|Users of)\b/)
  })
})

describe('Admin: the office’s people', () => {
  it('is offered to a license administrator alone, applies a role set and shows each company done', async () => {
    shell = await mountAdmin('/admin?section=office', { admin: false, licenseAdmin: true })
    const section = await shell.find('admin-office')
    // A license administrator who administers nothing of the company sees only the office.
    expect(document.querySelector('[data-testid="admin-section-users"]')).toBeNull()
    const grid = await waitForElement('[data-testid="admin-office-grid"]')
    const per = cells(grid.querySelector('tbody tr:nth-child(2)'))
    expect(per).toEqual(['Per Approverper@demo.test', 'Approval.Accounting', 'Not a user'])
    await axeClean(section)

    ;(grid.querySelector<HTMLElement>('[aria-label="Select Per Approver"]') ??
      grid.querySelector<HTMLElement>('tbody tr:nth-child(2) input'))!.click()
    grid.querySelector<HTMLInputElement>('thead th:nth-child(3) input')!.click()
    const approval = [...section.querySelectorAll('.admin-office__roles label')].find(
      (l) => text(l) === 'Approval.Accounting',
    )!
    approval.querySelector('input')!.click()
    const apply = section.querySelector<HTMLButtonElement>('[data-testid="admin-office-apply"]')!
    await vi.waitFor(() => expect(apply.disabled).toBe(false))
    apply.click()
    await vi.waitFor(() =>
      expect(text(section.querySelector('[data-testid="admin-office-progress"]'))).toBe(
        'Done in all companies (1 of 1).',
      ),
    )
    expect(text(section.querySelector('[data-testid="admin-office-state-fjord"]'))).toBe('Done')
    await vi.waitFor(() =>
      expect(cells(grid.querySelector('tbody tr:nth-child(2)')).slice(1)).toEqual([
        'Approval.Accounting',
        'Approval.Accounting',
      ]),
    )
    const calls = shell.test.calls.filter((c) => c.name === 'admin.updatePermissions')
    expect(calls.map((c) => c.args[0])).toEqual([
      { CompanyIds: [2], UserIds: [12], Roles: ['Approval.Accounting'] },
    ])
    await axeClean(section)
  })

  it('says in words where the license administration address is added when the environment has none, and offers no button', async () => {
    const noAddress = (language: string) =>
      mountAdmin('/admin?section=office', { admin: false, licenseAdmin: true }, language, nordlys, {
        'admin.office': async () => ({
          ...(await platform()['admin.office']!()),
          licenseAdminAddress: false,
        }),
      })
    shell = await noAddress('en-US')
    let section = await shell.find('admin-office')
    const grid = await waitForElement('[data-testid="admin-office-grid"]')
    expect(text(section.querySelector('[data-testid="admin-office-no-address"]'))).toBe(
      'This environment has no license administration address, so roles cannot be changed across companies from here. Add the environment again on the sign-in screen (Add environment) and fill in “License administration address”; your platform provider can tell you the address.',
    )
    expect(section.querySelector('[data-testid="admin-office-apply"]')).toBeNull()
    // The grid is shown, read-only.
    expect([...grid.querySelectorAll('input')].every((i) => i.disabled)).toBe(true)
    await axeClean(section)
    shell.unmount()

    shell = await noAddress('nb-NO')
    section = await shell.find('admin-office')
    await vi.waitFor(() =>
      expect(text(section.querySelector('[data-testid="admin-office-no-address"]'))).toContain(
        'Dette miljøet har ingen adresse for lisensadministrasjon',
      ),
    )
    expect(text(section.querySelector('[data-testid="admin-office-no-address"]'))).toContain(
      '«Adresse for lisensadministrasjon»',
    )
    expect(section.querySelector('[data-testid="admin-office-apply"]')).toBeNull()
    expect(shell.test.calls.some((c) => c.name === 'admin.updatePermissions')).toBe(false)
  })

  it('shows the clear refusal when main finds no license administration address at sending', async () => {
    shell = await mountAdmin(
      '/admin?section=office',
      { admin: false, licenseAdmin: true },
      'en-US',
      nordlys,
      {
        'admin.updatePermissions': () => {
          throw new BridgeError(
            'ADMIN_NO_LICENSE_ADMIN_ADDRESS',
            'This environment has no license administration address',
          )
        },
      },
    )
    const section = await shell.find('admin-office')
    const grid = await waitForElement('[data-testid="admin-office-grid"]')
    const per = grid.querySelector<HTMLInputElement>('tbody tr:nth-child(2) input')!
    await vi.waitFor(() => expect(per.disabled).toBe(false))
    per.click()
    grid.querySelector<HTMLInputElement>('thead th:nth-child(3) input')!.click()
    section.querySelector<HTMLInputElement>('.admin-office__keep input')!.click()
    const apply = section.querySelector<HTMLButtonElement>('[data-testid="admin-office-apply"]')!
    await vi.waitFor(() => expect(apply.disabled).toBe(false))
    apply.click()
    await vi.waitFor(() =>
      expect(text(section.querySelector('[data-testid="admin-office-refusal"]'))).toBe(
        'Nothing was sent: this environment has no license administration address. Add the environment again on the sign-in screen (Add environment) with its “License administration address”.',
      ),
    )
  })

  it('shows the platform’s 403 in words when a company refuses its users', async () => {
    shell = await mountAdmin('/admin?section=users', { admin: true, licenseAdmin: false }, 'nb-NO', fjord)
    const section = await shell.find('admin-users')
    await vi.waitFor(() =>
      expect(text(section)).toContain('bare administratorer i selskapet kan endre brukerne (403)'),
    )
    expect(section.querySelector('table')).toBeNull()
  })

  it('keeps someone who administers neither out of Admin by the router', async () => {
    shell = await mountAdmin('/admin?section=users', { admin: false, licenseAdmin: false })
    await vi.waitFor(() => expect(shell!.router.currentRoute.value.name).toBe('overview'))
    expect(document.querySelector('[data-testid="nav-admin"]')).toBeNull()
    expect(shell.test.calls.some((c) => c.name === 'admin.users')).toBe(false)
  })
})
