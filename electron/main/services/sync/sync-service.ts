// Main's side of the offline workspace: reads pages of platform rows for the renderer's cache, lists IDs
// for reconciliation, executes outbox entries with the API client (main holds the tokens), fetches files
// and OCR results, and probes the connection. The company travels with every call.
import { ApprovalStatus, SupplierInvoiceStatus } from '../../../../common/status.ts'
import type {
  ConnectionProbe,
  DownloadedFile,
  OutboxBatchResult,
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
import { executeInvoiceFlowAction, isInvoiceFlowAction } from './invoice-flow-actions.ts'

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
    cancelapprovement: [SupplierInvoiceStatus.ForApproval],
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

/**
 * An update against the server's row: the properties the server still has at their base values are sent
 * (`send`; `merged` names them when the row moved since the base), the same property changed on both sides
 * is a conflict, and nothing to send is done at once.
 */
function decideUpdate(
  command: OutboxCommand,
  server: PlatformRow | null,
): OutboxOutcome | { send: Record<string, unknown>; merged: string[] } {
  if (!server)
    return {
      status: 'failed',
      error: {
        code: 'DELETED_ON_SERVER',
        message: `${command.entity} ${command.entityId} no longer exists on the platform`,
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
  const moved = !sameValue(server.UpdatedAt, command.baseUpdatedAt)
  return { send, merged: moved ? Object.keys(send) : [] }
}

/**
 * The entries from `start` that can travel as one bulk request (field notes: POST or PUT of an array to a
 * base route is a bulk write and answers an array): consecutive updates, or consecutive creates, of one
 * entity with a list route, each of a different row. Anything else goes alone.
 */
function bulkRun(commands: readonly OutboxCommand[], start: number): OutboxCommand[] {
  const first = commands[start]!
  const kind = first.operation.kind
  if ((kind !== 'update' && kind !== 'create') || sources[first.entity].statistics) return [first]
  const run = [first]
  const rows = new Set([first.entityId])
  for (let i = start + 1; i < commands.length; i++) {
    const next = commands[i]!
    if (next.entity !== first.entity || next.operation.kind !== kind || rows.has(next.entityId)) break
    if (kind === 'update' && next.entityId <= 0) break
    run.push(next)
    rows.add(next.entityId)
  }
  return kind === 'update' && first.entityId <= 0 ? [first] : run
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

  /** The server's rows of several IDs in one request (`ID eq a or ID eq b ...`), with the cache's expansions. */
  async function readRows(
    api: ApiClient,
    companyKey: string,
    entity: SyncEntity,
    ids: readonly number[],
  ): Promise<Map<number, PlatformRow>> {
    const rows = await api.get<PlatformRow[]>(path(entity), {
      companyKey,
      query: {
        filter: ids.map((id) => `ID eq ${id}`).join(' or '),
        ...(sources[entity].expand ? { expand: sources[entity].expand } : {}),
        top: ids.length,
      },
    })
    return new Map(rows.map((row) => [Number(row.ID), row]))
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
          const decided = decideUpdate(command, server)
          if ('status' in decided) return decided
          // The answer is the updated entity (field notes); the cache keeps its expansions from before.
          const updated = await api.put<PlatformRow | undefined>(
            path(entity, entityId),
            { ID: entityId, ...decided.send },
            { companyKey },
          )
          return {
            status: 'done',
            row:
              updated && typeof updated === 'object'
                ? updated
                : await readRow(api, companyKey, entity, entityId),
            merged: decided.merged,
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
          if (isInvoiceFlowAction(command))
            return await executeInvoiceFlowAction(api, companyKey, command, () =>
              readRow(api, companyKey, entity, entityId),
            )
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

  /** Updates of several rows of one entity: one read of the server's rows, one bulk PUT of what to send. */
  async function updateRun(
    api: ApiClient,
    companyKey: string,
    run: readonly OutboxCommand[],
  ): Promise<OutboxOutcome[]> {
    const entity = run[0]!.entity
    const server = await readRows(
      api,
      companyKey,
      entity,
      run.map((c) => c.entityId),
    )
    const outcomes: OutboxOutcome[] = []
    const sends: { at: number; send: Record<string, unknown>; merged: string[] }[] = []
    run.forEach((command, at) => {
      const decided = decideUpdate(command, server.get(command.entityId) ?? null)
      if ('status' in decided) outcomes[at] = decided
      else sends.push({ at, ...decided })
    })
    if (sends.length === 0) return outcomes
    let answer: unknown
    try {
      answer = await api.put<unknown>(
        path(entity),
        sends.map(({ at, send }) => ({ ID: run[at]!.entityId, ...send })),
        { companyKey },
      )
    } catch (error) {
      if (!refusal(error)) throw error
      // The platform refused the bulk write: each alone, so the refusal lands on the change it concerns.
      for (const { at } of sends) outcomes[at] = await execute(companyKey, run[at]!)
      return outcomes
    }
    const answered =
      Array.isArray(answer) && answer.length === sends.length ? (answer as PlatformRow[]) : null
    const reread = answered
      ? null
      : await readRows(
          api,
          companyKey,
          entity,
          sends.map(({ at }) => run[at]!.entityId),
        )
    sends.forEach(({ at, merged }, k) => {
      const row = answered?.[k] ?? reread?.get(run[at]!.entityId) ?? null
      outcomes[at] = { status: 'done', row, merged }
    })
    return outcomes
  }

  /**
   * Creates of one entity as one bulk POST. A retried create first looks for the row an earlier attempt made
   * (as alone); only those not found are sent.
   */
  async function createRun(
    api: ApiClient,
    companyKey: string,
    run: readonly OutboxCommand[],
  ): Promise<OutboxOutcome[]> {
    const outcomes: OutboxOutcome[] = []
    const send: number[] = []
    for (const [at, command] of run.entries()) {
      const earlier = command.attempts > 0 ? await findCreated(api, companyKey, command) : null
      if (earlier) outcomes[at] = { status: 'done', row: earlier, merged: [] }
      else send.push(at)
    }
    if (send.length === 0) return outcomes
    let created: unknown
    try {
      created = await api.post<unknown>(
        path(run[0]!.entity),
        send.map((at) => run[at]!.changes),
        { companyKey },
      )
    } catch (error) {
      if (!refusal(error)) throw error
      // Refused: each alone, as a retry, so one the platform may have kept from the bulk write is found
      // instead of made twice.
      for (const at of send)
        outcomes[at] = await execute(companyKey, { ...run[at]!, attempts: Math.max(1, run[at]!.attempts) })
      return outcomes
    }
    const rows = Array.isArray(created) && created.length === send.length ? (created as PlatformRow[]) : null
    for (const [k, at] of send.entries()) {
      // An answer without the rows: each is found by what it was created with.
      const row = rows?.[k] ?? (await findCreated(api, companyKey, run[at]!))
      outcomes[at] = { status: 'done', row, merged: [] }
    }
    return outcomes
  }

  /**
   * Entries in their order, consecutive updates or creates of one entity as one bulk request. Stops at the
   * first error it cannot put on an entry (the connection went, the platform failed) and says so; the
   * outcomes before it stand.
   */
  async function executeBatch(
    companyKey: string,
    commands: readonly OutboxCommand[],
  ): Promise<OutboxBatchResult> {
    const outcomes: OutboxOutcome[] = []
    try {
      const api = await deps.api()
      for (let i = 0; i < commands.length;) {
        const run = bulkRun(commands, i)
        if (run.length === 1) outcomes.push(await execute(companyKey, run[0]!))
        else if (run[0]!.operation.kind === 'update')
          outcomes.push(...(await updateRun(api, companyKey, run)))
        else outcomes.push(...(await createRun(api, companyKey, run)))
        i += run.length
      }
      return { outcomes, error: null }
    } catch (error) {
      const e = error as { code?: string; message?: string }
      return { outcomes, error: { code: e.code ?? 'INTERNAL', message: e.message ?? String(error) } }
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
    executeBatch,

    /** The file's bytes (field notes: `files/{id}?action=download` answers a URL to them). */
    async download(companyKey: string, fileId: number): Promise<DownloadedFile> {
      const api = await deps.api()
      const [meta, url] = await Promise.all([
        api.get<PlatformRow>(`api/biz/files/${fileId}`, { companyKey }),
        api.get<string>(`api/biz/files/${fileId}`, { companyKey, query: { action: 'download' } }),
      ])
      // The URL is the server's word: fetched only from the environment's own servers, up to a cap.
      const answer = await api.fetchServerUrl(url, `the download address of file ${fileId}`)
      if (answer.status >= 400)
        throw new ApiError(
          ApiErrorCode.NotFound,
          `File ${fileId} could not be downloaded (${answer.status})`,
          {
            status: answer.status,
            fields: [],
            reference: null,
          },
        )
      const bytes = Buffer.from(answer.bytes)
      return {
        fileId,
        name: typeof meta.Name === 'string' ? meta.Name : `file-${fileId}`,
        contentType:
          typeof meta.ContentType === 'string' && meta.ContentType
            ? meta.ContentType
            : (answer.contentType ?? 'application/octet-stream'),
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
