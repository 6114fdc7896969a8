// What the approval rules editor asks of main. Admin edits are online operations on the company's set-up
// (not invoice work kept in the outbox), so they are bridge calls; the editor takes this as a prop so its
// tests can answer as the platform does.
import type {
  ApprovalRuleDraft,
  ApprovalRuleView,
  ApprovalSetup,
  LinkGroupDraft,
  LinkGroupView,
  RuleQuestion,
  ThresholdDraft,
  ThresholdView,
} from '@common/bridge/admin'
import { useBridge } from '@renderer/bridge'

export interface AdminApi {
  setup(companyKey: string): Promise<ApprovalSetup>
  saveRule(companyKey: string, rule: ApprovalRuleDraft): Promise<ApprovalRuleView>
  saveThreshold(companyKey: string, threshold: ThresholdDraft): Promise<ThresholdView>
  saveLinkGroup(companyKey: string, group: LinkGroupDraft): Promise<LinkGroupView>
  ruleFor(companyKey: string, question: RuleQuestion): Promise<number | null>
}

export function bridgeAdminApi(): AdminApi {
  const bridge = useBridge()
  return {
    setup: (companyKey) => bridge.call('admin.approvalSetup', companyKey),
    saveRule: (companyKey, rule) => bridge.call('admin.saveApprovalRule', companyKey, rule),
    saveThreshold: (companyKey, threshold) => bridge.call('admin.saveThreshold', companyKey, threshold),
    saveLinkGroup: (companyKey, group) => bridge.call('admin.saveLinkGroup', companyKey, group),
    ruleFor: (companyKey, question) => bridge.call('admin.ruleFor', companyKey, question),
  }
}
