// Tasks without the list route. The documents give only `POST tasks` (spec 4.8), but Task is a documented
// model (spec 2.15: UserID, Type, EntityID, ModelID, Title, …, ApprovalPlan) and the statistics route reads
// any documented model (spec 4.2). Where the platform does not list tasks, the pull reads them there: the
// task's own columns in one query, its approval plan in a second one (an expanded collection comes back as
// one row per plan item, field notes "Responses"), put back together as the list would have answered. The
// approvals list needs the task to name the invoice an approval is for (`EntityID`) and its steps.
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'
import { isNotOffered } from '../api/offered.ts'

/** The task's columns (spec 2.15), each aliased to its own name so the rows read like the list's. */
const TASK_COLUMNS = [
  'ID',
  'UserID',
  'Type',
  'EntityID',
  'ModelID',
  'Title',
  'StatusCode',
  'CreatedAt',
  'UpdatedAt',
  // Standard on every entity: who started the flow (a retried reassignment looks for its own).
  'CreatedBy',
] as const
/** The plan's columns (spec 2.15 TaskApprovalPlan), read through the task's expanded `ApprovalPlan`. */
const PLAN_COLUMNS = [
  'ID',
  'UserID',
  'StepNumber',
  'Limit',
  'Amount',
  'CurrencyCode',
  'StatusCode',
  'ApprovalType',
] as const
/** Tasks whose plans are asked in one query (an `or` of IDs: the field notes do not promise `in`). */
const PLANS_AT_A_TIME = 50

const taskSelect = TASK_COLUMNS.map((c) => `${c} as ${c}`).join(',')
const planSelect = ['ID as TaskID', ...PLAN_COLUMNS.map((c) => `ApprovalPlan.${c} as ${c}`)].join(',')

export interface TaskQuery {
  filter?: string
  select?: string
  orderby: string
  top: number
  skip?: number
}

/**
 * Task rows through the statistics route, with their `ApprovalPlan` when the query asks for whole rows
 * (a `select` of IDs only, as reconciliation asks, reads the task columns alone).
 */
export async function tasksViaStatistics(
  api: ApiClient,
  companyKey: string,
  query: TaskQuery,
): Promise<PlatformRow[]> {
  const idsOnly = query.select !== undefined
  // Statistics lists soft-deleted rows unless asked not to (field notes, "Responses"); the list does not.
  const live = query.filter ? `Deleted eq 0 and (${query.filter})` : 'Deleted eq 0'
  const rows = await api.statistics<PlatformRow>(
    {
      model: 'Task',
      select: idsOnly ? 'ID as ID' : taskSelect,
      filter: live,
      orderby: query.orderby,
      top: query.top,
      ...(query.skip ? { skip: query.skip } : {}),
    },
    { companyKey },
  )
  if (idsOnly || rows.length === 0) return rows
  const plans = new Map<number, PlatformRow[]>()
  const ids = rows.map((row) => Number(row.ID))
  for (let at = 0; at < ids.length; at += PLANS_AT_A_TIME) {
    const chunk = ids.slice(at, at + PLANS_AT_A_TIME)
    const items = await api.statistics<PlatformRow>(
      {
        model: 'Task',
        select: planSelect,
        expand: 'ApprovalPlan',
        filter: `ApprovalPlan.Deleted eq 0 and (${chunk.map((id) => `ID eq ${id}`).join(' or ')})`,
        orderby: 'ID',
      },
      { companyKey },
    )
    for (const item of items) {
      // A task without a plan comes back once, with empty plan columns.
      if (item.ID === null || item.ID === undefined) continue
      const { TaskID, ...plan } = item
      const list = plans.get(Number(TaskID)) ?? []
      list.push(plan as PlatformRow)
      plans.set(Number(TaskID), list)
    }
  }
  return rows.map((row) => ({
    ...row,
    ApprovalPlan: (plans.get(Number(row.ID)) ?? []).sort(
      (a, b) => Number(a.StepNumber ?? 1) - Number(b.StepNumber ?? 1) || Number(a.ID) - Number(b.ID),
    ),
  }))
}

/** Companies whose platform refused the task list, per API client (a new session asks the list again). */
const refused = new WeakMap<ApiClient, Set<string>>()

/**
 * The list route's answer, or, where the platform does not offer it, the statistics route's. A refusal is
 * remembered for the session, so a round does not ask the list for nothing on every page.
 */
export async function withTaskFallback(
  api: ApiClient,
  companyKey: string,
  query: TaskQuery,
  viaList: () => Promise<PlatformRow[]>,
): Promise<PlatformRow[]> {
  if (!refused.get(api)?.has(companyKey)) {
    try {
      return await viaList()
    } catch (error) {
      if (!isNotOffered(error)) throw error
      const companies = refused.get(api) ?? new Set<string>()
      companies.add(companyKey)
      refused.set(api, companies)
    }
  }
  return tasksViaStatistics(api, companyKey, query)
}
