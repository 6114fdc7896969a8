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
import { ApiError, HttpStatus } from './api/errors.ts'

/**
 * How each view learns whether the platform lets this user work there. The documents name one permission
 * string (`ui_accounting_bills`, field notes "Auth and tenancy"); every other view asks the platform a small
 * documented read its work starts with, and is hidden only when the platform refuses it (403), with the
 * platform's reason. A read that fails otherwise (offline, a timeout) does not hide a view: the view says
 * what went wrong when opened.
 */
export const viewProbes: Record<
  Exclude<AppView, 'settings'>,
  { permission?: string; path: string; query: (userId: number | null) => Record<string, string | number> }
> = {
  inbox: {
    permission: 'ui_accounting_bills',
    path: 'api/biz/supplierinvoices',
    query: () => ({ select: 'ID', top: 1 }),
  },
  review: {
    permission: 'ui_accounting_bills',
    path: 'api/biz/supplierinvoices',
    query: () => ({ select: 'ID', top: 1 }),
  },
  journal: { path: 'api/biz/accounts', query: () => ({ select: 'ID', top: 1 }) },
  approvals: {
    path: 'api/biz/approvals',
    query: (userId) => ({
      select: 'ID',
      top: 1,
      ...(userId ? { filter: `UserID eq ${userId} and statuscode eq 50120` } : {}),
    }),
  },
  sales: { path: 'api/biz/invoices', query: () => ({ select: 'ID', top: 1 }) },
  contacts: { path: 'api/biz/contacts', query: () => ({ select: 'ID', top: 1 }) },
  // spec 4.10: user administration needs the Administrator role; its reads answer 403 to anyone else.
  admin: {
    path: 'api/biz/userroles',
    query: (userId) => ({ select: 'ID', top: 1, ...(userId ? { filter: `UserID eq ${userId}` } : {}) }),
  },
}

export interface ViewDecision {
  views: AppView[]
  hidden: { view: AppView; reason: string }[]
  /** The Administrator role's reads answered (spec 4.10). */
  isAdmin: boolean
}

/**
 * The views offered from the documented permission and the platform's own answers to each view's first
 * read. A license administrator (spec 5) gets Admin for the office's people even where they administer
 * nothing of the open company.
 */
export async function decideViews(
  api: ApiClient,
  companyKey: string,
  session: { permissions: readonly string[]; userId: number | null; isLicenseAdmin: boolean },
): Promise<ViewDecision> {
  const held = new Set(session.permissions.map((p) => p.toLowerCase()))
  const asked = new Map<string, Promise<{ refused: string | null }>>()
  const ask = (path: string, query: Record<string, string | number>) => {
    const key = `${path}?${JSON.stringify(query)}`
    let answer = asked.get(key)
    if (!answer) {
      answer = api.get(path, { companyKey, query, timeoutMs: 15_000 }).then(
        () => ({ refused: null }),
        (err: unknown) => ({
          refused:
            err instanceof ApiError && err.status === HttpStatus.Forbidden
              ? err.message || 'Refused by the platform'
              : null,
        }),
      )
      asked.set(key, answer)
    }
    return answer
  }
  const views: AppView[] = []
  const hidden: ViewDecision['hidden'] = []
  let isAdmin = false
  const entries = Object.entries(viewProbes) as [Exclude<AppView, 'settings'>, (typeof viewProbes)['inbox']][]
  const answers = await Promise.all(
    entries.map(([, probe]) =>
      probe.permission && held.has(probe.permission)
        ? { refused: null }
        : ask(probe.path, probe.query(session.userId)),
    ),
  )
  entries.forEach(([view], i) => {
    const { refused } = answers[i]!
    // A license administrator reads the roles of the companies they hold the license permission for (to
    // read back the bulk route's work), so for them the read does not tell the Administrator role apart:
    // they are offered the office section, not the company's user administration.
    if (view === 'admin') isAdmin = refused === null && !session.isLicenseAdmin
    if (refused === null || (view === 'admin' && session.isLicenseAdmin)) views.push(view)
    else hidden.push({ view, reason: refused })
  })
  return { views: [...views, 'settings'], hidden, isAdmin }
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
          FileFlowEmail: typeof r.FileFlowEmail === 'string' && r.FileFlowEmail ? r.FileFlowEmail : null,
        }))
    },

    async session(companyKey: string): Promise<CompanySession> {
      const api = await deps.api()
      const answer = await api.get<Record<string, unknown>>('api/biz/users', {
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
      const userId = Number.isInteger(answer.ID) ? (answer.ID as number) : null
      return {
        companyKey: str(license.Company?.Key) || companyKey,
        companyName: str(license.Company?.Name),
        user: {
          GlobalIdentity: str(answer.GlobalIdentity),
          DisplayName: str(answer.DisplayName),
          Email: str(answer.Email),
          UserName: str(answer.UserName),
        },
        userId,
        memberSince: typeof answer.CreatedAt === 'string' ? answer.CreatedAt : null,
        permissions,
        ...(await decideViews(api, companyKey, { permissions, userId, isLicenseAdmin }).then((d) => ({
          views: d.views,
          hiddenViews: d.hidden,
          isAdmin: d.isAdmin,
        }))),
        isLicenseAdmin,
      }
    },
  }
}
