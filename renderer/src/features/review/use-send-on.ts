// Sending the invoice shown on, after a save that went through: for approval (the dialog offers the rule
// the platform proposes for the supplier and project, or users or a team), or to booking where no
// approval rule applies. Both are queued in the outbox (logic/actions.ts), so they work offline.
import { ref, type Ref } from 'vue'
import type { ProposedRule } from '@common/bridge/review'
import { useBridge } from '@renderer/bridge'
import type { WorkspaceDb } from '@renderer/data/schema'
import { bookInvoice, sendForApproval, type ApprovalTarget } from './logic/actions.ts'
import type { ReviewForm } from './review-form.ts'
import type { ReviewDocument } from './review-queue.ts'
import type { ReviewStatusLine } from './use-review-status.ts'

export interface SendOnOptions {
  workspace: Readonly<Ref<WorkspaceDb | null>>
  companyKey: string | null
  doc: Readonly<Ref<ReviewDocument | null>>
  form: ReviewForm
  editable: Readonly<Ref<boolean>>
  /** Saves the form; false when the save was stopped (a check, the lines) or failed. */
  save: () => Promise<boolean>
  status: ReviewStatusLine
}

export function useSendOn({ workspace, companyKey, doc, form, editable, save, status }: SendOnOptions) {
  const bridge = useBridge()
  const approvalOpen = ref(false)

  /** The approval rule the platform proposes for the form's supplier, project and department. */
  function proposedRule(): Promise<ProposedRule> {
    return bridge.call('review.proposedRule', companyKey!, {
      supplierId: form.SupplierID,
      projectId: form.ProjectID,
      departmentId: form.DepartmentID,
    })
  }

  async function sendOn(kind: 'approval' | 'book'): Promise<void> {
    const db = workspace.value
    const current = doc.value
    if (!db || !companyKey || !current || !editable.value) return
    if (!(await save())) return
    if (kind === 'approval') {
      approvalOpen.value = true
      return
    }
    // Offline no rule can be asked for: the invoice is booked, and the platform starts a global rule's
    // flow instead where one applies (spec 3.5).
    let rule: number | null = null
    try {
      rule = (await proposedRule()).ApprovalRuleID
    } catch (error) {
      console.error('Asking the platform for the approval rule failed', { companyKey, error })
    }
    if (rule !== null) {
      status.show('ruleApplies')
      return
    }
    await bookInvoice(db, companyKey, current.row.ID)
    status.show('booked')
  }

  /** The approval dialog's answer: who approves, and the message to them. */
  async function send(target: ApprovalTarget, message: string): Promise<void> {
    const db = workspace.value
    const current = doc.value
    if (!db || !companyKey || !current) return
    await sendForApproval(db, companyKey, current.row.ID, target, message || undefined)
    status.show('sent')
  }

  return { approvalOpen, proposedRule, sendOn, send }
}
