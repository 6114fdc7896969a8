// The one table main runs outbox entries from: for every (entity, action) of the outbox union
// (common/bridge/outbox.ts) the executor that sends it, each with its retry rule (look before acting
// again). The type makes a member without an executor, or an executor without a member, a compile error;
// executors.test.ts says the same at run time.
import type {
  OutboxActionName,
  OutboxCommand,
  OutboxCommandOf,
  OutboxEntity,
} from '../../../../common/bridge/outbox.ts'
import { SupplierInvoiceStatus } from '../../../../common/status.ts'
import { createSubstitute, decideApproval, deleteSubstitute } from './approval-actions.ts'
import { journalInvoice } from './booking-action.ts'
import type { Executor } from './executor.ts'
import { reassign, rejectAssignment, sendForPayment } from './invoice-flow-actions.ts'
import { bookJournalEntries } from './journal-actions.ts'
import {
  addBankAccount,
  createParty,
  editParty,
  markChecked,
  mergeParty,
  removeBankAccount,
  setDefaultBankAccount,
} from './party-actions.ts'
import { comment, lock, saveCostLines, unlock } from './review-actions.ts'
import { createInvoice, creditInvoice, deleteDraft, editDraft, invoiceDraft } from './sales-actions.ts'
import { attachDocument } from './sales-document-action.ts'
import { createRow, deleteRow, transition, updateRow } from './row-actions.ts'

type ExecutorTable = {
  [E in OutboxEntity]: { [A in OutboxActionName<E>]: Executor<OutboxCommandOf<E, A>> }
}

const { ForApproval, Assigned } = SupplierInvoiceStatus

export const executors = {
  SupplierInvoice: {
    update: updateRow,
    create: createRow,
    delete: deleteRow,
    // Transitions whose effect shows in the invoice's status: a retry that finds it there is done.
    'assign-to': transition([ForApproval]),
    assign: transition([ForApproval, Assigned]),
    // Booked only where no approval rule applies when it is sent; else sent for approval by the rule,
    // and so by a global rule as it is booked (spec 3.5) (./booking-action.ts).
    journal: journalInvoice,
    cancelApprovement: transition([ForApproval]),
    // Not idempotent on the platform, and may be overtaken by a colleague (./invoice-flow-actions.ts).
    'reAssign-to': reassign,
    sendForPayment,
    // The undo of an invoice that went through by itself: back to a draft while no step is approved.
    rejectAssignment,
    // The review's own (./review-actions.ts).
    'save-cost-lines': saveCostLines,
    comment,
    lock,
    unlock,
  },
  Approval: { approve: decideApproval, reject: decideApproval },
  // spec 4.8 names no read of substitutes: retries cannot look first (./approval-actions.ts).
  ApprovalSubstitute: { create: createSubstitute, delete: deleteSubstitute },
  JournalEntry: { 'book-journal-entries': bookJournalEntries },
  // The contacts register (./party-actions.ts): each party is written as a graph.
  Supplier: {
    create: createParty,
    edit: editParty,
    'add-bank-account': addBankAccount,
    'remove-bank-account': removeBankAccount,
    'set-default-bank-account': setDefaultBankAccount,
    merge: mergeParty,
    'mark-checked': markChecked,
  },
  Customer: {
    create: createParty,
    edit: editParty,
    'add-bank-account': addBankAccount,
    'remove-bank-account': removeBankAccount,
    'set-default-bank-account': setDefaultBankAccount,
    merge: mergeParty,
  },
  Contact: { create: createParty, edit: editParty },
  // Sales (./sales-actions.ts): drafts written as graphs, then invoiced or credited, each exactly once.
  CustomerInvoice: {
    create: createInvoice,
    'edit-draft': editDraft,
    delete: deleteDraft,
    invoice: invoiceDraft,
    credit: creditInvoice,
    // The customer's PDF of the invoiced row, linked once (./sales-document-action.ts).
    'attach-document': attachDocument,
  },
} satisfies ExecutorTable

/** The executors that write a row's own properties as they are: their runs may travel as one bulk request. */
export const rowWriters: ReadonlySet<Executor> = new Set<Executor>([
  createRow as Executor,
  updateRow as Executor,
])

/** The executor of a command's entity and action; null for one the union does not declare. */
export function executorOf(command: Pick<OutboxCommand, 'entity' | 'action'>): Executor | null {
  // Each executor takes its own command only: the lookup by the command's entity and action hands it that.
  const table = executors as unknown as Readonly<Record<string, Readonly<Record<string, Executor>>>>
  const byAction = Object.hasOwn(table, command.entity) ? table[command.entity]! : null
  return byAction && Object.hasOwn(byAction, command.action) ? byAction[command.action]! : null
}
