// Straight-through by rule: per supplier and company, the accountant switches on a rule, and an incoming
// draft of that supplier is then sent on by itself exactly as the review would send it (its cost line from
// supplier memory for the whole total, then `journal`, which main turns into `assign-to` by the supplier's
// linked approval rule where one applies when it is sent). This file holds the decision only (pure, so
// 1,000 invoices are decided in well under a second): whether an invoice may go, or the worded reason it
// may not. The proposal to switch a rule on, and the supplier's usual range, are read from the same history.
import { fromOre, toOre, type Ore } from '@common/money'
import { SupplierInvoiceStatus } from '@common/status'
import type { ReviewOutcome } from '@renderer/data/schema'
import { checkForm, formFromRow } from '../review-form.ts'
import { knownSupplierAccounts } from './bank-account.ts'
import { findDuplicates } from './duplicates.ts'
import { accountKey, draftLines, invoiceTotal, invoiceWhen, live, num, type Row } from './invoice-rows.ts'
import { proposeCoding, type CodingProposals } from './supplier-memory.ts'

/** The rule is proposed when this many of the supplier's last invoices were saved without a change. */
export const PROPOSAL_STREAK = 5
/** The supplier's usual range is read from this many of its last invoices that went on. */
export const RANGE_WINDOW = 10
/** At least this many earlier invoices that went on are needed to know a usual range. */
export const RANGE_MINIMUM = 3
/** The usual range is the lowest to the highest of those totals, widened by this share each way. */
export const RANGE_MARGIN = 0.1

/** Statuses of an invoice that went on (sent for approval, approved, booked): the supplier's history. */
const wentOn: ReadonlySet<number> = new Set([
  SupplierInvoiceStatus.ForApproval,
  SupplierInvoiceStatus.Approved,
  SupplierInvoiceStatus.Journaled,
  SupplierInvoiceStatus.Archived,
])

/** Why an invoice of a supplier with the rule on was not sent on by itself (worded in review messages). */
export type HoldReason =
  | { code: 'checkFailed'; fields: string[] }
  | { code: 'noCoding' }
  | { code: 'outsideRange'; amount: Ore; low: Ore; high: Ore }
  | { code: 'noRange'; known: number }
  | { code: 'bankAccountChanged'; account: string }
  | { code: 'duplicate'; number: string }
  | { code: 'changedHere' }

export type StraightDecision =
  | {
      go: true
      line: { AccountID: number; VatTypeID: number | null; Description: string | null; Amount: number }
    }
  | { go: false; reasons: HoldReason[] }

/** The supplier's usual total: from the lowest to the highest of its last invoices that went on, widened. */
export interface UsualRange {
  low: Ore
  high: Ore
  /** How many invoices it was read from. */
  known: number
}

/** The totals of the supplier's last invoices that went on, newest first (others' and this one skipped). */
export function wentOnTotals(supplierId: number, history: Iterable<Row>, invoiceId?: number): Ore[] {
  return [...history]
    .filter(
      (row) =>
        live(row) &&
        num(row.SupplierID) === supplierId &&
        Number(row.ID) !== invoiceId &&
        wentOn.has(Number(row.StatusCode)),
    )
    .sort((a, b) => invoiceWhen(b).localeCompare(invoiceWhen(a)) || Number(b.ID) - Number(a.ID))
    .slice(0, RANGE_WINDOW)
    .map(invoiceTotal)
    .filter((total): total is Ore => total !== null)
}

/** The usual range from the supplier's invoices; null with fewer than RANGE_MINIMUM that went on. */
export function usualRange(
  supplierId: number,
  history: Iterable<Row>,
  invoiceId?: number,
): UsualRange | null {
  const totals = wentOnTotals(supplierId, history, invoiceId)
  if (totals.length < RANGE_MINIMUM) return null
  const min = Math.min(...totals)
  const max = Math.max(...totals)
  return {
    low: Math.floor(min * (1 - RANGE_MARGIN)),
    high: Math.ceil(max * (1 + RANGE_MARGIN)),
    known: totals.length,
  }
}

export interface DecisionInput {
  /** The incoming invoice as cached. */
  invoice: Row
  supplier: Row | null
  /** The company's cached invoices (the duplicate check looks at all of them; the rest at the supplier's). */
  invoices: readonly Row[]
  /** The supplier's cached invoices (a subset of `invoices`); read from `invoices` when not given. */
  supplierInvoices?: readonly Row[]
  /** Changes of this invoice still queued on this computer: the accountant is working on it. */
  queuedHere?: boolean
  /** What the supplier's history gives every incoming invoice alike, read once per supplier. */
  context?: SupplierContext
}

/**
 * What a supplier's history gives each of its incoming drafts alike: the coding supplier memory proposes,
 * the usual range, and the bank accounts it is known by. A draft neither votes in supplier memory (until it
 * has cost lines), counts in the range, nor vouches for an account, so it is the same for every draft.
 */
export interface SupplierContext {
  coding: CodingProposals
  range: UsualRange | null
  wentOn: number
  knownAccounts: string[]
}

export function supplierContext(
  supplier: Row | null,
  own: readonly Row[],
  supplierId: number,
): SupplierContext {
  return {
    coding: proposeCoding(supplier, own, { supplierId }),
    range: usualRange(supplierId, own),
    wentOn: wentOnTotals(supplierId, own).length,
    knownAccounts: knownSupplierAccounts(supplier, own),
  }
}

/**
 * Whether a draft of a supplier whose rule is on may go on by itself. Every reason that holds it back is
 * listed, in the order the accountant reads them; none when it may go, with the cost line it goes with.
 */
export function decideStraightThrough(input: DecisionInput): StraightDecision {
  const { invoice, supplier } = input
  const reasons: HoldReason[] = []
  const id = Number(invoice.ID)
  const supplierId = num(invoice.SupplierID)
  const own = input.supplierInvoices ?? input.invoices.filter((row) => num(row.SupplierID) === supplierId)
  if (input.queuedHere) reasons.push({ code: 'changedHere' })
  const form = formFromRow(invoice, supplier, 'nb')
  const problems = checkForm(form)
  const failed = Object.keys(problems).sort()
  const total = invoiceTotal(invoice)
  if (total === null && !failed.includes('TaxInclusiveAmount')) failed.push('TaxInclusiveAmount')
  if (!invoice.InvoiceDate && !failed.includes('InvoiceDate')) failed.push('InvoiceDate')
  if (failed.length > 0) reasons.push({ code: 'checkFailed', fields: failed.sort() })
  const context =
    input.context && draftLines(invoice).length === 0
      ? input.context
      : supplierId === null
        ? null
        : supplierContext(
            supplier,
            own.filter((row) => Number(row.ID) !== id),
            supplierId,
          )
  const account = accountKey(form.BankAccount)
  if (account && context && context.knownAccounts.length > 0 && !context.knownAccounts.includes(account))
    reasons.push({ code: 'bankAccountChanged', account })
  // findDuplicates compares with the same supplier's invoices only: those are enough.
  const duplicate = findDuplicates(invoice, own)[0]
  if (duplicate)
    reasons.push({
      code: 'duplicate',
      number: String(duplicate.invoice.InvoiceNumber ?? duplicate.invoice.ID),
    })
  if (context && total !== null) {
    const range = context.range
    if (!range) reasons.push({ code: 'noRange', known: context.wentOn })
    else if (total < range.low || total > range.high)
      reasons.push({ code: 'outsideRange', amount: total, low: range.low, high: range.high })
  }
  const coding = context?.coding ?? {}
  if (!coding.AccountID) reasons.push({ code: 'noCoding' })
  if (reasons.length > 0 || !coding.AccountID || total === null) return { go: false, reasons }
  return {
    go: true,
    line: {
      AccountID: coding.AccountID.value,
      VatTypeID: coding.VatTypeID?.value ?? null,
      Description: coding.Description?.value ?? null,
      Amount: fromOre(total),
    },
  }
}

/** Whether an invoice is one the rule looks at: a live draft with a supplier, created on the platform. */
export function isIncoming(row: Row): boolean {
  return (
    live(row) &&
    Number(row.StatusCode) === SupplierInvoiceStatus.Draft &&
    num(row.SupplierID) !== null &&
    Number(row.ID) > 0
  )
}

/**
 * Whether to propose the rule for a supplier: its last PROPOSAL_STREAK invoices saved in review (the
 * straight-through figure's outcomes) all kept every proposed value and passed every check.
 */
export function proposeRule(
  supplierId: number,
  outcomes: Iterable<ReviewOutcome>,
  invoices: ReadonlyMap<number, Row>,
): boolean {
  const own = [...outcomes]
    .filter((outcome) => num(invoices.get(outcome.invoiceId)?.SupplierID) === supplierId)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt))
    .slice(0, PROPOSAL_STREAK)
  return (
    own.length === PROPOSAL_STREAK &&
    own.every((outcome) => outcome.straightThrough && outcome.checksPassed !== false)
  )
}

/** A total in øre from a cached row's amount (for the went-through list). */
export const rowTotal = (row: Row): Ore | null => toOre(row.TaxInclusiveAmount ?? null) ?? null
