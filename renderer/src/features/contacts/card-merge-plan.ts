// What merging a duplicate into another party does, shown before the user confirms it: which of the
// duplicate's invoices move to the other party and which stay where they are because they are booked or
// otherwise settled (the outbox's `merge` action, common/bridge/parties.ts MergeParty). Pure; the card
// lists the plan and queues `mergeParty` with exactly the invoices it showed.
import { invoiceDay, live, num, type Row } from '@common/parties/paid-accounts'
import { toOre, type Ore } from '@common/money'
import { CustomerInvoiceStatus, SupplierInvoiceStatus } from '@common/status'
import type { TradingEntity } from './card-facts.ts'

/**
 * MergeParty: a supplier's invoices in draft, for approval, rejected or assigned move (nothing is booked on
 * them yet); a customer's drafts move. Every other status keeps its party.
 */
const MOVABLE: Record<TradingEntity, ReadonlySet<number>> = {
  Supplier: new Set([
    SupplierInvoiceStatus.Draft,
    SupplierInvoiceStatus.ForApproval,
    SupplierInvoiceStatus.Rejected,
    SupplierInvoiceStatus.Assigned,
  ]),
  Customer: new Set([CustomerInvoiceStatus.Draft]),
}

/** One of the duplicate's invoices as the plan lists it. */
export interface PlannedInvoice {
  id: number
  number: string
  date: string | null
  amount: Ore | null
  statusCode: number | null
}

export interface MergePlan {
  duplicateId: number
  intoId: number
  /** The invoices that move to `intoId`, by invoice date. */
  moving: PlannedInvoice[]
  /** The invoices that keep the duplicate because they are booked (or paid, invoiced, credited). */
  staying: PlannedInvoice[]
}

export class MergePlanError extends Error {
  constructor(
    readonly code: 'SAME_PARTY' | 'NOT_A_DUPLICATE',
    message: string,
  ) {
    super(message)
  }
}

/** An invoice as the plan (and a merged party's card) lists it. */
export const planned = (row: Row): PlannedInvoice => ({
  id: Number(row.ID),
  number: typeof row.InvoiceNumber === 'string' ? row.InvoiceNumber : '',
  date: invoiceDay(row),
  amount: toOre(row.TaxInclusiveAmount ?? row.TaxInclusiveAmountCurrency) ?? null,
  statusCode: num(row.StatusCode),
})

export const byDate = (a: PlannedInvoice, b: PlannedInvoice) =>
  (a.date ?? '').localeCompare(b.date ?? '') || a.id - b.id

/**
 * The plan to merge `duplicateId` into `intoId`: `invoices` are the duplicate's (its SupplierInvoice or
 * CustomerInvoice rows; another party's rows are left out). `duplicates` are the IDs the duplicate check
 * pairs with the duplicate: a merge into a party that is not one of them is refused.
 */
export function mergePlan(
  entity: TradingEntity,
  duplicateId: number,
  intoId: number,
  invoices: Iterable<Row>,
  duplicates: readonly number[],
): MergePlan {
  if (duplicateId === intoId) throw new MergePlanError('SAME_PARTY', 'A party cannot be merged into itself')
  if (!duplicates.includes(intoId))
    throw new MergePlanError('NOT_A_DUPLICATE', `${entity} ${intoId} has another organisation number`)
  const ownField = entity === 'Supplier' ? 'SupplierID' : 'CustomerID'
  const plan: MergePlan = { duplicateId, intoId, moving: [], staying: [] }
  for (const row of invoices) {
    if (!live(row) || num(row[ownField]) !== duplicateId || num(row.ID) === null) continue
    const status = num(row.StatusCode)
    if (status !== null && MOVABLE[entity].has(status)) plan.moving.push(planned(row))
    else plan.staying.push(planned(row))
  }
  plan.moving.sort(byDate)
  plan.staying.sort(byDate)
  return plan
}
