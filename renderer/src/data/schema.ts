// The offline workspace: one Dexie database per environment and signed-in user. Every platform row keeps
// the platform's own field names and is keyed by [companyKey+ID]; the tables are named as the platform's
// entities. Besides them: the outbox (changes waiting to go to the platform), the pull checkpoints, the
// per-company sync state and offline settings, and the cached PDF bytes and OCR results.
import Dexie, { type EntityTable, type Table } from 'dexie'

/** The platform entities the workspace caches, named as the platform names them. */
export const cachedEntities = [
  'SupplierInvoice',
  'Supplier',
  'Account',
  'VatType',
  'Department',
  'Project',
  'CurrencyCode',
  'User',
  'Team',
  'CompanySettings',
  'Approval',
  'Task',
  'FileAttachment',
] as const
export type CachedEntity = (typeof cachedEntities)[number]

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

type RowTables = { [E in CachedEntity]: Table<CachedRow, [string, number]> }

export type WorkspaceDb = Dexie &
  RowTables & {
    outbox: EntityTable<OutboxEntry, 'seq'>
    checkpoints: Table<Checkpoint, [string, string]>
    companies: EntityTable<CompanyRecord, 'Key'>
    files: Table<CachedFile, [string, number]>
    ocr: Table<CachedOcr, [string, number]>
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

export function openWorkspace(environmentId: string, userIdentity: string): WorkspaceDb {
  const db = new Dexie(workspaceName(environmentId, userIdentity)) as WorkspaceDb
  const stores: Record<string, string> = {}
  for (const entity of cachedEntities) {
    const extra = rowIndexes[entity]
    stores[entity] = `[companyKey+ID], companyKey${extra ? `, ${extra}` : ''}`
  }
  stores.outbox = '++seq, companyKey, state, [companyKey+entity+entityId]'
  stores.checkpoints = '[companyKey+entity]'
  stores.companies = 'Key'
  stores.files = '[companyKey+fileId], companyKey, lastUsedAt'
  stores.ocr = '[companyKey+fileId]'
  db.version(1).stores(stores)
  return db
}
