// The platform entities the offline workspace caches, each declared once: how main asks the platform for
// them (the route of spec 4.x, the expansions, the statistics query, which rows belong to the cache), how the
// renderer's sync engine pulls them, and the indexes of their Dexie table. The bridge's entity list
// (common/bridge/sync.ts), the Dexie schema (renderer/src/data/schema.ts), main's pull
// (electron/main/services/sync/entities.ts) and the sync engine (renderer/src/data/sync-engine.ts) all read
// this. Every query uses only the spec's query options: filter, select, expand, orderby, top, skip.
//
// Another entity in the workspace is its row type (rows.ts), its line in CachedRows and its declaration
// below, whose `table.since` is the next workspace version (the Dexie schema adds that version from it).
import { normaliseOrgNumber } from '../parties/normalise.ts'
import { SupplierInvoiceStatus } from '../status.ts'
import type * as Rows from './rows.ts'

/** The row type of each cached entity, named as the platform names the entity. */
export interface CachedRows {
  CompanySettings: Rows.CompanySettings
  User: Rows.User
  SupplierInvoice: Rows.SupplierInvoice
  Supplier: Rows.Supplier
  Customer: Rows.Customer
  Contact: Rows.Contact
  Comment: Rows.Comment
  CustomerInvoice: Rows.CustomerInvoice
  Product: Rows.Product
  PaymentInfoType: Rows.PaymentInfoType
  DistributionPlan: Rows.DistributionPlan
  FactoringSettings: Rows.FactoringSettings
  Approval: Rows.Approval
  Task: Rows.Task
  FileAttachment: Rows.FileAttachment
  ApprovalSubstitute: Rows.ApprovalSubstitute
  Team: Rows.Team
  Account: Rows.Account
  VatType: Rows.VatType
  Department: Rows.Department
  Project: Rows.Project
  CurrencyCode: Rows.CurrencyCode
  JournalEntry: Rows.JournalEntry
}

export type CachedEntity = keyof CachedRows

/** What decides which rows of an entity the cache holds. */
export interface CacheScope {
  /** The user's own User.ID in the company (it differs per company); null until it is known. */
  userId: number | null
  /** Journaled supplier invoices older than this many days are not cached (Settings → Offline data). */
  journaledDays: number
}

/**
 * When the sync engine pulls an entity (and reconciles its IDs):
 * - `always`: every round;
 * - `reference`: reference data that rarely changes, refreshed every few minutes and on "Sync now";
 * - `perUser`: rows of the signed-in user, pulled once their User.ID in the company is known;
 * - `never`: not pulled; rows arrive another way (the journal's search keeps what it found).
 */
export type PullRule = 'always' | 'reference' | 'perUser' | 'never'

/**
 * An index of the entity's Dexie table on `[companyKey+…by]` (every row is keyed by its company), and the
 * workspace version that added it. An index added to a table that exists takes a new version (Dexie builds
 * it from the rows already there).
 */
export interface RowIndex<Row> {
  by: readonly ((keyof Row & string) | LocalKey)[]
  since: number
}

/**
 * Local fields the workspace keeps on a cached row beside the platform's own (whose values it never
 * changes), worked out from the row whenever it is written: `_orgNumber` is the organisation number's nine
 * digits however the platform holds it (`NO 995 525 828 MVA`), so parties with one number are found by an
 * index (common/parties/normalise.ts).
 */
export type LocalKey = '_orgNumber'

export interface CachedEntityDeclaration<Row> {
  /** The list route under api/biz (spec 4.x), or `api/statistics` for a statistics model. */
  route: string
  /** Relations pulled with each row. */
  expand?: string
  /** A list that comes from the statistics route (spec 4.2) instead of a list route. */
  statistics?: { model: string; select: string; expand: string; filter: string }
  /** The filter on the rows the cache holds; no scope, or null: all of them. */
  scope?: (scope: CacheScope, now: Date) => string | null
  /** The scope reads the journaled-days setting: a longer window pulls the entity again from the start. */
  scopeSetting?: 'journaledDays'
  pull: PullRule
  /** The Dexie table: the workspace version that added it, and its indexes. */
  table: { since: number; indexes?: readonly RowIndex<Row>[] }
  /** What the inbox searches in, kept lower-cased on every cached row as the local field `_search`. */
  searchText?: (row: Row) => string
  /** The local keys kept on every cached row of the entity. */
  localKeys?: { readonly [K in LocalKey]?: (row: Row) => string | null }
}

/** A string literal in a filter, a date-time among them (field notes: dates are quoted). */
export const quote = (value: string) => `'${value.replaceAll("'", "''")}'`

/** The lower-cased text the inbox searches in: supplier name, invoice number and amount. */
export function invoiceSearchText(row: {
  Supplier?: { Info?: Pick<Rows.BusinessRelation, 'Name'> | null } | null
  InvoiceNumber?: string | null
  TaxInclusiveAmount?: number | null
  TaxInclusiveAmountCurrency?: number | null
}): string {
  const amount = row.TaxInclusiveAmount ?? row.TaxInclusiveAmountCurrency
  return [
    row.Supplier?.Info?.Name,
    row.InvoiceNumber,
    amount === null || amount === undefined ? '' : String(amount),
  ]
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ')
    .toLowerCase()
}

/** The lower-cased text the sales list searches in: customer, invoice number, KID and amount. */
export function salesSearchText(row: {
  CustomerName?: string | null
  InvoiceNumber?: string | null
  PaymentID?: string | null
  TaxInclusiveAmount?: number | null
  TaxInclusiveAmountCurrency?: number | null
}): string {
  const amount = row.TaxInclusiveAmountCurrency ?? row.TaxInclusiveAmount
  return [row.CustomerName, row.InvoiceNumber, row.PaymentID, amount === null || amount === undefined ? '' : String(amount)]
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ')
    .toLowerCase()
}

/** A supplier's or customer's `Info` with what the register and the card show (spec 2.6). */
const partyExpand =
  'Info,Info.Addresses,Info.BankAccounts,Info.InvoiceAddress,Info.DefaultBankAccount,Info.DefaultPhone,' +
  'Info.DefaultEmail'

/**
 * A supplier's or customer's card finds the parties with its organisation number (duplicates) and the party
 * a contact person works for (by business relation) from index keys, not by reading every party.
 */
const partyIndexes = [
  { by: ['_orgNumber'], since: 10 },
  { by: ['BusinessRelationID'], since: 10 },
] as const satisfies readonly RowIndex<Rows.Supplier & Rows.Customer>[]

const partyKeys = { _orgNumber: (row: { OrgNumber?: string | null }) => normaliseOrgNumber(row.OrgNumber) }

/** The user's rows only; no user known yet: none (`ID lt 0` matches no row). */
const ofUser = (scope: CacheScope, filter: (userId: number) => string) =>
  scope.userId === null ? 'ID lt 0' : filter(scope.userId)

/**
 * Every cached entity, in the order a company is pulled: what the views need first comes first (the
 * user's User row before their approvals, invoices before the lists that only name them).
 */
export const cachedEntityDeclarations: {
  readonly [E in CachedEntity]: CachedEntityDeclaration<CachedRows[E]>
} = {
  // The company's own bank account is printed on its sales invoices.
  CompanySettings: {
    route: 'companysettings',
    expand: 'DefaultBankAccount',
    pull: 'reference',
    table: { since: 1 },
  },
  User: { route: 'users', pull: 'reference', table: { since: 1 } },
  SupplierInvoice: {
    route: 'supplierinvoices',
    // Cost lines, dimensions and the bank account feed the review's supplier memory and its
    // bank-account check from the cache; the currency names the invoice's own where the platform lists none.
    expand:
      'Supplier,Supplier.Info,JournalEntry,JournalEntry.DraftLines,DefaultDimensions,BankAccount,CurrencyCode',
    // Journaled invoices only from the last days of the setting.
    scope: (scope, now) => {
      const cutoff = new Date(now.getTime() - scope.journaledDays * 86_400_000).toISOString()
      return `(StatusCode ne ${SupplierInvoiceStatus.Journaled} or UpdatedAt ge ${quote(cutoff)})`
    },
    scopeSetting: 'journaledDays',
    pull: 'always',
    table: {
      since: 1,
      indexes: [
        // The inbox's tabs and the prefetch of the review and approval queues.
        { by: ['StatusCode'], since: 1 },
        // The supplier's earlier invoices (the review's supplier memory).
        { by: ['SupplierID'], since: 1 },
        // Invoices by due date (overdue counts).
        { by: ['PaymentDueDate'], since: 2 },
        // Unbooked invoices by status and due date: the office overview counts its overdue ones from
        // index keys without reading a row.
        { by: ['StatusCode', 'PaymentDueDate'], since: 7 },
      ],
    },
    searchText: invoiceSearchText,
  },
  Supplier: {
    route: 'suppliers',
    expand: partyExpand,
    pull: 'always',
    table: { since: 1, indexes: partyIndexes },
    localKeys: partyKeys,
  },
  // The contacts register (spec 4.3 customers, 4.7 contacts).
  Customer: {
    route: 'customers',
    expand: partyExpand,
    pull: 'always',
    table: { since: 10, indexes: partyIndexes },
    localKeys: partyKeys,
  },
  Contact: {
    route: 'contacts',
    expand: 'Info,Info.InvoiceAddress,Info.DefaultPhone,Info.DefaultEmail,Info.DefaultAddress',
    pull: 'always',
    // A party's card lists the persons who work for it.
    table: { since: 10, indexes: [{ by: ['ParentBusinessRelationID'], since: 10 }] },
  },
  // The comments on suppliers: the scan pipeline's mark on a supplier it created, and the check of it.
  Comment: {
    route: 'comments',
    scope: () => `EntityType eq 'Supplier'`,
    pull: 'always',
    table: { since: 10, indexes: [{ by: ['EntityType', 'EntityID'], since: 10 }] },
  },
  // Sales (spec 4.3): customer invoices and credit notes with their lines; a customer's card lists theirs.
  CustomerInvoice: {
    route: 'invoices',
    expand: 'Items',
    pull: 'always',
    table: {
      since: 10,
      indexes: [
        { by: ['CustomerID'], since: 10 },
        // The sales list's tabs and their counts.
        { by: ['StatusCode'], since: 11 },
        // Overdue invoices by status and due date (the sales list and the office overview count them from
        // index keys without reading a row).
        { by: ['StatusCode', 'PaymentDueDate'], since: 11 },
        // A credit note's invoice, and the credit drafts of an invoice.
        { by: ['InvoiceReferenceID'], since: 11 },
      ],
    },
    searchText: salesSearchText,
  },
  // The user's own approvals (main adds those of the users they stand in for).
  Approval: {
    route: 'approvals',
    scope: (scope) => ofUser(scope, (userId) => `UserID eq ${userId}`),
    pull: 'perUser',
    table: {
      since: 1,
      indexes: [
        { by: ['StatusCode'], since: 1 },
        // The office overview counts the user's own open approvals from index keys without reading a row.
        { by: ['UserID', 'StatusCode'], since: 9 },
      ],
    },
  },
  // The plan names every step and its approvers: "step 2 of 3" and who else is in the step.
  Task: { route: 'tasks', expand: 'ApprovalPlan', pull: 'always', table: { since: 1 } },
  FileAttachment: {
    route: 'api/statistics',
    // Attachment lists come from the statistics route (spec 4.2), all invoices' links in one query.
    statistics: {
      model: 'FileEntityLink',
      select:
        'ID as ID,FileID as FileID,EntityType as EntityType,EntityID as EntityID,UpdatedAt as UpdatedAt,' +
        'File.Name as Name,File.ContentType as ContentType,File.ContentLength as ContentLength',
      expand: 'File',
      // Statistics lists soft-deleted rows unless told not to (field notes).
      filter: "EntityType eq 'SupplierInvoice' and Deleted eq 0",
    },
    pull: 'always',
    table: { since: 1, indexes: [{ by: ['EntityType', 'EntityID'], since: 1 }] },
  },
  // The user's own substitutes and those they stand in for (spec 4.8; Mens jeg er borte).
  ApprovalSubstitute: {
    route: 'approvalsubstitutes',
    scope: (scope) => ofUser(scope, (userId) => `(UserID eq ${userId} or SubstituteUserID eq ${userId})`),
    pull: 'perUser',
    table: { since: 6 },
  },
  Team: { route: 'teams', expand: 'Positions', pull: 'reference', table: { since: 1 } },
  Account: { route: 'accounts', pull: 'reference', table: { since: 1 } },
  // The rates with their validity (spec 2.14 VatPercentages): the journal's preview of a line dated before
  // a rate change uses the rate valid then, as the platform books it.
  VatType: { route: 'vattypes', expand: 'VatPercentages', pull: 'reference', table: { since: 1 } },
  Department: { route: 'departments', pull: 'reference', table: { since: 1 } },
  Project: { route: 'projects', pull: 'reference', table: { since: 1 } },
  CurrencyCode: { route: 'currencycodes', pull: 'reference', table: { since: 1 } },
  // Sales' reference data, after what the supplier side needs first: what an invoice line is made from, the company's KID types and distribution plans (spec 2.8-2.10).
  Product: { route: 'products', pull: 'reference', table: { since: 11 } },
  PaymentInfoType: {
    route: 'paymentinfotype',
    expand: 'PaymentInfoTypeParts',
    pull: 'reference',
    table: { since: 11 },
  },
  DistributionPlan: {
    route: 'distributions',
    scope: () => `EntityType eq 'CustomerInvoice'`,
    pull: 'reference',
    table: { since: 11 },
  },
  // spec 4.4: the stored factoring setups (the list does not say which one is active).
  FactoringSettings: { route: 'factoringsettings', pull: 'reference', table: { since: 11 } },
  // Booked entries are read by the journal view's search (journal.search); the workspace keeps what it
  // found (the last 90 days by default), and the entry of a booked invoice.
  JournalEntry: {
    route: 'journalentries',
    pull: 'never',
    table: { since: 3, indexes: [{ by: ['JournalEntryNumber'], since: 3 }] },
  },
}

/** The cached entities, in pull order (the declarations' keys, which are the entities). */
export const cachedEntities = Object.keys(cachedEntityDeclarations) as readonly CachedEntity[]

/** Whether a table or entity name is one of the cached entities. */
export function isCachedEntity(name: string): name is CachedEntity {
  return Object.hasOwn(cachedEntityDeclarations, name)
}

/**
 * What the platform is asked for an entity, as one text: its route, expansions, statistics query and the
 * shape of its scope (the scope's filter for a fixed user and day, so it changes only when the filter's
 * form does). The renderer keeps it with the entity's pull checkpoint: when it differs, rows cached
 * before lack what is asked now (a new expansion), so the entity is pulled again from the start.
 */
export function declarationFingerprint(entity: CachedEntity): string {
  const { route, expand, statistics, scope } = cachedEntityDeclarations[entity]
  const sampleScope = scope?.({ userId: 1, journaledDays: 90 }, new Date(0)) ?? null
  return JSON.stringify([route, expand ?? null, statistics ?? null, sampleScope])
}
