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
  partlyBookedCode,
  partlyBookedMessage,
  type FoundBooking,
} from '../../../../common/journal-booking.ts'
import { isTransient } from '../../../../common/transient.ts'
import type { ApiClient } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { findBooking } from '../platform-reads/bookings.ts'
import { sessionUser } from '../platform-reads/session-user.ts'
import type { Executor } from './executor.ts'

type Row = Record<string, unknown>

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
