// What other features may use of the approvals feature: the signed-in user's approvals (the sidebar counts them).
export { useMyApprovals, useMyApprovalsWatcher } from './use-my-approvals'
