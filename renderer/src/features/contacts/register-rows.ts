// The contacts register's rows for one company, read from the offline cache: each supplier, customer and
// contact person with what the table shows (formatted once) and what the search reads. A row's search text
// is built here, once per change of the cache, so a key typed in the search box costs a scan of strings and
// never a normalisation of 10,000 parties.
import type { PartyEntity } from '@common/bridge/parties'
import type { BankAccount, BusinessRelation } from '@common/entities/rows'
import { formatBankAccount, formatIban, formatOrgNumber, formatPhone } from '@common/norwegian'
import { duplicatesOf } from '@common/parties/duplicates'
import { normaliseAccount, normaliseOrgNumber, normalisePhone } from '@common/parties/normalise'
import { scanCheckState } from '@common/parties/scan-mark'
import { GenericStatus } from '@common/status'
import type { Cached, WorkspaceDb } from '@renderer/data/schema'
import { queuedRows } from '@renderer/data/outbox-queries'

/** The register's tabs, one per kind of party, in the order they are shown. */
export const registerTabs = ['Supplier', 'Customer', 'Contact'] as const satisfies readonly PartyEntity[]
export type RegisterTab = (typeof registerTabs)[number]

export function isRegisterTab(value: unknown): value is RegisterTab {
  return typeof value === 'string' && (registerTabs as readonly string[]).includes(value)
}

/** The filters beside the search: all parties, the suppliers a scan created and nobody checked, duplicates. */
export const registerFilters = ['all', 'scanUnchecked', 'duplicates'] as const
export type RegisterFilter = (typeof registerFilters)[number]

export function isRegisterFilter(value: unknown): value is RegisterFilter {
  return typeof value === 'string' && (registerFilters as readonly string[]).includes(value)
}

/** The supplier or customer a contact person works for. */
export interface PartyRef {
  entity: 'Supplier' | 'Customer'
  ID: number
  name: string
}

export interface RegisterRow {
  entity: RegisterTab
  ID: number
  /** Unique across the tabs (`Supplier:12`), the table's row key and the route's `party`. */
  key: string
  name: string
  /** `995 525 828` (or as written, when it is not nine digits). */
  orgNumber: string | null
  email: string | null
  phone: string | null
  /** The default bank account, `8601 11 17947` or an IBAN in groups of four. */
  bankAccount: string | null
  city: string | null
  /** A supplier's default cost account, `4000 Varekjøp`. */
  costAccount: string | null
  /** A contact person's supplier or customer. */
  worksFor: PartyRef | null
  /** Deactivated (StatusCode 50001, a merged duplicate among them). */
  inactive: boolean
  /** A supplier the scan pipeline created: whether an accountant checked it (null: not from a scan). */
  scan: 'unchecked' | 'checked' | null
  /** Another active party of the same kind has this one's organisation number. */
  duplicate: boolean
  /** A change of this party has not reached the platform yet. */
  unsynced: boolean
  conflict: boolean
  /** Lower-cased name and e-mail, then the comparable forms of its numbers (see searchTextOf). */
  search: string
}

export type RegisterRows = Record<RegisterTab, RegisterRow[]>

/** What the register reads from the cache, all of one company. */
export interface RegisterSource {
  Supplier: readonly Cached<'Supplier'>[]
  Customer: readonly Cached<'Customer'>[]
  Contact: readonly Cached<'Contact'>[]
  Comment: readonly Cached<'Comment'>[]
  Account: readonly Cached<'Account'>[]
  /** The parties with a change in the outbox, by `Entity:ID`, and whether it is in conflict. */
  pending: ReadonlyMap<string, boolean>
  /** The entities whose list the platform refused to give (the pull's mark on their checkpoint). */
  refused: ReadonlySet<RegisterEntity>
}

/** The cached entities the register reads whose list a platform may not offer. */
export type RegisterEntity = RegisterTab | 'Comment'
const registerEntities: readonly RegisterEntity[] = [...registerTabs, 'Comment']

/** Every table the register reads: a live query over them follows every change. */
export async function loadRegisterSource(db: WorkspaceDb, companyKey: string): Promise<RegisterSource> {
  const tables = [db.Supplier, db.Customer, db.Contact, db.Comment, db.Account, db.outbox, db.checkpoints]
  return db.transaction('r', tables, async () => {
    const of = <T>(table: { where(index: string): { equals(key: string): { toArray(): Promise<T[]> } } }) =>
      table.where('companyKey').equals(companyKey).toArray()
    const [suppliers, customers, contacts, comments, accounts, outbox, checkpoints] = await Promise.all([
      of<Cached<'Supplier'>>(db.Supplier),
      of<Cached<'Customer'>>(db.Customer),
      of<Cached<'Contact'>>(db.Contact),
      of<Cached<'Comment'>>(db.Comment),
      of<Cached<'Account'>>(db.Account),
      db.outbox.where('companyKey').equals(companyKey).toArray(),
      db.checkpoints.bulkGet(
        registerEntities.map((entity): [string, RegisterEntity] => [companyKey, entity]),
      ),
    ])
    const pending = queuedRows(outbox, registerTabs)
    const refused = new Set<RegisterEntity>()
    for (const checkpoint of checkpoints)
      if (checkpoint?.unavailable) refused.add(checkpoint.entity as RegisterEntity)
    return {
      Supplier: suppliers,
      Customer: customers,
      Contact: contacts,
      Comment: comments,
      Account: accounts,
      pending,
      refused,
    }
  })
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

const live = <T extends { Deleted?: boolean | null; StatusCode?: number | null }>(row: T) =>
  row.Deleted !== true && row.StatusCode !== GenericStatus.Deleted

function defaultAccount(info: BusinessRelation | null | undefined): BankAccount | null {
  if (!info) return null
  const accounts = (info.BankAccounts ?? []).filter((account) => account.Deleted !== true)
  return (
    (info.DefaultBankAccount && info.DefaultBankAccount.Deleted !== true ? info.DefaultBankAccount : null) ??
    accounts.find((account) => account.ID === info.DefaultBankAccountID) ??
    // No default chosen (the scan station sets none): the first account on record.
    accounts[0] ??
    null
  )
}

function accountLabel(account: BankAccount | null): string | null {
  if (!account) return null
  const number = text(account.AccountNumber)
  if (number) return formatBankAccount(number)
  const iban = text(account.IBAN)
  return iban ? formatIban(iban) : null
}

/**
 * What a party is searched in: its name and e-mail lower-cased, then `|` and the comparable forms of its
 * organisation number, every bank account and its phone (common/parties/normalise.ts), lower-cased, so a
 * number typed in any spacing or form is found by one `includes`.
 */
export function searchTextOf(party: {
  name: string
  email: string | null
  orgNumber?: string | null
  accounts?: readonly BankAccount[]
  phone?: string | null
}): string {
  const numbers: string[] = []
  const org =
    normaliseOrgNumber(party.orgNumber) ?? (party.orgNumber ? party.orgNumber.replace(/\s/g, '') : null)
  if (org) numbers.push(org)
  for (const account of party.accounts ?? []) {
    if (account.Deleted === true) continue
    for (const form of [account.AccountNumber, account.IBAN]) {
      const compared = normaliseAccount(form)
      if (compared && !numbers.includes(compared.toLowerCase())) numbers.push(compared.toLowerCase())
    }
  }
  const phone = normalisePhone(party.phone)
  if (phone) numbers.push(phone)
  // The first `|` starts the numbers, so none may come before it.
  const words = `${party.name} ${party.email ?? ''}`.replaceAll('|', ' ').toLocaleLowerCase('nb')
  return `${words}|${numbers.join('|')}`
}

/** Builds the register's rows of one company: run when the cache changes, never per key typed. */
export function buildRegisterRows(source: RegisterSource): RegisterRows {
  const accountNames = new Map<number, string>()
  for (const account of source.Account)
    accountNames.set(account.ID, [account.AccountNumber, text(account.AccountName)].filter(Boolean).join(' '))

  const commentsOf = new Map<number, Cached<'Comment'>[]>()
  for (const comment of source.Comment) {
    if (comment.EntityType !== 'Supplier' || typeof comment.EntityID !== 'number' || comment.Deleted === true)
      continue
    const list = commentsOf.get(comment.EntityID)
    if (list) list.push(comment)
    else commentsOf.set(comment.EntityID, [comment])
  }

  const suppliers = source.Supplier.filter(live)
  const customers = source.Customer.filter(live)
  const duplicateSuppliers = duplicatesOf(suppliers)
  const duplicateCustomers = duplicatesOf(customers)

  /** The supplier or customer behind each business relation, for the contacts' "works for". */
  const byRelation = new Map<number, PartyRef>()

  const partyRow = (
    entity: 'Supplier' | 'Customer',
    party: Cached<'Supplier'> | Cached<'Customer'>,
    duplicates: Map<number, number[]>,
  ): RegisterRow => {
    const info = party.Info ?? null
    const name = text(info?.Name) ?? ''
    const email = text(info?.DefaultEmail?.EmailAddress)
    const phone = text(info?.DefaultPhone?.Number)
    const orgNumber = text(party.OrgNumber)
    const relationId = party.BusinessRelationID ?? info?.ID ?? null
    if (typeof relationId === 'number') byRelation.set(relationId, { entity, ID: party.ID, name })
    const key = `${entity}:${party.ID}`
    const costAccountId = entity === 'Supplier' ? (party as Cached<'Supplier'>).CostAccountID : null
    return {
      entity,
      ID: party.ID,
      key,
      name,
      orgNumber: orgNumber ? formatOrgNumber(normaliseOrgNumber(orgNumber) ?? orgNumber) : null,
      email,
      phone: phone && formatPhone(phone),
      bankAccount: accountLabel(defaultAccount(info)),
      city: text(info?.InvoiceAddress?.City),
      costAccount: typeof costAccountId === 'number' ? (accountNames.get(costAccountId) ?? null) : null,
      worksFor: null,
      inactive: party.StatusCode === GenericStatus.Inactive,
      scan: entity === 'Supplier' ? scanCheckState(commentsOf.get(party.ID) ?? []) : null,
      duplicate: duplicates.has(party.ID),
      unsynced: source.pending.has(key),
      conflict: source.pending.get(key) === true,
      search: searchTextOf({ name, email, orgNumber, accounts: info?.BankAccounts ?? [], phone }),
    }
  }

  const Supplier = suppliers.map((party) => partyRow('Supplier', party, duplicateSuppliers))
  const Customer = customers.map((party) => partyRow('Customer', party, duplicateCustomers))
  const Contact = source.Contact.filter((row) => row.Deleted !== true).map((contact): RegisterRow => {
    const info = contact.Info ?? null
    const name = text(info?.Name) ?? ''
    const email = text(info?.DefaultEmail?.EmailAddress)
    const phone = text(info?.DefaultPhone?.Number)
    const key = `Contact:${contact.ID}`
    const parent = contact.ParentBusinessRelationID
    return {
      entity: 'Contact',
      ID: contact.ID,
      key,
      name,
      orgNumber: null,
      email,
      phone: phone && formatPhone(phone),
      bankAccount: null,
      city: text(info?.InvoiceAddress?.City),
      costAccount: null,
      worksFor: typeof parent === 'number' ? (byRelation.get(parent) ?? null) : null,
      inactive: false,
      scan: null,
      duplicate: false,
      unsynced: source.pending.has(key),
      conflict: source.pending.get(key) === true,
      search: searchTextOf({ name, email, phone }),
    }
  })
  return { Supplier, Customer, Contact }
}

/**
 * The forms a typed number may take in a row's search text: an organisation number without `NO`/`MVA`
 * (also while `MVA` is half typed), a Norwegian IBAN as its account, a phone without +47/0047, a foreign
 * IBAN as it is. Spaces, dots and dashes never count. Fewer than three digits is no number yet.
 */
export function numberForms(query: string): string[] {
  const compact = query.toLowerCase().replace(/[\s.\-()/]/g, '')
  const forms = new Set<string>()
  if (/^\d+$/.test(compact)) forms.add(compact)
  const org = /^no(\d+)(m|mv|mva)?$/.exec(compact)
  if (org) forms.add(org[1]!)
  const norwegianIban = /^no\d\d(\d+)$/.exec(compact)
  if (norwegianIban) forms.add(norwegianIban[1]!)
  const phone = /^(?:\+47|0047)(\d+)$/.exec(compact)
  if (phone) forms.add(phone[1]!)
  if (/^\+\d+$/.test(compact)) forms.add(`00${compact.slice(1)}`)
  if (/^[a-z]{2}\d\d[a-z0-9]+$/.test(compact) && !compact.startsWith('no')) forms.add(compact)
  return [...forms].filter((form) => (form.match(/\d/g)?.length ?? 0) >= 3)
}

/** A search prepared once per query: its words and its number forms. */
export interface RegisterQuery {
  words: string[]
  numbers: string[]
}

export function prepareQuery(query: string): RegisterQuery {
  return {
    words: query.trim().toLocaleLowerCase('nb').split(/\s+/).filter(Boolean),
    numbers: numberForms(query),
  }
}

/** Every word in the row (any order), or the query as a number in one of the row's numbers. */
export function matchesQuery(row: RegisterRow, query: RegisterQuery): boolean {
  if (query.words.length === 0) return true
  const numbersAt = row.search.indexOf('|')
  if (query.numbers.some((form) => row.search.indexOf(form, numbersAt) !== -1)) return true
  return query.words.every((word) => row.search.includes(word))
}

export interface RegisterView {
  tab: RegisterTab
  filter: RegisterFilter
  query: string
  showInactive: boolean
}

export interface RegisterCounts {
  /** Per tab: the parties shown (active unless inactive ones are shown) that match the search. */
  tabs: Record<RegisterTab, number>
  /** Suppliers created from a scan and not yet checked, of those the Suppliers tab counts. */
  scanUnchecked: number
  /** Parties with a duplicate, in the open tab. */
  duplicates: number
}

const filterAccepts = (row: RegisterRow, filter: RegisterFilter) =>
  filter === 'all' || (filter === 'scanUnchecked' ? row.scan === 'unchecked' : row.duplicate)

/** The open tab's rows and every count the bar shows, in one pass over the rows. */
export function viewRegister(
  rows: RegisterRows,
  view: RegisterView,
): { rows: RegisterRow[]; counts: RegisterCounts } {
  const query = prepareQuery(view.query)
  const counts: RegisterCounts = {
    tabs: { Supplier: 0, Customer: 0, Contact: 0 },
    scanUnchecked: 0,
    duplicates: 0,
  }
  const shown: RegisterRow[] = []
  for (const tab of registerTabs)
    for (const row of rows[tab]) {
      if (row.inactive && !view.showInactive) continue
      if (!matchesQuery(row, query)) continue
      counts.tabs[tab]++
      if (row.scan === 'unchecked') counts.scanUnchecked++
      if (tab !== view.tab) continue
      if (row.duplicate) counts.duplicates++
      if (filterAccepts(row, view.filter)) shown.push(row)
    }
  return { rows: shown, counts }
}
