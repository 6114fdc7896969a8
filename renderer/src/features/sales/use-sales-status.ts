// A sales row's status in words: its status as a tag (overdue said, not only coloured), the factoring
// partner's answer as a second tag with the reference or reason in its title, and the partner's own
// status (`ExternalStatusCode`, spec 3.3) as text.
import { useI18n } from 'vue-i18n'
import { CustomerInvoiceStatus as S } from '@common/status'
import { isOverdue, type SalesRow } from './sales-rows.ts'

export interface StatusTagInfo {
  label: string
  severity: 'secondary' | 'info' | 'success' | 'warn' | 'danger' | 'contrast'
  title?: string
}

const severity: Record<number, StatusTagInfo['severity']> = {
  [S.Draft]: 'secondary',
  [S.Invoiced]: 'info',
  [S.PartlyPaid]: 'info',
  [S.Paid]: 'success',
  [S.Sold]: 'contrast',
  [S.Credited]: 'contrast',
  [S.PartlyCredited]: 'info',
  [S.WaitingForFactoring]: 'warn',
}

export function useSalesStatus() {
  const { t, te } = useI18n()

  function tags(row: SalesRow, today: string): StatusTagInfo[] {
    const shown: StatusTagInfo[] = []
    if (row.queued)
      shown.push({ label: t('sales.marker.queuedTag'), severity: 'warn', title: t('sales.marker.queued') })
    // An invoiced credit note keeps 42002 but owes nothing: it is issued, not invoiced to be paid.
    const key =
      row.credit && row.StatusCode === S.Invoiced
        ? 'sales.status.creditIssued'
        : `sales.status.${row.StatusCode}`
    shown.push({
      label: te(key) ? t(key) : t('sales.status.unknown', { code: row.StatusCode }),
      severity: severity[row.StatusCode] ?? 'secondary',
    })
    if (isOverdue(row, today)) shown.push({ label: t('sales.status.overdue'), severity: 'danger' })
    const factoring = row.factoring
    if (factoring?.state === 'accepted')
      shown.push({
        label: t('sales.factoring.acceptedTag'),
        severity: 'success',
        title: factoring.reference
          ? t('sales.factoring.acceptedReference', { reference: factoring.reference })
          : t('sales.factoring.accepted'),
      })
    else if (factoring?.state === 'declined')
      shown.push({
        label: t('sales.factoring.declinedTag'),
        severity: 'danger',
        title: factoring.reason
          ? t('sales.factoring.declinedReason', { reason: factoring.reason })
          : t('sales.factoring.declined'),
      })
    return shown
  }

  /** The partner's status with its reference, or the reason it declined, in words; or null. */
  function external(row: SalesRow): string | null {
    const parts: string[] = []
    if (row.ExternalStatusCode !== null) {
      const key = `sales.external.${row.ExternalStatusCode}`
      parts.push(te(key) ? t(key) : t('sales.external.unknown', { code: row.ExternalStatusCode }))
    }
    if (row.factoring?.state === 'accepted' && row.factoring.reference) parts.push(row.factoring.reference)
    if (row.factoring?.state === 'declined' && row.factoring.reason) parts.push(row.factoring.reason)
    return parts.length ? parts.join(' · ') : null
  }

  return { tags, external }
}
