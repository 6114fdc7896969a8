// Reading what the review's rules need from cached supplier-invoice rows (the platform's field names,
// expansions as the sync pulls them: Supplier.Info, JournalEntry.DraftLines, DefaultDimensions).
import { toOre, type Ore } from '@common/money'
import { digitsOnly, ibanToBankAccount } from '@common/norwegian'
import { compactIban } from '@common/iban'
import type { CachedRow } from '@renderer/data/schema'

export type Row = Record<string, unknown>

export const num = (value: unknown): number | null =>
  value === null || value === undefined || value === '' || !Number.isFinite(Number(value))
    ? null
    : Number(value)

const obj = (value: unknown): Row | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null

/** The invoice's total in øre (TaxInclusiveAmount, else the amount in the invoice's currency). */
export function invoiceTotal(row: Row): Ore | null {
  return toOre(row.TaxInclusiveAmount ?? row.TaxInclusiveAmountCurrency) ?? null
}

/** The invoice date as `yyyy-mm-dd`, or null. */
export function invoiceDay(row: Row, field = 'InvoiceDate'): string | null {
  const value = row[field]
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null
}

/** When the invoice happened, for ordering history: its invoice date, else when it was registered. */
export function invoiceWhen(row: Row): string {
  return invoiceDay(row) ?? (typeof row.CreatedAt === 'string' ? row.CreatedAt.slice(0, 10) : '')
}

/** A row that counts: not deleted on the platform. */
export const live = (row: Row): boolean => row.Deleted !== true

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

export type { CachedRow }
