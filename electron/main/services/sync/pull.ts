// Reading platform rows into the renderer's cache: one page of rows changed after a checkpoint, every ID of
// the cache's scope for reconciliation, and one row. What each entity's cache holds is ./entities.ts.
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
import { afterCheckpoint, and, sources } from './entities.ts'
import { readRow, rowPath } from './platform-rows.ts'

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
    return api.get<PlatformRow[]>(rowPath(entity), {
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
  }
}
