// The overview's count of what went through by itself today per company (straight-through rules: the
// review's logic/straight-send.ts writes the rows). Read from the workspace's `wentThrough` table.
import type { WorkspaceDb } from './schema.ts'

/** How many invoices of each company went through by themselves today (and were not taken back). */
export async function wentThroughToday(
  db: WorkspaceDb,
  companyKeys: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, number>> {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString()
  const rows = await db.wentThrough.where('at').aboveOrEqual(start).toArray()
  const counts = new Map<string, number>(companyKeys.map((key) => [key, 0]))
  for (const row of rows)
    if (!row.undoneAt && counts.has(row.companyKey))
      counts.set(row.companyKey, counts.get(row.companyKey)! + 1)
  return counts
}
