// Main's reads for the review screen: the approval rule `ApprovalRuleLinks?action=get-approvalruleid`
// proposes for the invoice's supplier and project (spec 4.8), and the invoice's history from the
// platform (comments, spec field notes "Approvals"; tasks with their approvals, spec 2.15).
// The documents give comments and tasks only a POST and no read of a rule: where the platform does not
// offer these reads (offered.ts), the rule is proposed without its description, the tasks come from
// documented reads (tasks-of-invoice.ts), and what it cannot tell is named as unavailable, not left empty.
import type {
  HistoryPart,
  InvoiceHistory,
  ProposedRule,
  RuleQuery,
} from '../../../../common/bridge/review.ts'
import { RuleQuery as RuleQuerySchema } from '../../../../common/bridge/review.ts'
import type { ApiClient } from '../api/client.ts'
import { ifOffered } from '../api/offered.ts'
import { tasksOfInvoice } from '../approvals/tasks-of-invoice.ts'

type Row = Record<string, unknown>

export function createReviewService(deps: { api(): Promise<ApiClient> }) {
  return {
    async proposedRule(companyKey: string, input: RuleQuery): Promise<ProposedRule> {
      const query = RuleQuerySchema.parse(input)
      const api = await deps.api()
      const params: Record<string, string> = { action: 'get-approvalruleid' }
      if (query.supplierId !== null) params.supplierID = String(query.supplierId)
      if (query.projectId !== null) params.projectID = String(query.projectId)
      if (query.departmentId !== null) params.departmentID = String(query.departmentId)
      // Field notes: an action may answer a bare value, an object, or nothing.
      const answer = await api.get<unknown>('api/biz/ApprovalRuleLinks', { companyKey, query: params })
      const raw =
        answer && typeof answer === 'object' ? ((answer as Row).ApprovalRuleID ?? (answer as Row).ID) : answer
      const id = raw === null || raw === undefined || raw === '' ? null : Number(raw)
      if (id === null || !Number.isInteger(id) || id <= 0) return { ApprovalRuleID: null, Description: null }
      // Reading a rule is not documented: without it the rule is proposed by its ID alone.
      const rule = await ifOffered(() =>
        api.get<Row>(`api/biz/approvalrules/${id}`, { companyKey, query: { select: 'ID,Description' } }),
      )
      return {
        ApprovalRuleID: id,
        Description: typeof rule?.Description === 'string' ? rule.Description : null,
      }
    },

    async history(companyKey: string, invoiceId: number): Promise<InvoiceHistory> {
      const api = await deps.api()
      const [comments, tasks] = await Promise.all([
        ifOffered(() =>
          api.get<Row[]>(`api/biz/comments/SupplierInvoice/${invoiceId}`, {
            companyKey,
            query: { expand: 'Author' },
          }),
        ),
        ifOffered(() =>
          api.get<Row[]>('api/biz/tasks', {
            companyKey,
            query: {
              filter: `EntityID eq ${invoiceId} and Model.Name eq 'SupplierInvoice'`,
              expand: 'Approvals,Approvals.User,ApprovalPlan',
              orderby: 'ID',
            },
          }),
        ).then((listed) => listed ?? tasksOfInvoice(api, companyKey, invoiceId)),
      ])
      const unavailable: HistoryPart[] = []
      if (comments === null) unavailable.push('comments')
      if (tasks === null) unavailable.push('approvals')
      return { comments: comments ?? [], tasks: tasks ?? [], unavailable }
    },
  }
}

export type ReviewService = ReturnType<typeof createReviewService>
