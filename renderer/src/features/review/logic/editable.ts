// Which supplier invoices the review may change: one rule for the screen (its fields and its save, send
// and book buttons) and for the save itself (actions.ts), so the two never disagree.
import { SupplierInvoiceStatus } from '@common/status'

/**
 * spec 3.1: a draft (30101) and a rejected invoice (30105) "may be edited"; 30108 is the state a flow
 * starts from like a draft (`assign-to` is allowed in 30101 or 30108). The platform refuses a client's
 * edit only for an invoice in a flow or past it: 30102 for approval ("cannot be edited"), 30103 approved,
 * 30104 journaled (platform/domain/supplier-invoices.ts). An archived invoice (40001) is done with.
 */
export const editableStatuses: ReadonlySet<number> = new Set([
  SupplierInvoiceStatus.Draft,
  SupplierInvoiceStatus.Rejected,
  SupplierInvoiceStatus.Assigned,
])

/** Whether the review may change an invoice in `status` (its `StatusCode`, as cached). */
export function isEditable(status: unknown): boolean {
  return editableStatuses.has(Number(status))
}
