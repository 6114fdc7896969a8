// The bridge area of the review screen's reads from the platform (its changes go through the outbox):
// the approval rule the platform proposes for an invoice's supplier and project, and the invoice's
// history (comments, approvals and their steps) when the cache does not hold it.
import { z } from 'zod'

const CompanyKey = z.string().min(1).max(100)
const Id = z.number().int().positive()

export const RuleQuery = z.object({
  supplierId: Id.nullable(),
  projectId: Id.nullable(),
  departmentId: Id.nullable().default(null),
})
export type RuleQuery = z.input<typeof RuleQuery>

export const ProposedRule = z.object({
  ApprovalRuleID: z.number().int().nullable(),
  /** The rule's description, for the button ("Send for approval: Innkjøp over 50 000"). */
  Description: z.string().nullable(),
})
export type ProposedRule = z.infer<typeof ProposedRule>

const Row = z.record(z.string(), z.unknown())

export const InvoiceHistory = z.object({
  /** Comments on the invoice, oldest first, with their author (`Author.DisplayName`). */
  comments: z.array(Row),
  /** The invoice's approval tasks with their approvals (`Approvals`, each with `User`). */
  tasks: z.array(Row),
})
export type InvoiceHistory = z.infer<typeof InvoiceHistory>

export const reviewCalls = {
  'review.proposedRule': { args: z.tuple([CompanyKey, RuleQuery]), result: ProposedRule },
  'review.history': { args: z.tuple([CompanyKey, Id]), result: InvoiceHistory },
} as const
