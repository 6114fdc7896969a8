// Booking a journal draft exactly once without writing anything into the voucher texts: what the accountant
// wrote is what the platform keeps. After a lost answer, the booking is recognised by what it was sent with
// (spec 2.14 draft line fields: account, amount, date and text), by who booked it and since when (the
// standard entity fields CreatedBy, which holds the user's GlobalIdentity, and CreatedAt). Only a batch
// found whole counts as booked; a batch found in part is for the accountant to check, never guessed.
import { toOre } from './money.ts'

/**
 * A Description as the app shows it: without the marker `[ld:xxxxxxxx-n]` that entries booked by earlier
 * versions of the app carry. Nothing writes it any more; history still shows clean.
 */
export function withoutBookingMarker(text: string | null | undefined): string {
  return (text ?? '').replace(/\s*\[ld:[0-9a-f]{8}-\d+\]/g, '').trim()
}

/** A draft line as a booking sends it (spec 2.14). */
export interface SentLine {
  AccountID?: number | null
  Amount: string | number
  FinancialDate?: string | null
  Description?: string | null
  VatTypeID?: number | null
}

/** One entry of a booking as it is sent: its draft lines. */
export interface SentEntry {
  DraftLines: readonly SentLine[]
}

/** A booked journal entry line as the look-up reads it back (the statistics route over JournalEntryLine). */
export interface FoundLine {
  ID: number
  /** The journal entry the line belongs to: the found lines are grouped into entries by it. */
  JournalEntryID: number
  JournalEntryNumber: string | null
  AccountID: number | null
  Amount: number | string | null
  FinancialDate: string | null
  Description: string | null
  CreatedBy?: unknown
  CreatedAt?: unknown
  Deleted?: unknown
}

/** A booked entry as a booking's answer names it, in the order of the request. */
export interface FoundEntry {
  ID: number
  JournalEntryNumber: string | null
}

/**
 * Whether an earlier attempt of a booking is on the platform: all of it (its entries, in the order of the
 * request), none of it, or part of it (the numbers of the entries to check before booking again).
 */
export type FoundBooking =
  { found: 'all'; entries: FoundEntry[] } | { found: 'none' } | { found: 'partly'; numbers: string[] }

/** Who made the booking and the earliest moment it can have reached the platform. */
export interface BookingOrigin {
  /** The signed-in user's GlobalIdentity (spec 2.2); the platform keeps it in CreatedBy. */
  createdBy: string
  /** When the booking was first sent (ISO); null when that is not known. */
  since: string | null
}

const text = (value: unknown) => (typeof value === 'string' ? value : '').trim()
const day = (value: unknown) => text(value).slice(0, 10)
const sign = (ore: number | undefined) => (ore === undefined ? NaN : Math.sign(ore))

/**
 * Whether a booked line is one a draft line makes. A line without VAT is booked at its amount; a line with a
 * VAT type is booked on its account at the amount after VAT, which the spec does not define, so only its
 * side (debit or credit) is compared there.
 */
export function bookedFrom(line: SentLine, found: FoundLine): boolean {
  if (line.AccountID === null || line.AccountID === undefined) return false
  if (Number(found.AccountID) !== Number(line.AccountID)) return false
  if (day(found.FinancialDate) !== day(line.FinancialDate)) return false
  if (text(found.Description) !== text(line.Description)) return false
  const sent = toOre(line.Amount)
  const booked = toOre(found.Amount)
  if (sent === undefined || booked === undefined) return false
  return line.VatTypeID ? sign(booked) === sign(sent) : booked === sent
}

/**
 * Whether a found line can be the earlier attempt's at all: not deleted, made by this user, and not before the
 * booking was first sent. Checked here as well as in the query, so a platform that answers rows its filter
 * should have left out cannot make a booking look made.
 */
export function madeBy(found: FoundLine, origin: BookingOrigin): boolean {
  if (found.Deleted === true || found.Deleted === 1 || found.Deleted === 'true') return false
  if (typeof found.CreatedBy !== 'string' || found.CreatedBy.toLowerCase() !== origin.createdBy.toLowerCase())
    return false
  if (origin.since === null) return true
  const created = Date.parse(text(found.CreatedAt))
  const since = Date.parse(origin.since)
  return Number.isFinite(created) && Number.isFinite(since) && created >= since
}

/** The found lines of one journal entry that book every line of a sent entry, one each; null if some is missing. */
function bookedEntry(entry: SentEntry, candidates: readonly FoundLine[]): FoundLine[] | null {
  const used = new Set<number>()
  // Lines booked at their own amount are matched first: a VAT line (compared by side only) takes what is left.
  const ordered = [...entry.DraftLines].sort((a, b) => Number(!!a.VatTypeID) - Number(!!b.VatTypeID))
  const taken: FoundLine[] = []
  for (const line of ordered) {
    const found = candidates.find((c) => !used.has(c.ID) && bookedFrom(line, c))
    if (!found) return null
    used.add(found.ID)
    taken.push(found)
  }
  return taken
}

/**
 * What the found lines say about a booking: every entry found whole, each in a journal entry of its own
 * (the lowest-numbered one when there are several), answers the booking; no line of it found means it was
 * never booked; anything in between is for the accountant to check.
 */
export function matchBooking(
  sent: readonly SentEntry[],
  lines: readonly FoundLine[],
  origin: BookingOrigin,
): FoundBooking {
  const wanted = sent.flatMap((e) => e.DraftLines)
  const relevant = lines.filter((l) => madeBy(l, origin) && wanted.some((w) => bookedFrom(w, l)))
  if (relevant.length === 0) return { found: 'none' }
  const byEntry = new Map<number, FoundLine[]>()
  for (const line of [...relevant].sort((a, b) => a.JournalEntryID - b.JournalEntryID || a.ID - b.ID)) {
    const group = byEntry.get(line.JournalEntryID)
    if (group) group.push(line)
    else byEntry.set(line.JournalEntryID, [line])
  }
  const taken = new Set<number>()
  const entries: FoundEntry[] = []
  for (const entry of sent) {
    const hit = [...byEntry].find(([id, group]) => !taken.has(id) && bookedEntry(entry, group) !== null)
    if (!hit) break
    taken.add(hit[0])
    entries.push({ ID: hit[0], JournalEntryNumber: hit[1][0]!.JournalEntryNumber ?? null })
  }
  if (sent.length > 0 && entries.length === sent.length) return { found: 'all', entries }
  const numbers = [...byEntry.values()]
    .map((group) => group[0]!.JournalEntryNumber)
    .filter((n): n is string => typeof n === 'string' && n !== '')
  return { found: 'partly', numbers: [...new Set(numbers)] }
}

/** The outcome code of a booking a retry found on the platform in part (nothing was sent again). */
export const partlyBookedCode = 'JOURNAL_PARTLY_BOOKED'

/** The words of a booking found in part: what the accountant checks before booking again. */
export function partlyBookedMessage(numbers: readonly string[]): string {
  if (numbers.length === 0)
    return 'This booking may already be on the platform; check the booked entries before booking again'
  const which = numbers.length === 1 ? `entry ${numbers[0]}` : `entries ${numbers.join(', ')}`
  return `Part of this booking may already be on the platform; check ${which} before booking again`
}
