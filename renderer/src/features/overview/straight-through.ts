// The straight-through figure of each company for the office overview: of the invoices saved in review
// on this computer, how many kept every value the app proposed (the review records each save's outcome
// in the workspace's `reviewOutcomes` table). The number OCR improvements are judged by.
import type { ReviewOutcome, WorkspaceDb } from '@renderer/data/schema'

export interface StraightThroughFigure {
  /** Invoices saved without a change to what was proposed. */
  straight: number
  /** Invoices saved in review. */
  total: number
}

export function straightThroughFigure(outcomes: Iterable<ReviewOutcome>): StraightThroughFigure {
  let straight = 0
  let total = 0
  for (const outcome of outcomes) {
    total++
    if (outcome.straightThrough) straight++
  }
  return { straight, total }
}

/** The figure of every listed company, read in one transaction. */
export async function straightThroughByCompany(
  db: WorkspaceDb,
  companyKeys: readonly string[],
): Promise<Map<string, StraightThroughFigure>> {
  const figures = new Map<string, StraightThroughFigure>()
  if (companyKeys.length === 0) return figures
  const rows = await db.reviewOutcomes
    .where('companyKey')
    .anyOf([...companyKeys])
    .toArray()
  for (const key of companyKeys)
    figures.set(key, straightThroughFigure(rows.filter((row) => row.companyKey === key)))
  return figures
}
