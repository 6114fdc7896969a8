// The per-company scan ledger, keyed by the SHA-256 of a file's content. It is an append-only journal
// (one JSON line per change, fsynced before the step it records goes on), so a kill at any instant leaves
// every line before the torn last one intact; replaying the lines gives the state. Opening a journal
// that has grown well past its entries rewrites it as a snapshot (write, fsync, rename, fsync the folder).
import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { ScanReason } from '../../../../common/bridge/scan.ts'
import { reasonOfLine, type FieldsBeforeCodes } from './ledger-before-codes.ts'

export type LedgerState = 'queued' | 'uploading' | 'reading' | 'creating' | 'done' | 'failed' | 'cancelled'

/**
 * The pipeline's steps in order; `step` on an entry is the first one not yet finished. Only a PDF to be
 * split (a folder's "split on separator pages", the accountant's split in the queue) is queued at `split`.
 */
export const STEPS = ['split', 'upload', 'read', 'supplier', 'invoice', 'link', 'move'] as const
export type ScanStep = (typeof STEPS)[number] | 'finished'

export interface ReadFields {
  /** The Norwegian organisation number, or a foreign supplier's VAT id with its country prefix. */
  orgNumber: string | null
  /** The country of a foreign supplier's id (ISO 3166); absent in entries recorded before it was read. */
  supplierCountry?: string | null
  supplierName: string | null
  invoiceNumber: string | null
  invoiceDate: string | null
  dueDate: string | null
  amount: number | null
  currency: string | null
  kid: string | null
  bankAccount: string | null
  iban: string | null
}

export interface LedgerEntry {
  sha256: string
  companyKey: string
  state: LedgerState
  step: ScanStep
  /** Where the file was taken from, and the folder whose processed/ and failed/ it goes to. */
  originalPath: string
  name: string
  folder: string
  kind: string | null
  size: number
  fileId: number | null
  invoiceId: number | null
  supplierId: number | null
  supplierCreated: boolean
  /**
   * The note on a supplier this run created was posted. A platform that does not list a supplier's
   * comments (only their POST is documented) cannot be asked whether it is there: this record keeps a
   * resumed run from posting it twice.
   */
  supplierNoted?: boolean
  /**
   * The creating step that was begun and not yet recorded as finished. Only such a step can have created
   * something an earlier run did not record, so only then is the platform asked before creating again.
   */
  started: ScanStep | null
  /**
   * Another user's ledger on this station holds this content without a finished invoice: their run may
   * have created the file or the draft, so the platform is asked before every creating step.
   */
  elsewhere?: boolean
  fields: ReadFields | null
  /**
   * The XML invoice beside this PDF (same base name, the pair rule in pair.ts): its fields were read, and it
   * is attached to the invoice (`fileId` once uploaded) and moved with the PDF (`destination`).
   */
  partner?: LedgerPartner | null
  /**
   * Split: `separators` cuts the PDF at its blank and separator pages (its folder's setting when it was
   * taken), `cuts` where the accountant chose (the page numbers a part begins at). Null: sent whole.
   */
  splitBy?: { separators: true } | { cuts: number[] } | null
  /**
   * The parts this PDF was split into, each an entry of its own once taken. Recorded (with each part's
   * SHA-256) before the first part is taken, so a restart takes the same parts and never makes one twice.
   */
  parts?: SplitPart[] | null
  /** A part of a split PDF: the batch's content and name, and which part of how many. */
  splitFrom?: { sha256: string; name: string; part: number; of: number } | null
  /** Where the original goes (recorded before it is moved) and where it went. */
  destination: string | null
  /** Why the entry failed or waits, as the inbox words it; null while it is on its way or done. */
  reason: ScanReason | null
  attempts: number
  takenAt: string
  updatedAt: string
  readyAt: string | null
}

/**
 * What a new entry holds of everything its steps record later: nothing uploaded, created or read yet, no
 * step begun, no attempt made, nowhere to go. Each place that takes a file into the ledger starts from it.
 */
export const UNSTARTED = {
  fileId: null,
  invoiceId: null,
  supplierId: null,
  supplierCreated: false,
  started: null,
  fields: null,
  destination: null,
  reason: null,
  attempts: 0,
  readyAt: null,
} as const satisfies Partial<LedgerEntry>

export interface SplitPart {
  sha256: string
  /** Where the part's PDF was written (beside its batch, in processed/split/). */
  path: string
  name: string
  pages: number[]
}

export interface LedgerPartner {
  sha256: string
  path: string
  name: string
  fileId: number | null
  destination: string | null
}

export interface DuplicateRecord {
  sha256: string
  name: string
  originalPath: string
  destination: string
  at: string
  /**
   * The content is another user's on this station: the invoice it already has and whether this user may
   * open it. Nothing else of the other user's is kept here.
   */
  elsewhere?: { invoiceId: number; visible: boolean }
}

export interface LedgerContents {
  entries: Map<string, LedgerEntry>
  /**
   * Keyed by where the duplicate was set aside (processed/duplicates/, a free name each time): the same name
   * dropped three times is three rows, and a kill between its record and its move records it twice under
   * the one destination, which the file had not reached.
   */
  duplicates: Map<string, DuplicateRecord>
  lines: number
  text: string
}

/** Replays a ledger file without writing to it (a missing file is an empty ledger). */
export async function readLedgerFile(path: string): Promise<LedgerContents> {
  const entries = new Map<string, LedgerEntry>()
  const duplicates = new Map<string, DuplicateRecord>()
  let lines = 0
  let text = ''
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue
    let line: Line
    try {
      line = JSON.parse(raw) as Line
    } catch {
      // A torn last line from a kill mid-append: the change it held never counted as done.
      continue
    }
    lines++
    if ('d' in line) duplicates.set(line.d.destination, line.d)
    else entries.set(line.e.sha256, { ...(entries.get(line.e.sha256) as LedgerEntry), ...withReason(line.e) })
  }
  return { entries, duplicates, lines, text }
}

type EntryChange = Partial<LedgerEntry> & { sha256: string }
type Line = { e: EntryChange & FieldsBeforeCodes } | { d: DuplicateRecord }

/** A change as this version records it, also when an earlier version wrote it (ledger-before-codes.ts). */
function withReason(change: EntryChange & FieldsBeforeCodes): EntryChange {
  const reason = reasonOfLine(change)
  if (reason === undefined) return change
  const { reasonCode: _code, lastError: _error, ...rest } = change
  return { ...rest, reason }
}

export interface Ledger {
  readonly path: string
  get(sha256: string): LedgerEntry | undefined
  entries(): LedgerEntry[]
  duplicates(): DuplicateRecord[]
  /** Creates or changes an entry; resolves once the change is on disk. */
  record(sha256: string, change: Partial<LedgerEntry>): Promise<LedgerEntry>
  recordDuplicate(dup: DuplicateRecord): Promise<void>
  close(): Promise<void>
}

export async function openLedger(path: string): Promise<Ledger> {
  await mkdir(dirname(path), { recursive: true })
  const { entries, duplicates: dups, lines, text } = await readLedgerFile(path)
  if (lines > 64 && lines > 3 * (entries.size + dups.size)) await compact(path, entries, [...dups.values()])
  else if (text && !text.endsWith('\n')) {
    // Start the next append on its own line after a torn one.
    const fh = await open(path, 'a')
    await fh.appendFile('\n')
    await fh.close()
  }

  let handle: FileHandle | null = await open(path, 'a')
  // Group commit: the lines recorded while one write and fsync are under way go out together in the next
  // one, so files running at once share an fsync instead of queueing one each.
  let pending: { text: string; done(): void; fail(e: unknown): void }[] = []
  let writing: Promise<void> | null = null
  const flush = async () => {
    while (pending.length) {
      const batch = pending
      pending = []
      try {
        if (!handle) throw new Error(`The scan ledger ${path} is closed`)
        await handle.appendFile(batch.map((b) => b.text).join(''))
        await handle.datasync()
        for (const b of batch) b.done()
      } catch (error) {
        for (const b of batch) b.fail(error)
      }
    }
    writing = null
  }
  const append = (line: Line) =>
    new Promise<void>((done, fail) => {
      pending.push({ text: JSON.stringify(line) + '\n', done, fail })
      writing ??= flush()
    })

  return {
    path,
    get: (sha) => entries.get(sha),
    entries: () => [...entries.values()],
    duplicates: () => [...dups.values()],
    async record(sha256, change) {
      const now = new Date().toISOString()
      await append({ e: { ...change, sha256, updatedAt: now } })
      // Merged once on disk, onto the entry as it is then: changes of one entry recorded at once (a run's
      // step and a split asked from the queue) each keep the others', in the order the journal replays them.
      const merged = { ...(entries.get(sha256) as LedgerEntry), ...change, sha256, updatedAt: now }
      entries.set(sha256, merged)
      return merged
    },
    async recordDuplicate(dup) {
      await append({ d: dup })
      dups.set(dup.destination, dup)
    },
    async close() {
      await writing
      await handle?.close()
      handle = null
    },
  }
}

async function compact(path: string, entries: Map<string, LedgerEntry>, dups: DuplicateRecord[]) {
  const tmp = `${path}.tmp`
  const fh = await open(tmp, 'w')
  const body = [...entries.values()]
    .map((e) => JSON.stringify({ e }))
    .concat(dups.map((d) => JSON.stringify({ d })))
  await fh.writeFile(body.join('\n') + '\n')
  await fh.sync()
  await fh.close()
  await rename(tmp, path)
  const dir = await open(dirname(path), 'r')
  await dir.sync().catch(() => undefined)
  await dir.close()
}
