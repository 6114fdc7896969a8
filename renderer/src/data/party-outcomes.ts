// What a party merge leaves in the cache besides the party's row: the duplicate's listed invoices were moved
// at once (./parties.ts `mergeParty`). Main answers the invoices it could not move (booked meanwhile, or no
// longer on the duplicate) as `MergeSkippedInvoices` on the duplicate's row, with their platform values,
// and those go back into the cache (the pull would not bring them: they did not change on the platform).
// A discarded merge puts the moved invoices back on the duplicate.
//
// A contact person created for a supplier or customer that is itself still waiting to be created names the
// party's local (negative) business relation ID: their create waits in the outbox until the party's create
// is answered, then takes the platform's ID (`relinkContacts`); a discarded party fails it with the reason.
// Each runs for the (entity, action) the outcome table lists it under (./outcome-hooks.ts).
import type { Table } from 'dexie'
import type { PlatformRow } from '@common/bridge/sync'
import { isAction, isRowChangeOf } from './outbox-queries.ts'
import type { CachedRow, OutboxEntryOf, RowKey, WorkspaceDb } from './schema.ts'

type InvoiceTable = Table<CachedRow, RowKey>
type TradingParty = 'Supplier' | 'Customer'
type PartyMerge = OutboxEntryOf<TradingParty, 'merge'>
type PartyCreate = OutboxEntryOf<TradingParty, 'create'>

const linkOf = (entity: TradingParty) => (entity === 'Supplier' ? 'SupplierID' : 'CustomerID')

const invoicesOf = (db: WorkspaceDb, entity: TradingParty): InvoiceTable =>
  entity === 'Supplier' ? db.SupplierInvoice : db.CustomerInvoice

/** A merge touches the invoices it moves besides its party's row. */
export const mergeTables = (db: WorkspaceDb, entry: PartyMerge): Table<CachedRow, RowKey>[] => [
  invoicesOf(db, entry.entity),
]

/** A new party's answer and discard touch its contact persons. */
export const createTables = (db: WorkspaceDb): Table<CachedRow, RowKey>[] => [db.Contact]

/** A contact person's create that waits for the party they work for to reach the platform. */
export function waitsForParent(entry: OutboxEntryOf<'Contact', 'create'>): boolean {
  const parent = entry.body.ParentBusinessRelationID
  return typeof parent === 'number' && parent < 0
}

const localRelationId = (row: CachedRow | undefined) =>
  Number((row?.Info as { ID?: unknown } | null | undefined)?.ID)

async function contactCreatesFor(db: WorkspaceDb, companyKey: string, relationId: number) {
  return db.outbox
    .where('[companyKey+entity+entityId]')
    .between([companyKey, 'Contact', -Infinity], [companyKey, 'Contact', 0])
    .filter(
      (e) =>
        isAction(e, 'Contact') &&
        isRowChangeOf(e, 'create') &&
        e.body.ParentBusinessRelationID === relationId,
    )
    .toArray() as Promise<OutboxEntryOf<'Contact', 'create'>[]>
}

/**
 * After a party created offline got its platform row: the contact persons that name its local business
 * relation ID name the platform's now, in their queued create and in the cache. `before` is the local row.
 */
export async function relinkContacts(
  db: WorkspaceDb,
  companyKey: string,
  entry: PartyCreate,
  row: PlatformRow | null,
): Promise<void> {
  if (!row || Number(row.ID) === entry.entityId) return
  const local = localRelationId(await db[entry.entity].get([companyKey, entry.entityId]))
  const assigned = Number(row.BusinessRelationID ?? (row.Info as { ID?: unknown } | null | undefined)?.ID)
  if (!(local < 0) || !(assigned > 0)) return
  for (const waiting of await contactCreatesFor(db, companyKey, local))
    await db.outbox.update(waiting.seq!, {
      body: { ...waiting.body, ParentBusinessRelationID: assigned },
    })
  const contacts = await db.Contact.where('companyKey')
    .equals(companyKey)
    .filter((c) => c.ParentBusinessRelationID === local)
    .toArray()
  if (contacts.length > 0)
    await db.Contact.bulkPut(contacts.map((c) => ({ ...c, ParentBusinessRelationID: assigned })))
}

/** A discarded party created offline: the contact persons waiting for it cannot be sent, and say why. */
export async function failWaitingContacts(
  db: WorkspaceDb,
  entry: PartyCreate,
  before: CachedRow | undefined,
): Promise<void> {
  const local = localRelationId(before)
  if (!(local < 0)) return
  for (const waiting of await contactCreatesFor(db, entry.companyKey, local))
    await db.outbox.update(waiting.seq!, {
      state: 'failed',
      lastError: {
        code: 'PARENT_DISCARDED',
        message: `The ${entry.entity.toLowerCase()} this person works for was discarded before it reached the platform`,
      },
    })
}

/** After a done merge: the invoices main did not move get their platform values back in the cache. */
export async function settleMerge(
  db: WorkspaceDb,
  companyKey: string,
  entry: PartyMerge,
  row: PlatformRow | null,
): Promise<void> {
  const skipped = row?.MergeSkippedInvoices
  if (!Array.isArray(skipped) || skipped.length === 0) return
  const table = invoicesOf(db, entry.entity)
  for (const invoice of skipped as PlatformRow[]) {
    const cached = await table.get([companyKey, Number(invoice.ID)])
    if (cached) await table.put({ ...cached, ...invoice, ID: cached.ID, companyKey })
  }
}

/** A discarded merge: the listed invoices the cache moved to the other party go back to the duplicate. */
export async function undoLocalMerge(db: WorkspaceDb, entry: PartyMerge): Promise<void> {
  const table = invoicesOf(db, entry.entity)
  const link = linkOf(entry.entity)
  const keys = entry.body.InvoiceIDs.map((id): RowKey => [entry.companyKey, id])
  const moved = (await table.bulkGet(keys)).filter(
    (invoice): invoice is CachedRow => invoice !== undefined && Number(invoice[link]) === entry.body.IntoID,
  )
  if (moved.length > 0) await table.bulkPut(moved.map((invoice) => ({ ...invoice, [link]: entry.entityId })))
}
