// The bridge area of journal drafting: what a booking sends (its entries, which the outbox's
// `book-journal-entries` carries), and reading booked journal entries from the platform (the search of
// booked entries, the entries a booking made by their IDs, and a booking found again by what it was sent
// with). Booking itself goes through the outbox (`outbox.execute`), never through a call of its own.
import { z } from 'zod'

const CompanyKey = z.string().min(1).max(100)
const Id = z.number().int()
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/**
 * One line of a journal entry to book (spec 2.14 JournalEntryDraftLine), with the department and project
 * chosen in the journal (main books them as the line's DimensionsID). The platform validates the booking
 * as a whole, so properties beyond these travel as they are.
 */
const BookingLine = z.looseObject({
  AccountID: Id.nullable().optional(),
  Amount: z.union([z.string(), z.number()]),
  FinancialDate: z.string().nullable().optional(),
  Description: z.string().nullable().optional(),
  VatTypeID: Id.nullable().optional(),
  Dimensions: z.object({ DepartmentID: Id.nullable(), ProjectID: Id.nullable() }).nullable().optional(),
})

/**
 * One entry of a booking (spec 2.14 request item): its draft lines and its documents. Entries queued by
 * earlier versions of the app also carry a Description with a marker; main does not send it.
 */
export const BookingEntry = z.looseObject({
  Description: z.string().optional(),
  DraftLines: z.array(BookingLine),
  FileIDs: z.array(Id).optional(),
})
export type BookingEntry = z.infer<typeof BookingEntry>

export const JournalSearch = z.object({
  /** `7-2026`, or `7` for that number in any year. */
  number: z.string().max(40).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  accountId: z.number().int().positive().optional(),
  /** In øre; matches either side (debit or credit). */
  amountOre: z.number().int().optional(),
  /** At most this many entries, newest first. */
  top: z.number().int().min(1).max(500).default(100),
})
export type JournalSearch = z.input<typeof JournalSearch>

export const BookedLine = z.object({
  ID: z.number().int(),
  AccountID: z.number().int().nullable(),
  Amount: z.union([z.number(), z.string()]).nullable(),
  VatTypeID: z.number().int().nullable(),
  Description: z.string().nullable(),
  FinancialDate: z.string().nullable(),
})
export type BookedLine = z.infer<typeof BookedLine>

export const BookedJournalEntry = z.object({
  ID: z.number().int(),
  /** field notes: `45-2025` (number-year). */
  JournalEntryNumber: z.string().nullable(),
  /** The first text of its lines (the spec gives a journal entry no text of its own). */
  Description: z.string().nullable(),
  FinancialDate: z.string().nullable(),
  /** The latest change of its lines. */
  UpdatedAt: z.string().nullable(),
  Lines: z.array(BookedLine),
  FileIDs: z.array(z.number().int()),
})
export type BookedJournalEntry = z.infer<typeof BookedJournalEntry>

/** A booking looked for on the platform (common/journal-booking.ts `FoundBooking`). */
export const FoundBooking = z.discriminatedUnion('found', [
  z.object({
    found: z.literal('all'),
    entries: z.array(z.object({ ID: z.number().int(), JournalEntryNumber: z.string().nullable() })),
  }),
  z.object({ found: z.literal('none') }),
  z.object({ found: z.literal('partly'), numbers: z.array(z.string()) }),
])

/** The largest document a journal entry takes; the page refuses a larger one before sending it. */
export const journalMaxDocumentBytes = 30 * 1024 * 1024

/** A document dropped on a draft: its name and bytes (base64), at most 30 MB. */
export const JournalDocument = z.object({
  name: z.string().trim().min(1).max(255),
  data: z
    .string()
    .min(1)
    .max(Math.ceil((journalMaxDocumentBytes * 4) / 3) + 4),
})
export type JournalDocument = z.infer<typeof JournalDocument>

const UploadedDocument = z.object({
  fileId: z.number().int().positive(),
  name: z.string(),
  size: z.number().int(),
})

export const journalCalls = {
  'journal.search': { args: z.tuple([CompanyKey, JournalSearch]), result: z.array(BookedJournalEntry) },
  /** Booked entries by their IDs (the entries a booking answered), with their lines and files. */
  'journal.entries': {
    args: z.tuple([CompanyKey, z.array(z.number().int().positive()).max(500)]),
    result: z.array(BookedJournalEntry),
  },
  /**
   * Whether a booking is on the platform, found by what it was sent with, booked by the signed-in user no
   * earlier than `since` (ISO): all of it (its entries in the order sent), none, or part of it.
   */
  'journal.findBooking': {
    args: z.tuple([CompanyKey, z.array(BookingEntry).min(1).max(500), z.iso.datetime({ offset: true })]),
    result: FoundBooking,
  },
  /** Uploads a PDF or image dropped on a draft to the company's files; the entry books it in its FileIDs. */
  'journal.uploadDocument': {
    args: z.tuple([CompanyKey, JournalDocument]),
    result: UploadedDocument,
  },
  /**
   * Browser mode: uploads a document the page sent to the host's upload endpoint (its bytes are too large
   * for a bridge message) to the company's files, by the token the endpoint answered; the staged copy goes.
   */
  'journal.uploadStaged': {
    args: z.tuple([CompanyKey, z.string().regex(/^[\w-]{20,64}$/)]),
    result: UploadedDocument,
  },
} as const
