// Looking a booking up on the platform by what it was sent with (spec 2.14 draft line fields), by whom
// (CreatedBy holds the user's GlobalIdentity) and since when (CreatedAt), through the statistics route
// (spec 4.2) over JournalEntryLine; and the statistics route's rows over every page.
import {
  matchBooking,
  type BookingOrigin,
  type FoundBooking,
  type FoundLine,
  type SentEntry,
} from '../../../../common/journal-booking.ts'
import { oreToDecimal, toOre } from '../../../../common/money.ts'
import type { ApiClient } from '../api/client.ts'

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
