// A cached entity's rows as main reads them for the cache and the outbox: its route and the expansions the
// cache keeps (./entities.ts), one row by ID (null when the platform no longer has it), several in one request.
import type { PlatformRow, SyncEntity } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { sources } from './entities.ts'

export const rowPath = (entity: SyncEntity, id?: number) =>
  `api/biz/${sources[entity].route}${id === undefined ? '' : `/${id}`}`

/** Whether the entity has a list route that takes bulk writes (attachments come from statistics). */
export const hasListRoute = (entity: SyncEntity) => !sources[entity].statistics

export async function readRow(
  api: ApiClient,
  companyKey: string,
  entity: SyncEntity,
  id: number,
): Promise<PlatformRow | null> {
  try {
    return await api.get<PlatformRow>(rowPath(entity, id), {
      companyKey,
      query: sources[entity].expand ? { expand: sources[entity].expand } : {},
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** The server's rows of several IDs in one request (`ID eq a or ID eq b ...`), with the cache's expansions. */
export async function readRows(
  api: ApiClient,
  companyKey: string,
  entity: SyncEntity,
  ids: readonly number[],
): Promise<Map<number, PlatformRow>> {
  const rows = await api.get<PlatformRow[]>(rowPath(entity), {
    companyKey,
    query: {
      filter: ids.map((id) => `ID eq ${id}`).join(' or '),
      ...(sources[entity].expand ? { expand: sources[entity].expand } : {}),
      top: ids.length,
    },
  })
  return new Map(rows.map((row) => [Number(row.ID), row]))
}
