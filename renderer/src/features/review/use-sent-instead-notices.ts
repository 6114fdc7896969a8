// A booking that an approval rule applied to when it was sent went for approval by that rule instead (main's
// outbox asks for the rule as it sends a booking: electron/main/services/sync/booking-action.ts). The user
// may have booked offline and be anywhere by then, so the app says so wherever they are: which invoice, of
// which company, and by which rule. The review's status line says it too while that invoice is shown.
import { onScopeDispose } from 'vue'
import { useI18n } from 'vue-i18n'
import { useWordedToast } from '@renderer/ui/worded-toast'
import type { OutboxNotice } from '@common/bridge/outbox'
import type { PlatformRow } from '@common/bridge/sync'
import { onOutboxNotice, type OutboxNoticed } from '@renderer/data/outbox-notices'
import { useCompaniesStore } from '@renderer/stores/companies'
import { useWorkspace } from '@renderer/stores/workspace'

type Translate = ReturnType<typeof useI18n>['t']

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/** Which rule a booking went for approval by instead: named, by its number, or the company's global rule. */
export function sentInsteadText(t: Translate, notice: OutboxNotice): string {
  if (notice.Description) return t('review.sentInstead.named', { rule: notice.Description })
  if (notice.ApprovalRuleID !== null) return t('review.sentInstead.numbered', { id: notice.ApprovalRuleID })
  return t('review.sentInstead.global')
}

/** A supplier invoice as the user knows it: its number and supplier (`Invoice N-1 from Havbris AS`). */
export function invoiceLabel(t: Translate, row: PlatformRow | null, id = Number(row?.ID)): string {
  const number = text(row?.InvoiceNumber)
  const supplier = text((row?.Supplier as { Info?: { Name?: unknown } } | undefined)?.Info?.Name)
  if (!number) return t('review.invoiceLabel.id', { id })
  return supplier
    ? t('review.invoiceLabel.withSupplier', { number, supplier })
    : t('review.invoiceLabel.number', { number })
}

/** Shows a notice for each booking that went for approval instead; the composition root calls it once. */
export function useSentInsteadNotices(): void {
  const { t } = useI18n({ useScope: 'global' })
  const toast = useWordedToast()
  const workspace = useWorkspace()
  const companies = useCompaniesStore()

  /** The invoice as the user knows it, and its company where it is not the open one. */
  function invoiceOf(noticed: OutboxNoticed): string {
    const invoice = invoiceLabel(t, noticed.row, noticed.entityId)
    if (noticed.companyKey === companies.currentKey) return invoice
    const company = companies.companies.find((c) => c.Key === noticed.companyKey)?.Name
    return company ? `${invoice} (${company})` : invoice
  }

  const stop = onOutboxNotice((noticed) => {
    // Only the signed-in user's own workspace: another window may be signed in elsewhere.
    if (noticed.workspace !== workspace.value?.name) return
    if (noticed.notice.code !== 'SENT_FOR_APPROVAL_INSTEAD') return
    toast.add({
      severity: 'warn',
      summary: () => invoiceOf(noticed),
      detail: () => sentInsteadText(t, noticed.notice),
      life: 12_000,
    })
  })
  onScopeDispose(stop)
}
