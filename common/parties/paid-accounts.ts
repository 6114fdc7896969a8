// Which bank accounts a supplier is known by, read from the cached rows (the platform's field names): the
// accounts on record (`Info.BankAccounts`, `Info.DefaultBankAccount`) and the accounts its accepted invoices
// were to be paid to, with when each was first used. The review's bank-account-changed warning and the
// supplier's card read the same facts from here, so "an account the supplier has been paid to" means one
// thing in both.
import { SupplierInvoiceStatus } from '../status.ts'
import { compactIban } from '../iban.ts'
import { digitsOnly, ibanToBankAccount } from '../norwegian.ts'

export type Row = Record<string, unknown>

export const num = (value: unknown): number | null =>
  value === null || value === undefined || value === '' || !Number.isFinite(Number(value))
    ? null
    : Number(value)

const obj = (value: unknown): Row | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null

/** A row that counts: not deleted on the platform. */
export const live = (row: Row): boolean => row.Deleted !== true

/** The invoice date as `yyyy-mm-dd`, or null. */
export function invoiceDay(row: Row, field = 'InvoiceDate'): string | null {
  const value = row[field]
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null
}

/** When the invoice happened, for ordering history: its invoice date, else when it was registered. */
export function invoiceWhen(row: Row): string {
  return invoiceDay(row) ?? (typeof row.CreatedAt === 'string' ? row.CreatedAt.slice(0, 10) : '')
}

/**
 * A bank account in one comparable form: Norwegian accounts (and Norwegian IBANs) as their 11 digits,
 * foreign IBANs upper-case without spaces; null for nothing.
 */
export function accountKey(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  const compact = compactIban(value)
  if (/^[A-Z]{2}\d{2}/.test(compact)) return ibanToBankAccount(compact) ?? compact
  const digits = digitsOnly(value)
  return /^\d+$/.test(digits) ? digits : compact
}

/** The supplier's bank accounts on record (`Info.BankAccounts`, `Info.DefaultBankAccount`), by ID. */
export function supplierBankAccounts(supplier: Row | null | undefined): Map<number, Row> {
  const info = obj(supplier?.Info)
  const accounts = new Map<number, Row>()
  const list = Array.isArray(info?.BankAccounts) ? (info.BankAccounts as Row[]) : []
  for (const account of [...list, obj(info?.DefaultBankAccount)])
    if (account && live(account) && num(account.ID) !== null) accounts.set(Number(account.ID), account)
  return accounts
}

/** A bank account row's number in comparable form (its AccountNumber, else its IBAN). */
export function bankAccountRowKey(account: Row): string | null {
  return accountKey(account.AccountNumber) ?? accountKey(account.IBAN)
}

/**
 * The account an invoice is to be paid to: its expanded BankAccount, or the supplier's account its
 * BankAccountID names, or (as the scan station writes it when there is no KID) PaymentInformation.
 */
export function invoiceAccount(row: Row, supplierAccounts: ReadonlyMap<number, Row>): string | null {
  const expanded = obj(row.BankAccount)
  if (expanded) {
    const key = bankAccountRowKey(expanded)
    if (key) return key
  }
  const id = num(row.BankAccountID)
  const byId = id === null ? undefined : supplierAccounts.get(id)
  if (byId) return bankAccountRowKey(byId)
  const info = typeof row.PaymentInformation === 'string' ? accountKey(row.PaymentInformation) : null
  return info && /^(\d{11}|[A-Z]{2}\d{2}[A-Z0-9]+)$/.test(info) ? info : null
}

/** Invoices someone has accepted: their account was paid to (or is about to be). */
const ACCEPTED = new Set<number>([SupplierInvoiceStatus.Approved, SupplierInvoiceStatus.Journaled])

/** An account a supplier's accepted invoices were to be paid to. */
export interface PaidAccount {
  /** Comparable form (11 digits or an IBAN). */
  account: string
  /** The first accepted invoice's date with this account (`yyyy-mm-dd`), '' when none is known. */
  firstUsed: string
  /** How many accepted invoices went to it. */
  invoices: number
}

/**
 * The accounts the supplier's accepted invoices (approved or booked) were to be paid to, with the date of
 * the first such invoice, earliest first. `history` may hold other suppliers' invoices: only this
 * supplier's count.
 */
export function paidAccounts(supplier: Row | null | undefined, history: Iterable<Row>): PaidAccount[] {
  const onRecord = supplierBankAccounts(supplier)
  const supplierId = num(supplier?.ID)
  const found = new Map<string, PaidAccount>()
  for (const row of history) {
    if (!live(row) || (supplierId !== null && num(row.SupplierID) !== supplierId)) continue
    if (!ACCEPTED.has(Number(row.StatusCode))) continue
    const key = invoiceAccount(row, onRecord)
    if (!key) continue
    const when = invoiceWhen(row)
    const known = found.get(key)
    if (!known) found.set(key, { account: key, firstUsed: when, invoices: 1 })
    else {
      known.invoices += 1
      if (when && (!known.firstUsed || when < known.firstUsed)) known.firstUsed = when
    }
  }
  return [...found.values()].sort(
    (a, b) =>
      (a.firstUsed || '9999').localeCompare(b.firstUsed || '9999') || a.account.localeCompare(b.account),
  )
}

/** The accounts a supplier is known by: on record, and on its earlier accepted invoices. */
export function knownSupplierAccounts(supplier: Row | null | undefined, history: Iterable<Row>): string[] {
  const known = new Set<string>()
  for (const account of supplierBankAccounts(supplier).values()) {
    const key = bankAccountRowKey(account)
    if (key) known.add(key)
  }
  for (const paid of paidAccounts(supplier, history)) known.add(paid.account)
  return [...known].sort()
}
