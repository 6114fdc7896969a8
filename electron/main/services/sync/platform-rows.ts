// A cached entity's rows as main reads them for the cache and the outbox: its route and the expansions the
// cache keeps (./entities.ts), one row by ID (null when the platform no longer has it), several in one request.
import type { PlatformRow, SyncEntity } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'
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
  // The list with an ID filter (spec 4.2) rather than `{route}/{id}`, which the spec documents for a few
  // routes only: on a platform without the one-row route a 404 would read as "the row is gone". Here an
  // empty list is "gone", and a list the platform does not offer fails as itself.
  const [row] = await api.get<PlatformRow[]>(rowPath(entity), {
    companyKey,
    query: {
      filter: `ID eq ${Math.trunc(id)}`,
      ...(sources[entity].expand ? { expand: sources[entity].expand } : {}),
      top: 1,
    },
  })
  return row ?? null
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
