// Scopes of spec section 5. The OpenID scopes describe the person; all scopes are also scopes of the API
// resource server, so an access token for the API carries what was granted.

export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const

export const API_SCOPES = [
  'IdentityAPI',
  'LicenseAdmin',
  'AppFramework',
  'AppFramework.All',
  'LicenseAdmin.Product.Read',
  'Accounting.Admin',
  'Accounting.Reporting',
  'Accounting.Journal',
  'Accounting.Approval',
  'Approval.Accounting',
  'Timetracking.Worker',
  'Timetracking.Reporting',
  'Timetracking.Manager',
  'Timetracking.HR',
  'Timetracking.Admin',
  'Sales.Reporting',
  'Sales.Quote',
  'Sales.Order',
  'Sales.Manager',
  'Sales.Invoice',
  'Sales.Admin',
  'Webhook.Admin',
  'Payroll.Payroll',
  'Payroll.Admin',
  'Payroll.Travel',
  'Payroll.HR',
  'Bank.Payment',
  'Bank.Approver',
  'Bank.Admin',
  'Administrator',
  'READ_ONLY',
  'AP-admin',
  'DevPortalAPI',
  'Identity.ProviderToken.Read',
  'AgriAdmin',
] as const

const oidc = new Set<string>(OIDC_SCOPES)
const api = new Set<string>(API_SCOPES)

export function splitScope(scope: unknown): string[] {
  return typeof scope === 'string' ? [...new Set(scope.split(' ').filter(Boolean))] : []
}

export const oidcScopesOf = (scopes: readonly string[]) => scopes.filter((s) => oidc.has(s))
export const apiScopesOf = (scopes: readonly string[]) => scopes.filter((s) => api.has(s))
export const knownScopesOf = (scopes: readonly string[]) => scopes.filter((s) => oidc.has(s) || api.has(s))
