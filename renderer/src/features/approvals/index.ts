// What other features may use of the approvals feature: the signed-in user's approvals (the sidebar counts them),
// and the flow panel of a supplier invoice (props: companyKey, invoiceId, manage, cached) for the inbox and review.
export { useMyApprovals, useMyApprovalsWatcher } from './use-my-approvals'
export { default as FlowPanel } from './FlowPanel.vue'
