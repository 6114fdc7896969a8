// Sending the invoice shown on, after a save that went through: for approval (the dialog offers the rule
// the platform proposes for the supplier and project, or users or a team), or to booking where no
// approval rule applies. Both are queued in the outbox (logic/actions.ts), so they work offline.
// Whether a rule applies is decided where the answer is known: the booking asks the platform again when it
// is sent (main's outbox, electron/main/services/sync/booking-action.ts) and goes for approval by the rule
// instead where one applies; the user is told when that happens (./use-sent-instead-notices.ts).
import { ref, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { useWordedToast } from '@renderer/ui/worded-toast'
import type { ProposedRule } from '@common/bridge/review'
import { useBridge } from '@renderer/bridge'
import type { WorkspaceDb } from '@renderer/data/schema'
import { bookInvoice, sendForApproval, type ApprovalTarget } from './logic/actions.ts'
import type { ReviewForm } from './review-form.ts'
import { invoiceLabel } from './use-sent-instead-notices.ts'
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
  const { t } = useI18n()
  const toast = useWordedToast()
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
    // Online the rule is asked now, so the user can send the invoice for approval with the dialog. When the
    // question fails (offline, a timeout) the booking is queued all the same: it is never booked blindly,
    // since the rule is asked again when it is sent, and where one applies it goes for approval by it.
    let rule: number | null = null
    let asked = true
    try {
      rule = (await proposedRule()).ApprovalRuleID
    } catch (error) {
      asked = false
      console.error('Asking the platform for the approval rule failed', { companyKey, error })
    }
    if (rule !== null) {
      status.show('ruleApplies')
      return
    }
    await bookInvoice(db, companyKey, current.row.ID)
    if (asked) {
      status.show('booked')
      return
    }
    status.show('bookedRuleUnknown')
    // The review moves on to the next invoice as this one leaves the queue: said where it stays in sight.
    toast.add({
      severity: 'info',
      summary: () => invoiceLabel(t, current.row),
      detail: () => t('review.bookedRuleUnknown'),
      life: 12_000,
    })
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
