// Supplier memory: coding proposals (account, VAT code, description, department) from the supplier's
// earlier invoices in the company. Each earlier invoice votes with its main cost line (the largest
// amount); the last invoices count, recent ones more (a vote halves in weight every HALF_LIFE invoices
// back), so a supplier whose coding changed is followed after a few invoices. The reason says how often
// the proposal was used ("used on 7 of the last 8 invoices"). With no history, the supplier's default
// account (Supplier.CostAccountID) is proposed, and the VAT code of that account. With neither, the office's
// memory of the supplier in other clients (./office-memory.ts), and last the platform's smart booking
// (`ledgersuggestions`, ./ledger-suggestions.ts) propose the coding, each read against this client's chart.
import { draftLines, invoiceDepartment, invoiceWhen, live, num, type Row } from './invoice-rows.ts'

/** How many earlier invoices are considered. */
export const MEMORY_WINDOW = 8
/** After this many invoices back a vote weighs half. */
export const HALF_LIFE = 4

export type ProposalSource = 'history' | 'supplierDefault' | 'accountDefault' | 'office' | 'ledgerSuggestion'

export interface Proposal<T> {
  value: T
  source: ProposalSource
  /**
   * Of the `total` last invoices, how many used this value (history); of the other clients with coding
   * for the supplier, how many used it (office).
   */
  count: number
  total: number
  /** The account as this client's chart names it (`6540 Inventar`): office memory and smart booking. */
  account?: string
}

export interface CodingProposals {
  AccountID?: Proposal<number>
  VatTypeID?: Proposal<number>
  Description?: Proposal<string>
  DepartmentID?: Proposal<number>
}

type Field = keyof CodingProposals

/** The main cost line of an invoice: the one with the largest amount (first on a tie). */
function mainLine(row: Row): Row | undefined {
  let best: Row | undefined
  let bestAmount = -1
  for (const line of draftLines(row)) {
    const amount = Math.abs(Number(line.Amount ?? 0)) || 0
    if (amount > bestAmount) [best, bestAmount] = [line, amount]
  }
  return best
}

function valueOf(row: Row, line: Row, field: Field): number | string | null {
  if (field === 'DepartmentID') return invoiceDepartment(row)
  if (field === 'Description') {
    const text = typeof line.Description === 'string' ? line.Description.trim() : ''
    return text === '' ? null : text
  }
  return num(line[field])
}

/** The weighted winner of one field over the invoices, newest first. */
function vote<T extends number | string>(
  coded: { row: Row; line: Row }[],
  field: Field,
): Proposal<T> | undefined {
  const tally = new Map<T, { weight: number; count: number; newest: number }>()
  coded.forEach(({ row, line }, rank) => {
    const value = valueOf(row, line, field) as T | null
    if (value === null) return
    const t = tally.get(value) ?? { weight: 0, count: 0, newest: rank }
    t.weight += 0.5 ** (rank / HALF_LIFE)
    t.count++
    tally.set(value, t)
  })
  let best: [T, { weight: number; count: number; newest: number }] | undefined
  for (const entry of tally) {
    const [, t] = entry
    if (
      !best ||
      t.weight > best[1].weight + 1e-9 ||
      (Math.abs(t.weight - best[1].weight) <= 1e-9 && t.newest < best[1].newest)
    )
      best = entry
  }
  return best && { value: best[0], source: 'history', count: best[1].count, total: coded.length }
}

/**
 * Proposals for an invoice of `supplier` from `history` (the company's cached invoices; other suppliers'
 * invoices, deleted ones, uncoded ones and the invoice under review itself are skipped). `accounts`
 * (the company's accounts by ID) gives the VAT code of the default account when there is no history.
 */
export function proposeCoding(
  supplier: Row | null | undefined,
  history: Iterable<Row>,
  options: { invoiceId?: number; accounts?: ReadonlyMap<number, Row>; supplierId?: number } = {},
): CodingProposals {
  const supplierId = options.supplierId ?? num(supplier?.ID)
  if (supplierId === null) return {}
  const own = [...history].filter((row) => num(row.SupplierID) === supplierId)
  const proposals = historyCoding(own, options.invoiceId)
  if (proposals.AccountID) return proposals
  const defaultAccount = num(supplier?.CostAccountID)
  if (defaultAccount === null) return proposals
  const fallback: CodingProposals = {
    AccountID: { value: defaultAccount, source: 'supplierDefault', count: 0, total: 0 },
  }
  const vatType = num(options.accounts?.get(defaultAccount)?.VatTypeID)
  if (vatType !== null) fallback.VatTypeID = { value: vatType, source: 'accountDefault', count: 0, total: 0 }
  return fallback
}

/**
 * The coding of a supplier's invoices `rows` (all of one supplier, or of one organisation number in one
 * company): each of the last MEMORY_WINDOW coded invoices votes with its main line. Deleted and uncoded
 * invoices, and the invoice `exceptId`, are skipped.
 */
export function historyCoding(rows: Iterable<Row>, exceptId?: number): CodingProposals {
  const coded = [...rows]
    .filter((row) => live(row) && Number(row.ID) !== exceptId)
    .map((row) => ({ row, line: mainLine(row) }))
    .filter((c): c is { row: Row; line: Row } => c.line !== undefined)
    .sort(
      (a, b) => invoiceWhen(b.row).localeCompare(invoiceWhen(a.row)) || Number(b.row.ID) - Number(a.row.ID),
    )
    .slice(0, MEMORY_WINDOW)
  const proposals: CodingProposals = {}
  if (coded.length === 0) return proposals
  const account = vote<number>(coded, 'AccountID')
  const vatType = vote<number>(coded, 'VatTypeID')
  const description = vote<string>(coded, 'Description')
  const department = vote<number>(coded, 'DepartmentID')
  if (account) proposals.AccountID = account
  if (vatType) proposals.VatTypeID = vatType
  if (description) proposals.Description = description
  if (department) proposals.DepartmentID = department
  return proposals
}

/** The newest invoice date among `rows` ('' when none): which client coded a supplier last. */
export function newestInvoice(rows: Iterable<Row>): string {
  let newest = ''
  for (const row of rows) if (live(row) && invoiceWhen(row) > newest) newest = invoiceWhen(row)
  return newest
}

/** The message key and values of a proposal's reason (messages: reviewLogic.memory). */
export function proposalReason(proposal: Proposal<unknown>): {
  key: 'frequent' | 'supplierDefault' | 'accountDefault' | 'office' | 'ledgerSuggestion'
  params: { count: number; total: number; account?: string }
} {
  const key = proposal.source === 'history' ? 'frequent' : proposal.source
  const params = { count: proposal.count, total: proposal.total }
  return { key, params: proposal.account === undefined ? params : { ...params, account: proposal.account } }
}
