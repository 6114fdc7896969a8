// The review screen's outbox actions that are not one platform transition (spec 4.5; field notes
// "Graph writes", "Approvals"): the invoice's cost lines saved as `JournalEntry.DraftLines`, a comment
// (`comments/SupplierInvoice/{id}`), and lock/unlock (`entitylock`). Each first reads what the platform
// has, so a retry after a lost answer finds its effect there and does not do it twice: cost lines are
// set to the wanted list (lines the platform already has are matched, not added again), a comment is
// posted unless the user's same text is there, a lock only when the invoice is not locked.
// The documents give entity locks only their POST and the unlock (spec 4.5), no list: where the platform
// does not offer the list (offered.ts), lock and unlock are sent without it and keep their sense through
// the answer: a lock refused because the invoice is already locked, and an unlock of an invoice that is
// not locked, have the effect wanted, so they are done.
import type { CostLine, OutboxCommandOf, OutboxOutcome } from '../../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { toOre } from '../../../../common/money.ts'
import { sameValue } from '../../../../common/same-value.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError, HttpStatus } from '../api/errors.ts'
import { ifOffered } from '../api/offered.ts'
import { postCommentOnce } from './approval-actions.ts'
import { sessionUser } from '../platform-reads/session-user.ts'
import { sources } from './entities.ts'
import { done, type Executor } from './executor.ts'

type Row = PlatformRow
type ReviewCommand<A extends 'save-cost-lines' | 'comment' | 'lock' | 'unlock'> = OutboxCommandOf<
  'SupplierInvoice',
  A
>

const lineFields = ['AccountID', 'VatTypeID', 'Amount', 'Description'] as const

function sameLine(a: Row | CostLine, b: Row | CostLine): boolean {
  const av = a as Record<string, unknown>
  const bv = b as Record<string, unknown>
  return lineFields.every((f) => (f === 'Amount' ? toOre(av[f]) === toOre(bv[f]) : sameValue(av[f], bv[f])))
}

function dimensionsOf(line: CostLine, existing: Row | undefined): Row | undefined {
  if (line.DepartmentID == null && line.ProjectID == null) return undefined
  const dims = existing?.Dimensions as Row | undefined
  return {
    ...(dims?.ID ? { ID: dims.ID } : { _createguid: crypto.randomUUID() }),
    DepartmentID: line.DepartmentID ?? null,
    ProjectID: line.ProjectID ?? null,
  }
}

/**
 * The graph that turns the invoice's saved lines into `wanted`: lines with an ID update that line, lines
 * without one take an unmatched saved line with the same values (a retry finds what the first attempt
 * created) or are created, and saved lines left over are deleted.
 */
export function costLineGraph(
  saved: readonly Row[],
  wanted: readonly CostLine[],
  date: string | null,
): Row[] {
  const left = new Map(saved.filter((l) => l.Deleted !== true).map((l) => [Number(l.ID), l]))
  const out: Row[] = []
  const pending: CostLine[] = []
  for (const line of wanted) {
    if (line.ID != null && left.has(Number(line.ID))) {
      const existing = left.get(Number(line.ID))!
      left.delete(Number(line.ID))
      out.push(draftLine(line, existing, date, out.length))
    } else pending.push(line)
  }
  for (const line of pending) {
    const match = [...left.values()].find((l) => sameLine(l, line))
    if (match) left.delete(Number(match.ID))
    out.push(draftLine(line, match, date, out.length))
  }
  for (const gone of left.values()) out.push({ ID: gone.ID, Deleted: true })
  return out
}

function draftLine(line: CostLine, existing: Row | undefined, date: string | null, index: number): Row {
  const dims = dimensionsOf(line, existing)
  return {
    ...(existing ? { ID: existing.ID } : { _createguid: crypto.randomUUID() }),
    AccountID: line.AccountID,
    VatTypeID: line.VatTypeID ?? null,
    Amount: line.Amount,
    AmountCurrency: line.Amount,
    Description: line.Description ?? null,
    SortIndex: index + 1,
    ...(date ? { FinancialDate: date } : {}),
    ...(dims ? { Dimensions: dims } : {}),
  }
}

async function readInvoice(api: ApiClient, companyKey: string, id: number): Promise<Row | null> {
  try {
    return await api.get<Row>(`api/biz/supplierinvoices/${id}`, {
      companyKey,
      query: { expand: `${sources.SupplierInvoice.expand},JournalEntry.DraftLines.Dimensions` },
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** The invoice's locks, or null where the platform does not list locks (only their writes are documented). */
async function locksOf(api: ApiClient, companyKey: string, id: number): Promise<Row[] | null> {
  return ifOffered(() =>
    api.get<Row[]>('api/biz/entitylock', {
      companyKey,
      query: { filter: `EntityType eq 'SupplierInvoice' and EntityID eq ${id}`, select: 'ID,Message' },
    }),
  )
}

/** The platform refused a lock because the entity is locked already: the lock wanted is there. */
export function isAlreadyLocked(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500 && /\balready locked\b/i.test(error.message)
}

/** The platform refused an unlock because nothing is locked: the entity is unlocked, as wanted. */
export function isNotLocked(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === HttpStatus.NotFound || (error.status < 500 && /\bnot locked\b/i.test(error.message)))
  )
}

const gone = (id: number): OutboxOutcome => ({
  status: 'failed',
  error: { code: 'DELETED_ON_SERVER', message: `SupplierInvoice ${id} no longer exists on the platform` },
  row: null,
})

/** The invoice's cost lines set to the wanted list, as its journal entry's draft lines. */
export const saveCostLines: Executor<ReviewCommand<'save-cost-lines'>> = async (
  command,
  { api, companyKey },
) => {
  const id = command.entityId
  const invoice = await readInvoice(api, companyKey, id)
  if (!invoice) return gone(id)
  const entry = invoice.JournalEntry as Row | null | undefined
  const saved = Array.isArray(entry?.DraftLines) ? (entry.DraftLines as Row[]) : []
  const date = typeof invoice.InvoiceDate === 'string' ? invoice.InvoiceDate.slice(0, 10) : null
  const DraftLines = costLineGraph(saved, command.body.Lines, date)
  const journalEntry = entry?.ID
    ? { ID: entry.ID, DraftLines }
    : { _createguid: crypto.randomUUID(), DraftLines }
  await api.put(`api/biz/supplierinvoices/${id}`, { ID: id, JournalEntry: journalEntry }, { companyKey })
  return done(await readInvoice(api, companyKey, id))
}

export const comment: Executor<ReviewCommand<'comment'>> = async (command, { api, companyKey }) => {
  const text = command.body.Text.trim()
  if (!text)
    return { status: 'failed', error: { code: 'VALIDATION', message: 'A comment needs a text' }, row: null }
  const user = await sessionUser(api, companyKey)
  await postCommentOnce(api, companyKey, command.entityId, text, user.ID)
  return done(null)
}

export const lock: Executor<ReviewCommand<'lock'>> = async (command, { api, companyKey }) => {
  const id = command.entityId
  const locks = await locksOf(api, companyKey, id)
  if (locks !== null && locks.length > 0) return done(null)
  try {
    await api.post(
      'api/biz/entitylock',
      { Message: command.body.Message, EntityType: 'SupplierInvoice', EntityID: id },
      { companyKey },
    )
  } catch (error) {
    // Without the list, a retry after a lost answer (or a colleague's lock) meets the lock already there.
    if (locks === null && isAlreadyLocked(error)) return done(null)
    throw error
  }
  return done(null)
}

export const unlock: Executor<ReviewCommand<'unlock'>> = async (command, { api, companyKey }) => {
  const id = command.entityId
  const locks = await locksOf(api, companyKey, id)
  if (locks !== null && locks.length === 0) return done(null)
  try {
    await api.put('api/biz/entitylock', null, {
      companyKey,
      query: { action: 'unlock', id: String(id), entitytype: 'SupplierInvoice' },
    })
  } catch (error) {
    // Without the list, an unlock of an invoice that is not locked (one already unlocked) is done.
    if (locks === null && isNotLocked(error)) return done(null)
    throw error
  }
  return done(null)
}
