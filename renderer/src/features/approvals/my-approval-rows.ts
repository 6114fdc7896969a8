// "My approvals": the signed-in user's active approvals (50120) in every company of the workspace, read
// from the offline cache. The user's User.ID differs per company (companies.userId, from each company's
// current-session); an approval of another user that the cache holds is one the user stands in for. A
// decision queued in the outbox keeps its row in the list with the decision's state until the platform
// has it, and one overtaken by a colleague shows who handled it.
// An approval names its invoice only through its Task (spec 2.15). Without the task in the cache the row
// shows what the approval itself says (amount, currency) and no step count, others or invoice; where the
// platform does not list tasks (the pull marked Task unavailable) the row is marked `taskUnlisted`, and the
// detail shows the approval's own company, amount and step instead of waiting for an invoice.
import { ApprovalStatus } from '@common/status'
import { isAction } from '@renderer/data/outbox-queries'
import type { Cached, OutboxEntry, WorkspaceDb } from '@renderer/data/schema'

export type DecisionState = 'pending' | 'sending' | 'failed' | 'alreadyHandled' | 'reassigned'

export interface PlanStep {
  step: number
  userNames: string[]
  /** spec 3.5: a step is skipped when its limit is greater than the amount. */
  limit: number | null
  status: number | null
}

export interface MyApprovalRow {
  /** `${companyKey}:${ID}`: unique across companies. */
  key: string
  companyKey: string
  companyName: string
  ID: number
  TaskID: number
  invoiceId: number | null
  supplierName: string | null
  InvoiceNumber: string | null
  TaxInclusiveAmount: number | null
  currency: string | null
  PaymentDueDate: string | null
  overdue: boolean
  /** The approval's step; null when neither the approval nor its task says. */
  step: number | null
  /** Steps in the task's plan; null without the task (no "step 2 of 3" the cache cannot back). */
  steps: number | null
  /** Other approvers of the same step; null without the task (not known, rather than none). */
  others: string[] | null
  /** The task is not in the cache and the platform does not list tasks: the invoice cannot be shown. */
  taskUnlisted: boolean
  /** Set when the user acts as a substitute: whose approval this is. */
  substituteFor: string | null
  plan: PlanStep[]
  /** The queued decision, if any. */
  decision: { seq: number; action: string; state: DecisionState; by: string | null; message: string } | null
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
const num = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}
const userName = (user: Cached<'User'> | undefined): string | null =>
  user ? (text(user.DisplayName) ?? text(user.Email) ?? text(user.UserName)) : null

function decisionOf(entry: OutboxEntry | undefined): MyApprovalRow['decision'] {
  if (!entry || !isAction(entry, 'Approval')) return null
  const code = entry.lastError?.code
  const state: DecisionState =
    code === 'ALREADY_HANDLED'
      ? 'alreadyHandled'
      : code === 'REASSIGNED'
        ? 'reassigned'
        : entry.state === 'conflict'
          ? 'failed'
          : entry.state
  return {
    seq: entry.seq!,
    action: entry.action,
    state,
    by: entry.lastError?.by || null,
    message: entry.lastError?.message ?? '',
  }
}

/** Today as yyyy-mm-dd in local time: a due date before it is overdue. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** The rows of one company. Reads only that company's rows. */
async function companyRows(
  db: WorkspaceDb,
  company: { Key: string; Name: string; userId: number },
  today: string,
): Promise<MyApprovalRow[]> {
  const key = company.Key
  const [approvals, outbox, taskCheckpoint] = await Promise.all([
    db.Approval.where('companyKey').equals(key).toArray(),
    db.outbox.where('companyKey').equals(key).toArray(),
    db.checkpoints.get([key, 'Task']),
  ])
  const tasksUnlisted = Boolean(taskCheckpoint?.unavailable)
  const decisions = new Map(
    outbox.filter((e) => isAction(e, 'Approval')).map((e) => [e.entityId, e] as const),
  )
  const shown = approvals.filter((a) => Number(a.StatusCode) === ApprovalStatus.Active || decisions.has(a.ID))
  if (shown.length === 0) return []
  const taskIds = [...new Set(shown.map((a) => num(a.TaskID)).filter((id): id is number => id !== null))]
  const tasks = await db.Task.bulkGet(taskIds.map((id) => [key, id] as [string, number]))
  const taskById = new Map(tasks.filter((t) => t !== undefined).map((t) => [t.ID, t]))
  const invoiceIds = [...taskById.values()]
    .map((t) => num(t.EntityID))
    .filter((id): id is number => id !== null)
  const invoices = await db.SupplierInvoice.bulkGet(invoiceIds.map((id) => [key, id] as [string, number]))
  const invoiceById = new Map(invoices.filter((i) => i !== undefined).map((i) => [i.ID, i]))
  const users = new Map(
    (await db.User.where('companyKey').equals(key).toArray()).map((u) => [u.ID, u] as const),
  )
  const suppliers = new Map(
    (await db.Supplier.where('companyKey').equals(key).toArray()).map((s) => [s.ID, s] as const),
  )
  const nameOf = (id: unknown) => userName(users.get(num(id) ?? -1)) ?? (id === null ? '' : `#${String(id)}`)

  return shown.map((a): MyApprovalRow => {
    const task = taskById.get(num(a.TaskID) ?? -1)
    const invoice = task ? invoiceById.get(num(task.EntityID) ?? -1) : undefined
    const planRows = task?.ApprovalPlan ?? []
    const stepNumbers = [...new Set(planRows.map((p) => num(p.StepNumber) ?? 1))].sort((x, y) => x - y)
    const step = num(a.StepNumber) ?? (task ? 1 : null)
    const plan: PlanStep[] = stepNumbers.map((s) => {
      const rows = planRows.filter((p) => (num(p.StepNumber) ?? 1) === s)
      return {
        step: s,
        userNames: rows.map((p) => nameOf(p.UserID)),
        limit: rows.map((p) => num(p.Limit)).find((l) => l !== null) ?? null,
        status: num(rows[0]?.StatusCode),
      }
    })
    const others = task
      ? planRows
          .filter((p) => (num(p.StepNumber) ?? 1) === step && num(p.UserID) !== num(a.UserID))
          .map((p) => nameOf(p.UserID))
      : null
    const supplier = suppliers.get(num(invoice?.SupplierID) ?? -1)
    const supplierName = text(supplier?.Info?.Name) ?? text(invoice?.Supplier?.Info?.Name) ?? null
    const due = text(invoice?.PaymentDueDate)?.slice(0, 10) ?? null
    return {
      key: `${key}:${a.ID}`,
      companyKey: key,
      companyName: company.Name,
      ID: a.ID,
      TaskID: num(a.TaskID) ?? 0,
      invoiceId: invoice?.ID ?? num(task?.EntityID),
      supplierName,
      InvoiceNumber: text(invoice?.InvoiceNumber),
      TaxInclusiveAmount: num(invoice?.TaxInclusiveAmount) ?? num(a.Amount),
      currency: text(a.CurrencyCode),
      PaymentDueDate: due,
      overdue: due !== null && due < today,
      step,
      steps: task ? Math.max(stepNumbers.length, step ?? 1) : null,
      others,
      taskUnlisted: !task && tasksUnlisted,
      substituteFor: num(a.UserID) === company.userId ? null : nameOf(a.UserID),
      plan,
      decision: decisionOf(decisions.get(a.ID)),
    }
  })
}

/** The tables My approvals reads: one read transaction over them all (myApprovalTables). */
export const myApprovalTables = (db: WorkspaceDb) => [
  db.companies,
  db.Approval,
  db.outbox,
  db.Task,
  db.SupplierInvoice,
  db.User,
  db.Supplier,
  db.checkpoints,
]

/** My approvals as the cache answers them, with the companies whose approvals were pulled whole once. */
export interface MyApprovalsState {
  rows: MyApprovalRow[]
  pulled: Set<string>
}

const byDueThenCompany = (x: MyApprovalRow, y: MyApprovalRow) => {
  if (x.PaymentDueDate !== y.PaymentDueDate) {
    if (x.PaymentDueDate === null) return 1
    if (y.PaymentDueDate === null) return -1
    return x.PaymentDueDate < y.PaymentDueDate ? -1 : 1
  }
  return (
    x.companyName.localeCompare(y.companyName) || (x.InvoiceNumber ?? '').localeCompare(y.InvoiceNumber ?? '')
  )
}

/**
 * Every company's rows, due date first (no due date last), then company and invoice number, and the
 * companies whose Approval checkpoint says their approvals were pulled whole: what the notices of new
 * approvals judge a company's first complete pull by, read with the rows it brought. Read in one read-only
 * transaction: while a sync writes, each of the many small reads of separate transactions would wait its turn
 * behind the sync's writes, one after another. Each checkpoint is read by its key, never by a query over the
 * whole table, so a live query of this is not woken by every page any pull of any entity stores.
 */
export async function loadMyApprovalsState(db: WorkspaceDb, today = localToday()): Promise<MyApprovalsState> {
  const { perCompany, checkpoints } = await db.transaction('r', myApprovalTables(db), async () => {
    const companies = await db.companies.toArray()
    const approving = companies.filter((c): c is typeof c & { userId: number } => c.userId !== null)
    return {
      perCompany: await Promise.all(approving.map((c) => companyRows(db, c, today))),
      checkpoints: await db.checkpoints.bulkGet(
        companies.map((c) => [c.Key, 'Approval'] as [string, string]),
      ),
    }
  })
  const pulled = new Set(
    checkpoints
      .filter((c): c is NonNullable<typeof c> => c !== undefined && c.lastPulledAt !== null)
      .map((c) => c.companyKey),
  )
  return { rows: perCompany.flat().sort(byDueThenCompany), pulled }
}

/** Every company's rows, ordered as `loadMyApprovalsState` orders them. */
export async function loadMyApprovals(db: WorkspaceDb, today = localToday()): Promise<MyApprovalRow[]> {
  return (await loadMyApprovalsState(db, today)).rows
}

export type DueFilter = 'all' | 'overdue' | 'week'

export function filterRows(
  rows: readonly MyApprovalRow[],
  filter: { companyKey: string | null; due: DueFilter },
  today = localToday(),
): MyApprovalRow[] {
  const weekEnd = new Date(`${today}T12:00:00`)
  weekEnd.setDate(weekEnd.getDate() + 7)
  const week = localToday(weekEnd)
  return rows.filter(
    (r) =>
      (filter.companyKey === null || r.companyKey === filter.companyKey) &&
      (filter.due === 'all' ||
        (filter.due === 'overdue' && r.overdue) ||
        (filter.due === 'week' && r.PaymentDueDate !== null && r.PaymentDueDate <= week)),
  )
}

/** Rows still waiting for the user's decision (the sidebar count). */
export const openCount = (rows: readonly MyApprovalRow[]) => rows.filter((r) => r.decision === null).length
