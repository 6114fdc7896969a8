// The invoice's history for the review's side panel: when it was registered, its comments, when it was
// sent for approval and what each approver did, and its status now, newest first. Built from whatever
// is at hand: the cache (tasks, the user's approvals, users) and, when the platform answers, its
// comments and the tasks with every approval (review.history).
import type { InvoiceHistory } from '@common/bridge/review'
import { SupplierInvoiceStatus } from '@common/status'
import { num, type Row } from './invoice-rows.ts'

export type HistoryKind = 'created' | 'comment' | 'sent' | 'approval' | 'status'

export interface HistoryEntry {
  /** Stable key for the list. */
  id: string
  kind: HistoryKind
  /** ISO timestamp, or '' when unknown. */
  at: string
  /** Who (display name), or null when unknown. */
  who: string | null
  /** The comment's text, for comments. */
  text?: string
  /** Approval or invoice status code. */
  status?: number
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '')

function nameOf(user: unknown, users: ReadonlyMap<number, Row>, id: unknown): string | null {
  const own = user && typeof user === 'object' ? str((user as Row).DisplayName) : ''
  if (own) return own
  const known = num(id) === null ? undefined : users.get(Number(id))
  return known ? str(known.DisplayName) || str(known.Email) || null : null
}

export interface HistorySources {
  /** Comments (platform only: comments are not cached). */
  comments?: readonly Row[]
  /** The invoice's tasks, with `Approvals` when they come from the platform. */
  tasks?: readonly Row[]
  /** Approvals from the cache (the user's own), joined to their task by TaskID. */
  approvals?: readonly Row[]
  /** The company's users by ID, for names. */
  users?: ReadonlyMap<number, Row>
}

/** Merges the cache's and the platform's pieces: the platform's tasks and approvals win by ID. */
export function mergeHistory(cache: HistorySources, platform: InvoiceHistory | null): HistorySources {
  if (!platform) return cache
  const tasks = new Map<number, Row>()
  for (const task of [...(cache.tasks ?? []), ...platform.tasks]) tasks.set(Number(task.ID), task)
  const approvals = new Map<number, Row>()
  for (const a of cache.approvals ?? []) approvals.set(Number(a.ID), a)
  for (const task of platform.tasks)
    for (const a of (task.Approvals as Row[] | undefined) ?? []) approvals.set(Number(a.ID), a)
  return {
    ...cache,
    comments: platform.comments,
    tasks: [...tasks.values()],
    approvals: [...approvals.values()],
  }
}

export function historyEntries(invoice: Row, sources: HistorySources): HistoryEntry[] {
  const users = sources.users ?? new Map<number, Row>()
  const entries: HistoryEntry[] = []
  const createdAt = str(invoice.CreatedAt)
  entries.push({ id: 'created', kind: 'created', at: createdAt, who: null })
  for (const c of sources.comments ?? [])
    entries.push({
      id: `comment-${String(c.ID)}`,
      kind: 'comment',
      at: str(c.CreatedAt),
      who: nameOf(c.Author, users, c.AuthorID),
      text: str(c.Text),
    })
  const taskIds = new Set<number>()
  for (const task of sources.tasks ?? []) {
    taskIds.add(Number(task.ID))
    entries.push({
      id: `task-${String(task.ID)}`,
      kind: 'sent',
      at: str(task.CreatedAt),
      who: nameOf(null, users, num(task.UserID)),
    })
  }
  const approvals = new Map<number, Row>()
  for (const a of sources.approvals ?? []) if (taskIds.has(Number(a.TaskID))) approvals.set(Number(a.ID), a)
  for (const a of approvals.values())
    entries.push({
      id: `approval-${String(a.ID)}`,
      kind: 'approval',
      at: str(a.UpdatedAt) || str(a.CreatedAt),
      who: nameOf(a.User, users, a.UserID),
      status: Number(a.StatusCode),
    })
  const status = Number(invoice.StatusCode)
  if (status && status !== SupplierInvoiceStatus.Draft)
    entries.push({ id: 'status', kind: 'status', at: str(invoice.UpdatedAt), who: null, status })
  // Newest first; entries of one moment keep the order they happen in (created before status).
  const order: Record<HistoryKind, number> = { created: 0, comment: 1, sent: 2, approval: 3, status: 4 }
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.at.localeCompare(a.e.at) || order[b.e.kind] - order[a.e.kind] || b.i - a.i)
    .map(({ e }) => e)
}
