// The offline workspace: one Dexie database per environment and signed-in user. Every platform row keeps
// the platform's own field names and is keyed by [companyKey+ID]; the tables are named as the platform's
// entities. Besides them: the outbox (changes waiting to go to the platform), the pull checkpoints, the
// per-company sync state and offline settings, and the cached PDF bytes and OCR results.
import Dexie, { type EntityTable, type Table } from 'dexie'
import type { CompanySession } from '@common/bridge/contract'
import { syncEntities, type SyncEntity } from '@common/bridge/sync'
import { keepCompanyCounts, type CompanyCountsRow } from './company-counts.ts'

/** The platform entities the workspace caches: the bridge's list (common/bridge/sync.ts), one table each. */
export const cachedEntities = syncEntities
export type CachedEntity = SyncEntity

/** A platform row as cached: the platform's fields plus the company it belongs to. */
export interface CachedRow {
  companyKey: string
  ID: number
  UpdatedAt?: string | null
  [field: string]: unknown
}

export type OutboxState = 'pending' | 'sending' | 'failed' | 'conflict'

/** What a change does on the platform: update properties, create, or a named transition/action. */
export type OutboxOperation =
  | { kind: 'update' }
  | { kind: 'create' }
  | { kind: 'delete' }
  | { kind: 'action'; action: string; params?: Record<string, string>; body?: unknown }

export interface OutboxEntry {
  /** Order of the changes; the engine drains each company's entries in this order. */
  seq?: number
  companyKey: string
  entity: CachedEntity
  /** The row's ID; a row created offline has a negative local ID until the platform assigns one. */
  entityId: number
  operation: OutboxOperation
  /** The properties this change sets, with their new values. */
  changes: Record<string, unknown>
  /** The same properties as they were on the server when the user began the change. */
  base: Record<string, unknown>
  /** The row's UpdatedAt when the user began the change. */
  baseUpdatedAt: string | null
  /** Sent with the change and looked for on retry, so a non-idempotent operation never happens twice. */
  operationKey: string
  attempts: number
  state: OutboxState
  lastError: { code: string; message: string; field?: string; by?: string } | null
  /** For a conflict: the server's current values of the conflicting properties. */
  theirs?: Record<string, unknown>
  createdAt: string
}

/** Where the incremental pull of one entity in one company stands (UpdatedAt + ID, spec tie-break). */
export interface Checkpoint {
  companyKey: string
  entity: CachedEntity
  updatedAt: string | null
  id: number
  lastPulledAt: string | null
  lastReconciledAt: string | null
}

export type CompanySyncState = 'idle' | 'syncing' | 'error' | 'offline'

/** One company of the user: its sync state and its offline settings. */
export interface CompanyRecord {
  Key: string
  /** The platform's Company.ID and IsTest, so the company list can be shown offline. */
  ID?: number
  IsTest?: boolean
  Name: string
  OrganizationNumber: string | null
  /** Whether this company's data is kept on this computer (default: opened in the last 30 days). */
  offline: boolean
  lastOpenedAt: string | null
  syncState: CompanySyncState
  lastSyncAt: string | null
  lastError: { code: string; message: string } | null
  /** The user's own User.ID in this company (it differs per company), from its current-session. */
  userId: number | null
}

/** PDF or image bytes of a file, cached for review and approval; evicted least recently used. */
export interface CachedFile {
  companyKey: string
  fileId: number
  name: string
  contentType: string
  bytes: Blob
  size: number
  lastUsedAt: string
}

/** The OCR answer (`files/{id}?action=ocranalyse`) of a cached file. */
export interface CachedOcr {
  companyKey: string
  fileId: number
  result: unknown
  fetchedAt: string
}

/**
 * A journal draft or template of the user, kept on this computer until booked (the journal feature owns
 * its shape; the workspace keys it by company and local id).
 */
export interface JournalDraftRow {
  companyKey: string
  id: number | string
  [field: string]: unknown
}

/**
 * The current-session answer of a company (its views, the user's permissions and User.ID there), kept so
 * the company opens while the platform cannot be reached.
 */
export interface CachedCompanySession {
  companyKey: string
  session: CompanySession
  savedAt: string
}

/**
 * What a review save did to the values the app proposed (OCR and supplier memory): the office overview's
 * straight-through figure counts invoices saved with none of them changed. Kept on this computer, per
 * company and invoice; the last save of an invoice counts.
 */
export interface ReviewOutcome {
  companyKey: string
  invoiceId: number
  /** Saved without changing any proposed value. */
  straightThrough: boolean
  /** The proposed fields the user changed (platform names). */
  changedFields: string[]
  savedAt: string
}

/** Settings of the workspace (Settings → Offline data), one row per name. */
export interface WorkspaceSetting {
  name: 'journaledDays' | 'fileCacheBytes'
  value: number
}

type RowTables = { [E in CachedEntity]: Table<CachedRow, [string, number]> }

export type WorkspaceDb = Dexie &
  RowTables & {
    outbox: EntityTable<OutboxEntry, 'seq'>
    checkpoints: Table<Checkpoint, [string, string]>
    companies: EntityTable<CompanyRecord, 'Key'>
    files: Table<CachedFile, [string, number]>
    ocr: Table<CachedOcr, [string, number]>
    settings: EntityTable<WorkspaceSetting, 'name'>
    journalDrafts: Table<JournalDraftRow, [string, number]>
    journalTemplates: Table<JournalDraftRow, [string, string]>
    companySessions: EntityTable<CachedCompanySession, 'companyKey'>
    reviewOutcomes: Table<ReviewOutcome, [string, number]>
    companyCounts: EntityTable<CompanyCountsRow, 'Key'>
  }

const rowIndexes: Partial<Record<CachedEntity, string>> = {
  SupplierInvoice: '[companyKey+StatusCode], [companyKey+SupplierID]',
  Approval: '[companyKey+StatusCode]',
  FileAttachment: '[companyKey+EntityType+EntityID]',
}

/** The database's name: one per environment and user, so a second user never sees the first one's rows. */
export function workspaceName(environmentId: string, userIdentity: string): string {
  return `ledgerdesk:${environmentId}:${userIdentity}`
}

/**
 * What the inbox searches in: supplier name, invoice number and amount, lower-cased, kept on the cached
 * invoice as `_search` (a local field; the platform's own fields are untouched).
 */
export function invoiceSearchText(row: Record<string, unknown>): string {
  const supplier = row.Supplier as { Info?: { Name?: unknown } } | null | undefined
  const amount = row.TaxInclusiveAmount ?? row.TaxInclusiveAmountCurrency
  return [
    supplier?.Info?.Name,
    row.InvoiceNumber,
    amount === null || amount === undefined ? '' : String(amount),
  ]
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ')
    .toLowerCase()
}

/**
 * Keeps `_search` of every supplier invoice written, whoever writes it (pull, outbox, upgrade): a DBCore
 * middleware sees every put and add of the table.
 */
function searchTextMiddleware(db: Dexie): void {
  db.use({
    stack: 'dbcore',
    name: 'invoice-search-text',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        if (name !== 'SupplierInvoice') return table
        return {
          ...table,
          mutate(request) {
            if (request.type === 'put' || request.type === 'add') {
              const values = request.values.map((row: CachedRow) => ({
                ...row,
                _search: invoiceSearchText(row),
              }))
              return table.mutate({ ...request, values })
            }
            return table.mutate(request)
          },
        }
      },
    }),
  })
}

function rowStores(version: 1 | 2): Record<string, string> {
  const stores: Record<string, string> = {}
  for (const entity of cachedEntities) {
    if (entity === 'JournalEntry' || entity === 'ApprovalSubstitute') continue // declared later
    const extra = [rowIndexes[entity], version >= 2 ? rowIndexesV2[entity] : undefined].filter(Boolean)
    stores[entity] = `[companyKey+ID], companyKey${extra.length ? `, ${extra.join(', ')}` : ''}`
  }
  return stores
}

/** Version 2: invoices by due date (overdue counts), outbox by company and state, workspace settings. */
const rowIndexesV2: Partial<Record<CachedEntity, string>> = {
  SupplierInvoice: '[companyKey+PaymentDueDate]',
}

export const workspaceVersion = 9

export function openWorkspace(environmentId: string, userIdentity: string): WorkspaceDb {
  const db = new Dexie(workspaceName(environmentId, userIdentity)) as WorkspaceDb
  defineVersions(db)
  searchTextMiddleware(db)
  keepCompanyCounts(db)
  return db
}

/** Every version of the schema, oldest first; an older database upgrades on open with its data kept. */
export function defineVersions(db: Dexie, upTo: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 = 9): void {
  db.version(1).stores({
    ...rowStores(1),
    outbox: '++seq, companyKey, state, [companyKey+entity+entityId]',
    checkpoints: '[companyKey+entity]',
    companies: 'Key',
    files: '[companyKey+fileId], companyKey, lastUsedAt',
    ocr: '[companyKey+fileId]',
  })
  if (upTo < 2) return
  db.version(2)
    .stores({
      ...rowStores(2),
      outbox: '++seq, companyKey, state, [companyKey+entity+entityId], [companyKey+state]',
      settings: 'name',
    })
    .upgrade(async (tx) => {
      await tx
        .table('SupplierInvoice')
        .toCollection()
        .modify((row: CachedRow) => {
          row._search = invoiceSearchText(row)
        })
      // Version 1 left an entry 'sending' when the app closed mid-send; it is pending with its attempt
      // counted, so the retry check runs before it is sent again.
      await tx
        .table('outbox')
        .where('state')
        .equals('sending')
        .modify((entry: OutboxEntry) => {
          entry.state = 'pending'
          entry.attempts = Math.max(entry.attempts, 1)
        })
      await tx.table('settings').bulkPut([
        { name: 'journaledDays', value: 90 },
        { name: 'fileCacheBytes', value: 1024 ** 3 },
      ])
    })
  if (upTo < 3) return
  // Version 3: journal drafts and templates, and booked journal entries (the last 90 days) as rows.
  db.version(3).stores({
    JournalEntry: '[companyKey+ID], companyKey, [companyKey+JournalEntryNumber]',
    journalDrafts: '[companyKey+id], companyKey',
    journalTemplates: '[companyKey+id], companyKey',
  })
  if (upTo < 4) return
  // Version 4: each company's current-session answer, so a company opens offline after a restart.
  db.version(4).stores({ companySessions: 'companyKey' })
  if (upTo < 5) return
  // Version 5: what each review save did to the proposed values (the straight-through figure).
  db.version(5).stores({ reviewOutcomes: '[companyKey+invoiceId], companyKey' })
  if (upTo < 6) return
  // Version 6: approval substitutes where the user is away or stands in (Mens jeg er borte).
  db.version(6).stores({ ApprovalSubstitute: '[companyKey+ID], companyKey' })
  if (upTo < 7) return
  // Version 7: unbooked invoices by status and due date, so the office overview counts its overdue ones
  // from index keys without reading a row.
  db.version(7).stores({
    SupplierInvoice: `${rowStores(2).SupplierInvoice}, [companyKey+StatusCode+PaymentDueDate]`,
  })
  if (upTo < 8) return
  // Version 8: each company's invoice counts, kept as its invoices are written (data/company-counts.ts); a
  // database from before counts its companies when the overview first asks.
  db.version(8).stores({ companyCounts: 'Key' })
  if (upTo < 9) return
  // Version 9: approvals by user and status, so the office overview counts the user's own open approvals
  // from index keys without reading a row.
  db.version(9).stores({ Approval: `${rowStores(2).Approval}, [companyKey+UserID+StatusCode]` })
}
