// Main's reads for the review screen: the approval rule `ApprovalRuleLinks?action=get-approvalruleid`
// proposes for the invoice's supplier and project (spec 4.8; ./approval-rule.ts, which the outbox's
// booking asks again when it is sent), and the invoice's history from the
// platform (comments, spec field notes "Approvals"; tasks with their approvals, spec 2.15), and the
// platform's smart booking for a supplier (./ledger-suggestions.ts).
// The documents give comments and tasks only a POST and no read of a rule: where the platform does not
// offer these reads (offered.ts), the rule is proposed without its description, the tasks come from
// documented reads (tasks-of-invoice.ts), and what it cannot tell is named as unavailable, not left empty.
import type {
  HistoryPart,
  InvoiceHistory,
  LedgerSuggestions,
  ProposedRule,
  RuleQuery,
} from '../../../../common/bridge/review.ts'
import type { ApiClient } from '../api/client.ts'
import { ifOffered } from '../api/offered.ts'
import { tasksOfInvoice } from '../approvals/tasks-of-invoice.ts'
import { approvalRuleFor } from './approval-rule.ts'
import { ledgerSuggestions } from './ledger-suggestions.ts'

type Row = Record<string, unknown>

export function createReviewService(deps: { api(): Promise<ApiClient> }) {
  return {
    async proposedRule(companyKey: string, input: RuleQuery): Promise<ProposedRule> {
      return approvalRuleFor(await deps.api(), companyKey, input)
    },

    /** The platform's smart booking for a supplier's organisation number (./ledger-suggestions.ts). */
    async ledgerSuggestions(companyKey: string, orgNumber: string): Promise<LedgerSuggestions> {
      return ledgerSuggestions(await deps.api(), companyKey, orgNumber)
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
