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

/**
 * Parts of the history a platform may not offer to read: the comments (the documents give only their
 * POST), and the approvals (tasks have only a POST; their statistics and the approvals by TaskID are asked
 * instead, and a platform may refuse those too). Such a part is said to be unavailable, never shown empty.
 */
export const HistoryPart = z.enum(['comments', 'approvals'])
export type HistoryPart = z.infer<typeof HistoryPart>

export const InvoiceHistory = z.object({
  /** Comments on the invoice, oldest first, with their author (`Author.DisplayName`). */
  comments: z.array(Row),
  /** The invoice's approval tasks with their approvals (`Approvals`, each with `User` where expanded). */
  tasks: z.array(Row),
  /** What the platform does not offer to read: that part of the history is not available from it. */
  unavailable: z.array(HistoryPart),
})
export type InvoiceHistory = z.infer<typeof InvoiceHistory>

export const reviewCalls = {
  'review.proposedRule': { args: z.tuple([CompanyKey, RuleQuery]), result: ProposedRule },
  'review.history': { args: z.tuple([CompanyKey, Id]), result: InvoiceHistory },
} as const
