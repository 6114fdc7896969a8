// The approval rule the platform proposes for a supplier invoice's supplier, project and department
// (`ApprovalRuleLinks?action=get-approvalruleid`, spec 4.8), with its description where the platform lets it
// be read. The review asks it when the user sends an invoice on; the outbox's booking asks it again when the
// booking is sent, so an invoice is never booked past a rule that applies to it (../sync/booking-action.ts).
import type { ProposedRule, RuleQuery } from '../../../../common/bridge/review.ts'
import { RuleQuery as RuleQuerySchema } from '../../../../common/bridge/review.ts'
import type { ApiClient } from '../api/client.ts'
import { ifOffered } from '../api/offered.ts'

type Row = Record<string, unknown>

/** Asks the platform; a failed question throws (it is never read as "no rule"). */
export async function approvalRuleFor(
  api: ApiClient,
  companyKey: string,
  input: RuleQuery,
): Promise<ProposedRule> {
  const query = RuleQuerySchema.parse(input)
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
}
