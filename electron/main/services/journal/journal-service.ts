// Journal entries on the platform for the journal view: reading booked entries back with their lines (VAT
// lines included) and attached files, by search or by their IDs, finding a booking again by what it was sent
// with, and uploading the documents a draft attaches. Booking itself goes through the outbox
// (../sync/journal-actions.ts). Booked entries are read through the statistics route (spec 4.2) over
// JournalEntryLine, with the filter operators the spec lists (eq, ge, le, startsWith, and, or) on the fields
// it gives a draft line, and the entry's number (field notes) through the line's journal entry.
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { oreToDecimal } from '../../../../common/money.ts'
import { BridgeError } from '../../../../common/bridge/contract.ts'
import {
  journalMaxDocumentBytes,
  JournalDocument as JournalDocumentSchema,
  JournalSearch as JournalSearchSchema,
  type JournalDocument,
  type BookedJournalEntry,
  type BookedLine,
  type BookingEntry,
  type JournalSearch,
} from '../../../../common/bridge/journal.ts'
import type { FoundBooking } from '../../../../common/journal-booking.ts'
import type { ApiClient } from '../api/client.ts'
import { filesUrlOf, uploadFile } from '../api/files.ts'
import { findBooking, statisticsRows } from '../platform-reads/bookings.ts'
import { sessionUser } from '../platform-reads/session-user.ts'
import { createStaging, type StagingOwner } from '../uploads/staging.ts'

type Row = Record<string, unknown>

/** A booked line as read, with its entry's number and when it last changed. */
type LineRead = BookedLine & { number: string | null; updatedAt: string | null }

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`

/** Several values of one field as the spec's operators say it: `(F eq 1 or F eq 2)`. */
const anyOf = (field: string, values: readonly (number | string)[]) =>
  `(${values.map((v) => `${field} eq ${typeof v === 'number' ? v : quote(v)}`).join(' or ')})`

/** Journal entries asked for in one query, so its address stays short. */
const entriesPerQuery = 50

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v))
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/** What a journal entry may carry as a document: a PDF or a picture of a receipt, told by its first bytes. */
export function documentKind(bytes: Uint8Array): 'pdf' | 'png' | 'jpeg' | 'tiff' | null {
  const starts = (...b: number[]) => b.every((x, i) => bytes[i] === x)
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png'
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg'
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff'
  return null
}

/** Refusal of a dropped file that is not a document (the view says so in the user's language). */
export const NotADocument = 'JOURNAL_NOT_A_DOCUMENT'

export interface JournalServiceDeps {
  api(): Promise<ApiClient>
  now?: () => Date
  /**
   * Browser mode's staged documents (sent to the host's upload endpoint): where they wait, for whom, and
   * the signed-in user's companies. Without it, documents travel only as bridge arguments.
   */
  staging?: {
    dataDir: string
    /** The signed-in user of the session's environment; null when no one is signed in. */
    owner(): Promise<StagingOwner | null>
    companies(): Promise<{ Key: string }[]>
  }
}

const safe = (name: string) => name.replace(/[^\w-]/g, '_')

/** The lines of journal entries, by entry, oldest line first, each with its entry's number. */
async function linesOf(
  api: ApiClient,
  companyKey: string,
  entryIds: number[],
): Promise<Map<number, LineRead[]>> {
  const byEntry = new Map<number, LineRead[]>()
  for (const ids of chunks(entryIds, entriesPerQuery)) {
    const rows = await statisticsRows(api, companyKey, {
      model: 'JournalEntryLine',
      select: [
        'ID as ID',
        'JournalEntryID as JournalEntryID',
        'JournalEntry.JournalEntryNumber as JournalEntryNumber',
        'AccountID as AccountID',
        'Amount as Amount',
        'VatTypeID as VatTypeID',
        'Description as Description',
        'FinancialDate as FinancialDate',
        'UpdatedAt as UpdatedAt',
      ].join(','),
      expand: 'JournalEntry',
      filter: `Deleted eq 0 and ${anyOf('JournalEntryID', ids)}`,
      orderby: 'ID',
    })
    for (const r of rows) {
      const line = {
        ID: Number(r.ID),
        AccountID: num(r.AccountID),
        Amount: (r.Amount as number | string | null) ?? null,
        VatTypeID: num(r.VatTypeID),
        Description: str(r.Description),
        FinancialDate: str(r.FinancialDate),
        number: str(r.JournalEntryNumber),
        updatedAt: str(r.UpdatedAt),
      }
      const id = Number(r.JournalEntryID)
      const list = byEntry.get(id)
      if (list) list.push(line)
      else byEntry.set(id, [line])
    }
  }
  return byEntry
}

async function filesOf(
  api: ApiClient,
  companyKey: string,
  entryIds: number[],
): Promise<Map<number, number[]>> {
  const byEntry = new Map<number, number[]>()
  for (const ids of chunks(entryIds, entriesPerQuery)) {
    const rows = await statisticsRows(api, companyKey, {
      model: 'FileEntityLink',
      select: 'ID as ID,EntityID as EntityID,FileID as FileID',
      filter: `EntityType eq 'JournalEntry' and Deleted eq 0 and ${anyOf('EntityID', ids)}`,
      orderby: 'ID',
    })
    for (const r of rows) {
      const id = Number(r.EntityID)
      byEntry.set(id, [...(byEntry.get(id) ?? []), Number(r.FileID)])
    }
  }
  return byEntry
}

/**
 * Entries with their lines and files, in the order given; an entry without a line left is not one. The
 * number, date and text come from the lines (the spec gives a journal entry no fields of its own beyond
 * its number).
 */
async function complete(api: ApiClient, companyKey: string, ids: number[]): Promise<BookedJournalEntry[]> {
  if (ids.length === 0) return []
  const [lines, files] = await Promise.all([linesOf(api, companyKey, ids), filesOf(api, companyKey, ids)])
  return ids.flatMap((id) => {
    const entryLines = lines.get(id)
    if (!entryLines?.length) return []
    const updated = entryLines.map((l) => l.updatedAt ?? '').sort()
    return [
      {
        ID: id,
        JournalEntryNumber: entryLines.find((l) => l.number)?.number ?? null,
        Description: entryLines.find((l) => l.Description?.trim())?.Description ?? null,
        FinancialDate: entryLines[0]!.FinancialDate,
        UpdatedAt: updated.at(-1) || null,
        Lines: entryLines.map(({ number: _n, updatedAt: _u, ...line }) => line),
        FileIDs: files.get(id) ?? [],
      },
    ]
  })
}

/**
 * The filter on journal entry lines a search asks for: every criterion given, and without one the last 90
 * days before `today`.
 */
function searchFilter(q: ReturnType<typeof JournalSearchSchema.parse>, today: Date): string[] {
  const lineFilter: string[] = ['Deleted eq 0']
  if (q.from) lineFilter.push(`FinancialDate ge ${quote(q.from)}`)
  if (q.to) lineFilter.push(`FinancialDate le ${quote(q.to)}`)
  if (q.accountId) lineFilter.push(`AccountID eq ${q.accountId}`)
  if (q.amountOre !== undefined) {
    const amount = oreToDecimal(Math.abs(q.amountOre))
    lineFilter.push(`(Amount eq ${amount} or Amount eq -${amount})`)
  }
  const number = q.number?.trim()
  if (number) {
    // `7` is that number in any year: the numbers read `<n>-<year>` (field notes).
    lineFilter.push(
      /^\d+$/.test(number)
        ? `startsWith(JournalEntry.JournalEntryNumber,${quote(`${number}-`)})`
        : `JournalEntry.JournalEntryNumber eq ${quote(number)}`,
    )
  }
  if (lineFilter.length === 1) {
    const since = new Date(today.getTime() - 90 * 86_400_000).toISOString().slice(0, 10)
    lineFilter.push(`FinancialDate ge ${quote(since)}`)
  }
  return lineFilter
}

export function createJournalService(deps: JournalServiceDeps) {
  const now = deps.now ?? (() => new Date())
  const staging = createStaging({
    maxBytes: journalMaxDocumentBytes,
    codes: {
      TooLarge: 'JOURNAL_UPLOAD_TOO_LARGE',
      NoLength: 'JOURNAL_UPLOAD_NO_LENGTH',
      BadName: 'JOURNAL_UPLOAD_BAD_NAME',
      Incomplete: 'JOURNAL_UPLOAD_INCOMPLETE',
      UnknownUpload: 'JOURNAL_UPLOAD_UNKNOWN_UPLOAD',
      SignedOut: 'JOURNAL_SIGNED_OUT',
    },
    words: { kind: 'a journal document', again: 'attach it again' },
  })

  async function signedIn(): Promise<StagingOwner> {
    const owner = await deps.staging?.owner()
    if (!owner) throw new BridgeError('JOURNAL_SIGNED_OUT', 'Sign in to attach documents')
    return owner
  }

  /** Uploads a document's bytes to the company's files, once they are known to be a PDF or an image. */
  async function uploadBytes(companyKey: string, name: string, bytes: Uint8Array) {
    if (!documentKind(bytes))
      throw new BridgeError(NotADocument, `${name} is not a PDF or an image`, { name })
    const api = await deps.api()
    // The file server of the session's own environment, asked of the session's client each time.
    const fileId = await uploadFile(api, await filesUrlOf(api), companyKey, { bytes, name })
    return { fileId, name, size: bytes.length }
  }

  return {
    /** A document dropped on a draft, uploaded to the company's files for the entry's FileIDs. */
    async uploadDocument(
      companyKey: string,
      input: JournalDocument,
    ): Promise<{ fileId: number; name: string; size: number }> {
      const file = JournalDocumentSchema.parse(input)
      return uploadBytes(companyKey, file.name, Buffer.from(file.data, 'base64'))
    },

    /**
     * Browser mode's upload endpoint: stages a document's bytes for a company of the signed-in user, in
     * that user's own folder (see ../uploads/staging.ts); `uploadStaged` takes the token.
     */
    async receiveUpload(
      companyKey: string,
      upload: { name: string; length: number | undefined; body: Readable },
    ) {
      const owner = await signedIn()
      const companies = await deps.staging!.companies()
      if (!companies.some((c) => c.Key === companyKey))
        throw new BridgeError(
          'JOURNAL_UNKNOWN_COMPANY',
          "This company is not one of the signed-in user's companies",
        )
      return staging.receive({
        ...upload,
        dir: join(
          deps.staging!.dataDir,
          'journal',
          safe(owner.environmentId),
          'users',
          safe(owner.subject),
          'incoming',
        ),
        companyKey,
        ...owner,
      })
    },

    /** Uploads a staged document (by its token, for the user who sent it) to the company's files. */
    async uploadStaged(companyKey: string, token: string) {
      const [file] = staging.claim([token], companyKey, await signedIn())
      try {
        return await uploadBytes(companyKey, file!.name, await readFile(file!.path))
      } finally {
        // Taken once: a failed upload is sent again from the page, which still has the file.
        await rm(file!.path, { force: true })
      }
    },

    /** The session changed: documents staged by a user who is no longer signed in are removed. */
    sessionChanged: (owner: StagingOwner | null) => staging.keepOnly(owner),

    /** Booked entries by their IDs (the entries a booking answered), in the order given. */
    async entries(companyKey: string, ids: readonly number[]): Promise<BookedJournalEntry[]> {
      return complete(await deps.api(), companyKey, [...new Set(ids)])
    },

    /**
     * Whether a booking is on the platform, made by the signed-in user no earlier than `since`: the look-up
     * a retry makes (../sync/journal-actions.ts), for a draft whose booking's answer did not reach it.
     */
    async findBooking(
      companyKey: string,
      entries: readonly BookingEntry[],
      since: string,
    ): Promise<FoundBooking> {
      const api = await deps.api()
      const me = await sessionUser(api, companyKey)
      return findBooking(api, companyKey, entries, { createdBy: me.GlobalIdentity, since })
    },

    /**
     * Booked entries matching every criterion given, newest first: by number, by a line's date, account or
     * amount (either side). Without a criterion: the last 90 days.
     */
    async search(companyKey: string, input: JournalSearch): Promise<BookedJournalEntry[]> {
      const q = JournalSearchSchema.parse(input)
      const api = await deps.api()
      const lineFilter = searchFilter(q, now())
      const matching = await api.statistics<Row>(
        {
          model: 'JournalEntryLine',
          select: 'JournalEntryID as JournalEntryID',
          expand: 'JournalEntry',
          filter: lineFilter.join(' and '),
          orderby: 'JournalEntryID desc',
          top: 5000,
        },
        { companyKey },
      )
      const ids = [...new Set(matching.map((r) => Number(r.JournalEntryID)))]
        .filter((id) => Number.isInteger(id) && id > 0)
        .slice(0, q.top)
      return complete(api, companyKey, ids)
    },
  }
}

export type JournalService = ReturnType<typeof createJournalService>
