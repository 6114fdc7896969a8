// Reading platform rows into the renderer's cache: one page of rows changed after a checkpoint, every ID of
// the cache's scope for reconciliation, and one row. What each entity's cache holds is ./entities.ts.
// Attachments come from a statistics model the documents do not name; where the platform does not offer it
// they are read from the documented attachment lists instead (./attachments.ts).
import type {
  PlatformRow,
  PullCheckpoint,
  PullOptions,
  PullPage,
  SyncEntity,
} from '../../../../common/bridge/sync.ts'
import { PullOptions as PullOptionsSchema } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'
import { approvalOwners } from './approval-actions.ts'
import {
  attachmentList,
  attachmentPair,
  rowsDigest,
  supplierInvoiceAttachments,
  withAttachmentFallback,
} from './attachments.ts'
import { afterCheckpoint, and, sources } from './entities.ts'
import { readRow, rowPath } from './platform-rows.ts'
import { withTaskFallback } from '../platform-reads/tasks.ts'

export interface PullDeps {
  api(): Promise<ApiClient>
  now: () => Date
}

export function createPull(deps: PullDeps) {
  const { now } = deps

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
    const viaList = () =>
      api.get<PlatformRow[]>(rowPath(entity), {
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
    if (entity !== 'Task') return viaList()
    // Tasks are a documented model but not a documented list: ../platform-reads/tasks.ts reads them through statistics.
    return withTaskFallback(api, companyKey, { filter, select: extra.select, ...extra }, viaList)
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

  /**
   * Through `viaStatistics` unless the platform does not offer the attachments' statistics model; then
   * through the documented lists (every attachment of the scope's invoices at once).
   */
  async function attachments<T>(
    companyKey: string,
    viaStatistics: () => Promise<T>,
    viaLists: () => Promise<T>,
  ): Promise<T> {
    return withAttachmentFallback(await deps.api(), companyKey, now(), viaStatistics, viaLists)
  }
  const listedAttachments = async (companyKey: string, options: Required<PullOptions>) =>
    supplierInvoiceAttachments(await deps.api(), companyKey, options, now())

  /** One page of rows changed after the checkpoint, ordered by UpdatedAt, ID. */
  async function pageAfter(
    companyKey: string,
    entity: SyncEntity,
    from: PullCheckpoint,
    options: Required<PullOptions>,
  ): Promise<PullPage> {
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
  }

  /** Every ID of the cache's scope, in pages by ID. */
  async function idsOf(companyKey: string, entity: SyncEntity, options: Required<PullOptions>) {
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
  }

  return {
    /**
     * One page of rows changed after the checkpoint, ordered by UpdatedAt, ID. Attachments read from their
     * lists cannot be paged by the link's UpdatedAt: they come all in one page, whose checkpoint stands for
     * that set of rows (attachments.ts `rowsDigest`), so the next round asks again and takes them only when
     * they changed. Deleted attachments leave the cache by reconciliation (`ids`), as other rows do.
     */
    async pull(
      companyKey: string,
      entity: SyncEntity,
      from: PullCheckpoint,
      input: PullOptions,
    ): Promise<PullPage> {
      const options = PullOptionsSchema.parse(input)
      if (entity !== 'FileAttachment') return pageAfter(companyKey, entity, from, options)
      return attachments<PullPage>(
        companyKey,
        () => pageAfter(companyKey, entity, from, options),
        async () => {
          const rows = await listedAttachments(companyKey, options)
          const checkpoint = { updatedAt: null, id: rowsDigest(rows) }
          const same = from.updatedAt === null && from.id === checkpoint.id
          return { rows: same ? [] : rows, checkpoint, more: false }
        },
      )
    },

    /** Every ID the platform lists for the cache's scope (deleted rows are not listed). */
    async ids(companyKey: string, entity: SyncEntity, input: PullOptions): Promise<number[]> {
      const options = PullOptionsSchema.parse(input)
      if (entity !== 'FileAttachment') return idsOf(companyKey, entity, options)
      return attachments(
        companyKey,
        () => idsOf(companyKey, entity, options),
        async () => (await listedAttachments(companyKey, options)).map((row) => Number(row.ID)),
      )
    },

    async row(companyKey: string, entity: SyncEntity, id: number): Promise<PlatformRow | null> {
      if (entity === 'Task')
        return (
          (
            await list(companyKey, entity, `ID eq ${id}`, {
              expand: sources.Task.expand,
              top: 1,
              orderby: 'ID',
            })
          )[0] ?? null
        )
      if (!sources[entity].statistics) return readRow(await deps.api(), companyKey, entity, id)
      const viaStatistics = async () =>
        (await list(companyKey, entity, `ID eq ${id}`, { top: 1, orderby: 'ID' }))[0] ?? null
      if (entity !== 'FileAttachment') return viaStatistics()
      return attachments(companyKey, viaStatistics, async () => {
        // A row of the lists names its file and invoice in its ID.
        const pair = attachmentPair(id)
        if (!pair) return null
        const rows = await attachmentList(await deps.api(), companyKey, 'SupplierInvoice', pair.entityId)
        return rows.find((row) => Number(row.ID) === id) ?? null
      })
    },
  }
}
