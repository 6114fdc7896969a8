// The rows of the "went through by itself" list of one company: each invoice that went on by its supplier's
// rule with whether it can still be taken back (and why not), and each incoming invoice of such a supplier
// that was held back, with its reasons. Read from the cache only.
import { fromOre } from '@common/money'
import { SupplierInvoiceStatus } from '@common/status'
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import type { HoldReason } from './logic/straight-rule.ts'
import { approvedInFlow, incomingDecisions, undoState, type UndoState } from './logic/straight-send.ts'
import { supplierName } from './review-queue.ts'
import { invoiceTotal } from './logic/invoice-rows.ts'

export interface StraightRow {
  key: string
  invoiceId: number
  supplierName: string
  InvoiceNumber: string
  /** The total in kroner (the list's amount column). */
  amount: number | null
  /** Went through: how it was sent on, when, and whether undo is possible. */
  action: 'journal' | 'assign-to' | null
  /** What became of it, once the send reached the platform; `sending` while it is still on this computer. */
  sentAs: SentAs | null
  at: string | null
  undo: UndoState | null
  /** Its entries are still on this computer. */
  queued: boolean
  /** Held back: why. */
  reasons: HoldReason[]
}

export type StraightTab = 'went' | 'held'

/**
 * How a went-through invoice was sent on, as its list says it: what was queued while it is still on this
 * computer (`journal` is main's choice between booking and approval, made when it is sent), then what the
 * platform did with it, read from the cached invoice.
 */
export type SentAs = 'journal' | 'assign-to' | 'forApproval' | 'booked'
export function sentAsOf(
  action: 'journal' | 'assign-to' | null,
  stillQueued: boolean,
  status: number | undefined,
): SentAs | null {
  if (!stillQueued) {
    if (
      status === SupplierInvoiceStatus.ForApproval ||
      status === SupplierInvoiceStatus.Assigned ||
      status === SupplierInvoiceStatus.Approved
    )
      return 'forApproval'
    if (status === SupplierInvoiceStatus.Journaled || status === SupplierInvoiceStatus.Archived)
      return 'booked'
  }
  return action
}

async function names(
  db: WorkspaceDb,
  companyKey: string,
  ids: Iterable<number>,
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)]
  const rows = await db.Supplier.bulkGet(unique.map((id) => [companyKey, id] as [string, number]))
  return new Map(unique.map((id, i) => [id, supplierName(rows[i] as CachedRow | undefined)]))
}

/** The invoices that went through by themselves in the company, newest first. */
export async function loadWentThrough(db: WorkspaceDb, companyKey: string): Promise<StraightRow[]> {
  const tables = [db.wentThrough, db.outbox, db.SupplierInvoice, db.Supplier, db.Task, db.Approval]
  return db.transaction('r', tables, async () => {
    const went = await db.wentThrough.where('companyKey').equals(companyKey).toArray()
    const approved = went.some((row) => !row.undoneAt) ? await approvedInFlow(db, companyKey) : new Set()
    const supplierNames = await names(
      db,
      companyKey,
      went.map((row) => row.supplierId),
    )
    const rows: StraightRow[] = []
    for (const row of went) {
      const [entries, invoice, undoEntry] = await Promise.all([
        db.outbox.bulkGet(row.seqs),
        db.SupplierInvoice.get([companyKey, row.invoiceId]),
        row.undoSeq ? db.outbox.get(row.undoSeq) : undefined,
      ])
      rows.push({
        key: `went-${row.invoiceId}`,
        invoiceId: row.invoiceId,
        supplierName: supplierNames.get(row.supplierId) ?? '',
        InvoiceNumber: row.invoiceNumber ?? String(row.invoiceId),
        amount: row.amount === null ? null : fromOre(row.amount),
        action: row.action,
        sentAs: sentAsOf(
          row.action,
          entries.some((entry) => entry !== undefined),
          invoice ? Number(invoice.StatusCode) : undefined,
        ),
        at: row.at,
        undo: undoState(row, entries, invoice, approved.has(row.invoiceId), undoEntry),
        queued: row.undoneAt ? undoEntry !== undefined : entries.some((entry) => entry !== undefined),
        reasons: [],
      })
    }
    return rows.sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''))
  })
}

/** The incoming invoices of suppliers with the rule on that were held back, with their reasons. */
export async function loadHeldBack(db: WorkspaceDb, companyKey: string): Promise<StraightRow[]> {
  const held = (await incomingDecisions(db, companyKey)).filter((decision) => !decision.line)
  const supplierNames = await names(
    db,
    companyKey,
    held.map((d) => Number(d.invoice.SupplierID)),
  )
  return held.map(({ invoice, reasons }) => {
    const total = invoiceTotal(invoice)
    return {
      key: `held-${invoice.ID}`,
      invoiceId: invoice.ID,
      supplierName: supplierNames.get(Number(invoice.SupplierID)) ?? '',
      InvoiceNumber: invoice.InvoiceNumber == null ? String(invoice.ID) : String(invoice.InvoiceNumber),
      amount: total === null ? null : fromOre(total),
      action: null,
      sentAs: null,
      at: null,
      undo: null,
      queued: false,
      reasons,
    }
  })
}
