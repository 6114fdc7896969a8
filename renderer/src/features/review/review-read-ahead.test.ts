// The review's read-ahead: the neighbours of the invoice shown (in whichever company) and their companies'
// lookups are read in the background and kept, nothing else; a write to a company drops what was read of it,
// so a row is never shown as it was before that write.
import { afterEach, describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus as SI } from '@common/status'
import { openWorkspace, type WorkspaceDb } from '@renderer/data/schema'
import { firstFrame, ReviewReadAhead, reviewReadAhead } from './review-read-ahead.ts'
import { loadDocument } from './review-queue.ts'

let db: WorkspaceDb
let ahead: ReviewReadAhead | undefined
afterEach(async () => {
  ahead?.dispose()
  ahead = undefined
  await db.delete()
})

const at = '2026-11-01T10:00:00Z'
async function office(): Promise<WorkspaceDb> {
  db = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
  for (const companyKey of ['nordlys', 'aurora', 'fjord']) {
    await db.SupplierInvoice.bulkPut(
      [1, 2, 3].map((ID) => ({
        companyKey,
        ID,
        UpdatedAt: at,
        StatusCode: SI.Draft,
        InvoiceNumber: `${companyKey}-${ID}`,
        SupplierID: 5,
      })),
    )
    await db.Supplier.put({ companyKey, ID: 5, UpdatedAt: at, Info: { Name: `Leverandør ${companyKey}` } })
    await db.Account.put({ companyKey, ID: 1, UpdatedAt: at, AccountNumber: 4000, AccountName: companyKey })
  }
  return db
}

/** A desk of three companies: the same IDs, one company after the other. */
const places = [
  { companyKey: 'nordlys', id: 1 },
  { companyKey: 'aurora', id: 1 },
  { companyKey: 'fjord', id: 1 },
  { companyKey: 'nordlys', id: 2 },
  { companyKey: 'aurora', id: 2 },
]

/** Waits until the read-ahead holds the invoice done (not a read under way). */
async function held(read: () => unknown) {
  for (let i = 0; i < 200; i++) {
    const value = read()
    if (value !== undefined && !(value instanceof Promise)) return value
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('never read ahead')
}

describe('the review’s read-ahead', () => {
  it('reads the next and previous invoice with their companies’ lookups, and keeps nothing else', async () => {
    await office()
    ahead = new ReviewReadAhead(db)
    ahead.around(places, 1)
    const next = (await held(() => ahead!.document(places[2]!))) as Awaited<ReturnType<typeof loadDocument>>
    expect(next?.row).toMatchObject({ companyKey: 'fjord', ID: 1, InvoiceNumber: 'fjord-1' })
    expect(next?.supplier?.Info).toEqual({ Name: 'Leverandør fjord' })
    const lookups = (await held(() => ahead!.lookups('fjord'))) as { accounts: { AccountName: string }[] }
    // That company's lookups, never another's.
    expect(lookups.accounts.map((a) => a.AccountName)).toEqual(['fjord'])
    expect(ahead.document(places[0]!)).toBeDefined()
    expect(ahead.document(places[3]!)).toBeUndefined()
    expect(ahead.size).toEqual({ documents: 2, lookups: 2 })

    // Moving on drops what is no longer a neighbour: never more than two invoices and three companies.
    for (let index = 2; index < places.length; index++) {
      ahead.around(places, index)
      expect(ahead.size.documents).toBeLessThanOrEqual(2)
      expect(ahead.size.lookups).toBeLessThanOrEqual(3)
    }
    expect(ahead.document(places[1]!)).toBeUndefined()
    expect(ahead.document(places[3]!)).toBeDefined()
    // Nothing shown (the queue emptied, another desk): nothing kept.
    ahead.around([], -1)
    expect(ahead.size).toEqual({ documents: 0, lookups: 0 })
  })

  it('never gives a row as it was before a write to its company, done or under way', async () => {
    await office()
    ahead = new ReviewReadAhead(db)
    ahead.around(places, 0)
    await held(() => ahead!.document(places[1]!))
    await held(() => ahead!.lookups('aurora'))
    // A write to another company leaves Aurora's read as it was.
    await db.SupplierInvoice.update(['fjord', 1], { InvoiceNumber: 'x' })
    expect(ahead.document(places[1]!)).toBeDefined()
    // A sync changes Aurora's invoice: what was read of Aurora is dropped at once.
    await db.SupplierInvoice.update(['aurora', 1], { InvoiceNumber: 'A-1 rettet' })
    expect(ahead.document(places[1]!)).toBeUndefined()
    expect(ahead.lookups('aurora')).toBeUndefined()
    const shown = await firstFrame(
      () => ahead!.document(places[1]!),
      () => loadDocument(db, 'aurora', 1),
    )
    expect(shown?.row.InvoiceNumber).toBe('A-1 rettet')
    // Read again once the writes settle, as they are now.
    const again = (await held(() => ahead!.document(places[1]!))) as Awaited<ReturnType<typeof loadDocument>>
    expect(again?.row.InvoiceNumber).toBe('A-1 rettet')

    // A write to the company while its read is under way: what was read of it is dropped at once.
    ahead.around(places, 3)
    expect(ahead.document(places[4]!)).toBeInstanceOf(Promise)
    const waited = firstFrame(
      () => ahead!.document(places[4]!),
      () => loadDocument(db, 'aurora', 2),
    )
    await db.SupplierInvoice.update(['aurora', 2], { InvoiceNumber: 'A-2 rettet' })
    expect(ahead.document(places[4]!)).toBeUndefined()
    await waited
    // Asked after the write: the row as written, whether read ahead again or read for the frame.
    expect(
      (
        await firstFrame(
          () => ahead!.document(places[4]!),
          () => loadDocument(db, 'aurora', 2),
        )
      )?.row.InvoiceNumber,
    ).toBe('A-2 rettet')
  })

  it('is one per workspace, so the review of the next company finds what the last one read', async () => {
    await office()
    expect(reviewReadAhead(db)).toBe(reviewReadAhead(db))
    const other = openWorkspace('sandbox', `user-${crypto.randomUUID()}`)
    expect(reviewReadAhead(other)).not.toBe(reviewReadAhead(db))
    reviewReadAhead(db).dispose()
    reviewReadAhead(other).dispose()
    await other.delete()
  })
})
