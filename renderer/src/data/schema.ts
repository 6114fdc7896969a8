// The offline workspace: one Dexie database per environment and signed-in user. Every platform row keeps
// the platform's own field names and is keyed by [companyKey+ID]; the tables are named as the platform's
// entities. Besides them: the outbox (changes waiting to go to the platform), the pull checkpoints, the
// per-company sync state and offline settings, and the cached PDF bytes and OCR results.
import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie'
import type { CompanySession } from '@common/bridge/contract'
import type { CustomFieldDefinition, CustomFieldsRead } from '@common/bridge/admin-fields'
import type { OutboxAction, OutboxActionOf, OutboxEntity } from '@common/bridge/outbox'
import {
  cachedEntities,
  cachedEntityDeclarations,
  invoiceSearchText,
  isCachedEntity,
  type CachedEntity,
  type CachedRows,
  type LocalKey,
} from '@common/entities/declarations'
import type { CompanyCountsRow } from './company-counts.ts'
import { keepCompanyWrites } from './company-writes.ts'
import { buildDeskBriefs, type BriefTables, type DeskBriefRow } from './desk-briefs.ts'

export { cachedEntities, invoiceSearchText, type CachedEntity }

/** A cached row's key: its company and its ID. */
export type RowKey = [string, number]

/**
 * A row of `E` as the workspace keeps it: the platform's row (common/entities/rows.ts) and the company it
 * belongs to, with the search text of an entity that declares one.
 */
export type Cached<E extends CachedEntity> = CachedRows[E] & {
  companyKey: string
  _search?: string
} & { [K in LocalKey]?: string | null }

/**
 * A row of any cached entity, as code that handles every entity alike writes it (the pull, the outbox): the
 * platform's row as it came.
 */
export interface CachedRow {
  companyKey: string
  ID: number
  UpdatedAt?: string | null
  [field: string]: unknown
}

export type OutboxState = 'pending' | 'sending' | 'failed' | 'conflict'

/**
 * What the outbox keeps of an entry besides its action: where it goes, how far it got, and what the cache
 * shows of it until it is sent.
 */
export interface OutboxEntryState {
  /** Order of the changes; the engine drains each company's entries in this order. */
  seq?: number
  companyKey: string
  /** The row's ID; a row created offline has a negative local ID until the platform assigns one. */
  entityId: number
  /**
   * The properties the cache shows on the row until the entry is sent, for a named action whose body is
   * not the row's own fields (a sales draft's `edit-draft`: the row's new sums and lines). Never sent. An
   * update, create or delete shows its body (./outbox-queries.ts `shownValues`).
   */
  overlay?: Record<string, unknown>
  /** The properties the change sets as they were on the server when the user began the change. */
  base: Record<string, unknown>
  /** The row's UpdatedAt when the user began the change. */
  baseUpdatedAt: string | null
  /** Sent with the change and looked for on retry, so a non-idempotent operation never happens twice. */
  operationKey: string
  attempts: number
  /**
   * When the entry was first sent (ISO; this computer's clock, read before the request left): a retry looks
   * for its effect no earlier than that. Missing until then, and on entries sent before it was kept.
   */
  firstSentAt?: string | null
  state: OutboxState
  lastError: { code: string; message: string; field?: string; by?: string; numbers?: string[] } | null
  /** For a conflict: the server's current values of the conflicting properties. */
  theirs?: Record<string, unknown>
  createdAt: string
}

/**
 * One change waiting to go to the platform: an action of the outbox union (common/bridge/outbox.ts:
 * `entity`, `action`, `body`), as main executes it, with its state. Ask about entries with the queries of
 * ./outbox-queries.ts (`isAction`, `queued`).
 */
export type OutboxEntry = OutboxAction & OutboxEntryState

/** An entry of one (entity, action) of the union: its body typed. */
export type OutboxEntryOf<E extends OutboxEntity, A> = OutboxActionOf<E, A> & OutboxEntryState

/** Where the incremental pull of one entity in one company stands (UpdatedAt + ID, spec tie-break). */
export interface Checkpoint {
  companyKey: string
  entity: CachedEntity
  updatedAt: string | null
  id: number
  lastPulledAt: string | null
  lastReconciledAt: string | null
  /**
   * What the platform was asked for (common/entities/declarations.ts `declarationFingerprint`): a pull under
   * a different one starts again from the beginning. Missing on checkpoints from before version 10.
   */
  fingerprint?: string
  /** The platform refused the entity's list (a route the platform does not offer): why, and when. */
  unavailable?: EntityUnavailable | null
}

/** Why the platform did not give an entity's rows: its refusal (404, 400, 403), for the view to say so. */
export interface EntityUnavailable {
  code: string
  message: string
  /** The route that was refused (api/biz/…). */
  route: string
  at: string
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
  /** Where suppliers send the company's invoices (spec 2.3 `FileFlowEmail`), so it can be shown offline. */
  FileFlowEmail?: string | null
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
  /** False when a failed check was saved anyway (with a reason); missing on outcomes from before. */
  checksPassed?: boolean
}

/**
 * A straight-through rule: the accountant let invoices of this supplier in this company go on by themselves
 * (features/review/logic/straight-rule.ts decides each one). Kept on this computer, per company and supplier.
 */
export interface StraightRule {
  companyKey: string
  supplierId: number
  on: boolean
  changedAt: string
}

/**
 * An invoice that went on by itself under its supplier's rule: what was queued (the outbox entries' seq),
 * what the invoice was before (for undo while the entries are still on this computer), and its undo. One
 * row per company and invoice, written in the transaction that queues the entries: an invoice goes once.
 */
export interface WentThroughRow {
  companyKey: string
  invoiceId: number
  supplierId: number
  /** `journal`: booked, or sent for approval by the supplier's rule where one applies when it is sent. */
  action: 'journal' | 'assign-to'
  approvalRuleId: number | null
  invoiceNumber: string | null
  amount: number | null
  at: string
  /** The outbox entries it queued. */
  seqs: number[]
  before: { StatusCode: number; JournalEntry: unknown }
  undoneAt: string | null
  /** The queued `rejectAssignment` of an undo after the send reached the platform. */
  undoSeq?: number | null
}

/**
 * A company's custom fields as Admin last read them (the data types, the models' ids) and every field known
 * on this computer: defined here (with its type) or seen on the platform's rows (name only). The platform
 * documents no list of custom fields, so this is what the forms know offline (data/custom-fields.ts).
 */
export interface CustomFieldSet {
  companyKey: string
  types: CustomFieldsRead['types']
  models: CustomFieldsRead['models']
  fields: CustomFieldDefinition[]
  readAt: string | null
}

/** Settings of the workspace (Settings → Offline data), one row per name. */
export interface WorkspaceSetting {
  name: 'journaledDays' | 'fileCacheBytes'
  value: number
}

/**
 * One table per cached entity, keyed by [companyKey+ID]. Reads come back as the entity's row type; writes
 * take a row as the platform sent it, since the code that writes them (the pull, the outbox) handles every
 * entity alike.
 */
type RowTables = { [E in CachedEntity]: Table<Cached<E>, RowKey, CachedRow> }

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
    deskBriefs: EntityTable<DeskBriefRow, 'companyKey'>
    customFieldSets: EntityTable<CustomFieldSet, 'companyKey'>
    straightRules: Table<StraightRule, [string, number]>
    wentThrough: Table<WentThroughRow, [string, number]>
  }

/** The database's name: one per environment and user, so a second user never sees the first one's rows. */
export function workspaceName(environmentId: string, userIdentity: string): string {
  return `ledgerdesk:${environmentId}:${userIdentity}`
}

/**
 * Keeps `_search` and the local keys (local fields; the platform's own fields are untouched) on every row
 * written of an entity that declares them, whoever writes it (pull, outbox, upgrade): a DBCore middleware
 * sees every put and add of the table.
 */
function localFieldsMiddleware(db: Dexie): void {
  db.use({
    stack: 'dbcore',
    name: 'local-fields',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        const local = isCachedEntity(name) ? localFieldsOf(name) : null
        if (!local) return table
        return {
          ...table,
          mutate(request) {
            if (request.type === 'put' || request.type === 'add') {
              const values = request.values.map((row: Record<string, unknown>) => ({ ...row, ...local(row) }))
              return table.mutate({ ...request, values })
            }
            return table.mutate(request)
          },
        }
      },
    }),
  })
}

/** The local fields an entity's rows carry, worked out from a row; null when it declares none. */
export function localFieldsOf(entity: CachedEntity): ((row: Record<string, unknown>) => object) | null {
  const declaration = cachedEntityDeclarations[entity] as {
    searchText?: (row: Record<string, unknown>) => string
    localKeys?: Partial<Record<LocalKey, (row: Record<string, unknown>) => string | null>>
  }
  const keys = Object.entries(declaration.localKeys ?? {})
  if (!declaration.searchText && keys.length === 0) return null
  return (row) => ({
    ...(declaration.searchText ? { _search: declaration.searchText(row) } : {}),
    ...Object.fromEntries(keys.map(([key, of]) => [key, of(row)])),
  })
}

/** The store of an entity's table at `version`: its key, its company, and the indexes it had by then. */
function rowStore(entity: CachedEntity, version: number): string {
  const indexes = (cachedEntityDeclarations[entity].table.indexes ?? [])
    .filter((index) => index.since <= version)
    .map((index) => `[companyKey+${index.by.join('+')}]`)
  return ['[companyKey+ID]', 'companyKey', ...indexes].join(', ')
}

/** The entity tables that `version` adds or gives a new index. */
function rowStores(version: number): Record<string, string> {
  const stores: Record<string, string> = {}
  for (const entity of cachedEntities) {
    const { since, indexes = [] } = cachedEntityDeclarations[entity].table
    if (since === version || indexes.some((index) => index.since === version))
      stores[entity] = rowStore(entity, version)
  }
  return stores
}

/** How versions before 12 kept an entry's action: an operation, and the properties or a preview in `changes`. */
export type StoredOperation =
  { kind: 'update' | 'create' | 'delete' } | { kind: 'action'; action: string; body?: unknown }
type StoredEntry = Record<string, unknown> & {
  operation?: StoredOperation
  changes?: Record<string, unknown>
}

/**
 * An older entry's action as version 12 keeps it: update, create and delete with their properties as the
 * body; a named action with its body, and its preview (when it kept one) as the overlay.
 */
export function actionOfStored(
  operation: StoredOperation,
  changes: Record<string, unknown> = {},
): { action: string; body?: unknown; overlay?: Record<string, unknown> } {
  if (operation.kind !== 'action') return { action: operation.kind, body: changes }
  return {
    action: operation.action,
    ...(operation.body === undefined ? {} : { body: operation.body }),
    ...(Object.keys(changes).length > 0 ? { overlay: changes } : {}),
  }
}

/**
 * The workspace's own tables by the version that added or changed them, with the upgrade that moves the
 * data of an older database (the entity tables come from their declarations).
 */
const localVersions: {
  version: number
  stores: Record<string, string>
  upgrade?: (tx: Transaction) => Promise<void>
}[] = [
  {
    version: 1,
    stores: {
      outbox: '++seq, companyKey, state, [companyKey+entity+entityId]',
      checkpoints: '[companyKey+entity]',
      companies: 'Key',
      files: '[companyKey+fileId], companyKey, lastUsedAt',
      ocr: '[companyKey+fileId]',
    },
  },
  // Version 2: outbox by company and state, workspace settings.
  {
    version: 2,
    stores: {
      outbox: '++seq, companyKey, state, [companyKey+entity+entityId], [companyKey+state]',
      settings: 'name',
    },
    upgrade: async (tx) => {
      await tx
        .table<Cached<'SupplierInvoice'>, RowKey>('SupplierInvoice')
        .toCollection()
        .modify((row) => {
          row._search = invoiceSearchText(row)
        })
      // Version 1 left an entry 'sending' when the app closed mid-send; it is pending with its attempt
      // counted, so the retry check runs before it is sent again.
      await tx
        .table<OutboxEntry, number>('outbox')
        .where('state')
        .equals('sending')
        .modify((entry) => {
          entry.state = 'pending'
          entry.attempts = Math.max(entry.attempts, 1)
        })
      await tx.table<WorkspaceSetting, string>('settings').bulkPut([
        { name: 'journaledDays', value: 90 },
        { name: 'fileCacheBytes', value: 1024 ** 3 },
      ])
    },
  },
  // Version 3: journal drafts and templates.
  {
    version: 3,
    stores: { journalDrafts: '[companyKey+id], companyKey', journalTemplates: '[companyKey+id], companyKey' },
  },
  // Version 4: each company's current-session answer, so a company opens offline after a restart.
  { version: 4, stores: { companySessions: 'companyKey' } },
  // Version 5: what each review save did to the proposed values (the straight-through figure).
  { version: 5, stores: { reviewOutcomes: '[companyKey+invoiceId], companyKey' } },
  // Version 8: each company's invoice counts, kept as its invoices are written (data/company-counts.ts); a
  // database from before counts its companies when the overview first asks.
  { version: 8, stores: { companyCounts: 'Key' } },
  // Version 10: the contacts register (customers, contacts, supplier comments, customer invoices). The
  // suppliers' expansion grew (default phone and e-mail): their rows are pulled again from the start. From
  // here on a checkpoint keeps its entity's fingerprint, and a change of it does the same by itself.
  {
    version: 10,
    stores: {},
    upgrade: async (tx) => {
      await tx
        .table<Checkpoint, [string, string]>('checkpoints')
        .filter((checkpoint) => checkpoint.entity === 'Supplier')
        .modify((checkpoint) => {
          checkpoint.updatedAt = null
          checkpoint.id = 0
        })
      // The suppliers already cached get their organisation number's key at once (the index is built from it).
      const supplierKeys = localFieldsOf('Supplier')!
      await tx
        .table<Cached<'Supplier'>, RowKey>('Supplier')
        .toCollection()
        .modify((row) => {
          Object.assign(row, supplierKeys(row))
        })
    },
  },
  // Version 11: sales (customer invoices with their lines, products, KID types, distribution plans and
  // factoring setups: their tables and indexes come from the declarations), and each company's custom fields
  // as Admin last read and defined them (data/custom-fields.ts), so the forms type their custom values offline.
  { version: 11, stores: { customFieldSets: 'companyKey' } },
  // Version 12: an outbox entry is its action (`action`, `body`) instead of an operation and `changes`; the
  // preview of a named action that was kept in `changes` is its `overlay`.
  {
    version: 12,
    stores: {},
    upgrade: async (tx) => {
      await tx
        .table<StoredEntry, number>('outbox')
        .toCollection()
        .modify((entry) => {
          if (!entry.operation) return
          Object.assign(entry, actionOfStored(entry.operation, entry.changes))
          delete entry.operation
          delete entry.changes
        })
    },
  },
  // Version 13: straight-through rules per company and supplier, and the invoices that went on by themselves.
  {
    version: 13,
    stores: {
      straightRules: '[companyKey+supplierId], companyKey',
      wentThrough: '[companyKey+invoiceId], companyKey, at',
    },
  },
  // Version 14: a brief of each company's review queue, kept as its invoices, suppliers and attachments are
  // written (data/desk-briefs.ts), which the review desk opens with; a database from before builds the
  // briefs of every company with cached invoices from the rows already stored.
  {
    version: 14,
    stores: { deskBriefs: 'companyKey' },
    upgrade: async (tx) => {
      const tables = {
        SupplierInvoice: tx.table('SupplierInvoice'),
        Supplier: tx.table('Supplier'),
        FileAttachment: tx.table('FileAttachment'),
      } as Omit<BriefTables, 'deskBriefs'>
      const keys = (await tx.table('SupplierInvoice').orderBy('companyKey').uniqueKeys()) as string[]
      await tx.table<DeskBriefRow, string>('deskBriefs').bulkPut(await buildDeskBriefs(tables, keys))
    },
  },
]

/** The current version: the last one that added or changed a table. */
export const workspaceVersion = Math.max(
  ...localVersions.map((v) => v.version),
  ...cachedEntities.flatMap((entity) => {
    const { since, indexes = [] } = cachedEntityDeclarations[entity].table
    return [since, ...indexes.map((index) => index.since)]
  }),
)

export function openWorkspace(environmentId: string, userIdentity: string): WorkspaceDb {
  const db = new Dexie(workspaceName(environmentId, userIdentity)) as WorkspaceDb
  defineVersions(db)
  localFieldsMiddleware(db)
  keepCompanyWrites(db)
  return db
}

/** Every version of the schema, oldest first; an older database upgrades on open with its data kept. */
export function defineVersions(db: Dexie, upTo = workspaceVersion): void {
  for (let version = 1; version <= upTo; version++) {
    const local = localVersions.find((v) => v.version === version)
    const schema = db.version(version).stores({ ...rowStores(version), ...local?.stores })
    if (local?.upgrade) schema.upgrade(local.upgrade)
  }
}
