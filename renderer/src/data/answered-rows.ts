// The rows an outbox action answered when its answer is several rows (a booking's journal entries, in the
// order of its request): kept in the entity's table with the operation that made them and their place in the
// answer, until the feature that queued the action takes them (the journal puts each entry's number on the
// draft's entry at the same place). They are written with the entry's outcome, in the drain's transaction.
import type { PlatformRow } from '@common/bridge/sync'
import type { CachedEntity, CachedRow, OutboxEntry, WorkspaceDb } from './schema.ts'

/** The operation key of the outbox entry whose answer a row was, and the row's place in that answer. */
export interface AnswerMark {
  _answerOf?: string
  _answerAt?: number
}

/** Keeps an entry's answered rows in its entity's table, each marked with the entry and its place. */
export async function keepAnswer(
  db: WorkspaceDb,
  companyKey: string,
  entry: Pick<OutboxEntry, 'entity' | 'operationKey'>,
  rows: readonly PlatformRow[],
): Promise<void> {
  const marked: CachedRow[] = rows
    .filter((row) => typeof row.ID === 'number')
    .map((row) => ({
      ...row,
      companyKey,
      ID: Number(row.ID),
      _answerOf: entry.operationKey,
      _answerAt: rows.indexOf(row),
    }))
  await db[entry.entity].bulkPut(marked)
}

/** The rows an entry answered, in the order of its answer; empty when none are kept. */
export async function answeredRows(
  db: WorkspaceDb,
  entity: CachedEntity,
  companyKey: string,
  operationKey: string,
): Promise<(CachedRow & AnswerMark)[]> {
  const table = db.table<CachedRow & AnswerMark, [string, number]>(entity)
  const rows = await table
    .where('companyKey')
    .equals(companyKey)
    .filter((row) => row._answerOf === operationKey)
    .toArray()
  return rows.sort((a, b) => (a._answerAt ?? 0) - (b._answerAt ?? 0))
}

/** A row without the mark of the answer it came in (once its feature has taken it). */
export function withoutAnswerMark<R extends object>(row: R): R {
  const { _answerOf: _of, _answerAt: _at, ...rest } = row as R & AnswerMark
  return rest as R
}
