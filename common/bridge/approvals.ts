// The bridge area of approval flows: the whole flow of one supplier invoice as the platform has it now
// (task, plan, every approval with its user and time, comments, the rule and why it applied). Changes to
// a flow (reAssign-to, cancelApprovement) go through the outbox, never through a call of their own.
import { z } from 'zod'

const CompanyKey = z.string().min(1).max(100)
const EntityId = z.number().int()

export const FlowPlanRow = z.object({
  userName: z.string(),
  status: z.number().int().nullable(),
  /** When the approval of this row was last changed (approved, rejected...). */
  at: z.string().nullable(),
  /** Who acted, when it was not the planned user (a substitute or a colleague). */
  actedBy: z.string().nullable(),
  comment: z.string().nullable(),
})

export const FlowStep = z.object({
  /** Null where the platform does not give the flow's plan: the approvals, not said which step. */
  step: z.number().int().nullable(),
  /** spec 2.15: 1 one user must approve, 0 all must approve. */
  approvalType: z.number().int(),
  limit: z.number().nullable(),
  rows: z.array(FlowPlanRow),
})

export const FlowComment = z.object({ author: z.string(), text: z.string(), at: z.string().nullable() })

/**
 * Parts of the flow a platform may not offer to read (the documents give comments and tasks only a POST,
 * and no read of a rule or its links): `task` nothing documented tells the invoice's task; `plan` the task's
 * steps (its approvals are shown without them); `rule` which rule chose the approvers; `comments`.
 */
export const FlowPart = z.enum(['task', 'plan', 'rule', 'comments'])
export type FlowPart = z.infer<typeof FlowPart>

export const InvoiceFlow = z.object({
  invoiceStatus: z.number().int().nullable(),
  amount: z.number().nullable(),
  task: z
    .object({
      ID: z.number().int(),
      status: z.number().int().nullable(),
      title: z.string().nullable(),
      message: z.string().nullable(),
      requestedBy: z.string().nullable(),
      createdAt: z.string().nullable(),
    })
    .nullable(),
  /** Why this flow: a rule linked to the supplier/project/department, a global rule, or chosen by hand. */
  rule: z
    .object({
      ID: z.number().int(),
      description: z.string(),
      reason: z.enum(['link', 'global', 'chosen']),
      /** For a link: Supplier, Project or Department, and which one. */
      source: z.enum(['Supplier', 'Project', 'Department']).nullable(),
      sourceName: z.string().nullable(),
      priority: z.number().int().nullable(),
    })
    .nullable(),
  steps: z.array(FlowStep),
  comments: z.array(FlowComment),
  /** What the platform does not offer to read: shown as not available from it, never as empty. */
  unavailable: z.array(FlowPart),
})
export type InvoiceFlow = z.infer<typeof InvoiceFlow>

/** An active approval (spec 2.15, field notes 50120) of anyone in the company, waiting since CreatedAt. */
export const WaitingApproval = z.object({
  companyKey: z.string(),
  ID: EntityId,
  TaskID: EntityId.nullable(),
  /** Who holds it (the company's User.ID). */
  UserID: EntityId.nullable(),
  CreatedAt: z.string(),
  Amount: z.number().nullable(),
  CurrencyCode: z.string().nullable(),
})
export type WaitingApproval = z.infer<typeof WaitingApproval>

export const WaitingApprovals = z.object({
  rows: z.array(WaitingApproval),
  /** Companies whose approvals could not be read now (key -> the platform's words). */
  unreadable: z.record(z.string(), z.string()),
  /** When the platform was asked. */
  readAt: z.string(),
})
export type WaitingApprovals = z.infer<typeof WaitingApprovals>

export const approvalsCalls = {
  'approvals.flow': { args: z.tuple([CompanyKey, EntityId]), result: InvoiceFlow },
  /** Every active approval created before the date, in each of the companies (`approvals?filter=`, spec 4.8). */
  'approvals.waiting': {
    args: z.tuple([z.array(CompanyKey).min(1).max(1000), z.iso.datetime()]),
    result: WaitingApprovals,
  },
} as const
