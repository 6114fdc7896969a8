// The flow of one supplier invoice as the platform has it now (spec 2.15, 3.5, 4.8): its latest task with
// the plan of every step (limit, type), every approval with its user, status and time, the comments on
// the invoice, and which rule applied and why: a rule linked to the invoice's supplier, project or
// department (chosen by group Priority, 0 first), a global rule (one step with a limit), or chosen by hand.
// The documents give comments and tasks only a POST, and no read of a rule or its links. Where the
// platform does not offer these reads (offered.ts) the flow shows what documented reads tell: the task,
// its plan and its approvals from tasks-of-invoice.ts, and names the rest (the rule, comments) unavailable.
import { ApprovalStatus } from '../../../../common/status.ts'
import type { FlowPart, InvoiceFlow } from '../../../../common/bridge/approvals.ts'
import type { ApiClient } from '../api/client.ts'
import { ifOffered } from '../api/offered.ts'
import { tasksOfInvoice } from './tasks-of-invoice.ts'

type Row = Record<string, unknown>

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const sources = ['Supplier', 'Project', 'Department'] as const

export function createApprovalFlowService(deps: { api(): Promise<ApiClient> }) {
  async function flow(companyKey: string, invoiceId: number): Promise<InvoiceFlow> {
    const api = await deps.api()
    const get = <T>(path: string, query: Record<string, string | number | undefined> = {}) =>
      api.get<T>(`api/biz/${path}`, { companyKey, query })
    const [invoice, models, users, comments] = await Promise.all([
      get<Row>(`supplierinvoices/${invoiceId}`, { expand: 'DefaultDimensions' }),
      get<Row[]>('models', { filter: "Name eq 'SupplierInvoice'", select: 'ID' }),
      get<Row[]>('users', { select: 'ID,DisplayName,Email,GlobalIdentity' }),
      ifOffered(() => get<Row[]>(`comments/SupplierInvoice/${invoiceId}`)),
    ])
    const unavailable: FlowPart[] = comments === null ? ['comments'] : []
    const byId = new Map(users.map((u) => [num(u.ID), u] as const))
    const byIdentity = new Map(users.map((u) => [str(u.GlobalIdentity), u] as const))
    const nameOf = (u: Row | undefined, fallback = '') =>
      u ? (str(u.DisplayName) ?? str(u.Email) ?? `#${String(u.ID)}`) : fallback
    const modelId = num(models[0]?.ID)
    const listed = await ifOffered(() =>
      get<Row[]>('tasks', {
        filter: `EntityID eq ${invoiceId}${modelId === null ? '' : ` and ModelID eq ${modelId}`}`,
        expand: 'ApprovalPlan',
        orderby: 'ID desc',
        top: 1,
      }),
    )
    // Not listed: the latest task and its approvals from documented reads, without the plan.
    const found = listed === null ? await tasksOfInvoice(api, companyKey, invoiceId) : null
    const task = listed === null ? found?.at(-1) : listed[0]
    if (listed === null && found === null) unavailable.push('task')
    const result: InvoiceFlow = {
      invoiceStatus: num(invoice.StatusCode),
      amount: num(invoice.TaxInclusiveAmount),
      task: null,
      rule: null,
      steps: [],
      comments: (comments ?? [])
        .map((c) => ({
          author: nameOf(byId.get(num(c.AuthorID))),
          text: String(c.Text ?? ''),
          at: str(c.CreatedAt),
        }))
        .sort((a, b) => (b.at ?? '').localeCompare(a.at ?? '')),
      unavailable,
    }
    if (!task) return result
    const approvals =
      listed === null
        ? ((task.Approvals ?? []) as Row[])
        : await get<Row[]>('approvals', { filter: `TaskID eq ${num(task.ID)}`, orderby: 'ID' })
    result.task = {
      ID: Number(task.ID),
      status: num(task.StatusCode),
      title: str(task.Title),
      message: str(task.Message),
      requestedBy: nameOf(byId.get(num(task.UserID))) || null,
      createdAt: str(task.CreatedAt),
    }
    const row = (
      approval: Row | undefined,
      planned: Row | undefined,
      plannedRole: unknown,
      fallback: unknown,
    ) => {
      const status = num(approval?.StatusCode) ?? num(fallback)
      const decided = status === ApprovalStatus.Approved || status === ApprovalStatus.Rejected
      const actor = decided ? byIdentity.get(str(approval?.UpdatedBy)) : undefined
      return {
        userName: nameOf(planned, plannedRole ? `#role ${String(plannedRole)}` : ''),
        status,
        at: approval && status !== ApprovalStatus.Active ? str(approval.UpdatedAt) : null,
        actedBy: actor && actor !== planned ? nameOf(actor) : null,
      }
    }
    const plan = (Array.isArray(task.ApprovalPlan) ? task.ApprovalPlan : []) as Row[]
    // Read through statistics (tasks-of-invoice.ts), the task names no rule: which rule chose the approvers
    // is not something the documents let the app read.
    if (listed === null) unavailable.push('rule')
    if (listed === null && plan.length === 0) {
      // No plan: the approvals as the documented list has them, not said which step each belongs to.
      unavailable.push('plan')
      if (approvals.length)
        result.steps = [
          {
            step: null,
            approvalType: num(approvals[0]?.ApprovalType) ?? 1,
            limit: null,
            rows: approvals.map((a) => ({
              ...row(a, byId.get(num(a.UserID)), a.SharedRoleId, null),
              comment: null,
            })),
          },
        ]
      return result
    }
    const stepNumbers = [...new Set(plan.map((p) => num(p.StepNumber) ?? 1))].sort((a, b) => a - b)
    result.steps = stepNumbers.map((step) => {
      const rows = plan.filter((p) => (num(p.StepNumber) ?? 1) === step)
      return {
        step,
        approvalType: num(rows[0]?.ApprovalType) ?? 1,
        limit: rows.map((p) => num(p.Limit)).find((l) => l !== null) ?? null,
        rows: rows.map((p) => {
          // An approval's step where the list gives it; the documented Approval has none (spec 2.15).
          const approval =
            approvals.find((a) => num(a.ID) === num(p.ApprovalID)) ??
            approvals.find((a) => (num(a.StepNumber) ?? step) === step && num(a.UserID) === num(p.UserID))
          return {
            ...row(approval, byId.get(num(p.UserID)), p.SharedRoleId, p.StatusCode),
            comment: str(p.Comment),
          }
        }),
      }
    })
    if (listed === null) return result
    const ruleId = num(task.ApprovalRuleID)
    if (ruleId !== null) {
      // The rule and its links are read where the platform offers it; otherwise the rule is unavailable.
      result.rule = await ifOffered(() => ruleOf(get, ruleId, invoice))
      if (result.rule === null) unavailable.push('rule')
    }
    return result
  }

  async function ruleOf(
    get: <T>(path: string, query?: Record<string, string | number | undefined>) => Promise<T>,
    ruleId: number,
    invoice: Row,
  ): Promise<InvoiceFlow['rule']> {
    const [rule, links] = await Promise.all([
      get<Row>(`approvalrules/${ruleId}`, { expand: 'Steps' }),
      get<Row[]>('approvalrulelinks', {
        filter: `ApprovalRuleID eq ${ruleId}`,
        expand: 'ApprovalRuleLinkGroup',
      }),
    ])
    const dims = (invoice.DefaultDimensions ?? {}) as Row
    const ids = [num(invoice.SupplierID), num(dims.ProjectID), num(dims.DepartmentID)]
    const base = { ID: ruleId, description: str(rule.Description) ?? `#${ruleId}` }
    const matching = links
      .map((l) => {
        const group = (l.ApprovalRuleLinkGroup ?? {}) as Row
        const source = num(l.SourceEntity) ?? num(group.SourceEntity) ?? 0
        return { l, group, source }
      })
      .filter(({ l, source }) => ids[source] !== null && num(l.SourceInstanceID) === ids[source])
      .sort((a, b) => (num(a.group.Priority) ?? 0) - (num(b.group.Priority) ?? 0))
    const link = matching[0]
    if (link) {
      const source = sources[link.source] ?? 'Supplier'
      const route = { Supplier: 'suppliers', Project: 'projects', Department: 'departments' }[source]
      const named = await get<Row>(
        `${route}/${ids[link.source]}`,
        source === 'Supplier' ? { expand: 'Info' } : {},
      )
      const name = str((named.Info as Row | undefined)?.Name) ?? str(named.Name) ?? `#${ids[link.source]}`
      return { ...base, reason: 'link', source, sourceName: name, priority: num(link.group.Priority) ?? 0 }
    }
    const steps = (Array.isArray(rule.Steps) ? rule.Steps : []) as Row[]
    const global = steps.length === 1 && num(steps[0]?.Limit) !== null
    return { ...base, reason: global ? 'global' : 'chosen', source: null, sourceName: null, priority: null }
  }

  return { flow }
}
