// "Approved, not booked" of one company: supplier invoices in 30103 from the offline cache, and what the
// accountant does with them through the outbox: book (`journal`), or book and send for payment
// (`journal`, then `sendForPayment`: the platform sends only a booked invoice, spec 3.1 transitions). Both
// entries go in one transaction, in order; a refused booking holds back the payment of the same invoice.
// Once booked, the invoice shows the number of its journal entry.
import { outboxAction } from '@common/bridge/outbox'
import { SupplierInvoiceStatus } from '@common/status'
import { outboxEntry } from '@renderer/data/outbox'
import { isAction, namedActionOf } from '@renderer/data/outbox-queries'
import type { Cached, OutboxEntry, WorkspaceDb } from '@renderer/data/schema'

/** `handled`: a colleague did it first (the outbox entry ended as already handled; `message` names them). */
export type BookingState = 'open' | 'pending' | 'sending' | 'refused' | 'handled' | 'booked'

export interface ApprovedRow {
  key: string
  companyKey: string
  ID: number
  supplierName: string | null
  InvoiceNumber: string | null
  TaxInclusiveAmount: number | null
  PaymentDueDate: string | null
  StatusCode: number
  state: BookingState
  /** The queued actions, in order ('journal', 'sendForPayment'). */
  queued: string[]
  message: string
  /** The booked journal entry's number (`45-2026`), once known. */
  entryNumber: string | null
  JournalEntryID: number | null
  sentToPayment: boolean
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}
const bookingActions = ['journal', 'sendForPayment'] as const

function stateOf(
  row: Cached<'SupplierInvoice'>,
  entries: OutboxEntry[],
): Pick<ApprovedRow, 'state' | 'queued' | 'message'> {
  const queued = entries.map((e) => namedActionOf(e) ?? '')
  const refused = entries.find((e) => e.state === 'failed' || e.state === 'conflict')
  if (refused?.lastError?.code === 'ALREADY_HANDLED')
    return { state: 'handled', queued, message: refused.lastError.by ?? '' }
  if (refused) return { state: 'refused', queued, message: refused.lastError?.message ?? '' }
  if (entries.some((e) => e.state === 'sending')) return { state: 'sending', queued, message: '' }
  if (entries.length) return { state: 'pending', queued, message: '' }
  const booked = Number(row.StatusCode) === SupplierInvoiceStatus.Journaled
  return { state: booked ? 'booked' : 'open', queued, message: '' }
}

/**
 * The company's approved invoices, and those the user booked from this list (`kept`: they stay, showing
 * their entry number, until the list is left).
 */
export async function loadApproved(
  db: WorkspaceDb,
  companyKey: string,
  kept: ReadonlySet<number> = new Set(),
): Promise<ApprovedRow[]> {
  const [approved, others, outbox] = await Promise.all([
    db.SupplierInvoice.where('[companyKey+StatusCode]')
      .equals([companyKey, SupplierInvoiceStatus.Approved])
      .toArray(),
    db.SupplierInvoice.bulkGet([...kept].map((id) => [companyKey, id] as [string, number])),
    db.outbox.where('companyKey').equals(companyKey).toArray(),
  ])
  const entries = outbox.filter((e) => isAction(e, 'SupplierInvoice', ...bookingActions))
  const held = new Set(entries.map((e) => e.entityId))
  const rows = new Map<number, Cached<'SupplierInvoice'>>()
  for (const r of [...approved, ...others]) if (r) rows.set(r.ID, r)
  // Queued here but no longer 30103 in the cache (the optimistic status): still this list's business.
  for (const id of held)
    if (!rows.has(id)) {
      const r = await db.SupplierInvoice.get([companyKey, id])
      if (r) rows.set(id, r)
    }
  const entryIds = [...rows.values()]
    .map((r) => num(r.JournalEntryID))
    .filter((id): id is number => id !== null)
  const journal = new Map(
    (await db.JournalEntry.bulkGet(entryIds.map((id) => [companyKey, id] as [string, number])))
      .filter((e) => e !== undefined)
      .map((e) => [e.ID, text(e.JournalEntryNumber)] as const),
  )
  return [...rows.values()]
    .map((r): ApprovedRow => {
      const journalEntryId = num(r.JournalEntryID)
      return {
        key: `${companyKey}:${r.ID}`,
        companyKey,
        ID: r.ID,
        supplierName: text(r.Supplier?.Info?.Name),
        InvoiceNumber: text(r.InvoiceNumber),
        TaxInclusiveAmount: num(r.TaxInclusiveAmount),
        PaymentDueDate: text(r.PaymentDueDate)?.slice(0, 10) ?? null,
        StatusCode: Number(r.StatusCode),
        ...stateOf(
          r,
          entries.filter((e) => e.entityId === r.ID),
        ),
        // The number from the cached entry, or from the entry the invoice row carries expanded.
        entryNumber:
          journalEntryId === null
            ? null
            : (journal.get(journalEntryId) ?? text(r.JournalEntry?.JournalEntryNumber)),
        JournalEntryID: journalEntryId,
        sentToPayment: r.IsSentToPayment === true,
      }
    })
    .sort(
      (a, b) =>
        (a.PaymentDueDate ?? '9999').localeCompare(b.PaymentDueDate ?? '9999') ||
        (a.InvoiceNumber ?? '').localeCompare(b.InvoiceNumber ?? ''),
    )
}

/** Queues the booking (and, when asked, the payment) of every open row; answers the IDs queued. */
export async function bookRows(
  db: WorkspaceDb,
  rows: readonly Pick<ApprovedRow, 'companyKey' | 'ID' | 'state'>[],
  options: { sendForPayment: boolean },
): Promise<number[]> {
  const open = rows.filter((r) => r.state === 'open')
  await db.transaction('rw', db.SupplierInvoice, db.outbox, async () => {
    for (const r of open) {
      const row = await db.SupplierInvoice.get([r.companyKey, r.ID])
      if (!row) continue
      const actions = [
        outboxAction('SupplierInvoice', 'journal'),
        ...(options.sendForPayment ? [outboxAction('SupplierInvoice', 'sendForPayment')] : []),
      ]
      for (const action of actions)
        await db.outbox.add(outboxEntry(r.companyKey, r.ID, action, { baseUpdatedAt: row.UpdatedAt ?? null }))
      await db.SupplierInvoice.put({ ...row, StatusCode: SupplierInvoiceStatus.Journaled })
    }
  })
  return open.map((r) => r.ID)
}
