// Attachment lists without the statistics model the FileAttachment declaration reads. The documents name
// the statistics route (spec 4.2) but not the model `FileEntityLink`; a platform that does not offer it
// answers `Success: false` (or 400/404). The documented way to an invoice's attachments is its list,
// `GET files/{EntityType}/{EntityID}` (spec 4.5), which answers the File rows: one request per invoice,
// made a few at a time. What is not offered is remembered per API client (one per session) and company,
// and asked again after STATISTICS_RETRY_MS, so a round does not ask statistics for nothing every minute.
import { createHash } from 'node:crypto'
import type { CacheScope } from '../../../../common/entities/declarations.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { SupplierInvoiceStatus } from '../../../../common/status.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError, ApiErrorCode, HttpStatus } from '../api/errors.ts'
import { sources } from './entities.ts'

/** How long a refused statistics model is not asked again (a new session asks at once). */
export const STATISTICS_RETRY_MS = 60 * 60_000
/** Attachment lists asked at the same time. */
export const LISTS_AT_A_TIME = 4
/** Invoice IDs per page of the scope's list (the spec documents no maximum page size). */
const PAGE = 1000

/**
 * The platform's answer that a statistics query is not offered: `Success: false` (field notes: a query
 * error comes back as HTTP 200 with `Success: false`), or the route or model refused with 400 or 404.
 */
export function statisticsNotOffered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return (
    error.code === ApiErrorCode.Statistics ||
    error.status === HttpStatus.BadRequest ||
    error.status === HttpStatus.NotFound
  )
}

/** An attachment list answered as not offered (the invoice is gone, or the route is not there). */
const listNotOffered = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === HttpStatus.NotFound ||
    error.status === HttpStatus.BadRequest ||
    error.status === HttpStatus.Forbidden)

/** What the fallback knows of one invoice's list: when it was read, and what it answered. */
interface Listed {
  updatedAt: string | null
  status: number | null
  rows: PlatformRow[]
}

interface CompanyState {
  /** When a statistics query of FileEntityLink was last refused (ms since the epoch). */
  refusedAt: number
  /** The last attachment list of each supplier invoice in the scope. */
  lists: Map<number, Listed>
}

const states = new WeakMap<ApiClient, Map<string, CompanyState>>()

function stateOf(api: ApiClient, companyKey: string): CompanyState | undefined {
  return states.get(api)?.get(companyKey)
}

/** Whether to ask statistics for FileEntityLink now: never refused here, or refused long enough ago. */
export function statisticsOffered(api: ApiClient, companyKey: string, now: Date): boolean {
  const state = stateOf(api, companyKey)
  return !state || now.getTime() - state.refusedAt >= STATISTICS_RETRY_MS
}

/** Remembers that the company's platform refused the FileEntityLink statistics query. */
export function statisticsRefused(api: ApiClient, companyKey: string, now: Date): void {
  const perCompany = states.get(api) ?? new Map<string, CompanyState>()
  states.set(api, perCompany)
  const state = perCompany.get(companyKey)
  if (state) state.refusedAt = now.getTime()
  else perCompany.set(companyKey, { refusedAt: now.getTime(), lists: new Map() })
}

/** Statistics answered again: the lists kept for the fallback are not needed any more. */
export function statisticsAnswered(api: ApiClient, companyKey: string): void {
  states.get(api)?.delete(companyKey)
}

/**
 * Runs `viaStatistics` unless the company's platform refused the FileEntityLink model lately; on such a
 * refusal (now or remembered) runs `viaLists`, the documented attachment lists.
 */
export async function withAttachmentFallback<T>(
  api: ApiClient,
  companyKey: string,
  now: Date,
  viaStatistics: () => Promise<T>,
  viaLists: () => Promise<T>,
): Promise<T> {
  if (statisticsOffered(api, companyKey, now)) {
    try {
      const value = await viaStatistics()
      statisticsAnswered(api, companyKey)
      return value
    } catch (error) {
      if (!statisticsNotOffered(error)) throw error
      statisticsRefused(api, companyKey, now)
    }
  }
  return viaLists()
}

// ---------------------------------------------------------------------------------------------------------
// The pair's ID

/**
 * The documented list has no link ID, so a row's ID is made from the pair it stands for: the file and the
 * invoice, `FileID * 2^26 + EntityID`. It is stable (the same pair has the same ID every round), positive
 * (the renderer keeps non-positive IDs for rows made offline) and unique per pair, so a file attached to two
 * invoices is two rows, one per invoice, as the statistics query gives it. It fits a safe integer while file
 * IDs stay below 2^27 and invoice IDs below 2^26 (134 and 67 million in one company); beyond that the row
 * takes the file ID alone, and one file on two such invoices would keep one row.
 * Ordered by ID, an invoice's rows are ordered by file ID, the order the review shows them in.
 */
const PAIR = 2 ** 26
export function attachmentId(fileId: number, entityId: number): number {
  return fileId < 2 ** 27 && entityId < PAIR ? fileId * PAIR + entityId : fileId
}

/** The file and invoice an ID made by attachmentId stands for (null: it is no pair ID). */
export function attachmentPair(id: number): { fileId: number; entityId: number } | null {
  if (!Number.isSafeInteger(id) || id < PAIR) return null
  return { fileId: Math.floor(id / PAIR), entityId: id % PAIR }
}

// ---------------------------------------------------------------------------------------------------------
// The lists

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/**
 * The rows of one entity's attachment list, shaped as the FileAttachment statistics select gives them: ID,
 * FileID, EntityType, EntityID, UpdatedAt, Name, ContentType, ContentLength. The File row names its id `ID`
 * or `Id` (the file server's answers use `Id`, field notes); UpdatedAt is the file's, as the link's is not
 * in the list.
 */
export async function attachmentList(
  api: ApiClient,
  companyKey: string,
  entityType: string,
  entityId: number,
): Promise<PlatformRow[]> {
  let files: PlatformRow[]
  try {
    const answer = await api.get<unknown>(`api/biz/files/${entityType}/${entityId}`, { companyKey })
    files = Array.isArray(answer) ? (answer as PlatformRow[]) : []
  } catch (error) {
    // The invoice went between the scope's list and its own (or is not one this user may read).
    if (listNotOffered(error)) return []
    throw error
  }
  const rows: PlatformRow[] = []
  const seen = new Set<number>()
  for (const file of files) {
    const fileId = num(file.ID ?? file.Id)
    if (fileId === null || fileId <= 0 || seen.has(fileId)) continue
    seen.add(fileId)
    rows.push({
      ID: attachmentId(fileId, entityId),
      FileID: fileId,
      EntityType: entityType,
      EntityID: entityId,
      UpdatedAt: str(file.UpdatedAt) ?? str(file.CreatedAt),
      Name: str(file.Name),
      ContentType: str(file.ContentType),
      ContentLength: num(file.ContentLength),
    })
  }
  return rows
}

interface InvoiceStamp {
  id: number
  updatedAt: string | null
  status: number | null
}

/**
 * The supplier invoices of the cache's scope (the SupplierInvoice declaration's filter), with the documented
 * fields that say whether their attachments may have changed: StatusCode and UpdatedAt. Paged with top and
 * skip until a page brings nothing new (the spec names no maximum page size).
 */
async function invoicesInScope(
  api: ApiClient,
  companyKey: string,
  scope: CacheScope,
  now: Date,
): Promise<InvoiceStamp[]> {
  const filter = sources.SupplierInvoice.scope?.(scope, now) ?? undefined
  const invoices = new Map<number, InvoiceStamp>()
  for (let skip = 0; ;) {
    const page = await api.get<PlatformRow[]>('api/biz/supplierinvoices', {
      companyKey,
      query: { select: 'ID,StatusCode,UpdatedAt', filter, orderby: 'ID', top: PAGE, skip: skip || undefined },
    })
    let added = 0
    for (const row of page) {
      const id = num(row.ID)
      if (id === null || invoices.has(id)) continue
      invoices.set(id, { id, updatedAt: str(row.UpdatedAt), status: num(row.StatusCode) })
      added++
    }
    if (page.length === 0 || added === 0) break
    skip += page.length
  }
  return [...invoices.values()]
}

/**
 * spec 4.5: files are uploaded to, linked to and removed from an invoice only in these states. An invoice in
 * another state keeps the attachments it had when it left them, and leaving changes its StatusCode and
 * UpdatedAt.
 */
const attachable: ReadonlySet<number> = new Set([
  SupplierInvoiceStatus.Draft,
  SupplierInvoiceStatus.ForApproval,
  SupplierInvoiceStatus.Assigned,
])

/** Runs `work` over `items`, at most `limit` at a time, answering in the items' order. */
async function inTurns<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await work(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
  return out
}

/**
 * Every attachment of the supplier invoices in the cache's scope, from their documented lists, ordered by ID.
 * An invoice whose list was read before and that cannot have changed since (not in an attachable state, the
 * same StatusCode and UpdatedAt) is not asked again; the others are, LISTS_AT_A_TIME at a time.
 */
export async function supplierInvoiceAttachments(
  api: ApiClient,
  companyKey: string,
  scope: CacheScope,
  now: Date,
): Promise<PlatformRow[]> {
  const invoices = await invoicesInScope(api, companyKey, scope, now)
  const known = stateOf(api, companyKey)?.lists ?? new Map<number, Listed>()
  const lists = await inTurns(invoices, LISTS_AT_A_TIME, async (invoice): Promise<Listed> => {
    const before = known.get(invoice.id)
    if (
      before &&
      invoice.status !== null &&
      !attachable.has(invoice.status) &&
      before.status === invoice.status &&
      before.updatedAt === invoice.updatedAt
    )
      return before
    const rows = await attachmentList(api, companyKey, 'SupplierInvoice', invoice.id)
    return { updatedAt: invoice.updatedAt, status: invoice.status, rows }
  })
  // What is kept is the lists of the invoices in the scope now; the others are forgotten.
  const state = stateOf(api, companyKey)
  if (state) state.lists = new Map(invoices.map((invoice, i) => [invoice.id, lists[i]!]))
  return lists.flatMap((listed) => listed.rows).sort((a, b) => Number(a.ID) - Number(b.ID))
}

/**
 * A checkpoint ID that stands for the set of rows a fallback pull answered: negative, so a pull through
 * statistics reads it as "from the start" (entities.ts `afterCheckpoint` takes only positive IDs), and the
 * same only while the rows are the same (the first 48 bits of a SHA-256 of them).
 */
export function rowsDigest(rows: readonly PlatformRow[]): number {
  const hash = createHash('sha256').update(JSON.stringify(rows)).digest('hex')
  return -(Number.parseInt(hash.slice(0, 12), 16) + 1)
}
