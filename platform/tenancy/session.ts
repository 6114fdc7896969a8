// The session user (spec 2.2; field notes: the plural `users?action=current-session` too, with
// `Permissions` strings and a `License`): the caller's User row in the selected company.
import { PlatformError } from '../errors.ts'
import { findAccount } from '../identity/accounts.ts'
import type { HookSet } from '../model/hooks.ts'

/** UI permissions granted by each role (Role.Name); every member also gets the base set. */
const permissionsByRole: Record<string, readonly string[]> = {
  Administrator: [
    'ui_admin',
    'ui_admin_users',
    'ui_admin_roles',
    'ui_settings',
    'ui_settings_companysettings',
    'ui_settings_customfields',
    'ui_accounting',
    'ui_accounting_bills',
    'ui_accounting_journalentries',
    'ui_sales',
    'ui_sales_invoices',
    'ui_approvals',
    'ui_bank',
  ],
  'Accounting.Admin': [
    'ui_accounting',
    'ui_accounting_bills',
    'ui_accounting_journalentries',
    'ui_accounting_accountsettings',
    'ui_accounting_vatsettings',
  ],
  'Accounting.Journal': ['ui_accounting', 'ui_accounting_journalentries', 'ui_accounting_bills'],
  'Accounting.Reporting': ['ui_accounting', 'ui_accounting_reports'],
  'Accounting.Approval': ['ui_approvals', 'ui_accounting_bills'],
  'Approval.Accounting': ['ui_approvals', 'ui_accounting_bills'],
  'Bank.Payment': ['ui_bank', 'ui_bank_payments'],
  'Bank.Approver': ['ui_bank', 'ui_bank_approvepayments'],
  'Sales.Invoice': ['ui_sales', 'ui_sales_invoices'],
}
const basePermissions = ['ui_overview', 'ui_approvals_mine']

export function permissionsFor(roleNames: readonly string[]): string[] {
  const out = new Set(basePermissions)
  for (const name of roleNames) {
    const known = Object.entries(permissionsByRole).find(([r]) => r.toLowerCase() === name.toLowerCase())
    const perms = known ? known[1] : [`ui_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`]
    for (const p of perms) out.add(p)
  }
  return [...out].sort()
}

/** User types of the License object: accountants (bookkeeping office staff) and standard users. */
const UserType = {
  Standard: { TypeID: 0, TypeName: 'Standard' },
  Accountant: { TypeID: 1, TypeName: 'Accountant' },
} as const

export function registerSessionActions(hooks: HookSet): void {
  hooks.register('User', {
    actions: {
      'current-session': {
        methods: ['GET'],
        target: 'collection',
        async handler(req) {
          const user = await req.api.read(req.entity, req.userId)
          if (!user) throw new PlatformError('UNAUTHORIZED', 'The session user no longer exists')
          const { rows: roles } = await req.sql.query<{ Name: string }>(
            `select coalesce(r."Name", ur."SharedRoleName") as "Name"
               from "UserRole" ur left join "Role" r on r."ID" = ur."SharedRoleId"
              where ur."CompanyID" = $1 and ur."UserID" = $2 and ur."Deleted" = false`,
            [req.companyId, req.userId],
          )
          const { rows: companies } = await req.sql.query<Record<string, unknown>>(
            'select "ID", "Key", "Name", "OrganizationNumber", "IsTest", "ContractType" from "Company" where "ID" = $1',
            [req.companyId],
          )
          const company = companies[0]!
          const roleNames = roles.map((r) => r.Name).filter(Boolean)
          const accountant = roleNames.some((n) => /^(administrator|accounting\.)/i.test(n))
          // spec 5: the bulk permission route is for a license administrator (flag `IsLicenseAdmin`), an
          // office-wide fact of the person; the session tells it so a client offers that work only to them.
          const identity = typeof user.GlobalIdentity === 'string' ? user.GlobalIdentity : ''
          const isLicenseAdmin = identity
            ? (await findAccount(req.sql, identity))?.is_license_admin === true
            : false
          return {
            ...user,
            Permissions: permissionsFor(roleNames),
            License: {
              ContractType: {
                TypeID: company.ContractType ?? 0,
                TypeName: company.IsTest ? 'Demo' : 'Standard',
              },
              Company: {
                ID: company.ID,
                Key: company.Key,
                Name: company.Name,
                OrganizationNumber: company.OrganizationNumber,
                IsTest: company.IsTest,
              },
              UserType: accountant ? UserType.Accountant : UserType.Standard,
              Roles: roleNames,
              IsLicenseAdmin: isLicenseAdmin,
            },
          }
        },
      },
    },
  })
}
