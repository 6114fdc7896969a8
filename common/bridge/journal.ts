// The bridge area of journal drafting: reading booked journal entries from the platform (the search of
// booked entries, and the entries a booking made, found by its marker). Booking itself goes through the
// outbox (`outbox.execute` with `book-journal-entries`), never through a call of its own.
import { z } from 'zod'

const CompanyKey = z.string().min(1).max(100)
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

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
  JournalEntryDraftLineID: z.number().int().nullable(),
  /** The department and project of the line's Dimensions, when it has them. */
  DepartmentID: z.number().int().nullable().optional(),
  ProjectID: z.number().int().nullable().optional(),
})
export type BookedLine = z.infer<typeof BookedLine>

export const BookedJournalEntry = z.object({
  ID: z.number().int(),
  JournalEntryNumber: z.string().nullable(),
  JournalEntryNumberNumeric: z.number().int().nullable(),
  Description: z.string().nullable(),
  FinancialDate: z.string().nullable(),
  UpdatedAt: z.string().nullable(),
  Lines: z.array(BookedLine),
  FileIDs: z.array(z.number().int()),
})
export type BookedJournalEntry = z.infer<typeof BookedJournalEntry>

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
  /** The entries one booking made, by the operation key its entries carry in their Description. */
  'journal.bookedBy': {
    args: z.tuple([CompanyKey, z.string().regex(/^[0-9a-f-]{8,64}$/)]),
    result: z.array(BookedJournalEntry),
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
