// Journal drafts and templates in the offline workspace, per company (the database is already the signed-in
// user's own): they survive a restart and work offline. Booking writes the draft's state and its outbox
// entry in one transaction; the sync engine sends it (a retry after an unknown outcome first looks for the
// booking on the platform, so a batch is never booked twice), and the booking's answer, its entries in the
// order of the request, puts each entry's number on the draft's entry at the same place.
import type { Table } from 'dexie'
import { outboxAction } from '@common/bridge/outbox'
import { newOperationKey, outboxEntry } from '@renderer/data/outbox'
import type { OutboxEntry, WorkspaceDb } from '@renderer/data/schema'
import type { VatTypeRule } from '@common/vat'
import type { BookedJournalEntry, BookingEntry } from '@common/bridge/journal'
import { partlyBookedCode, type FoundBooking } from '@common/journal-booking'
import { answeredRows, withoutAnswerMark } from '@renderer/data/answered-rows'
import {
  applyRefusal,
  bookingBody,
  draftBookable,
  entryGroups,
  previewDraft,
  type JournalDraft,
  type JournalTemplate,
} from './draft.ts'

export class DraftError extends Error {
  constructor(
    readonly code: 'DRAFT_NOT_FOUND' | 'DRAFT_NOT_BOOKABLE' | 'DRAFT_LOCKED',
    message: string,
  ) {
    super(message)
  }
}

function draftTable(db: WorkspaceDb): Table<JournalDraft, [string, number]> {
  return db.journalDrafts as unknown as Table<JournalDraft, [string, number]>
}

function templateTable(db: WorkspaceDb): Table<JournalTemplate, [string, string]> {
  return db.journalTemplates as unknown as Table<JournalTemplate, [string, string]>
}

/** The company's drafts, newest first. */
export async function listDrafts(db: WorkspaceDb, companyKey: string): Promise<JournalDraft[]> {
  const rows = await draftTable(db).where('companyKey').equals(companyKey).toArray()
  return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
}

export function getDraft(db: WorkspaceDb, companyKey: string, id: number): Promise<JournalDraft | undefined> {
  return draftTable(db).get([companyKey, id])
}

/** Stores the draft as edited. A draft on its way to the platform, or booked, is not edited any more. */
export async function saveDraft(db: WorkspaceDb, draft: JournalDraft, now = new Date()): Promise<void> {
  const table = draftTable(db)
  await db.transaction('rw', table, async () => {
    const stored = await table.get([draft.companyKey, draft.id])
    if (stored && (stored.state === 'queued' || stored.state === 'booked'))
      throw new DraftError('DRAFT_LOCKED', `Draft ${draft.id} is ${stored.state} and can no longer be edited`)
    await table.put(JSON.parse(JSON.stringify({ ...draft, updatedAt: now.toISOString() })) as JournalDraft)
  })
}

export async function deleteDraft(db: WorkspaceDb, companyKey: string, id: number): Promise<void> {
  const table = draftTable(db)
  await db.transaction('rw', table, async () => {
    const stored = await table.get([companyKey, id])
    if (stored?.state === 'queued')
      throw new DraftError('DRAFT_LOCKED', `Draft ${id} is being booked and cannot be deleted now`)
    await table.delete([companyKey, id])
  })
}

/**
 * Queues the draft's booking: the draft (now read-only) and one outbox entry that books all its entries in
 * one `book-journal-entries` request, in one transaction. Refused unless every entry balances.
 */
export async function queueBooking(
  db: WorkspaceDb,
  draft: JournalDraft,
  vatTypes: ReadonlyMap<number, VatTypeRule>,
  now = new Date(),
): Promise<number> {
  if (!draftBookable(previewDraft(draft, vatTypes)))
    throw new DraftError(
      'DRAFT_NOT_BOOKABLE',
      'Every entry must be complete and balance to 0,00 before booking',
    )
  const table = draftTable(db)
  return db.transaction('rw', table, db.outbox, async () => {
    const stored = await table.get([draft.companyKey, draft.id])
    if (stored && (stored.state === 'queued' || stored.state === 'booked'))
      throw new DraftError('DRAFT_LOCKED', `Draft ${draft.id} is already ${stored.state}`)
    // The booking's answer is kept under its operation key until the draft takes it (followBooking).
    const booking = outboxAction('JournalEntry', 'book-journal-entries', bookingBody(draft))
    const entry = outboxEntry(draft.companyKey, draft.id, booking, { operationKey: newOperationKey() })
    const seq = (await db.outbox.add(entry)) as number
    const lines = draft.lines.map((l) => ({ ...l, refusal: null }))
    await table.put(
      JSON.parse(
        JSON.stringify({
          ...draft,
          lines,
          refusal: null,
          partlyBooked: null,
          state: 'queued',
          outboxSeq: seq,
          operationKey: entry.operationKey,
          updatedAt: now.toISOString(),
        }),
      ) as JournalDraft,
    )
    return seq
  })
}

/** A booked JournalEntry as the platform answers it. */
export interface BookedEntry {
  ID: number
  JournalEntryNumber: string | null
  Description?: string | null
  [field: string]: unknown
}

/**
 * Records a booking the platform confirmed: its answer lists the entries in the order of the request, so
 * the n-th answered entry's number goes on the draft's n-th entry; the entries go in the cache and the
 * outbox entry goes.
 */
export async function settleBooking(
  db: WorkspaceDb,
  companyKey: string,
  draftId: number,
  booked: readonly BookedEntry[],
): Promise<JournalDraft> {
  const table = draftTable(db)
  return db.transaction('rw', table, db.outbox, db.JournalEntry, async () => {
    const draft = await table.get([companyKey, draftId])
    if (!draft) throw new DraftError('DRAFT_NOT_FOUND', `Draft ${draftId} is not in ${companyKey}`)
    const entry = draft.outboxSeq ? await db.outbox.get(draft.outboxSeq) : undefined
    const numbers: JournalDraft['booked'] = []
    entryGroups(draft.lines).forEach(([entryNo], at) => {
      const number = booked[at]?.JournalEntryNumber
      if (number) numbers.push({ entry: entryNo, number })
    })
    if (entry?.seq !== undefined) await db.outbox.delete(entry.seq)
    await db.JournalEntry.bulkPut(booked.map((b) => ({ ...withoutAnswerMark(b), companyKey })))
    const settled: JournalDraft = {
      ...draft,
      state: 'booked',
      booked: numbers,
      outboxSeq: null,
      refusal: null,
      partlyBooked: null,
    }
    await table.put(settled)
    return settled
  })
}

/**
 * Records a booking a retry found on the platform in part: nothing was sent again, the outbox entry goes,
 * and the draft is editable again with the entries the accountant checks before booking again.
 */
export async function settlePartlyBooked(
  db: WorkspaceDb,
  companyKey: string,
  draftId: number,
  numbers: readonly string[],
): Promise<JournalDraft> {
  const table = draftTable(db)
  return db.transaction('rw', table, db.outbox, async () => {
    const draft = await table.get([companyKey, draftId])
    if (!draft) throw new DraftError('DRAFT_NOT_FOUND', `Draft ${draftId} is not in ${companyKey}`)
    if (draft.outboxSeq) await db.outbox.delete(draft.outboxSeq)
    const uncertain: JournalDraft = {
      ...draft,
      lines: draft.lines.map((l) => ({ ...l, refusal: null })),
      state: 'failed',
      refusal: null,
      partlyBooked: [...numbers],
      outboxSeq: null,
    }
    await table.put(uncertain)
    return uncertain
  })
}

/**
 * Reads the platform's refusal of a booking into line messages: `Entry 2, line 1: account 9999 does not
 * exist; Entry 1 does not balance …` names lines one-based.
 */
export function refusalMessages(text: string): { PropertyName: string; Message: string }[] {
  return text
    .replace(/\s*\(and \d+ more\)$/, '')
    .split('; ')
    .filter(Boolean)
    .map((part) => {
      const m = /^Entry (\d+), line (\d+)(?::\s*|\s+)(.*)$/s.exec(part)
      return m
        ? { PropertyName: `[${Number(m[1]) - 1}].DraftLines[${Number(m[2]) - 1}]`, Message: m[3]! }
        : { PropertyName: '', Message: part }
    })
}

/**
 * Records a refusal: the outbox entry leaves (nothing was booked), the draft is editable again with the
 * platform's message on the line it concerns.
 */
export async function refuseBooking(
  db: WorkspaceDb,
  companyKey: string,
  draftId: number,
  error: { message: string; messages?: readonly { PropertyName?: string | null; Message: string }[] },
): Promise<JournalDraft> {
  const table = draftTable(db)
  return db.transaction('rw', table, db.outbox, async () => {
    const draft = await table.get([companyKey, draftId])
    if (!draft) throw new DraftError('DRAFT_NOT_FOUND', `Draft ${draftId} is not in ${companyKey}`)
    if (draft.outboxSeq) await db.outbox.delete(draft.outboxSeq)
    const refused = {
      ...applyRefusal(draft, error.messages ?? refusalMessages(error.message), error.message),
      outboxSeq: null,
      partlyBooked: null,
    }
    await table.put(refused)
    return refused
  })
}

/** What the draft's follow asks the platform (main's `journal.findBooking` and `journal.entries`). */
export interface BookingLookups {
  findBooking(companyKey: string, entries: BookingEntry[], since: string): Promise<FoundBooking>
  entries(companyKey: string, ids: number[]): Promise<BookedJournalEntry[]>
}

/**
 * What a queued draft's booking made, once its outbox entry is gone: the answer the drain kept under its
 * operation key (the entries in the order of the request); without one, the platform is asked for the
 * booking by what it was sent with, from the moment the draft was queued (it was first sent no earlier).
 * Null while that is not known.
 */
async function bookingOutcome(
  db: WorkspaceDb,
  draft: JournalDraft,
  platform: BookingLookups,
): Promise<{ entries: BookedEntry[] } | { numbers: string[] } | null> {
  if (!draft.operationKey) return null
  const kept = await answeredRows(db, 'JournalEntry', draft.companyKey, draft.operationKey)
  if (kept.length > 0)
    return {
      entries: kept.map((row) => ({
        ...row,
        JournalEntryNumber: typeof row.JournalEntryNumber === 'string' ? row.JournalEntryNumber : null,
      })),
    }
  const found = await platform.findBooking(draft.companyKey, bookingBody(draft), draft.updatedAt)
  if (found.found === 'all') return { entries: found.entries.map((e) => ({ ...e })) }
  if (found.found === 'partly') return { numbers: found.numbers }
  return null
}

/**
 * Brings a queued draft up to date with its booking: refused (the refusal on its lines, editable again),
 * found on the platform in part (the entries to check, editable again), or booked (each entry's number on
 * the draft's entry at the same place, and the entries with their lines kept for the booked entries'
 * search offline). Answers the draft as it is now; null while its booking is still on its way.
 */
export async function followBooking(
  db: WorkspaceDb,
  draft: JournalDraft,
  platform: BookingLookups,
): Promise<JournalDraft | null> {
  const progress = await bookingProgress(db, draft)
  if (progress.state === 'waiting') return null
  if (progress.state === 'refused') {
    const error = progress.entry.lastError
    if (error?.code === partlyBookedCode)
      return settlePartlyBooked(db, draft.companyKey, draft.id, error.numbers ?? [])
    return refuseBooking(db, draft.companyKey, draft.id, { message: error?.message ?? '' })
  }
  const outcome = await bookingOutcome(db, draft, platform)
  if (!outcome) return null
  if ('numbers' in outcome) return settlePartlyBooked(db, draft.companyKey, draft.id, outcome.numbers)
  const settled = await settleBooking(db, draft.companyKey, draft.id, outcome.entries)
  try {
    const complete = await platform.entries(
      draft.companyKey,
      outcome.entries.map((e) => e.ID),
    )
    await db.JournalEntry.bulkPut(complete.map((e) => ({ ...e, companyKey: draft.companyKey })))
  } catch (error) {
    // The lines come with the next search.
    console.warn(
      'The lines of booked journal entries were not read now',
      { companyKey: draft.companyKey },
      error,
    )
  }
  return settled
}

/** What the sync engine's outbox says about a queued draft's booking now. */
export type BookingProgress =
  { state: 'waiting'; entry: OutboxEntry } | { state: 'refused'; entry: OutboxEntry } | { state: 'sent' }

/** The outbox entry of a queued draft: still waiting (or sending), refused, or gone because it was sent. */
export async function bookingProgress(db: WorkspaceDb, draft: JournalDraft): Promise<BookingProgress> {
  const entry = draft.outboxSeq ? await db.outbox.get(draft.outboxSeq) : undefined
  if (!entry) return { state: 'sent' }
  return entry.state === 'failed' ? { state: 'refused', entry } : { state: 'waiting', entry }
}

export async function listTemplates(db: WorkspaceDb, companyKey: string): Promise<JournalTemplate[]> {
  const rows = await templateTable(db).where('companyKey').equals(companyKey).toArray()
  return rows.sort((a, b) => a.name.localeCompare(b.name))
}

export async function saveTemplate(db: WorkspaceDb, template: JournalTemplate): Promise<void> {
  await templateTable(db).put(JSON.parse(JSON.stringify(template)) as JournalTemplate)
}

export async function deleteTemplate(db: WorkspaceDb, companyKey: string, id: string): Promise<void> {
  await templateTable(db).delete([companyKey, id])
}
