// Main's side of the offline workspace: reads pages of platform rows for the renderer's cache, lists IDs
// for reconciliation, executes outbox entries with the API client (main holds the tokens), fetches files
// and OCR results, and probes the connection. The company travels with every call.
import { ApprovalStatus, SupplierInvoiceStatus } from '../../../../common/status.ts'
import type {
  ConnectionProbe,
  DownloadedFile,
  OutboxCommand,
  OutboxOutcome,
  PlatformRow,
  PullCheckpoint,
  PullOptions,
  PullPage,
  SyncEntity,
} from '../../../../common/bridge/sync.ts'
import { PullOptions as PullOptionsSchema } from '../../../../common/bridge/sync.ts'
import type { Fetch } from '../../ports.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError, ApiErrorCode } from '../api/errors.ts'
import { bookJournalEntries } from '../journal/journal-service.ts'
import { approvalOwners, executeApprovalDecision, isApprovalDecision } from './approval-actions.ts'
import { afterCheckpoint, and, quote, sources } from './entities.ts'
import { executeReviewAction, isReviewAction } from './review-actions.ts'

export interface SyncServiceDeps {
  api(): Promise<ApiClient>
  fetch: Fetch
  now?: () => Date
}

/** Actions whose effect shows in the row's StatusCode: a retry finds it there and does not send again. */
const actionLandsIn: Partial<Record<SyncEntity, Record<string, readonly number[]>>> = {
  SupplierInvoice: {
    'assign-to': [SupplierInvoiceStatus.ForApproval],
    assign: [SupplierInvoiceStatus.ForApproval, SupplierInvoiceStatus.Assigned],
    // spec 3.5: a global rule whose limit the amount reaches starts a flow instead of booking.
    journal: [SupplierInvoiceStatus.Journaled, SupplierInvoiceStatus.ForApproval],
    rejectinvoice: [SupplierInvoiceStatus.Rejected],
  },
  Approval: {
    approve: [ApprovalStatus.Approved],
    reject: [ApprovalStatus.Rejected],
  },
}

const connectionCodes: ReadonlySet<string> = new Set([
  ApiErrorCode.Network,
  ApiErrorCode.Timeout,
  ApiErrorCode.Unavailable,
  ApiErrorCode.Aborted,
])

/** Values as the platform compares them: dates by their date-time, numbers by value, null = missing. */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === '')) return true
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b)
  if (typeof a === 'string' && typeof b === 'string') {
    if (a === b) return true
    const date = /^\d{4}-\d{2}-\d{2}/
    if (date.test(a) && date.test(b)) {
      const [da, db] = [a, b].map((v) => (v.length === 10 ? `${v}T00:00:00Z` : v))
      return Date.parse(da!) === Date.parse(db!)
    }
    return false
  }
  return JSON.stringify(a) === JSON.stringify(b)
}

function refusal(error: unknown): OutboxOutcome | null {
  if (!(error instanceof ApiError)) return null
  if (error.status === 0 || error.status >= 500 || error.status === 401) return null
  const field = error.fields[0]?.field
  return {
    status: 'failed',
    error: { code: error.code, message: error.message, ...(field ? { field } : {}) },
    row: null,
  }
}

export function createSyncService(deps: SyncServiceDeps) {
  const now = deps.now ?? (() => new Date())
  const path = (entity: SyncEntity, id?: number) =>
    `api/biz/${sources[entity].route}${id === undefined ? '' : `/${id}`}`

  async function readRow(api: ApiClient, companyKey: string, entity: SyncEntity, id: number) {
    try {
      return await api.get<PlatformRow>(path(entity, id), {
        companyKey,
        query: sources[entity].expand ? { expand: sources[entity].expand } : {},
      })
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null
      throw error
    }
  }

  async function list(
    companyKey: string,
    entity: SyncEntity,
    filter: string | undefined,
    extra: { select?: string; expand?: string; top: number; skip?: number; orderby: string },
  ): Promise<PlatformRow[]> {
    const api = await deps.api()
    const source = sources[entity]
    if (source.statistics) {
      const s = source.statistics
      return api.statistics<PlatformRow>(
        {
          model: s.model,
          select: extra.select ?? s.select,
          expand: s.expand,
          filter: and(s.filter, filter),
          orderby: extra.orderby,
          top: extra.top,
          ...(extra.skip ? { skip: extra.skip } : {}),
        },
        { companyKey },
      )
    }
    return api.get<PlatformRow[]>(path(entity), {
      companyKey,
      query: {
        filter,
        select: extra.select,
        expand: extra.expand,
        orderby: extra.orderby,
        top: extra.top,
        ...(extra.skip ? { skip: extra.skip } : {}),
      },
    })
  }

  async function findCreated(
    api: ApiClient,
    companyKey: string,
    command: OutboxCommand,
  ): Promise<PlatformRow | null> {
    const conditions = Object.entries(command.changes)
      .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
      .map(([k, v]) => `${k} eq ${typeof v === 'string' ? quote(v) : String(v)}`)
    if (conditions.length === 0) return null
    const rows = await api.get<PlatformRow[]>(path(command.entity), {
      companyKey,
      query: { filter: conditions.join(' and '), orderby: 'ID desc', top: 1 },
    })
    return rows[0] ?? null
  }

  async function execute(companyKey: string, command: OutboxCommand): Promise<OutboxOutcome> {
    const api = await deps.api()
    const { entity, entityId, operation } = command
    const retry = command.attempts > 0
    try {
      switch (operation.kind) {
        case 'update': {
          const server = await readRow(api, companyKey, entity, entityId)
          if (!server)
            return {
              status: 'failed',
              error: {
                code: 'DELETED_ON_SERVER',
                message: `${entity} ${entityId} no longer exists on the platform`,
              },
              row: null,
            }
          const send: Record<string, unknown> = {}
          const conflicts: string[] = []
          for (const [field, mine] of Object.entries(command.changes)) {
            if (sameValue(server[field], mine)) continue
            if (sameValue(server[field], command.base[field])) send[field] = mine
            else conflicts.push(field)
          }
          if (conflicts.length > 0)
            return {
              status: 'conflict',
              fields: conflicts,
              theirs: Object.fromEntries(conflicts.map((f) => [f, server[f] ?? null])),
              row: server,
            }
          if (Object.keys(send).length === 0) return { status: 'done', row: server, merged: [] }
          // The answer is the updated entity (field notes); the cache keeps its expansions from before.
          const updated = await api.put<PlatformRow | undefined>(
            path(entity, entityId),
            { ID: entityId, ...send },
            { companyKey },
          )
          const moved = !sameValue(server.UpdatedAt, command.baseUpdatedAt)
          return {
            status: 'done',
            row:
              updated && typeof updated === 'object'
                ? updated
                : await readRow(api, companyKey, entity, entityId),
            merged: moved ? Object.keys(send) : [],
          }
        }
        case 'create': {
          if (retry) {
            const earlier = await findCreated(api, companyKey, command)
            if (earlier) return { status: 'done', row: earlier, merged: [] }
          }
          // The answer is the created entity with its new ID (field notes).
          const created = await api.post<PlatformRow>(path(entity), command.changes, { companyKey })
          return {
            status: 'done',
            row: created,
            merged: [],
          }
        }
        case 'delete': {
          if (retry && !(await readRow(api, companyKey, entity, entityId)))
            return { status: 'done', row: null, merged: [] }
          await api.delete(path(entity, entityId), { companyKey })
          return { status: 'done', row: null, merged: [] }
        }
        case 'action': {
          if (entity === 'JournalEntry' && operation.action === 'book-journal-entries')
            return await bookJournalEntries(api, companyKey, command)
          if (isApprovalDecision(command)) return await executeApprovalDecision(api, companyKey, command)
          if (isReviewAction(command)) return await executeReviewAction(api, companyKey, command)
          const landsIn = actionLandsIn[entity]?.[operation.action.toLowerCase()]
          if (retry && landsIn) {
            const server = await readRow(api, companyKey, entity, entityId)
            if (server && landsIn.includes(Number(server.StatusCode)))
              return { status: 'done', row: server, merged: [] }
          }
          await api.post(path(entity, entityId), operation.body ?? null, {
            companyKey,
            query: { action: operation.action, ...operation.params },
          })
          return { status: 'done', row: await readRow(api, companyKey, entity, entityId), merged: [] }
        }
      }
    } catch (error) {
      const refused = refusal(error)
      if (refused) return refused
      throw error
    }
  }

  /** The rows the cache holds; approvals: the user's own and those of the users they stand in for. */
  async function scopeOf(companyKey: string, entity: SyncEntity, options: Required<PullOptions>) {
    if (entity === 'Approval' && options.userId !== null) {
      const today = now().toISOString().slice(0, 10)
      const owners = await approvalOwners(await deps.api(), companyKey, options.userId, today)
      return `(${owners.map((id) => `UserID eq ${id}`).join(' or ')})`
    }
    return sources[entity].scope?.(options, now()) ?? null
  }

  return {
    /** One page of rows changed after the checkpoint, ordered by UpdatedAt, ID. */
    async pull(
      companyKey: string,
      entity: SyncEntity,
      from: PullCheckpoint,
      input: PullOptions,
    ): Promise<PullPage> {
      const options = PullOptionsSchema.parse(input)
      const scope = await scopeOf(companyKey, entity, options)
      const rows = await list(companyKey, entity, and(scope, afterCheckpoint(from.updatedAt, from.id)), {
        expand: sources[entity].expand,
        top: options.top,
        orderby: 'UpdatedAt,ID',
      })
      const last = rows.at(-1)
      return {
        rows,
        checkpoint: last
          ? { updatedAt: (last.UpdatedAt as string | null | undefined) ?? null, id: Number(last.ID) }
          : from,
        more: rows.length >= options.top,
      }
    },

    /** Every ID the platform lists for the cache's scope (deleted rows are not listed). */
    async ids(companyKey: string, entity: SyncEntity, input: PullOptions): Promise<number[]> {
      const options = PullOptionsSchema.parse(input)
      const scope = await scopeOf(companyKey, entity, options)
      const ids: number[] = []
      const top = 5000
      for (let last = 0; ;) {
        const rows = await list(companyKey, entity, and(scope, `ID gt ${last}`), {
          select: sources[entity].statistics ? 'ID as ID' : 'ID',
          top,
          orderby: 'ID',
        })
        for (const row of rows) ids.push(Number(row.ID))
        if (rows.length < top) return ids
        last = Number(rows.at(-1)!.ID)
      }
    },

    async row(companyKey: string, entity: SyncEntity, id: number): Promise<PlatformRow | null> {
      if (sources[entity].statistics) {
        const rows = await list(companyKey, entity, `ID eq ${id}`, { top: 1, orderby: 'ID' })
        return rows[0] ?? null
      }
      return readRow(await deps.api(), companyKey, entity, id)
    },

    execute,

    /** The file's bytes (field notes: `files/{id}?action=download` answers a URL to them). */
    async download(companyKey: string, fileId: number): Promise<DownloadedFile> {
      const api = await deps.api()
      const [meta, url] = await Promise.all([
        api.get<PlatformRow>(`api/biz/files/${fileId}`, { companyKey }),
        api.get<string>(`api/biz/files/${fileId}`, { companyKey, query: { action: 'download' } }),
      ])
      const response = await deps.fetch(url)
      if (!response.ok)
        throw new ApiError(
          ApiErrorCode.NotFound,
          `File ${fileId} could not be downloaded (${response.status})`,
          {
            status: response.status,
            fields: [],
            reference: null,
          },
        )
      const bytes = Buffer.from(await response.arrayBuffer())
      return {
        fileId,
        name: typeof meta.Name === 'string' ? meta.Name : `file-${fileId}`,
        contentType:
          typeof meta.ContentType === 'string' && meta.ContentType
            ? meta.ContentType
            : (response.headers.get('content-type') ?? 'application/octet-stream'),
        base64: bytes.toString('base64'),
      }
    },

    async ocr(companyKey: string, fileId: number): Promise<unknown> {
      return (await deps.api()).get(`api/biz/files/${fileId}`, {
        companyKey,
        query: { action: 'ocranalyse' },
        // Reading a scanned page with Tesseract takes longer than an ordinary call.
        timeoutMs: 180_000,
      })
    },

    /** Whether the platform answers: a light authenticated call (the companies list needs no company). */
    async probe(): Promise<ConnectionProbe> {
      const checkedAt = now().toISOString()
      let api: ApiClient
      try {
        api = await deps.api()
      } catch (error) {
        return { state: 'signedOut', checkedAt, message: (error as Error).message }
      }
      try {
        await api.get('api/init/companies', { timeoutMs: 10_000 })
        return { state: 'online', checkedAt, message: null }
      } catch (error) {
        const code = (error as { code?: string }).code ?? ''
        const message = (error as Error).message
        if (connectionCodes.has(code)) return { state: 'offline', checkedAt, message }
        if (code === ApiErrorCode.Unauthorized || code.startsWith('SESSION_'))
          return { state: 'signedOut', checkedAt, message }
        return { state: 'serverError', checkedAt, message }
      }
    },
  }
}

export type SyncService = ReturnType<typeof createSyncService>
