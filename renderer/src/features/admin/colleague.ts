// The logic of Admin → New colleague, apart from the view: the built-in role sets and the office's own
// (checked before they are saved), the filter over companies, how a company's failure is worded, and the
// companies a retry takes (only those that failed).
import { RoleTemplate, type CompanyGrant, type GrantFailure } from '@common/bridge/admin-colleague'
import type { OfficeGrid } from '@common/bridge/admin-users'
import { isEmailAddress } from '@common/field-checks'
import { useBridge } from '@renderer/bridge'

/** The built-in sets: an accountant's everyday work, and approving supplier invoices only. */
export const builtInTemplates = [
  {
    id: 'accountant',
    roles: ['Accounting.Journal', 'Accounting.Reporting', 'Accounting.Approval', 'Sales.Invoice'],
  },
  { id: 'approver', roles: ['Approval.Accounting'] },
] as const

export type BuiltInId = (typeof builtInTemplates)[number]['id']

export type TemplateProblem = 'name' | 'roles' | 'builtIn'

/** Why a set cannot be saved, or null; `builtInNames` in every language the app speaks. */
export function templateProblem(
  draft: { name: string; roles: readonly string[] },
  builtInNames: readonly string[],
): TemplateProblem | null {
  const name = draft.name.trim()
  if (!name) return 'name'
  if (builtInNames.some((n) => n.toLowerCase() === name.toLowerCase())) return 'builtIn'
  if (!draft.roles.length) return 'roles'
  return RoleTemplate.safeParse({ name, roles: [...draft.roles] }).success ? null : 'roles'
}

/** The office's sets with `draft` put in place of the one of the same name (or added). */
export function withTemplate(
  templates: readonly RoleTemplate[],
  draft: RoleTemplate,
  replacing: string | null,
): RoleTemplate[] {
  const name = draft.name.trim()
  const out = templates.filter(
    (t) => t.name.toLowerCase() !== name.toLowerCase() && t.name.toLowerCase() !== replacing?.toLowerCase(),
  )
  return [...out, { name, roles: [...draft.roles] }].sort((a, b) => a.name.localeCompare(b.name))
}

export const matches = (name: string, filter: string) =>
  !filter.trim() || name.toLowerCase().includes(filter.trim().toLowerCase())

/** The invitation's address, by the app's one e-mail rule (spaces around it allowed). */
export const isEmail = (s: string) => isEmailAddress(s.trim())

export type ReasonKey = 'forbidden' | 'unknownRoles' | 'unreachable' | 'notHeld' | 'refused' | 'other'

export function reasonOf(failure: GrantFailure): ReasonKey {
  if (failure.code === 'ADMIN_UNKNOWN_ROLES') return 'unknownRoles'
  if (failure.code === 'ADMIN_ROLES_NOT_HELD') return 'notHeld'
  if (failure.status === 403) return 'forbidden'
  if (['API_NETWORK', 'API_TIMEOUT', 'API_UNAVAILABLE'].includes(failure.code)) return 'unreachable'
  if (failure.status === 400 || failure.status === 409) return 'refused'
  return 'other'
}

export const failedKeys = (rows: readonly CompanyGrant[]) =>
  rows.filter((r) => r.state === 'failed').map((r) => r.companyKey)

/** The people the office has, by e-mail, for the person field's suggestions. */
export const knownPeople = (grid: OfficeGrid | null) =>
  (grid?.people ?? [])
    .filter((p) => p.Email)
    .map((p) => ({ email: p.Email.toLowerCase(), name: p.DisplayName }))
    .sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email))

export interface ColleagueApi {
  office(): Promise<OfficeGrid>
  grant(grant: { Email: string; companyKeys: string[]; roles: string[] }): Promise<{
    id: string
    running: boolean
    companies: CompanyGrant[]
  }>
  progress(id: string): Promise<{ id: string; running: boolean; companies: CompanyGrant[] }>
}

export function bridgeColleagueApi(): ColleagueApi {
  const bridge = useBridge()
  return {
    office: () => bridge.call('admin.office'),
    grant: (grant) => bridge.call('admin.grantColleague', grant),
    progress: (id) => bridge.call('admin.grantProgress', id),
  }
}
