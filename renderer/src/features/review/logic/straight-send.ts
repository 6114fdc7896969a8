// Sending on by rule, and its undo, on the workspace. Each invoice that may go (./straight-rule.ts) is
// queued in one Dexie transaction with its "went through by itself" row: the row is the invoice's mark, so
// it goes exactly once whoever runs the rule (two windows on one workspace, a restart, every sync round).
// What is queued is what the review queues: the cost line from supplier memory (`save-cost-lines`), then
// `assign-to` by the supplier's linked approval rule where the platform named one, else `journal` (which
// main sends for approval by the rule instead where one applies when it is sent). All through the outbox,
// so it works offline and is sent on reconnect.
// Undo takes the queued entries back while they are still on this computer (nothing reached the platform).
// Once the platform has them, the only documented way back is `rejectAssignment` (spec 3.1 names it; it
// takes an invoice waiting in approval back to a draft): queued once through the outbox while the invoice
// waits in approval and no step of its flow is approved (main's executor reads the platform again before
// sending it). Approved, booked and rejected invoices have no documented way back; the row says why.
import { outboxAction, type CostLine } from '@common/bridge/outbox'
import { ApprovalStatus, SupplierInvoiceStatus, TaskStatus } from '@common/status'
import { outboxEntry } from '@renderer/data/outbox'
import { isAction } from '@renderer/data/outbox-queries'
import type { CachedRow, OutboxEntry, WentThroughRow, WorkspaceDb } from '@renderer/data/schema'
import {
  decideStraightThrough,
  isIncoming,
  rowTotal,
  supplierContext,
  type HoldReason,
} from './straight-rule.ts'
import { num } from './invoice-rows.ts'

/** The rules switched on in a company, by supplier. */
export async function rulesOn(db: WorkspaceDb, companyKey: string): Promise<Set<number>> {
  const rules = await db.straightRules.where('companyKey').equals(companyKey).toArray()
  return new Set(rules.filter((rule) => rule.on).map((rule) => rule.supplierId))
}

/** Switches a supplier's rule on or off in a company. */
export async function setRule(
  db: WorkspaceDb,
  companyKey: string,
  supplierId: number,
  on: boolean,
): Promise<void> {
  await db.straightRules.put({ companyKey, supplierId, on, changedAt: new Date().toISOString() })
}

export interface IncomingDecision {
  invoice: CachedRow
  reasons: HoldReason[]
  line: CostLine | null
}

/** What the company's cache holds for the decisions, read in one transaction. */
async function companyState(db: WorkspaceDb, companyKey: string) {
  return db.transaction(
    'r',
    [db.SupplierInvoice, db.Supplier, db.outbox, db.wentThrough, db.straightRules],
    async () => {
      const rules = await rulesOn(db, companyKey)
      if (rules.size === 0) return null
      const [invoices, suppliers, queued, went] = await Promise.all([
        db.SupplierInvoice.where('companyKey').equals(companyKey).toArray(),
        db.Supplier.bulkGet([...rules].map((id) => [companyKey, id] as [string, number])),
        db.outbox.where('companyKey').equals(companyKey).toArray(),
        db.wentThrough.where('companyKey').equals(companyKey).primaryKeys(),
      ])
      return {
        rules,
        invoices,
        suppliers: new Map(suppliers.filter((s) => s).map((s) => [Number(s!.ID), s as CachedRow])),
        queued: new Set(queued.filter((e) => e.entity === 'SupplierInvoice').map((e) => e.entityId)),
        went: new Set(went.map(([, id]) => id)),
      }
    },
  )
}

/**
 * The decision for every incoming draft of a supplier whose rule is on and that has not gone through by
 * itself before: the line it goes with, or why it is held back.
 */
export async function incomingDecisions(db: WorkspaceDb, companyKey: string): Promise<IncomingDecision[]> {
  const state = await companyState(db, companyKey)
  if (!state) return []
  const bySupplier = new Map<number, CachedRow[]>()
  for (const row of state.invoices) {
    const id = num(row.SupplierID)
    if (id === null || !state.rules.has(id)) continue
    const list = bySupplier.get(id) ?? []
    list.push(row)
    bySupplier.set(id, list)
  }
  const out: IncomingDecision[] = []
  for (const [supplierId, own] of bySupplier) {
    const supplier = state.suppliers.get(supplierId) ?? null
    const context = supplierContext(supplier, own, supplierId)
    for (const invoice of own) {
      if (!isIncoming(invoice) || state.went.has(invoice.ID)) continue
      const decision = decideStraightThrough({
        invoice,
        supplier,
        invoices: state.invoices,
        supplierInvoices: own,
        queuedHere: state.queued.has(invoice.ID),
        context,
      })
      out.push(
        decision.go
          ? { invoice, reasons: [], line: decision.line }
          : { invoice, reasons: decision.reasons, line: null },
      )
    }
  }
  return out
}

/** Who approves an invoice sent on: the supplier's linked rule, or null to book (main asks again). */
export type AskRule = (invoice: CachedRow) => Promise<number | null>

/**
 * Sends one invoice on by rule: in one transaction it is decided again from the cache as it is now, and,
 * unless it went through before, its entries and its went-through row are written. False when it did not go.
 */
export async function sendOnByRule(
  db: WorkspaceDb,
  companyKey: string,
  invoiceId: number,
  approvalRuleId: number | null,
  now: Date = new Date(),
): Promise<boolean> {
  const tables = [db.SupplierInvoice, db.Supplier, db.outbox, db.wentThrough, db.straightRules]
  return db.transaction('rw', tables, async () => {
    if (await db.wentThrough.get([companyKey, invoiceId])) return false
    const invoice = await db.SupplierInvoice.get([companyKey, invoiceId])
    if (!invoice || !isIncoming(invoice)) return false
    const supplierId = num(invoice.SupplierID)!
    const rule = await db.straightRules.get([companyKey, supplierId])
    if (!rule?.on) return false
    const [invoices, supplier, queued] = await Promise.all([
      db.SupplierInvoice.where('companyKey').equals(companyKey).toArray(),
      db.Supplier.get([companyKey, supplierId]),
      db.outbox
        .where('[companyKey+entity+entityId]')
        .equals([companyKey, 'SupplierInvoice', invoiceId])
        .count(),
    ])
    const decision = decideStraightThrough({
      invoice,
      supplier: supplier ?? null,
      invoices,
      queuedHere: queued > 0,
    })
    if (!decision.go) return false
    const base = { baseUpdatedAt: invoice.UpdatedAt ?? null }
    const journalEntry = (invoice.JournalEntry as Record<string, unknown> | null | undefined) ?? {}
    const lines = [decision.line]
    const seqs = [
      await db.outbox.add(
        outboxEntry(
          companyKey,
          invoiceId,
          outboxAction('SupplierInvoice', 'save-cost-lines', { Lines: lines }),
          base,
        ),
      ),
    ]
    const sendOn =
      approvalRuleId !== null
        ? outboxAction('SupplierInvoice', 'assign-to', { ApprovalRuleID: approvalRuleId })
        : outboxAction('SupplierInvoice', 'journal')
    seqs.push(await db.outbox.add(outboxEntry(companyKey, invoiceId, sendOn, base)))
    await db.SupplierInvoice.put({
      ...invoice,
      JournalEntry: { ...journalEntry, DraftLines: lines },
      StatusCode:
        approvalRuleId !== null ? SupplierInvoiceStatus.ForApproval : SupplierInvoiceStatus.Journaled,
    })
    await db.wentThrough.add({
      companyKey,
      invoiceId,
      supplierId,
      action: approvalRuleId !== null ? 'assign-to' : 'journal',
      approvalRuleId,
      invoiceNumber: invoice.InvoiceNumber == null ? null : String(invoice.InvoiceNumber),
      amount: rowTotal(invoice),
      at: now.toISOString(),
      seqs: seqs.map(Number),
      before: { StatusCode: Number(invoice.StatusCode), JournalEntry: invoice.JournalEntry ?? null },
      undoneAt: null,
    })
    return true
  })
}

/**
 * Runs the rules of a company: every incoming invoice that may go is sent on (once). `askRule` asks the
 * platform for the supplier's linked approval rule; when it fails (offline) the invoice is queued to be
 * booked, and main asks again when it is sent. An invoice `held` answers true for (open in a review) is
 * left for the person looking at it. Answers how many went.
 */
export async function runStraightThrough(
  db: WorkspaceDb,
  companyKey: string,
  askRule?: AskRule,
  held: (invoiceId: number) => boolean = () => false,
): Promise<number> {
  let sent = 0
  for (const { invoice, line } of await incomingDecisions(db, companyKey)) {
    if (!line || held(invoice.ID)) continue
    let rule: number | null = null
    if (askRule)
      try {
        rule = await askRule(invoice)
      } catch {
        rule = null
      }
    if (await sendOnByRule(db, companyKey, invoice.ID, rule)) sent++
  }
  return sent
}

/** Why a went-through invoice cannot be taken back now. */
export const undoReasons = [
  'undone',
  'undoRefused',
  'sending',
  'approved',
  'booked',
  'rejected',
  'moved',
] as const
export type UndoReason = (typeof undoReasons)[number]

/** Whether a went-through invoice can be taken back now, or why not. */
export type UndoState = { possible: true } | { possible: false; reason: UndoReason }

const APPROVED = new Set<number>([
  ApprovalStatus.Approved,
  ApprovalStatus.IndirectlyApproved,
  ApprovalStatus.PreviouslyApproved,
])

/**
 * The invoices of a company whose running approval task has an approved step, as far as the cache tells
 * (its tasks, and the approvals it holds: the user's own and those they stand in for). Main's executor
 * asks the platform again before it sends the undo, so what the cache cannot see is caught there.
 */
export async function approvedInFlow(db: WorkspaceDb, companyKey: string): Promise<Set<number>> {
  const [tasks, approvals] = await Promise.all([
    db.Task.where('companyKey').equals(companyKey).toArray(),
    db.Approval.where('companyKey').equals(companyKey).toArray(),
  ])
  const running = new Map<number, number>()
  for (const task of tasks)
    if (Number(task.StatusCode) === TaskStatus.Active && task.EntityID != null)
      running.set(task.ID, Number(task.EntityID))
  const out = new Set<number>()
  for (const approval of approvals) {
    const invoiceId = running.get(Number(approval.TaskID))
    if (invoiceId !== undefined && approval.Deleted !== true && APPROVED.has(Number(approval.StatusCode)))
      out.add(invoiceId)
  }
  return out
}

/**
 * The undo state of a row from its queued entries (those still in the outbox), its queued undo after the
 * send (`undoEntry`, when it has one), the invoice as cached, and whether a step of its flow is approved.
 */
export function undoState(
  row: WentThroughRow,
  entries: readonly (OutboxEntry | undefined)[],
  invoice: CachedRow | undefined,
  stepApproved = false,
  undoEntry?: OutboxEntry,
): UndoState {
  if (row.undoneAt)
    return { possible: false, reason: undoEntry?.state === 'failed' ? 'undoRefused' : 'undone' }
  const left = entries.filter((entry): entry is OutboxEntry => entry !== undefined)
  const sendOn = left.find((entry) => !isAction(entry, 'SupplierInvoice', 'save-cost-lines'))
  if (sendOn) return sendOn.state === 'sending' ? { possible: false, reason: 'sending' } : { possible: true }
  const status = Number(invoice?.StatusCode)
  if (status === SupplierInvoiceStatus.ForApproval || status === SupplierInvoiceStatus.Assigned)
    return stepApproved ? { possible: false, reason: 'approved' } : { possible: true }
  if (status === SupplierInvoiceStatus.Approved) return { possible: false, reason: 'approved' }
  if (status === SupplierInvoiceStatus.Journaled || status === SupplierInvoiceStatus.Archived)
    return { possible: false, reason: 'booked' }
  if (status === SupplierInvoiceStatus.Rejected) return { possible: false, reason: 'rejected' }
  return { possible: false, reason: 'moved' }
}

export class UndoError extends Error {
  constructor(readonly state: Exclude<UndoState, { possible: true }>) {
    super(`Cannot undo: ${state.reason}`)
  }
}

/**
 * Takes an invoice that went through by itself back. While its entries are still on this computer they are
 * removed and the invoice is a draft again, as it was (its cost line stays when it already reached the
 * platform). Once its send reached the platform and it waits in approval with no step approved,
 * `rejectAssignment` is queued (once: the row is marked in the same transaction) and the invoice shows as a
 * draft. Its row stays, marked undone, so the rule never sends it on again. Answers which of the two it
 * did; throws UndoError when it cannot.
 */
export async function undoWentThrough(
  db: WorkspaceDb,
  companyKey: string,
  invoiceId: number,
): Promise<'removed' | 'queued'> {
  const tables = [db.SupplierInvoice, db.outbox, db.wentThrough, db.Task, db.Approval]
  return db.transaction('rw', tables, async () => {
    const row = await db.wentThrough.get([companyKey, invoiceId])
    if (!row) throw new UndoError({ possible: false, reason: 'moved' })
    const entries = await db.outbox.bulkGet(row.seqs)
    const invoice = await db.SupplierInvoice.get([companyKey, invoiceId])
    const stepApproved = (await approvedInFlow(db, companyKey)).has(invoiceId)
    const state = undoState(row, entries, invoice, stepApproved)
    if (!state.possible) throw new UndoError(state)
    const left = entries.filter((entry): entry is OutboxEntry => entry !== undefined)
    const now = new Date().toISOString()
    if (left.length === 0) {
      // The send reached the platform: the documented way back from approval, through the outbox.
      const seq = await db.outbox.add(
        outboxEntry(companyKey, invoiceId, outboxAction('SupplierInvoice', 'rejectAssignment'), {
          baseUpdatedAt: invoice?.UpdatedAt ?? null,
        }),
      )
      if (invoice) await db.SupplierInvoice.put({ ...invoice, StatusCode: SupplierInvoiceStatus.Draft })
      await db.wentThrough.put({ ...row, undoneAt: now, undoSeq: Number(seq) })
      return 'queued'
    }
    await db.outbox.bulkDelete(left.map((entry) => entry.seq!))
    const linesLeft = left.some((entry) => isAction(entry, 'SupplierInvoice', 'save-cost-lines'))
    if (invoice)
      await db.SupplierInvoice.put({
        ...invoice,
        StatusCode: row.before.StatusCode,
        ...(linesLeft ? { JournalEntry: row.before.JournalEntry } : {}),
      })
    await db.wentThrough.put({ ...row, undoneAt: now })
    return 'removed'
  })
}
