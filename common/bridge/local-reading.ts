// The bridge area of reading a document on this computer (main's local reader, electron/main/services/
// local-reading/): the review names a file of the open company and gets main's reading of it, an OCR answer of
// the same shape as the platform's (spec 2.13), or why the file was not read. Main read the file when it
// downloaded it (or, a scan, when it was taken), so the bytes do not cross the bridge again.
import { z } from 'zod'

const CompanyKey = z.string().min(1).max(100)
const FileId = z.number().int()

export const LocalReadingRefusal = z.object({
  /** tooLarge: over the size cap or the reader's heap; timeout: over the time budget; unsupported: no document. */
  code: z.enum(['tooLarge', 'timeout', 'unsupported', 'unreadable']),
  message: z.string().max(2000),
})
export type LocalReadingRefusal = z.infer<typeof LocalReadingRefusal>

export const LocalReading = z.object({
  /** SHA-256 of the file's bytes: the reading is kept by company and content. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The OCR answer (spec 2.13 shape) read on this computer; null when the file was not read. */
  answer: z.unknown(),
  refused: LocalReadingRefusal.nullable(),
  /** Whether the answer was kept from an earlier reading (a scan read before its upload). */
  cached: z.boolean(),
  /** Time the reading took, in milliseconds (0 when kept or refused). */
  ms: z.number(),
})
export type LocalReading = z.infer<typeof LocalReading>

export const localReadingCalls = {
  'files.readLocally': { args: z.tuple([CompanyKey, FileId]), result: LocalReading },
} as const
