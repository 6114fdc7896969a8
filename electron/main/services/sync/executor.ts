// What an outbox executor is: one action of one entity, run with the API client for the command's company.
// Each looks before acting again: on a retry (attempts > 0) it first asks the platform whether the earlier
// attempt took effect, so nothing happens twice.
import type { OutboxCommand, OutboxOutcome } from '../../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import type { ApiClient } from '../api/client.ts'

export interface ExecutorContext {
  api: ApiClient
  companyKey: string
  /** The server's row of the command's entity and ID, with the cache's expansions; null when it is gone. */
  readRow(): Promise<PlatformRow | null>
}

export type Executor<C extends OutboxCommand = OutboxCommand> = (
  command: C,
  context: ExecutorContext,
) => Promise<OutboxOutcome>

export const done = (row: PlatformRow | null): OutboxOutcome => ({ status: 'done', row, merged: [] })
