// The bridge area of the offline workspace: reading platform rows into the renderer's cache (incremental
// pull, ID reconciliation, one row), files and OCR for the cache, and probing the connection (the outbox's
// changes going the other way are ./outbox.ts). Main builds every platform request from these; the
// renderer never sends a raw query.
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
  'files.download': { args: z.tuple([CompanyKey, EntityId]), result: DownloadedFile },
  'files.ocr': { args: z.tuple([CompanyKey, EntityId]), result: z.unknown() },
} as const
