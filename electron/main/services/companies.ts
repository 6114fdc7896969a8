// The companies the signed-in user may open (/api/init/companies, spec 2.3), and the current-session
// answer per company (field notes: users?action=current-session), which decides the views offered.
// The company travels with each call; main remembers none.
import {
  BridgeError,
  type AppView,
  type Company,
  type CompanySession,
} from '../../../common/bridge/contract.ts'
import type { ApiClient } from './api/client.ts'

/** Which permission opens which view; settings is always offered. */
const viewPermissions: Record<Exclude<AppView, 'settings'>, readonly string[]> = {
  inbox: ['ui_accounting_bills'],
  review: ['ui_accounting_bills'],
  journal: ['ui_accounting_journalentries'],
  approvals: ['ui_approvals', 'ui_approvals_mine'],
  sales: ['ui_sales', 'ui_sales_invoices'],
  contacts: ['ui_sales', 'ui_accounting'],
  admin: ['ui_admin'],
}

/**
 * The views the permissions open. A license administrator (spec 5) gets Admin for the office's people
 * across companies even where they administer nothing of the open company.
 */
export function viewsFor(permissions: readonly string[], isLicenseAdmin = false): AppView[] {
  const held = new Set(permissions.map((p) => p.toLowerCase()))
  const views = (Object.keys(viewPermissions) as (keyof typeof viewPermissions)[]).filter(
    (view) => viewPermissions[view].some((p) => held.has(p)) || (view === 'admin' && isLicenseAdmin),
  )
  return [...views, 'settings']
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

export function createCompaniesService(deps: { api(): Promise<ApiClient> }) {
  return {
    async list(): Promise<Company[]> {
      const rows = await (await deps.api()).get<Record<string, unknown>[]>('api/init/companies')
      return rows
        .filter((r) => r.Deleted !== true)
        .map((r) => ({
          ID: Number(r.ID),
          Name: str(r.Name),
          Key: str(r.Key),
          IsTest: r.IsTest === true,
          OrganizationNumber: typeof r.OrganizationNumber === 'string' ? r.OrganizationNumber : null,
        }))
    },

    async session(companyKey: string): Promise<CompanySession> {
      const answer = await (
        await deps.api()
      ).get<Record<string, unknown>>('api/biz/users', {
        companyKey,
        query: { action: 'current-session' },
      })
      const permissions = Array.isArray(answer.Permissions)
        ? answer.Permissions.filter((p) => typeof p === 'string')
        : []
      const license = (answer.License ?? {}) as {
        Company?: { Name?: unknown; Key?: unknown }
        IsLicenseAdmin?: unknown
      }
      // spec 5 names the flag `IsLicenseAdmin` but not where it travels: read from the session's License
      // (where the local platform puts it) or the session user; absent means not a license administrator.
      const isLicenseAdmin = license.IsLicenseAdmin === true || answer.IsLicenseAdmin === true
      const answeredFor = str(license.Company?.Key)
      // The answer names its company; one for another company must never be shown under this one's name.
      if (answeredFor && answeredFor.toLowerCase() !== companyKey.toLowerCase()) {
        throw new BridgeError(
          'COMPANY_MISMATCH',
          'The platform answered for another company than the one asked for',
        )
      }
      return {
        companyKey: str(license.Company?.Key) || companyKey,
        companyName: str(license.Company?.Name),
        user: {
          GlobalIdentity: str(answer.GlobalIdentity),
          DisplayName: str(answer.DisplayName),
          Email: str(answer.Email),
          UserName: str(answer.UserName),
        },
        userId: Number.isInteger(answer.ID) ? (answer.ID as number) : null,
        permissions,
        views: viewsFor(permissions, isLicenseAdmin),
        isLicenseAdmin,
      }
    },
  }
}
