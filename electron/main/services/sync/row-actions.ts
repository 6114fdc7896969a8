// The outbox's changes of a row's own properties, and the platform transitions whose effect shows in the
// row's status. An update is compared with the server's row first: properties the server still has at their
// base values are sent, the same property changed on both sides is a conflict (never a silent overwrite).
// A retried create looks for the row the first attempt made, a retried delete for the row, a retried
// transition for the status it lands in; only what did not take effect is sent again.
import type { OutboxCommand, OutboxOutcome, RowAction } from '../../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { sameValue } from '../../../../common/same-value.ts'
import type { ApiClient } from '../api/client.ts'
import { done, type Executor } from './executor.ts'
import { quote } from './entities.ts'
import { rowPath } from './platform-rows.ts'
import { baseOf, mergeCustomValues, mergeProperty } from './three-way.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A conflicting property's server value: `CustomValues.CustomX` is one key of the row's custom values. */
function readPath(
  row: PlatformRow,
  field: string,
  read: (row: PlatformRow, field: string) => unknown,
): unknown {
  const custom = /^CustomValues\.(.+)$/.exec(field)
  if (!custom || field in row) return read(row, field)
  const values = row.CustomValues
  return isObject(values) ? values[custom[1]!] : undefined
}

export type RowCommand<A extends RowAction> = Extract<OutboxCommand, { action: A }>

/**
 * An update against the server's row, property by property by the one rule of ./three-way.ts: the
 * properties the server still has at their base values are sent (`send`; `merged` names them when the row
 * moved since the base), the same property changed on both sides is a conflict (with the server's values),
 * and nothing to send is done at once. `read` reads a property of
 * the server's row: a row's own property by default, a path such as `Info.Name` for a party's edit
 * (./party-graph.ts).
 */
export function decideUpdate(
  command: Pick<OutboxCommand, 'entity' | 'entityId' | 'base' | 'baseUpdatedAt'> & {
    body: Readonly<Record<string, unknown>>
  },
  server: PlatformRow | null,
  read: (row: PlatformRow, field: string) => unknown = (row, field) => row[field],
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
  for (const [field, mine] of Object.entries(command.body)) {
    const base = baseOf(command.base, field)
    if (field === 'CustomValues' && isObject(mine)) {
      const custom = mergeCustomValues(mine, read(server, field), base)
      if (Object.keys(custom.send).length > 0) send.CustomValues = custom.send
      conflicts.push(...custom.conflicts.map((key) => `CustomValues.${key}`))
      continue
    }
    const merge = mergeProperty(mine, read(server, field), base)
    if (merge === 'send') send[field] = mine
    else if (merge === 'conflict') conflicts.push(field)
  }
  if (conflicts.length > 0)
    return {
      status: 'conflict',
      fields: conflicts,
      theirs: Object.fromEntries(conflicts.map((f) => [f, readPath(server, f, read) ?? null])),
      row: server,
    }
  if (Object.keys(send).length === 0) return done(server)
  const moved = !sameValue(server.UpdatedAt, command.baseUpdatedAt)
  return { send, merged: moved ? Object.keys(send) : [] }
}

/** The row an earlier attempt of a create made: the newest one with every plain value it was created with. */
export async function findCreated(
  api: ApiClient,
  companyKey: string,
  command: RowCommand<'create'>,
): Promise<PlatformRow | null> {
  const conditions = Object.entries(command.body)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => `${k} eq ${typeof v === 'string' ? quote(v) : String(v)}`)
  if (conditions.length === 0) return null
  const rows = await api.get<PlatformRow[]>(rowPath(command.entity), {
    companyKey,
    query: { filter: conditions.join(' and '), orderby: 'ID desc', top: 1 },
  })
  return rows[0] ?? null
}

export const updateRow: Executor<RowCommand<'update'>> = async (command, { api, companyKey, readRow }) => {
  const decided = decideUpdate(command, await readRow())
  if ('status' in decided) return decided
  // The answer is the updated entity (field notes); the cache keeps its expansions from before.
  const updated = await api.put<PlatformRow | undefined>(
    rowPath(command.entity, command.entityId),
    { ID: command.entityId, ...decided.send },
    { companyKey },
  )
  return {
    status: 'done',
    row: updated && typeof updated === 'object' ? updated : await readRow(),
    merged: decided.merged,
  }
}

export const createRow: Executor<RowCommand<'create'>> = async (command, { api, companyKey }) => {
  if (command.attempts > 0) {
    const earlier = await findCreated(api, companyKey, command)
    if (earlier) return done(earlier)
  }
  // The answer is the created entity with its new ID (field notes).
  return done(await api.post<PlatformRow>(rowPath(command.entity), command.body, { companyKey }))
}

export const deleteRow: Executor<RowCommand<'delete'>> = async (command, { api, companyKey, readRow }) => {
  if (command.attempts > 0 && !(await readRow())) return done(null)
  await api.delete(rowPath(command.entity, command.entityId), { companyKey })
  return done(null)
}

/**
 * A platform transition (`?action=` on the row, spec 3.1) whose effect shows in the row's StatusCode: a
 * retry that finds the row in one of `landsIn` is done without sending it again.
 */
export function transition(landsIn: readonly number[]): Executor {
  return async (command, { api, companyKey, readRow }) => {
    if (command.attempts > 0) {
      const server = await readRow()
      if (server && landsIn.includes(Number(server.StatusCode))) return done(server)
    }
    await api.post(rowPath(command.entity, command.entityId), command.body ?? null, {
      companyKey,
      query: { action: command.action },
    })
    return done(await readRow())
  }
}
