// The approval tasks of one supplier invoice and their approvals, from documented reads only, for a
// platform that does not list tasks (spec 4.8 gives tasks only a POST): a Task's `EntityID` and `ModelID`
// (spec 2.15) through the statistics route (spec 4.2), the model's ID from `models?filter=Name eq`
// (spec 4.8), and the approvals of those tasks from the approvals list by their documented `TaskID`.
// Null when the platform does not offer one of these reads: then nothing documented tells which
// approvals belong to the invoice, and the caller says the history is not available from this platform.
import type { ApiClient } from '../api/client.ts'
import { ifOffered } from '../api/offered.ts'
import { tasksViaStatistics } from '../platform-reads/tasks.ts'

type Row = Record<string, unknown>

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

/**
 * The invoice's tasks, oldest first, each with `EntityID`, its `ApprovalPlan` and its `Approvals` (rows of
 * the approvals list, by ID); null when the platform does not offer the reads that tell them.
 */
export async function tasksOfInvoice(
  api: ApiClient,
  companyKey: string,
  invoiceId: number,
): Promise<Row[] | null> {
  const models = await ifOffered(() =>
    api.get<Row[]>('api/biz/models', {
      companyKey,
      query: { filter: "Name eq 'SupplierInvoice'", select: 'ID' },
    }),
  )
  const modelId = num(models?.[0]?.ID)
  if (modelId === null) return null
  // The tasks with their plans (platform-reads/tasks.ts), as the cache reads them where tasks are not listed.
  const found = await ifOffered(() =>
    tasksViaStatistics(api, companyKey, {
      filter: `EntityID eq ${invoiceId} and ModelID eq ${modelId}`,
      orderby: 'ID',
      top: 100,
    }),
  )
  if (found === null) return null
  const tasks = found.filter((t) => num(t.ID) !== null)
  if (tasks.length === 0) return []
  const approvals = await ifOffered(() =>
    api.get<Row[]>('api/biz/approvals', {
      companyKey,
      query: { filter: tasks.map((t) => `TaskID eq ${num(t.ID)}`).join(' or '), orderby: 'ID' },
    }),
  )
  if (approvals === null) return null
  return tasks.map((t) => ({
    ...t,
    EntityID: invoiceId,
    Approvals: approvals.filter((a) => a.Deleted !== true && num(a.TaskID) === num(t.ID)),
  }))
}
