// The bridge area of the approval rules editor (Admin): rules with sequential steps, thresholds, rule link
// groups and the "which rule applies?" tester. These are online edits of the company's set-up by an
// administrator, not invoice work, so they are calls of their own rather than outbox entries; main sends
// them to the platform and a refusal comes back with the platform's field problems (ApiError details).
import { z } from 'zod'

const CompanyKey = z.string().min(1).max(100)
const Id = z.number().int().positive()
const Text = z.string().max(500)

/** spec 2.15: 1 = one user must approve, 0 = all must approve. */
export const RuleStep = z.object({
  ID: Id.nullable(),
  ApprovalType: z.union([z.literal(0), z.literal(1)]),
  UserIDs: z.array(Id).max(200),
  /** spec 3.5: the step is skipped when its limit is greater than the invoice amount. */
  Limit: z.number().finite().nullable(),
})
export type RuleStep = z.infer<typeof RuleStep>

export const ApprovalRuleDraft = z.object({
  ID: Id.nullable(),
  Description: Text,
  /** In order: the first is step 1. */
  Steps: z.array(RuleStep).max(50),
})
export type ApprovalRuleDraft = z.infer<typeof ApprovalRuleDraft>

/**
 * A rule as the platform has it. A step's ID is null where the platform's answer did not name it: a rule
 * created on a platform that does not list rules is shown from its creation's answer, which carries the
 * rule's new ID (field notes, "Responses") but not necessarily its steps.
 */
export const ApprovalRuleView = ApprovalRuleDraft.extend({ ID: Id })
export type ApprovalRuleView = z.infer<typeof ApprovalRuleView>

/** TransitionThreshold (spec 2.15; operators as the field notes list them, 0..10). */
export const ThresholdDraft = z.object({
  ID: Id.nullable(),
  PropertyName: z.string().trim().min(1).max(100),
  Operator: z.number().int().min(0).max(10),
  Value: z.string().max(200),
  SharedApproveTransitionId: Id,
  SharedRoleId: Id.nullable(),
})
export type ThresholdDraft = z.infer<typeof ThresholdDraft>
export const ThresholdView = ThresholdDraft.extend({ ID: Id })
export type ThresholdView = z.infer<typeof ThresholdView>

/** spec 2.15: SourceEntity 0 Supplier, 1 Project, 2 Department. */
export const SourceEntity = z.union([z.literal(0), z.literal(1), z.literal(2)])
export const RuleLinkDraft = z.object({ ID: Id.nullable(), SourceInstanceID: Id, ApprovalRuleID: Id })
export const LinkGroupDraft = z.object({
  ID: Id.nullable(),
  Name: Text,
  SourceEntity,
  /** 0 is the highest priority. */
  Priority: z.number().int().min(0).max(1000),
  Links: z.array(RuleLinkDraft).max(1000),
})
export type LinkGroupDraft = z.infer<typeof LinkGroupDraft>
/** A group as the platform has it; a link's ID is null where the save's answer did not name it. */
export const LinkGroupView = LinkGroupDraft.extend({ ID: Id })
export type LinkGroupView = z.infer<typeof LinkGroupView>

const Named = z.object({ ID: Id, name: z.string() })

/**
 * Lists of the set-up a platform may not offer: spec 4.8 documents only the writes of rules, thresholds and
 * rule link groups (and which rule applies), and no project or department list. What it does not list is
 * shown as what this app created in this session, and the editor says that earlier ones are not shown.
 */
export const SetupList = z.enum(['rules', 'thresholds', 'linkGroups', 'projects', 'departments'])
export type SetupList = z.infer<typeof SetupList>

/** Everything the editor shows for one company, read in one go. */
export const ApprovalSetup = z.object({
  rules: z.array(ApprovalRuleView),
  thresholds: z.array(ThresholdView),
  linkGroups: z.array(LinkGroupView),
  users: z.array(Named),
  roles: z.array(Named),
  /** The SupplierInvoice transitions a threshold can hold (spec 3.1 MethodName). */
  transitions: z.array(Named),
  suppliers: z.array(Named),
  projects: z.array(Named),
  departments: z.array(Named),
  /** The lists the platform does not offer (404, 400 or 403 to the read); empty where it lists them all. */
  unlisted: z.array(SetupList),
})
export type ApprovalSetup = z.infer<typeof ApprovalSetup>

export const RuleQuestion = z.object({ supplierID: Id.nullable(), projectID: Id.nullable() })
export type RuleQuestion = z.infer<typeof RuleQuestion>

export const adminCalls = {
  'admin.approvalSetup': { args: z.tuple([CompanyKey]), result: ApprovalSetup },
  'admin.saveApprovalRule': { args: z.tuple([CompanyKey, ApprovalRuleDraft]), result: ApprovalRuleView },
  'admin.saveThreshold': { args: z.tuple([CompanyKey, ThresholdDraft]), result: ThresholdView },
  'admin.saveLinkGroup': { args: z.tuple([CompanyKey, LinkGroupDraft]), result: LinkGroupView },
  /** spec 4.8 get-approvalruleid: the rule chosen for a supplier and project, or null. */
  'admin.ruleFor': { args: z.tuple([CompanyKey, RuleQuestion]), result: Id.nullable() },
} as const
