// What the review screen sends on, all through the outbox so it works offline and happens exactly once
// (spec 4.5; field notes "Graph writes", "Approvals"): save the invoice (header fields, cost lines, an
// override reason as a comment, and the straight-through outcome), send for approval (`assign-to` a rule,
// users or a team), book (`journal`), lock and unlock with a message, delete a draft. Each is one Dexie
// transaction over the cached invoice and its outbox entries; main executes them (its outbox executors)
// and checks on a retry whether the first attempt took effect.
import { outboxAction, type ApprovalTarget, type CostLine } from '@common/bridge/outbox'
import { sameValue } from '@common/same-value'
import { SupplierInvoiceStatus } from '@common/status'
import { outboxEntry, queueAction, updateRow, ChangeError } from '@renderer/data/outbox'
import type { CachedRow, WorkspaceDb } from '@renderer/data/schema'
import { changedProposals, reviewOutcome } from './straight-through.ts'
import { isEditable } from './editable.ts'

/** A cost line as the form holds it: the outbox's cost line (common/bridge/outbox.ts). */
export type ReviewCostLine = CostLine

export interface SaveInvoiceInput {
  companyKey: string
  invoiceId: number
  /** Header fields in platform form (`InvoiceDate: '2026-03-10'`, `TaxInclusiveAmount: 18419`). */
  fields: Record<string, unknown>
  /** The cost lines as they should be after the save; undefined leaves them as they are. */
  costLines?: ReviewCostLine[]
  /**
   * The values the screen proposed (OCR, supplier memory) per field, null where it had none: the
   * straight-through figure counts saves that changed none of them. Undefined records no outcome.
   */
  proposed?: Record<string, unknown>
  /** A failed checksum saved anyway: the reason goes to the invoice as a comment. */
  override?: { fields: string[]; reason: string; text: string }
}

export class ReviewActionError extends Error {
  constructor(
    readonly code: 'NOT_EDITABLE' | 'OVERRIDE_REASON_MISSING' | 'NOT_A_DRAFT' | 'NO_APPROVER',
    message: string,
  ) {
    super(message)
  }
}

async function cachedInvoice(db: WorkspaceDb, companyKey: string, id: number): Promise<CachedRow> {
  const row = await db.SupplierInvoice.get([companyKey, id])
  if (!row)
    throw new ChangeError(
      'ROW_NOT_CACHED',
      `SupplierInvoice ${id} is not in the offline cache of ${companyKey}`,
    )
  return row
}

/**
 * Saves the review: changed header fields as one update, the cost lines as one `save-cost-lines` action,
 * the override reason as a comment, and the straight-through outcome, all in one transaction.
 */
export async function saveInvoice(db: WorkspaceDb, input: SaveInvoiceInput): Promise<void> {
  const { companyKey, invoiceId } = input
  if (input.override && input.override.reason.trim() === '')
    throw new ReviewActionError('OVERRIDE_REASON_MISSING', 'Saving a failed check needs a reason')
  await db.transaction('rw', db.SupplierInvoice, db.outbox, db.reviewOutcomes, async () => {
    const row = await cachedInvoice(db, companyKey, invoiceId)
    if (!isEditable(row.StatusCode))
      throw new ReviewActionError(
        'NOT_EDITABLE',
        `SupplierInvoice ${invoiceId} cannot be edited in status ${String(row.StatusCode)}`,
      )
    const changes = Object.fromEntries(
      Object.entries(input.fields).filter(([field, value]) => !sameValue(row[field], value)),
    )
    if (Object.keys(changes).length > 0)
      await updateRow(db, companyKey, 'SupplierInvoice', invoiceId, changes)
    if (input.costLines) {
      const Lines = input.costLines.map((line) => ({ ...line }))
      const journalEntry = (row.JournalEntry as Record<string, unknown> | null | undefined) ?? {}
      await queueAction(
        db,
        companyKey,
        invoiceId,
        outboxAction('SupplierInvoice', 'save-cost-lines', { Lines }),
        { JournalEntry: { ...journalEntry, DraftLines: Lines } },
      )
    }
    if (input.override) await addComment(db, companyKey, invoiceId, input.override.text)
    if (input.proposed) {
      const saved = { ...row, ...changes, ...costLineFields(input.costLines) }
      await db.reviewOutcomes.put({
        ...reviewOutcome(companyKey, invoiceId, changedProposals(input.proposed, saved)),
        checksPassed: !input.override,
      })
    }
  })
}

/** The coding of the main (first) cost line under the names supplier memory proposes them by. */
function costLineFields(lines: ReviewCostLine[] | undefined): Record<string, unknown> {
  const first = lines?.[0]
  if (!first) return {}
  return {
    AccountID: first.AccountID,
    VatTypeID: first.VatTypeID ?? null,
    Description: first.Description ?? null,
    DepartmentID: first.DepartmentID ?? null,
  }
}

/** A comment on the invoice (`comments/SupplierInvoice/{id}`), queued. */
export async function addComment(
  db: WorkspaceDb,
  companyKey: string,
  invoiceId: number,
  text: string,
): Promise<void> {
  await queueAction(db, companyKey, invoiceId, outboxAction('SupplierInvoice', 'comment', { Text: text }))
}

/** Who approves: a rule (the one `get-approvalruleid` proposes, or another), users, or teams. */
export type { ApprovalTarget }

/** Sends the invoice for approval (`assign-to`; spec 4.5: exactly one of rule, users, teams). */
export async function sendForApproval(
  db: WorkspaceDb,
  companyKey: string,
  invoiceId: number,
  target: ApprovalTarget,
  message?: string,
): Promise<void> {
  const empty =
    ('UserIDs' in target && target.UserIDs.length === 0) ||
    ('TeamIDs' in target && target.TeamIDs.length === 0)
  if (empty) throw new ReviewActionError('NO_APPROVER', 'Choose a rule, a user or a team to approve')
  await queueAction(
    db,
    companyKey,
    invoiceId,
    outboxAction('SupplierInvoice', 'assign-to', { ...target, ...(message ? { Message: message } : {}) }),
    { StatusCode: SupplierInvoiceStatus.ForApproval },
  )
}

/**
 * Whether the invoice can be booked directly: it is a draft (or approved), and the company has no approval
 * flow for it. `needsApproval` is the company's rule (a proposed rule for the supplier, or the company's
 * policy); `userMayBook` the user's permission. The platform has the last word: a global rule whose limit
 * the amount reaches starts an approval flow instead of booking.
 */
export function canBookDirectly(
  invoice: Pick<CachedRow, 'StatusCode'>,
  needsApproval: boolean,
  userMayBook: boolean,
): boolean {
  const status = Number(invoice.StatusCode)
  if (status === SupplierInvoiceStatus.Approved) return userMayBook
  return userMayBook && !needsApproval && isEditable(status)
}

/** Books the invoice (`journal`). */
export async function bookInvoice(db: WorkspaceDb, companyKey: string, invoiceId: number): Promise<void> {
  await queueAction(db, companyKey, invoiceId, outboxAction('SupplierInvoice', 'journal'), {
    StatusCode: SupplierInvoiceStatus.Journaled,
  })
}

/** Locks the invoice against changes with a message (`entitylock`), or unlocks it. */
export async function setLocked(
  db: WorkspaceDb,
  companyKey: string,
  invoiceId: number,
  locked: boolean,
  message = '',
): Promise<void> {
  await queueAction(
    db,
    companyKey,
    invoiceId,
    locked
      ? outboxAction('SupplierInvoice', 'lock', { Message: message })
      : outboxAction('SupplierInvoice', 'unlock', {}),
  )
}

/** Deletes a wrongly scanned draft: gone from the cache at once, deleted on the platform with the next sync. */
export async function deleteDraft(db: WorkspaceDb, companyKey: string, invoiceId: number): Promise<void> {
  await db.transaction('rw', db.SupplierInvoice, db.outbox, async () => {
    const row = await cachedInvoice(db, companyKey, invoiceId)
    if (Number(row.StatusCode) !== SupplierInvoiceStatus.Draft)
      throw new ReviewActionError('NOT_A_DRAFT', `SupplierInvoice ${invoiceId} is not a draft`)
    const queued = await db.outbox
      .where('[companyKey+entity+entityId]')
      .equals([companyKey, 'SupplierInvoice', invoiceId])
      .toArray()
    // A draft created on this computer and never sent is simply dropped with its queued changes.
    if (invoiceId < 0) {
      await db.outbox.bulkDelete(queued.map((e) => e.seq!))
    } else {
      await db.outbox.add(
        // Deleted on the changes: a pull before the delete is sent shows the row as deleted, not back.
        outboxEntry(companyKey, invoiceId, outboxAction('SupplierInvoice', 'delete', { Deleted: true }), {
          base: { Deleted: false },
          baseUpdatedAt: row.UpdatedAt ?? null,
        }),
      )
    }
    await db.SupplierInvoice.delete([companyKey, invoiceId])
  })
}
