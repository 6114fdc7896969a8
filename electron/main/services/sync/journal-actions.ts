// Booking a journal draft from the outbox (spec 4.6 `journalentries?action=book-journal-entries`), exactly
// once. A booking's entries carry a marker with the outbox operation key in their Description, so a retry
// after an unknown outcome first asks the platform whether the batch was booked, and sends it only if not.
import type { OutboxBody, OutboxCommandOf } from '../../../../common/bridge/outbox.ts'
import type { PlatformRow } from '../../../../common/bridge/sync.ts'
import { bookingMarkerPrefix } from '../../../../common/journal-booking.ts'
import type { ApiClient } from '../api/client.ts'
import { done, type Executor } from './executor.ts'

type Row = Record<string, unknown>
type Booking = OutboxBody<'JournalEntry', 'book-journal-entries'>

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`

/** The entries one booking made, found by the marker of its operation key. */
export async function entriesBy(api: ApiClient, companyKey: string, operationKey: string): Promise<Row[]> {
  return api.get<Row[]>('api/biz/journalentries', {
    companyKey,
    query: {
      filter: `contains(Description,${quote(bookingMarkerPrefix(operationKey))})`,
      orderby: 'ID',
      top: 500,
    },
  })
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
    query: { filter, select: 'ID', orderby: 'ID', top: 1 },
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
async function withDimensions(api: ApiClient, companyKey: string, body: Booking): Promise<Row[]> {
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
 * Executes a queued booking. On a retry it first looks for entries carrying the booking's marker: if the
 * earlier attempt booked them, they are the answer and nothing is sent again.
 */
export const bookJournalEntries: Executor<OutboxCommandOf<'JournalEntry', 'book-journal-entries'>> = async (
  command,
  { api, companyKey },
) => {
  if (command.attempts > 0) {
    const earlier = await entriesBy(api, companyKey, command.operationKey)
    if (earlier.length > 0) return done(earlier[0] as PlatformRow)
  }
  const body = await withDimensions(api, companyKey, command.body)
  const booked = await api.post<Row[]>('api/biz/journalentries', body, {
    companyKey,
    query: { action: 'book-journal-entries' },
  })
  return done((booked[0] ?? null) as PlatformRow | null)
}
