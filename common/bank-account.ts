// What a bank-account field holds, read the same way by every form (the review's, the inbox panel's): a
// Norwegian account as accountants write it (`8601.11.17947`, 11 digits with MOD11), or an IBAN of any
// registry country as it is printed (common/iban.ts); a Norwegian IBAN is read as its account. Also how an
// account is shown, and which platform fields a typed account changes on a supplier invoice.
import { compactIban, ibanProblem, type IbanProblem } from './iban.ts'
import { digitsOnly, isValidBankAccount } from './norwegian.ts'

const idOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value !== 0 ? value : null

export type BankAccountProblem =
  IbanProblem | { code: 'bankAccountLength'; length: number } | { code: 'bankAccountChecksum' }

/** The account (11 digits, or a foreign IBAN without spaces), what is wrong with it, or null when empty. */
export type BankAccountReading = { account: string } | { problem: BankAccountProblem } | null

/** A checksum failure: the number may be right all the same (a form may let it be saved with a reason). */
export function isChecksumProblem(problem: BankAccountProblem): boolean {
  return problem.code === 'ibanChecksum' || problem.code === 'bankAccountChecksum'
}

export function readBankAccount(text: string): BankAccountReading {
  const trimmed = text.trim()
  if (trimmed === '') return null
  // Written with a country code: an IBAN. Digits only: a Norwegian account.
  if (/^[A-Za-z]/.test(trimmed)) {
    const problem = ibanProblem(trimmed)
    if (problem) return { problem }
    const iban = compactIban(trimmed)
    if (!iban.startsWith('NO')) return { account: iban }
    return isValidBankAccount(iban.slice(4))
      ? { account: iban.slice(4) }
      : { problem: { code: 'bankAccountChecksum' } }
  }
  const digits = digitsOnly(trimmed)
  if (!/^\d{11}$/.test(digits)) return { problem: { code: 'bankAccountLength', length: digits.length } }
  return isValidBankAccount(digits) ? { account: digits } : { problem: { code: 'bankAccountChecksum' } }
}

/**
 * An account number as accountants write it: a Norwegian account `1234.56.78903`, an IBAN in groups of
 * four (`NO93 8601 1117 947`); anything else as it was typed.
 */
export function shownAccountNumber(value: string): string {
  const trimmed = value.trim()
  const compact = trimmed.replace(/[\s.]/g, '').toUpperCase()
  if (/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return compact.replace(/(.{4})(?=.)/g, '$1 ')
  const digits = digitsOnly(trimmed)
  if (/^[\d\s.]+$/.test(trimmed) && /^\d{11}$/.test(digits))
    return `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6)}`
  return trimmed
}

/** The account number the invoice is paid to: its bank account row's number when the cache has it. */
export function invoiceBankAccount(
  row: Record<string, unknown>,
  supplier: Record<string, unknown> | null,
): string {
  const id = idOf(row.BankAccountID)
  const accounts = supplierAccounts(supplier)
  const match = id === null ? undefined : accounts.find((a) => a.ID === id)
  return match ? shownAccountNumber(match.AccountNumber) : ''
}

/** The supplier's bank accounts as cached (`Info.BankAccounts`). */
export function supplierAccounts(
  supplier: Record<string, unknown> | null,
): { ID: number; AccountNumber: string }[] {
  const info = supplier?.Info as { BankAccounts?: unknown } | undefined
  const list = Array.isArray(info?.BankAccounts) ? (info.BankAccounts as Record<string, unknown>[]) : []
  return list
    .filter((a) => typeof a.ID === 'number' && typeof a.AccountNumber === 'string')
    .map((a) => ({ ID: a.ID as number, AccountNumber: digitsOnly(a.AccountNumber as string) }))
}

/**
 * The platform fields a typed account changes on an invoice: it points at one of the supplier's bank
 * account rows (`BankAccountID`); an account the supplier does not have travels as the payment
 * information, as the scan pipeline writes it. Only fields whose value differs from the row are returned.
 */
export function bankAccountChanges(
  text: string,
  row: Record<string, unknown>,
  supplier: Record<string, unknown> | null,
): Record<string, unknown> {
  const bank = readBankAccount(text)
  const account = bank && 'account' in bank ? bank.account : text.trim() ? digitsOnly(text) : null
  const known = account ? supplierAccounts(supplier).find((a) => a.AccountNumber === account) : undefined
  const changes: Record<string, unknown> = {}
  const set = (field: string, value: unknown) => {
    const before = row[field] ?? null
    if (before !== value && !(before === '' && value === null)) changes[field] = value
  }
  set('BankAccountID', known?.ID ?? null)
  if (!known) set('PaymentInformation', account)
  return changes
}
