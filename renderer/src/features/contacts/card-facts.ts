// What a party's card says about it, read from the cached rows (the platform's field names): its
// organisation number and bank accounts as shown and checked, its invoices in figures (open, overdue, the
// last twelve months), its contact persons, its duplicates, and a supplier's default cost account with the
// VAT code that follows it. Pure: the card (PartyCard.vue) reads the cache and words the facts.
import { readBankAccount, type BankAccountProblem } from '@common/bank-account'
import { toOre, type Ore } from '@common/money'
import { formatBankAccount, formatIban, formatOrgNumber, isValidOrgNumber } from '@common/norwegian'
import { duplicatesOf } from '@common/parties/duplicates'
import { normaliseOrgNumber } from '@common/parties/normalise'
import { invoiceDay, live, num, type Row } from '@common/parties/paid-accounts'
import { CustomerInvoiceStatus, PaymentStatus, SupplierInvoiceStatus } from '@common/status'

export type { Row }

/** The parties a card shows. */
export type CardEntity = 'Supplier' | 'Customer' | 'Contact'
/** The parties that have invoices, bank accounts and duplicates. */
export type TradingEntity = 'Supplier' | 'Customer'

const obj = (value: unknown): Row | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** The party's business relation (`Info`), or an empty one. */
export const infoOf = (party: Row | null | undefined): Row => obj(party?.Info) ?? {}

/** The name the user knows the party by. */
export const partyName = (party: Row | null | undefined): string => text(infoOf(party).Name)

/** The organisation number in groups of three, and whether its MOD11 check digit holds. */
export function orgNumberFact(value: unknown): { shown: string; valid: boolean } | null {
  const written = text(value)
  if (!written) return null
  const digits = normaliseOrgNumber(written)
  return digits
    ? { shown: formatOrgNumber(digits), valid: isValidOrgNumber(digits) }
    : { shown: written, valid: false }
}

/** The invoice address as lines (street lines, then postal code and city, then a foreign country). */
export function addressLines(party: Row | null | undefined): string[] {
  const address = obj(infoOf(party).InvoiceAddress)
  if (!address) return []
  const country = text(address.CountryCode).toUpperCase()
  const place = [text(address.PostalCode), text(address.City)].filter(Boolean).join(' ')
  return [
    text(address.AddressLine1),
    text(address.AddressLine2),
    place,
    country && country !== 'NO' ? country : '',
  ].filter(Boolean)
}

/** One of the party's bank accounts as the card lists it. */
export interface BankAccountFact {
  id: number
  /** `8601 11 17947`, or an IBAN in groups of four. */
  shown: string
  kind: 'account' | 'iban'
  /** What is wrong with the number (a wrong MOD11 or IBAN check), null when it holds. */
  problem: BankAccountProblem | null
  isDefault: boolean
  label: string
}

/** The party's bank accounts (`Info.BankAccounts` and its default), the default first. */
export function bankAccountFacts(party: Row | null | undefined): BankAccountFact[] {
  const info = infoOf(party)
  const defaultId = num(info.DefaultBankAccountID) ?? num(obj(info.DefaultBankAccount)?.ID)
  const rows = new Map<number, Row>()
  const list = Array.isArray(info.BankAccounts) ? (info.BankAccounts as Row[]) : []
  for (const row of [...list, obj(info.DefaultBankAccount)])
    if (row && live(row) && num(row.ID) !== null && !rows.has(Number(row.ID))) rows.set(Number(row.ID), row)
  const facts: BankAccountFact[] = []
  for (const [id, row] of rows) {
    const account = text(row.AccountNumber)
    const iban = text(row.IBAN)
    const written = account || iban
    if (!written) continue
    const reading = readBankAccount(written)
    facts.push({
      id,
      shown: account ? formatBankAccount(account) : formatIban(iban),
      kind: account ? 'account' : 'iban',
      problem: reading && 'problem' in reading ? reading.problem : null,
      isDefault: id === defaultId,
      label: text(row.Label),
    })
  }
  return facts.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id)
}

/** A party's invoices in figures, amounts in øre. */
export interface InvoiceFacts {
  count: number
  openCount: number
  open: Ore
  overdueCount: number
  overdue: Ore
  /** The invoices dated in the twelve months up to today. */
  lastTwelveMonths: Ore
}

/** Supplier invoices still owed once received, whether booked yet or not (a rejected one is not owed). */
const SUPPLIER_OWED = new Set<number>([
  SupplierInvoiceStatus.Draft,
  SupplierInvoiceStatus.ForApproval,
  SupplierInvoiceStatus.Approved,
  SupplierInvoiceStatus.Journaled,
  SupplierInvoiceStatus.Assigned,
])

/** What is left to pay on an invoice: its RestAmount when the platform gives one, else its total. */
function restOf(row: Row): Ore {
  const rest = toOre(row.RestAmount)
  if (rest !== undefined) return rest
  return toOre(row.TaxInclusiveAmount ?? row.TaxInclusiveAmountCurrency) ?? 0
}

const totalOf = (row: Row): Ore => toOre(row.TaxInclusiveAmount ?? row.TaxInclusiveAmountCurrency) ?? 0

/** What an invoice still owes: 0 when it is paid, not sent (a customer draft) or not owed (rejected). */
function owed(entity: TradingEntity, row: Row): Ore {
  const status = Number(row.StatusCode)
  if (entity === 'Supplier') {
    if (!SUPPLIER_OWED.has(status) || Number(row.PaymentStatus) === PaymentStatus.Paid) return 0
    return restOf(row)
  }
  // spec 3.3: a draft is not sent yet; a paid or credited invoice owes nothing whatever its RestAmount says.
  if (
    status === CustomerInvoiceStatus.Draft ||
    status === CustomerInvoiceStatus.Paid ||
    status === CustomerInvoiceStatus.Credited
  )
    return 0
  return restOf(row)
}

/** Whether an invoice counts in the party's turnover: a supplier's unless rejected, a customer's once sent. */
function counted(entity: TradingEntity, row: Row): boolean {
  const status = Number(row.StatusCode)
  return entity === 'Supplier'
    ? status !== SupplierInvoiceStatus.Rejected
    : status !== CustomerInvoiceStatus.Draft
}

/** The same day one year before `today` (`yyyy-mm-dd`); 29 February goes to 28 February. */
export function yearBefore(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  const day = m === 2 && d === 29 ? 28 : d
  return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * The figures of a party's invoices (supplier invoices of a supplier, customer invoices of a customer) as
 * of `today` (`yyyy-mm-dd`): what is open, what of it is past its due date, and the total of the invoices
 * dated after the same day a year ago. `invoices` are the party's own (the card reads them by its ID).
 */
export function invoiceFacts(entity: TradingEntity, invoices: Iterable<Row>, today: string): InvoiceFacts {
  const from = yearBefore(today)
  const facts: InvoiceFacts = {
    count: 0,
    openCount: 0,
    open: 0,
    overdueCount: 0,
    overdue: 0,
    lastTwelveMonths: 0,
  }
  for (const row of invoices) {
    if (!live(row)) continue
    facts.count += 1
    const rest = owed(entity, row)
    if (rest !== 0) {
      facts.openCount += 1
      facts.open += rest
      const due = invoiceDay(row, 'PaymentDueDate')
      if (due !== null && due < today) {
        facts.overdueCount += 1
        facts.overdue += rest
      }
    }
    const day = invoiceDay(row)
    if (counted(entity, row) && day !== null && day > from && day <= today)
      facts.lastTwelveMonths += totalOf(row)
  }
  return facts
}

/** A person listed on a party's card. */
export interface ContactFact {
  id: number
  name: string
  role: string
  email: string
  phone: string
}

/**
 * The contact persons of a party: the Contact rows whose ParentBusinessRelationID is the party's business
 * relation, by name.
 */
export function contactPersons(contacts: Iterable<Row>, party: Row | null | undefined): ContactFact[] {
  const relation = num(party?.BusinessRelationID) ?? num(infoOf(party).ID)
  if (relation === null) return []
  const out: ContactFact[] = []
  for (const contact of contacts) {
    if (!live(contact) || num(contact.ParentBusinessRelationID) !== relation || num(contact.ID) === null)
      continue
    const info = infoOf(contact)
    out.push({
      id: Number(contact.ID),
      name: text(info.Name),
      role: text(contact.Role),
      email: text(obj(info.DefaultEmail)?.EmailAddress),
      phone: text(obj(info.DefaultPhone)?.Number),
    })
  }
  return out.sort((a, b) => a.name.localeCompare(b.name, 'nb') || a.id - b.id)
}

/** The other parties of the same kind with this party's organisation number, by ID, with their names. */
export function duplicateFacts(parties: readonly Row[], id: number): { id: number; name: string }[] {
  const identities = parties
    .filter((p) => num(p.ID) !== null)
    .map((p) => ({
      ID: Number(p.ID),
      OrgNumber: typeof p.OrgNumber === 'string' ? p.OrgNumber : null,
      StatusCode: num(p.StatusCode),
      Deleted: p.Deleted === true,
    }))
  const others = duplicatesOf(identities).get(id) ?? []
  return others.map((other) => ({ id: other, name: partyName(parties.find((p) => num(p.ID) === other)) }))
}

/** A supplier's default cost account, and the VAT code its invoices get with it (the account's own). */
export interface CostAccountFact {
  accountId: number
  number: string
  name: string
  /** The account's VAT code (`1 Inngående mva 25 %`), '' when the account has none. */
  vatCode: string
}

/**
 * The supplier's default cost account (`CostAccountID`) from the company's accounts. The platform documents
 * no default VAT code of a supplier: a cost line gets the VAT code of its account (spec 2.14 Account
 * `VatTypeID`), so that is the code shown.
 */
export function costAccountFact(
  supplier: Row | null | undefined,
  accounts: readonly Row[],
  vatTypes: readonly Row[],
): CostAccountFact | null {
  const id = num(supplier?.CostAccountID)
  if (id === null) return null
  const account = accounts.find((a) => num(a.ID) === id)
  if (!account) return { accountId: id, number: '', name: '', vatCode: '' }
  const vat = vatTypes.find((v) => num(v.ID) === num(account.VatTypeID))
  return {
    accountId: id,
    number: String(account.AccountNumber ?? ''),
    name: text(account.AccountName),
    vatCode: vat ? [text(vat.VatCode), text(vat.Name)].filter(Boolean).join(' ') : '',
  }
}
