// Booking a journal draft from the outbox (spec 4.6 `journalentries?action=book-journal-entries`), exactly
// once, with the voucher texts exactly as the accountant wrote them. A retry after an unknown outcome first
// looks for the booking by what it was sent with (spec 2.14 draft line fields), by whom (CreatedBy holds the
// user's GlobalIdentity) and since when (CreatedAt from the first send), through the statistics route
// (spec 4.2): found whole, the earlier attempt booked it; not found at all, it is sent; found in part, the
// accountant is asked to check the entries named before booking again.
import type { BookingEntry } from '../../../../common/bridge/journal.ts'
import type { OutboxCommandOf, OutboxOutcome } from '../../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import {
  matchBooking,
  partlyBookedCode,
  partlyBookedMessage,
  type BookingOrigin,
  type FoundBooking,
  type FoundLine,
  type SentEntry,
} from '../../../../common/journal-booking.ts'
import { oreToDecimal, toOre } from '../../../../common/money.ts'
import { isTransient } from '../../../../common/transient.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { sessionUser } from './approval-actions.ts'
import type { Executor } from './executor.ts'

type Row = Record<string, unknown>

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`

/** Rows of one statistics page; pages follow until a short one (field notes: `top` and `skip`). */
const pageSize = 1000
/** Draft lines asked for in one query, so its address stays short. */
const linesPerQuery = 20

/**
 * The statistics route's rows over every page. A page that brings no row not seen before ends it too (a
 * service that ignored `skip` would answer the same page again).
 */
export async function statisticsRows(
  api: ApiClient,
  companyKey: string,
  query: { model: string; select: string; filter: string; expand?: string; orderby: string },
): Promise<Row[]> {
  const rows: Row[] = []
  const seen = new Set<unknown>()
  for (let skip = 0; ; skip += pageSize) {
    const page = await api.statistics<Row>({ ...query, top: pageSize, skip }, { companyKey })
    const fresh = page.filter((r) => !seen.has(r.ID))
    for (const r of fresh) seen.add(r.ID)
    rows.push(...fresh)
    if (page.length < pageSize || fresh.length === 0) return rows
  }
}

/**
 * The condition one draft line's booked line meets, on the line fields the spec gives a draft line. A line
 * with a VAT type is booked on its account at the amount after VAT, which the spec does not define: its side
 * is asked for instead. A line without a text is matched on the rest (its booked text is checked empty after).
 */
function lineCondition(line: SentEntry['DraftLines'][number]): string | null {
  const ore = toOre(line.Amount)
  if (ore === undefined || !line.AccountID || !line.FinancialDate) return null
  const parts = [
    `AccountID eq ${Math.trunc(Number(line.AccountID))}`,
    `FinancialDate eq ${quote(line.FinancialDate.slice(0, 10))}`,
  ]
  parts.push(line.VatTypeID ? `Amount ${ore < 0 ? 'lt' : 'gt'} 0` : `Amount eq ${oreToDecimal(ore)}`)
  const text = (line.Description ?? '').trim()
  if (text) parts.push(`Description eq ${quote(line.Description!)}`)
  return `(${parts.join(' and ')})`
}

/** The booked lines the look-up reads: the line fields it compares, and whose and when each line is. */
const foundSelect = [
  'ID as ID',
  'JournalEntryID as JournalEntryID',
  'JournalEntry.JournalEntryNumber as JournalEntryNumber',
  'AccountID as AccountID',
  'Amount as Amount',
  'FinancialDate as FinancialDate',
  'Description as Description',
  'CreatedBy as CreatedBy',
  'CreatedAt as CreatedAt',
  'Deleted as Deleted',
].join(',')

/**
 * Whether a booking is on the platform: its journal entry lines, looked up through the statistics route
 * over JournalEntryLine, not deleted (statistics includes soft-deleted rows otherwise), made by `origin`'s
 * user no earlier than its first send, and then matched line by line (common/journal-booking.ts): what the
 * platform answers beyond its filter cannot make a booking look made.
 */
export async function findBooking(
  api: ApiClient,
  companyKey: string,
  entries: readonly SentEntry[],
  origin: BookingOrigin,
): Promise<FoundBooking> {
  const conditions = [
    ...new Set(
      entries.flatMap((e) => e.DraftLines.map(lineCondition)).filter((c): c is string => c !== null),
    ),
  ]
  if (conditions.length === 0) return { found: 'none' }
  const scope = [
    'Deleted eq 0',
    `CreatedBy eq ${quote(origin.createdBy)}`,
    ...(origin.since ? [`CreatedAt ge ${quote(origin.since)}`] : []),
  ]
  const found = new Map<number, FoundLine>()
  for (let i = 0; i < conditions.length; i += linesPerQuery) {
    const some = conditions.slice(i, i + linesPerQuery)
    const rows = await statisticsRows(api, companyKey, {
      model: 'JournalEntryLine',
      select: foundSelect,
      expand: 'JournalEntry',
      filter: [...scope, `(${some.join(' or ')})`].join(' and '),
      orderby: 'ID',
    })
    for (const r of rows) {
      const line = foundLine(r)
      if (line) found.set(line.ID, line)
    }
  }
  return matchBooking(entries, [...found.values()], origin)
}

function foundLine(r: Row): FoundLine | null {
  const id = Number(r.ID)
  const entry = Number(r.JournalEntryID)
  if (!Number.isInteger(id) || !Number.isInteger(entry)) return null
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  return {
    ID: id,
    JournalEntryID: entry,
    JournalEntryNumber: text(r.JournalEntryNumber),
    AccountID: r.AccountID === null || r.AccountID === undefined ? null : Number(r.AccountID),
    Amount: (r.Amount as number | string | null | undefined) ?? null,
    FinancialDate: text(r.FinancialDate),
    Description: text(r.Description),
    CreatedBy: r.CreatedBy,
    CreatedAt: r.CreatedAt,
    Deleted: r.Deleted,
  }
}

/** The department and project a draft line is booked on, as the journal view queues it. */
interface LineDimensions {
  DepartmentID?: number | null
  ProjectID?: number | null
}

const dimensionFilter = (field: string, id: number | null | undefined) =>
  id ? `${field} eq ${Math.trunc(id)}` : `${field} eq null`

/**
 * The Dimensions row (spec: a draft line's `DimensionsID`) that holds exactly this department and project:
 * an existing one, else a new one. Looking first makes a retry after a lost answer reuse the row it made.
 */
async function dimensionsId(api: ApiClient, companyKey: string, wanted: LineDimensions): Promise<number> {
  const filter = [
    dimensionFilter('DepartmentID', wanted.DepartmentID),
    dimensionFilter('ProjectID', wanted.ProjectID),
    dimensionFilter('RegionID', null),
    dimensionFilter('ResponsibleID', null),
  ].join(' and ')
  const found = await api.get<Row[]>('api/biz/dimensions', {
    companyKey,
    // The filtered fields come back, so the client can tell a platform that ignored the filter.
    query: { filter, select: 'ID,DepartmentID,ProjectID,RegionID,ResponsibleID', orderby: 'ID', top: 1 },
  })
  if (found[0]) return Number(found[0].ID)
  const created = await api.post<Row>(
    'api/biz/dimensions',
    { DepartmentID: wanted.DepartmentID ?? null, ProjectID: wanted.ProjectID ?? null },
    { companyKey },
  )
  return Number(created.ID)
}

/**
 * The booking body as the platform takes it: a draft line's `Dimensions` (department and project chosen in
 * the journal) becomes the `DimensionsID` of the row that holds them, one row per combination.
 */
async function withDimensions(
  api: ApiClient,
  companyKey: string,
  body: readonly BookingEntry[],
): Promise<Row[]> {
  const ids = new Map<string, number>()
  const entries: Row[] = []
  for (const entry of body) {
    const draftLines: Row[] = []
    for (const line of entry.DraftLines) {
      const { Dimensions, ...rest } = line
      const wanted = Dimensions ?? null
      if (!wanted || (!wanted.DepartmentID && !wanted.ProjectID)) {
        draftLines.push(rest)
        continue
      }
      const key = `${wanted.DepartmentID ?? ''}:${wanted.ProjectID ?? ''}`
      let id = ids.get(key)
      if (id === undefined) {
        id = await dimensionsId(api, companyKey, wanted)
        ids.set(key, id)
      }
      draftLines.push({ ...rest, DimensionsID: id })
    }
    entries.push({ ...entry, DraftLines: draftLines })
  }
  return entries
}

/**
 * The request item the spec describes (DraftLines, FileIDs): an entry queued by an earlier version of the app
 * also carries a Description with a marker, which is not sent.
 */
function requestItem(entry: BookingEntry): BookingEntry {
  const { Description: _marked, ...item } = entry
  return item
}

/**
 * A booking may be on the platform in part: the accountant checks the entries named (or, when the platform
 * could not be asked, the booked entries) before booking again.
 */
function partlyBooked(numbers: string[], reason?: string): OutboxOutcome {
  const message = partlyBookedMessage(numbers)
  return {
    status: 'failed',
    error: { code: partlyBookedCode, message: reason ? `${message} (${reason})` : message, numbers },
    row: null,
  }
}

/** The booking's entries as the outcome gives them: all of them in `rows`, in the order of the request. */
function bookedAs(entries: readonly PlatformRow[]): OutboxOutcome {
  return { status: 'done', row: entries[0] ?? null, rows: [...entries], merged: [] }
}

/**
 * Executes a queued booking. On a retry it first looks for the booking on the platform: found whole, those
 * entries are the answer and nothing is sent again; found in part, nothing is sent and the accountant is told
 * which entries to check.
 */
export const bookJournalEntries: Executor<OutboxCommandOf<'JournalEntry', 'book-journal-entries'>> = async (
  command,
  { api, companyKey },
) => {
  const items = command.body.map(requestItem)
  if (command.attempts > 0) {
    const me = await sessionUser(api, companyKey)
    if (!me.GlobalIdentity) return partlyBooked([], 'the session names no user to look for')
    let earlier: FoundBooking
    try {
      // The drain gives the moment of the first send (or of queueing, for an entry sent before that was
      // kept); without either, lines of any age count, which can only make a booking look made, never send
      // it twice.
      earlier = await findBooking(api, companyKey, items, {
        createdBy: me.GlobalIdentity,
        since: command.firstSentAt ?? null,
      })
    } catch (error) {
      // The platform refused the look-up: whether the earlier attempt booked cannot be told, so nothing is
      // sent blindly. Not reaching it now is tried again later.
      if (error instanceof ApiError && !isTransient(error)) return partlyBooked([], error.message)
      throw error
    }
    if (earlier.found === 'all') return bookedAs(earlier.entries.map((e) => ({ ...e })))
    if (earlier.found === 'partly') return partlyBooked(earlier.numbers)
  }
  const body = await withDimensions(api, companyKey, items)
  const booked = await api.post<unknown>('api/biz/journalentries', body, {
    companyKey,
    query: { action: 'book-journal-entries' },
  })
  // field notes: the answer is an array of JournalEntry, in the order of the request.
  return bookedAs(Array.isArray(booked) ? (booked as PlatformRow[]) : [])
}
