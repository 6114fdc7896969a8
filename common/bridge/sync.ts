// The bridge area of the offline workspace: reading platform rows into the renderer's cache (incremental
// pull, ID reconciliation, one row), executing outbox entries, files and OCR for the cache, and probing the
// connection. Main builds every platform request from these; the renderer never sends a raw query.
import { z } from 'zod'
import { cachedEntities } from '../entities/declarations.ts'

/**
 * The platform entities the workspace caches (common/entities/declarations.ts): the one list the bridge
 * validates and the renderer's Dexie schema declares its tables from.
 */
export const syncEntities = cachedEntities
export const SyncEntity = z.enum(syncEntities)
export type SyncEntity = z.infer<typeof SyncEntity>

const CompanyKey = z.string().min(1).max(100)
const EntityId = z.number().int()

/** Where an incremental pull stands: the last row taken, by (UpdatedAt, ID). */
export const PullCheckpoint = z.object({ updatedAt: z.string().nullable(), id: z.number().int() })
export type PullCheckpoint = z.infer<typeof PullCheckpoint>

export const PullOptions = z.object({
  /** Rows per page (the spec documents no maximum; 1000 is what real clients use). */
  top: z.number().int().min(1).max(5000).default(1000),
  /** The user's own User.ID in the company: approvals and tasks are pulled for this user only. */
  userId: z.number().int().nullable().default(null),
  /** Journaled supplier invoices older than this many days are not cached. */
  journaledDays: z.number().int().min(0).max(3650).default(90),
})
export type PullOptions = z.input<typeof PullOptions>

export const PlatformRow = z.record(z.string(), z.unknown())
export type PlatformRow = z.infer<typeof PlatformRow>

export const PullPage = z.object({
  rows: z.array(PlatformRow),
  /** The checkpoint after the last row of this page (unchanged when the page is empty). */
  checkpoint: PullCheckpoint,
  /** Whether a full page came back (then there may be more). */
  more: z.boolean(),
})
export type PullPage = z.infer<typeof PullPage>

/** One outbox entry as main executes it (the renderer's entry without its local bookkeeping). */
export const OutboxOperation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('update') }),
  z.object({ kind: z.literal('create') }),
  z.object({ kind: z.literal('delete') }),
  z.object({
    kind: z.literal('action'),
    action: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,60}$/),
    params: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional(),
  }),
])
export type OutboxOperation = z.infer<typeof OutboxOperation>

export const OutboxCommand = z.object({
  entity: SyncEntity,
  entityId: EntityId,
  operation: OutboxOperation,
  changes: z.record(z.string(), z.unknown()),
  base: z.record(z.string(), z.unknown()),
  baseUpdatedAt: z.string().nullable(),
  operationKey: z.string().min(8).max(100),
  /** 0 on the first send; a retry checks whether an earlier attempt took effect before sending again. */
  attempts: z.number().int().min(0),
})
export type OutboxCommand = z.infer<typeof OutboxCommand>

export const OutboxOutcome = z.discriminatedUnion('status', [
  /** Done (now, or by an earlier attempt found on retry); the server's row after it, when it has one. */
  z.object({ status: z.literal('done'), row: PlatformRow.nullable(), merged: z.array(z.string()) }),
  /** The same properties changed on the server since the base: the server's values of those properties. */
  z.object({
    status: z.literal('conflict'),
    fields: z.array(z.string()),
    theirs: z.record(z.string(), z.unknown()),
    row: PlatformRow.nullable(),
  }),
  /** The platform refused it for good (400 with a validation message, 403, a row gone). */
  z.object({
    status: z.literal('failed'),
    error: z.object({
      code: z.string(),
      message: z.string(),
      field: z.string().optional(),
      /** Who handled an approval decision that was overtaken (ALREADY_HANDLED). */
      by: z.string().optional(),
    }),
    row: PlatformRow.nullable(),
  }),
])
export type OutboxOutcome = z.infer<typeof OutboxOutcome>

/** Most outbox entries main executes in one call (`outbox.executeBatch`). */
export const outboxBatchLimit = 100

/**
 * What main did with a batch of outbox entries, in their order: an outcome for each entry it finished.
 * When it stopped early (the connection went, the platform failed), `error` says why and the entries from
 * `outcomes.length` on were not finished: the first of them may have reached the platform (its retry check
 * runs), the rest were not sent.
 */
export const OutboxBatchResult = z.object({
  outcomes: z.array(OutboxOutcome),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
})
export type OutboxBatchResult = z.infer<typeof OutboxBatchResult>

export const ConnectionState = z.enum(['online', 'offline', 'signedOut', 'serverError'])
export type ConnectionState = z.infer<typeof ConnectionState>

export const ConnectionProbe = z.object({
  state: ConnectionState,
  checkedAt: z.string(),
  message: z.string().nullable(),
})
export type ConnectionProbe = z.infer<typeof ConnectionProbe>

export const DownloadedFile = z.object({
  fileId: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  /** The bytes, base64: the WebSocket bridge carries JSON. */
  base64: z.string(),
})
export type DownloadedFile = z.infer<typeof DownloadedFile>

export const syncCalls = {
  'connection.probe': { args: z.tuple([]), result: ConnectionProbe },
  'sync.pull': {
    args: z.tuple([CompanyKey, SyncEntity, PullCheckpoint, PullOptions]),
    result: PullPage,
  },
  'sync.ids': { args: z.tuple([CompanyKey, SyncEntity, PullOptions]), result: z.array(z.number().int()) },
  'sync.row': { args: z.tuple([CompanyKey, SyncEntity, EntityId]), result: PlatformRow.nullable() },
  'outbox.execute': { args: z.tuple([CompanyKey, OutboxCommand]), result: OutboxOutcome },
  'outbox.executeBatch': {
    args: z.tuple([CompanyKey, z.array(OutboxCommand).min(1).max(outboxBatchLimit)]),
    result: OutboxBatchResult,
  },
  'files.download': { args: z.tuple([CompanyKey, EntityId]), result: DownloadedFile },
  'files.ocr': { args: z.tuple([CompanyKey, EntityId]), result: z.unknown() },
} as const
