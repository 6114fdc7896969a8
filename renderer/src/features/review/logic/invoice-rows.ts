// Reading what the review's rules need from cached supplier-invoice rows (the platform's field names,
// expansions as the sync pulls them: Supplier.Info, JournalEntry.DraftLines, DefaultDimensions). How an
// invoice's bank account is read is shared with the supplier's card (common/parties/paid-accounts.ts).
import { toOre, type Ore } from '@common/money'
import { live, num, type Row } from '@common/parties/paid-accounts'
import type { CachedRow } from '@renderer/data/schema'

export {
  accountKey,
  bankAccountRowKey,
  invoiceAccount,
  invoiceDay,
  invoiceWhen,
  live,
  num,
  supplierBankAccounts,
  type Row,
} from '@common/parties/paid-accounts'

const obj = (value: unknown): Row | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null

/** The invoice's total in øre (TaxInclusiveAmount, else the amount in the invoice's currency). */
export function invoiceTotal(row: Row): Ore | null {
  return toOre(row.TaxInclusiveAmount ?? row.TaxInclusiveAmountCurrency) ?? null
}

/** The cost lines saved on the invoice (`JournalEntry.DraftLines`), without deleted ones. */
export function draftLines(row: Row): Row[] {
  const lines = obj(row.JournalEntry)?.DraftLines
  return Array.isArray(lines) ? (lines as Row[]).filter((l) => obj(l) && live(l)) : []
}

/** The invoice's department: its default dimensions, else the one its cost lines carry. */
export function invoiceDepartment(row: Row): number | null {
  const own = num(obj(row.DefaultDimensions)?.DepartmentID)
  if (own !== null) return own
  for (const line of draftLines(row)) {
    const id = num(obj(line.Dimensions)?.DepartmentID)
    if (id !== null) return id
  }
  return null
}

export type { CachedRow }
