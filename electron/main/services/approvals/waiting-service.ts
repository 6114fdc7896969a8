// Approvals waiting too long, across the companies kept on this computer: every active approval (status
// 50120, field notes) of anyone in each company, created before a date, read with the documented list
// route (spec 4.8 `approvals?filter=...`, here on status and CreatedAt rather than one user). The renderer
// names the invoice, supplier and holder from its cache. A service that ignores a filter it does not take
// answers more rows, not fewer, so each row's status and date are checked here as well. Read a few companies at a time; a company that
// cannot be read is named with the platform's words, the others are still shown.
import type { WaitingApproval, WaitingApprovals } from '../../../../common/bridge/approvals.ts'
import { ApprovalStatus } from '../../../../common/status.ts'
import type { ApiClient } from '../api/client.ts'

type Row = Record<string, unknown>
const PAGE = 1000
const COMPANIES_AT_ONCE = 4
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

export function createWaitingApprovalsService(deps: { api(): Promise<ApiClient> }) {
  return {
    async waiting(companyKeys: readonly string[], createdBefore: string): Promise<WaitingApprovals> {
      const api = await deps.api()
      const readAt = new Date().toISOString()
      const before = Date.parse(createdBefore)
      const unreadable: Record<string, string> = {}
      const rows: WaitingApproval[] = []
      const one = async (companyKey: string) => {
        try {
          for (let skip = 0; ; skip += PAGE) {
            const page = await api.get<Row[]>('api/biz/approvals', {
              companyKey,
              query: {
                filter: `StatusCode eq ${ApprovalStatus.Active} and CreatedAt lt '${createdBefore}'`,
                select: 'ID,TaskID,UserID,CreatedAt,Amount,CurrencyCode,StatusCode',
                orderby: 'CreatedAt',
                top: PAGE,
                ...(skip ? { skip } : {}),
              },
            })
            for (const r of page)
              if (
                r.Deleted !== true &&
                typeof r.CreatedAt === 'string' &&
                r.StatusCode === ApprovalStatus.Active &&
                Date.parse(r.CreatedAt) < before
              )
                rows.push({
                  companyKey,
                  ID: Number(r.ID),
                  TaskID: num(r.TaskID),
                  UserID: num(r.UserID),
                  CreatedAt: r.CreatedAt,
                  Amount: num(r.Amount),
                  CurrencyCode: typeof r.CurrencyCode === 'string' ? r.CurrencyCode : null,
                })
            if (page.length < PAGE) return
          }
        } catch (error) {
          unreadable[companyKey] = error instanceof Error ? error.message : String(error)
        }
      }
      let next = 0
      const worker = async () => {
        for (let i = next++; i < companyKeys.length; i = next++) await one(companyKeys[i]!)
      }
      await Promise.all(Array.from({ length: Math.min(COMPANIES_AT_ONCE, companyKeys.length) }, worker))
      rows.sort((a, b) => a.CreatedAt.localeCompare(b.CreatedAt))
      return { rows, unreadable, readAt }
    },
  }
}
