// The bridge area of the review screen's reads from the platform (its changes go through the outbox):
// the approval rule the platform proposes for an invoice's supplier and project, and the invoice's
// history (comments, approvals and their steps) when the cache does not hold it, and the platform's smart
// booking for a supplier's organisation number (`ledgersuggestions`).
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

/** A Norwegian organisation number: nine digits. */
const OrgNumber = z.string().regex(/^\d{9}$/)

/**
 * One account the platform's smart booking proposes for a supplier (`GET api/biz/ledgersuggestions/{orgNumber}`,
 * field notes). The answer's shape is not documented: main reads the account by number, name or the company's
 * own ID and a VAT type by ID or SAF-T code, from the suggestion or its expanded `Account` / `VatType`, and
 * leaves out what it cannot read.
 */
export const LedgerSuggestion = z.object({
  AccountID: z.number().int().nullable(),
  AccountNumber: z.number().int().nullable(),
  AccountName: z.string().nullable(),
  VatTypeID: z.number().int().nullable(),
  VatCode: z.string().nullable(),
})
export type LedgerSuggestion = z.infer<typeof LedgerSuggestion>

export const LedgerSuggestions = z.object({
  /** False when the platform does not offer smart booking (the route refused): nothing to propose. */
  offered: z.boolean(),
  suggestions: z.array(LedgerSuggestion).max(50),
})
export type LedgerSuggestions = z.infer<typeof LedgerSuggestions>

export const reviewCalls = {
  'review.proposedRule': { args: z.tuple([CompanyKey, RuleQuery]), result: ProposedRule },
  'review.history': { args: z.tuple([CompanyKey, Id]), result: InvoiceHistory },
  'review.ledgerSuggestions': { args: z.tuple([CompanyKey, OrgNumber]), result: LedgerSuggestions },
} as const
