// Approval flows (spec 2.15, 3.5, 4.8; field notes "Approvals"): rules with sequential steps, tasks
// with their approvals and approval plans, substitutes, thresholds and rule links.
import { ApprovalStatus, TaskStatus } from '../../../common/status.ts'
import type { EntityDef } from '../types.ts'
import { fields, model, one, owns } from './define.ts'

export const approvalEntities: EntityDef[] = [
  model({
    name: 'ApprovalRule',
    route: 'approvalrules',
    fields: fields('Description:string', 'RuleType:int'),
    relations: [owns('Steps', 'ApprovalRuleStep', 'ApprovalRuleID')],
  }),
  model({
    name: 'ApprovalRuleStep',
    route: 'approvalrulesteps',
    fields: fields(
      'ApprovalRuleID:int',
      'StepNumber:int',
      // spec 2.15: 1 = one user must approve, 0 = all must approve.
      { name: 'ApprovalType', type: 'int', default: 1 },
      { name: 'LookupDepartmentApprover', type: 'bool', default: false },
      { name: 'LookupProjectApprover', type: 'bool', default: false },
      // spec 3.5: a step is skipped when its limit is greater than the entity amount.
      'Limit:money',
    ),
    relations: [
      one('ApprovalRule', 'ApprovalRule'),
      owns('Users', 'ApprovalRuleStepUser', 'ApprovalRuleStepID'),
    ],
  }),
  model({
    name: 'ApprovalRuleStepUser',
    route: 'approvalrulestepusers',
    fields: fields('ApprovalRuleStepID:int', 'UserID:int'),
    relations: [one('User', 'User')],
  }),
  model({
    name: 'Task',
    route: 'tasks',
    statusCodes: Object.values(TaskStatus),
    defaultStatus: TaskStatus.Active,
    fields: fields(
      'UserID:int',
      // 0 an approval task, 1 Custom (spec 3.5: no approvals created from a plan, only the approve transition runs).
      { name: 'Type', type: 'int', default: 0, values: [0, 1] },
      'ModelID:int',
      'EntityID:int',
      'Title:string',
      'Message:text',
      'ApprovalRuleID:int',
      'SharedApproveTransitionId:int',
      'SharedRejectTransitionId:int',
      'RejectStatusCode:int',
    ),
    relations: [
      one('User', 'User'),
      one('Model', 'Model'),
      one('ApprovalRule', 'ApprovalRule'),
      owns('Approvals', 'Approval', 'TaskID'),
      owns('ApprovalPlan', 'TaskApprovalPlan', 'TaskID'),
    ],
  }),
  model({
    name: 'Approval',
    route: 'approvals',
    statusCodes: Object.values(ApprovalStatus),
    defaultStatus: ApprovalStatus.Active,
    fields: fields(
      'TaskID:int',
      'UserID:int',
      'SharedRoleId:int',
      'Amount:money',
      'CurrencyCode:string',
      'ApprovalType:int',
      'StepNumber:int',
      // The threshold checks that started this approval (spec 3.5), as evaluated.
      'Thresholds:json',
    ),
    relations: [one('Task', 'Task'), one('User', 'User')],
  }),
  model({
    name: 'TaskApprovalPlan',
    route: 'taskapprovalplans',
    fields: fields(
      'TaskID:int',
      'ApprovalID:int',
      'UserID:int',
      // A step of a threshold flow is approved by any holder of this role (spec 3.5 threshold rule).
      'SharedRoleId:int',
      'StepNumber:int',
      'Limit:money',
      'Amount:money',
      'CurrencyCode:string',
      'ApprovalType:int',
      'Comment:text',
      'Thresholds:json',
    ),
    relations: [one('Task', 'Task'), one('Approval', 'Approval'), one('User', 'User')],
  }),
  model({
    name: 'ApprovalSubstitute',
    route: 'approvalsubstitutes',
    // field notes: a substitute acts while FromDate <= today <= ToDate.
    fields: fields('UserID:int', 'SubstituteUserID:int', 'FromDate:date', 'ToDate:date'),
    relations: [one('User', 'User'), one('SubstituteUser', 'User')],
  }),
  model({
    name: 'TransitionThreshold',
    route: 'thresholds',
    routeAliases: ['transitionthresholds'],
    label: 'Threshold',
    fields: fields(
      'PropertyName:string',
      // field notes: 0..10 (8 equals, 9 not equals, 10 regexp).
      { name: 'Operator', type: 'int', values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
      'Value:string',
      'EntityType:string',
      'SharedApproveTransitionId:int',
      'SharedRejectTransitionId:int',
      'SharedRoleId:int',
      'RejectStatusCode:int',
      { name: 'Disabled', type: 'bool', default: false },
    ),
  }),
  model({
    name: 'ApprovalRuleLinkGroup',
    route: 'approvalrulelinkgroups',
    fields: fields(
      // spec 2.15: 0 Supplier, 1 Project, 2 Department.
      { name: 'SourceEntity', type: 'int', values: [0, 1, 2] },
      // 0 is the highest priority.
      { name: 'Priority', type: 'int', default: 0 },
      'Name:string',
    ),
    relations: [owns('Links', 'ApprovalRuleLink', 'ApprovalRuleLinkGroupID')],
  }),
  model({
    name: 'ApprovalRuleLink',
    route: 'approvalrulelinks',
    fields: fields(
      'ApprovalRuleLinkGroupID:int',
      'SourceInstanceID:int',
      { name: 'SourceEntity', type: 'int', values: [0, 1, 2] },
      'ApprovalRuleID:int',
    ),
    relations: [one('ApprovalRuleLinkGroup', 'ApprovalRuleLinkGroup'), one('ApprovalRule', 'ApprovalRule')],
  }),
  // spec 4.8: the other entities with their own approval-flow start.
  model({
    name: 'PayrollRun',
    route: 'payrollrun',
    routeAliases: ['payrollruns'],
    fields: fields('Description:string', 'FromDate:date', 'ToDate:date', 'PayDate:date', 'Total:money'),
  }),
  model({
    name: 'WorkItemGroup',
    route: 'workitemgroups',
    fields: fields('Description:string', 'WorkRelationID:int', 'FromDate:date', 'ToDate:date', 'Minutes:int'),
  }),
]
