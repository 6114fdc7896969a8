// Saving the review to this computer's cache with its outbox entries (sent at the next sync): the rules of
// logic/save-plan.ts decide, this carries the answer out. A field that fails its check gets the focus;
// a checksum failure asks for the reason it is right all the same (kept as a comment on the invoice);
// the first unreadable cost line cell gets the focus; a custom value that cannot be stored shows its
// problem and gets the focus; a new bank account waits for its confirmation.
import { computed, nextTick, ref, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { WorkspaceDb } from '@renderer/data/schema'
import type { CustomValuesDraft } from '@renderer/ui/use-custom-values-draft'
import { saveInvoice } from './logic/actions.ts'
import { overrideKey, planSave } from './logic/save-plan.ts'
import { proposedValues } from './logic/straight-through.ts'
import type { OcrReading } from './ocr-proposals.ts'
import { changesFrom, type TextField } from './review-form.ts'
import type { ReviewDocument } from './review-queue.ts'
import type { ReviewFormState } from './use-review-form.ts'
import type { ReviewLinesState } from './use-review-lines.ts'
import type { ReviewStatusLine } from './use-review-status.ts'

export interface ReviewSaveOptions {
  workspace: Readonly<Ref<WorkspaceDb | null>>
  companyKey: string | null
  doc: Readonly<Ref<ReviewDocument | null>>
  reading: Readonly<Ref<OcrReading>>
  form: ReviewFormState
  lines: ReviewLinesState
  /** The invoice's custom values (spec 2.16), saved in the same update as the header's fields. */
  custom: CustomValuesDraft
  status: ReviewStatusLine
  /** Whether the warnings wait for the user to confirm a new bank account. */
  bankAccountUnconfirmed: () => boolean
}

export function useReviewSave(options: ReviewSaveOptions) {
  const { workspace, companyKey, doc, form: state, lines, status } = options
  const { form, overrides, postedOverrides } = state
  const { t } = useI18n()

  async function save(): Promise<boolean> {
    const db = workspace.value
    const current = doc.value
    if (!db || !companyKey || !current || !state.editable.value) return false
    const header = changesFrom(form, {
      row: current.row,
      supplier: state.supplier.value,
      overridden: new Set(overrides.keys()),
    })
    const customChanges = options.custom.changes()
    const plan = planSave({
      row: current.row,
      changes: Object.keys(customChanges).length
        ? { ...header.changes, CustomValues: customChanges }
        : header.changes,
      blocking: header.blocking,
      lines: lines.lines.value,
      summary: lines.summary.value,
      dims: { DepartmentID: form.DepartmentID, ProjectID: form.ProjectID },
      bankAccountUnconfirmed: options.bankAccountUnconfirmed(),
      overrides,
      posted: postedOverrides,
    })
    // The custom values are header fields too: fixed before the cost lines are looked at.
    if (plan.kind !== 'blocked' && !options.custom.ready()) {
      status.show('blocked')
      return false
    }
    switch (plan.kind) {
      case 'blocked':
        status.show('blocked')
        if (plan.problem.overridable) openOverride(plan.field as TextField)
        else state.focusField(plan.field)
        return false
      case 'lines':
        status.show('lines', { lines: plan.problem })
        if ('cell' in plan.problem)
          document.getElementById(`review-line-${plan.problem.index}-${plan.problem.cell}`)?.focus()
        return false
      case 'bankAccount':
        status.show('bankAccount')
        document.getElementById('review-bank-confirm')?.focus()
        return false
      case 'unchanged':
        status.show('unchanged')
        return true
    }
    const { changes, costLines, overrides: newOverrides } = plan
    const fields = newOverrides.map(([field]) => t(`review.field.${field}`)).join(', ')
    const reason = newOverrides.map(([, r]) => r).join('; ')
    try {
      await saveInvoice(db, {
        companyKey,
        invoiceId: current.row.ID,
        fields: changes,
        costLines,
        proposed: proposedValues(
          options.reading.value.proposals,
          lines.coding.value,
          costLines !== undefined,
        ),
        override: newOverrides.length
          ? {
              fields: newOverrides.map(([f]) => f),
              reason,
              text: t('reviewLogic.override.comment', { fields, reason }),
            }
          : undefined,
      })
      for (const [field, r] of newOverrides) postedOverrides.add(overrideKey(field, r))
      status.show('saved')
      return true
    } catch (error) {
      console.error('Saving a reviewed invoice on this computer failed', {
        companyKey,
        id: current.row.ID,
        error,
      })
      status.show('failed')
      return false
    }
  }

  // The reason for saving a number that fails its checksum, asked for in a dialog.
  const overrideField = ref<TextField | null>(null)
  const overrideReason = ref('')
  const overrideDialogOpen = computed({
    get: () => overrideField.value !== null,
    set: (open) => {
      if (!open) cancelOverride()
    },
  })
  let focusBeforeOverride: HTMLElement | null = null
  function openOverride(field: TextField): void {
    focusBeforeOverride = document.activeElement instanceof HTMLElement ? document.activeElement : null
    overrideReason.value = ''
    overrideField.value = field
  }
  function cancelOverride(): void {
    const field = overrideField.value
    overrideField.value = null
    if (field) void nextTick(() => state.focusField(field))
  }
  /** Saves with the reason given; the focus goes back where the user saved from. */
  async function confirmOverride(): Promise<void> {
    const field = overrideField.value
    const reason = overrideReason.value.trim()
    if (!field || !reason) return
    overrides.set(field, reason)
    overrideField.value = null
    await save()
    void nextTick(() =>
      focusBeforeOverride?.isConnected ? focusBeforeOverride.focus() : state.focusField(field),
    )
  }

  return { save, overrideField, overrideReason, overrideDialogOpen, cancelOverride, confirmOverride }
}
