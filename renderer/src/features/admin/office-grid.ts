// The office section's logic apart from its view: what a selection sends to the bulk permission route
// (spec 4.10 update-permissions) and the bounded reading back of its asynchronous outcome per company.
import type { OfficeGrid, PermissionCheck, PermissionRequest } from '@common/bridge/admin-users'

export type CompanyProgress = 'queued' | 'done' | 'waiting'

/** The request for the chosen people and companies: people without a license id cannot be sent. */
export function permissionRequest(
  grid: OfficeGrid,
  people: ReadonlySet<string>,
  companies: ReadonlySet<string>,
  roles: readonly string[] | null,
): PermissionRequest | null {
  const UserIds = grid.people
    .filter((p) => people.has(p.key) && p.licenseUserId !== null)
    .map((p) => p.licenseUserId!)
  const CompanyIds = grid.companies.filter((c) => companies.has(c.Key)).map((c) => c.ID)
  if (!UserIds.length || !CompanyIds.length) return null
  return { CompanyIds, UserIds, Roles: roles ? [...roles] : null }
}

export interface WaitOptions {
  /** Readings at most (the bound), one every `delayMs`. */
  rounds: number
  delayMs: number
  sleep?: (ms: number) => Promise<void>
  /** Told after every reading, with each company's progress so far. */
  onRound?(progress: Record<string, CompanyProgress>): void
}

/**
 * Reads the roles back until every company shows them or the bound is reached; a company still not done
 * then is `waiting` (the license server may yet apply it: the section says to read again later).
 */
export async function waitForPermissions(
  check: (question: PermissionCheck) => Promise<Record<string, boolean>>,
  question: PermissionCheck,
  options: WaitOptions,
): Promise<Record<string, CompanyProgress>> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const progress: Record<string, CompanyProgress> = Object.fromEntries(
    question.companyKeys.map((k) => [k, 'queued' as CompanyProgress]),
  )
  for (let round = 0; round < options.rounds; round++) {
    const open = question.companyKeys.filter((k) => progress[k] !== 'done')
    if (!open.length) break
    if (round > 0) await sleep(options.delayMs)
    const answer = await check({ ...question, companyKeys: open })
    for (const k of open) if (answer[k]) progress[k] = 'done'
    options.onRound?.({ ...progress })
  }
  for (const k of question.companyKeys) if (progress[k] !== 'done') progress[k] = 'waiting'
  return progress
}
