// Running the renderer's outbox entries with the API client: each by the executor the table holds for its
// entity and action (./executors.ts), or, in a batch, runs of updates or creates of one entity as one bulk
// request. The platform's refusal ends an entry as failed; a failure that means "not now" (the one
// transient-error rule) is thrown on, so the entry stays queued and its retry check runs next time.
import type { OutboxBatchResult, OutboxCommand, OutboxOutcome } from '../../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { isTransient } from '../../../../common/transient.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { executorOf, rowWriters } from './executors.ts'
import { hasListRoute, readRow, readRows, rowPath } from './platform-rows.ts'
import { decideUpdate, findCreated, type RowCommand } from './row-actions.ts'
import { createKeyedTurns } from '../keyed-turns.ts'

/** The platform's refusal of an entry as its outcome; null when the failure is not a refusal. */
function refusal(error: unknown): OutboxOutcome | null {
  if (!(error instanceof ApiError) || isTransient(error)) return null
  const field = error.fields[0]?.field
  return {
    status: 'failed',
    error: { code: error.code, message: error.message, ...(field ? { field } : {}) },
    row: null,
  }
}

/**
 * The entries from `start` that can travel as one bulk request (field notes: POST or PUT of an array to a
 * base route is a bulk write and answers an array): consecutive updates, or consecutive creates, of one
 * entity with a list route, each of a different row. Anything else goes alone.
 */
function bulkRun(commands: readonly OutboxCommand[], start: number): OutboxCommand[] {
  const first = commands[start]!
  const kind = first.action
  // A party's create is a draft its executor turns into a graph, not the row: it goes alone.
  const writer = executorOf(first)
  if (
    (kind !== 'update' && kind !== 'create') ||
    !hasListRoute(first.entity) ||
    !writer ||
    !rowWriters.has(writer)
  )
    return [first]
  const run = [first]
  const rows = new Set([first.entityId])
  for (let i = start + 1; i < commands.length; i++) {
    const next = commands[i]!
    if (next.entity !== first.entity || next.action !== kind || rows.has(next.entityId)) break
    if (kind === 'update' && next.entityId <= 0) break
    run.push(next)
    rows.add(next.entityId)
  }
  return kind === 'update' && first.entityId <= 0 ? [first] : run
}

const isRun = <A extends 'update' | 'create'>(run: OutboxCommand[], action: A): run is RowCommand<A>[] =>
  run.every((command) => command.action === action)

export function createOutboxExecution(deps: { api(): Promise<ApiClient> }) {
  // One execution of a company's entries at a time. A drain whose answer was lost (the window's connection to
  // main dropped, a timeout) sends the entry again while main may still be running its first attempt; the
  // retry then waits for it, and its check of what the first attempt did reads the finished result, so a
  // comment, an approval or a payment is never sent twice side by side.
  const inTurn = createKeyedTurns()

  async function execute(companyKey: string, command: OutboxCommand): Promise<OutboxOutcome> {
    const run = executorOf(command)
    if (!run)
      return {
        status: 'failed',
        error: {
          code: 'UNKNOWN_ACTION',
          message: `${command.entity} has no outbox action ${command.action}`,
        },
        row: null,
      }
    const api = await deps.api()
    try {
      return await run(command, {
        api,
        companyKey,
        readRow: () => readRow(api, companyKey, command.entity, command.entityId),
      })
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
    run: readonly RowCommand<'update'>[],
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
        rowPath(entity),
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
    run: readonly RowCommand<'create'>[],
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
        rowPath(run[0]!.entity),
        send.map((at) => run[at]!.body),
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
    // Inside the company's turn: the entries alone go through `execute` itself, not through another turn.
    const outcomes: OutboxOutcome[] = []
    try {
      const api = await deps.api()
      for (let i = 0; i < commands.length;) {
        const run = bulkRun(commands, i)
        if (run.length === 1) outcomes.push(await execute(companyKey, run[0]!))
        else if (isRun(run, 'update')) outcomes.push(...(await updateRun(api, companyKey, run)))
        else if (isRun(run, 'create')) outcomes.push(...(await createRun(api, companyKey, run)))
        i += run.length
      }
      return { outcomes, error: null }
    } catch (error) {
      const e = error as { code?: string; message?: string; status?: unknown }
      return {
        outcomes,
        error: {
          code: e.code ?? 'INTERNAL',
          message: e.message ?? String(error),
          // The status tells the renderer's drain a refusal from "try again later" by the same rule.
          ...(typeof e.status === 'number' ? { status: e.status } : {}),
        },
      }
    }
  }

  return {
    execute: (companyKey: string, command: OutboxCommand) =>
      inTurn(companyKey, () => execute(companyKey, command)),
    executeBatch: (companyKey: string, commands: readonly OutboxCommand[]) =>
      inTurn(companyKey, () => executeBatch(companyKey, commands)),
  }
}
