// The bank-account-changed warning (this is how invoice fraud works): the account on the invoice is
// neither one the supplier has on record nor one an earlier, accepted invoice of the supplier was to be
// paid to. A strong warning that the user must confirm before the invoice goes on.
import { SupplierInvoiceStatus } from '@common/status'
import {
  accountKey,
  bankAccountRowKey,
  invoiceAccount,
  live,
  num,
  supplierBankAccounts,
  type Row,
} from './invoice-rows.ts'

/** Invoices someone has accepted: their account was paid to (or is about to be). */
const ACCEPTED = new Set<number>([SupplierInvoiceStatus.Approved, SupplierInvoiceStatus.Journaled])

export interface BankAccountChanged {
  level: 'strong'
  code: 'bankAccountChanged'
  /** The account on the invoice, comparable form (11 digits or an IBAN). */
  account: string
  /** The accounts this supplier is known to use, comparable form. */
  known: string[]
  /** The screen may not send the invoice on until the user confirms. */
  needsConfirmation: true
}

/** The accounts a supplier is known by: on record, and on its earlier accepted invoices. */
export function knownSupplierAccounts(supplier: Row | null | undefined, history: Iterable<Row>): string[] {
  const onRecord = supplierBankAccounts(supplier)
  const known = new Set<string>()
  for (const account of onRecord.values()) {
    const key = bankAccountRowKey(account)
    if (key) known.add(key)
  }
  const supplierId = num(supplier?.ID)
  for (const row of history) {
    if (!live(row) || (supplierId !== null && num(row.SupplierID) !== supplierId)) continue
    if (!ACCEPTED.has(Number(row.StatusCode))) continue
    const key = invoiceAccount(row, onRecord)
    if (key) known.add(key)
  }
  return [...known].sort()
}

/**
 * Whether `account` (as typed on the invoice under review) is new for the supplier. Null when it is a
 * known account, when no account is given, or when nothing is known of the supplier yet (the first
 * invoice of a new supplier has nothing to differ from).
 */
export function bankAccountChanged(
  account: string | null | undefined,
  supplier: Row | null | undefined,
  history: Iterable<Row>,
  invoiceId?: number,
): BankAccountChanged | null {
  const key = accountKey(account)
  if (!key) return null
  const others = [...history].filter((row) => invoiceId === undefined || Number(row.ID) !== invoiceId)
  const known = knownSupplierAccounts(supplier, others)
  if (known.length === 0 || known.includes(key)) return null
  return { level: 'strong', code: 'bankAccountChanged', account: key, known, needsConfirmation: true }
}
