// The bank-account-changed warning (this is how invoice fraud works): the account on the invoice is
// neither one the supplier has on record nor one an earlier, accepted invoice of the supplier was to be
// paid to. A strong warning that the user must confirm before the invoice goes on.
// The accounts a supplier is known by are read as its card reads them (common/parties/paid-accounts.ts).
import { knownSupplierAccounts } from '@common/parties/paid-accounts'
import { accountKey, type Row } from './invoice-rows.ts'

export { knownSupplierAccounts }

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
