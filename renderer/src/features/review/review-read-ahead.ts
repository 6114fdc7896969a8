// Reading ahead in the review: while an invoice is shown, the invoices before and after it in the queue's
// order (the desk's, over several companies) are read from the cache in the background with their supplier,
// document and OCR answer, and so are the lookups (accounts, VAT codes, suppliers…) of their companies, so
// moving on shows the next invoice from memory, even when it is another company's. It is bounded: only the
// shown invoice's neighbours and their companies' lookups are kept, everything else is dropped as the review
// moves or the queue changes. It never shows a stale row: a write to a company's rows (data/company-writes.ts)
// drops what was read of that company (and a read under way when it happens is not kept), and the review's
// live queries still own the truth: the read-ahead gives only the first frame.
import type { WorkspaceDb } from '@renderer/data/schema'
import { onCompanyWrite } from '@renderer/data/company-writes'
import { loadDocument, type ReviewDocument } from './review-queue.ts'
import { loadLookups, type ReviewLookups } from './review-lookups.ts'

/** An invoice of the queue: its company and ID. */
export interface AheadPlace {
  companyKey: string
  id: number
}

interface Entry<T> {
  companyKey: string
  /** The read under way, or done. */
  read: Promise<T>
  /** The answer once the read is done (and no write has touched its company since it began). */
  value?: { answer: T }
}

const docKey = (place: AheadPlace) => `${place.companyKey}:${place.id}`

export class ReviewReadAhead {
  private readonly documents = new Map<string, Entry<ReviewDocument | null>>()
  private readonly lookupsOf = new Map<string, Entry<ReviewLookups>>()
  /** Per company, how many writes have touched it: a read that saw another count is not kept. */
  private readonly writes = new Map<string, number>()
  private allWrites = 0
  private wanted: AheadPlace[] = []
  private readonly stop: () => void

  constructor(private readonly db: WorkspaceDb) {
    this.stop = onCompanyWrite(db, (_table, companies) => {
      if (companies === 'all') {
        this.allWrites++
        this.documents.clear()
        this.lookupsOf.clear()
        this.refillSoon()
        return
      }
      for (const key of companies) {
        this.writes.set(key, (this.writes.get(key) ?? 0) + 1)
        for (const [k, entry] of this.documents) if (entry.companyKey === key) this.documents.delete(k)
        this.lookupsOf.delete(key)
      }
      this.refillSoon()
    })
  }

  private refill: ReturnType<typeof setTimeout> | undefined
  /** Once writes settle (a pull writes page after page), the neighbours are read ahead again. */
  private refillSoon(): void {
    if (this.refill !== undefined) clearTimeout(this.refill)
    this.refill = setTimeout(() => {
      this.refill = undefined
      if (!this.db.isOpen()) return
      for (const place of this.wanted) {
        this.documentEntry(place)
        this.lookupsEntry(place.companyKey)
      }
    }, 150)
  }

  /** The invoices and companies kept now (for tests and the figures). */
  get size(): { documents: number; lookups: number } {
    return { documents: this.documents.size, lookups: this.lookupsOf.size }
  }

  /**
   * The review shows `places[index]`: reads its neighbours ahead and drops everything else. Called again
   * as the review moves or the queue changes; `index` -1 (nothing shown) drops everything.
   */
  around(places: readonly AheadPlace[], index: number): void {
    const neighbours = index < 0 ? [] : [places[index + 1], places[index - 1]].filter((p) => p !== undefined)
    const shown = index >= 0 ? places[index] : undefined
    this.wanted = neighbours
    const keepDocs = new Set(neighbours.map(docKey))
    const keepCompanies = new Set([...neighbours, ...(shown ? [shown] : [])].map((p) => p.companyKey))
    for (const key of this.documents.keys()) if (!keepDocs.has(key)) this.documents.delete(key)
    for (const key of this.lookupsOf.keys()) if (!keepCompanies.has(key)) this.lookupsOf.delete(key)
    for (const place of neighbours) {
      this.documentEntry(place)
      this.lookupsEntry(place.companyKey)
    }
  }

  /** What was read ahead of the invoice: its answer when done, its read when under way, else undefined. */
  document(place: AheadPlace): ReviewDocument | null | Promise<ReviewDocument | null> | undefined {
    const entry = this.documents.get(docKey(place))
    return entry ? (entry.value ? entry.value.answer : entry.read) : undefined
  }

  /** The company's lookups read ahead: the answer when done, the read when under way, else undefined. */
  lookups(companyKey: string): ReviewLookups | Promise<ReviewLookups> | undefined {
    const entry = this.lookupsOf.get(companyKey)
    return entry ? (entry.value ? entry.value.answer : entry.read) : undefined
  }

  /** Drops everything read ahead. */
  drop(): void {
    this.wanted = []
    this.documents.clear()
    this.lookupsOf.clear()
  }

  dispose(): void {
    this.drop()
    this.stop()
    if (this.refill !== undefined) clearTimeout(this.refill)
  }

  private documentEntry(place: AheadPlace): void {
    const key = docKey(place)
    if (this.documents.has(key)) return
    this.documents.set(
      key,
      this.entry(place.companyKey, this.documents, key, () =>
        loadDocument(this.db, place.companyKey, place.id),
      ),
    )
  }

  private lookupsEntry(companyKey: string): void {
    if (this.lookupsOf.has(companyKey)) return
    this.lookupsOf.set(
      companyKey,
      this.entry(companyKey, this.lookupsOf, companyKey, () => loadLookups(this.db, companyKey)),
    )
  }

  /**
   * Starts a read; its answer is kept only when no write touched the company meanwhile, and one who waits for
   * it then gets a read made after that write instead.
   */
  private entry<T>(companyKey: string, map: Map<string, Entry<T>>, key: string, read: () => Promise<T>) {
    const seen = this.stamp(companyKey)
    const entry: Entry<T> = {
      companyKey,
      read: read().then((answer) => (this.stamp(companyKey) === seen ? answer : read())),
    }
    entry.read.then(
      (answer) => {
        if (map.get(key) !== entry) return
        if (this.stamp(companyKey) !== seen) map.delete(key)
        else entry.value = { answer }
      },
      () => {
        if (map.get(key) === entry) map.delete(key)
      },
    )
    return entry
  }

  private stamp(companyKey: string): string {
    return `${this.allWrites}:${this.writes.get(companyKey) ?? 0}`
  }
}

const readAheads = new WeakMap<WorkspaceDb, ReviewReadAhead>()

/** The read-ahead of this workspace (one per workspace: a review of another company finds it). */
export function reviewReadAhead(db: WorkspaceDb): ReviewReadAhead {
  let found = readAheads.get(db)
  if (!found) {
    found = new ReviewReadAhead(db)
    readAheads.set(db, found)
  }
  return found
}

/**
 * The first frame of a value the review reads: what the read-ahead holds (at once when done, else once its read
 * is), else a read of its own; and a read of its own as well when a write to the company dropped what was
 * read ahead while it was awaited (`held` asks the read-ahead again), so a row is never handed over as it
 * was before a write.
 */
export async function firstFrame<T>(
  held: () => T | Promise<T> | undefined,
  read: () => Promise<T>,
): Promise<T> {
  const ahead = held()
  if (ahead === undefined) return read()
  if (!(ahead instanceof Promise)) return ahead
  const answer = await ahead
  return held() === undefined ? read() : answer
}
