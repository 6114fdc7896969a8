// What a party merge leaves in the cache besides the party's row: the duplicate's listed invoices were moved
// at once (./parties.ts `mergeParty`). Main answers the invoices it could not move (booked meanwhile, or no
// longer on the duplicate) as `MergeSkippedInvoices` on the duplicate's row, with their platform values,
// and those go back into the cache (the pull would not bring them: they did not change on the platform).
// A discarded merge puts the moved invoices back on the duplicate.
//
// A contact person created for a supplier or customer that is itself still waiting to be created names the
// party's local (negative) business relation ID: their create waits in the outbox until the party's create
// is answered, then takes the platform's ID (`relinkContacts`); a discarded party fails it with the reason.
import type { Table } from 'dexie'
import type { PlatformRow } from '@common/bridge/sync'
import type { CachedRow, OutboxEntry, RowKey, WorkspaceDb } from './schema.ts'

type InvoiceTable = Table<CachedRow, RowKey>

function mergeOf(entry: Pick<OutboxEntry, 'entity' | 'operation'>) {
  const { operation } = entry
  if (operation.kind !== 'action' || operation.action !== 'merge') return null
  if (entry.entity !== 'Supplier' && entry.entity !== 'Customer') return null
  return {
    link: entry.entity === 'Supplier' ? 'SupplierID' : 'CustomerID',
    body: operation.body as { IntoID: number; InvoiceIDs: number[] },
  }
}

const invoicesOf = (db: WorkspaceDb, entity: string): InvoiceTable =>
  entity === 'Supplier' ? db.SupplierInvoice : db.CustomerInvoice

const isTradingPartyCreate = (entry: Pick<OutboxEntry, 'entity' | 'operation'>) =>
  entry.operation.kind === 'create' && (entry.entity === 'Supplier' || entry.entity === 'Customer')

/**
 * The tables a party entry touches besides its party's (for the transaction that settles or discards it):
 * a merge's invoices, a new party's contact persons.
 */
export function partyTables(
  db: WorkspaceDb,
  entry: Pick<OutboxEntry, 'entity' | 'operation'>,
): Table<CachedRow, RowKey>[] {
  if (mergeOf(entry)) return [invoicesOf(db, entry.entity)]
  return isTradingPartyCreate(entry) ? [db.Contact] : []
}

/** A contact person's create that waits for the party they work for to reach the platform. */
export function waitsForParent(entry: Pick<OutboxEntry, 'entity' | 'operation' | 'changes'>): boolean {
  const parent = entry.changes.ParentBusinessRelationID
  return (
    entry.entity === 'Contact' &&
    entry.operation.kind === 'create' &&
    typeof parent === 'number' &&
    parent < 0
  )
}

const localRelationId = (row: CachedRow | undefined) =>
  Number((row?.Info as { ID?: unknown } | null | undefined)?.ID)

async function contactCreatesFor(db: WorkspaceDb, companyKey: string, relationId: number) {
  return db.outbox
    .where('[companyKey+entity+entityId]')
    .between([companyKey, 'Contact', -Infinity], [companyKey, 'Contact', 0])
    .filter((e) => e.operation.kind === 'create' && e.changes.ParentBusinessRelationID === relationId)
    .toArray()
}

/**
 * After a party created offline got its platform row: the contact persons that name its local business
 * relation ID name the platform's now, in their queued create and in the cache. `before` is the local row.
 */
export async function relinkContacts(
  db: WorkspaceDb,
  companyKey: string,
  entry: OutboxEntry,
  before: CachedRow | undefined,
  row: PlatformRow,
): Promise<void> {
  if (!isTradingPartyCreate(entry)) return
  const local = localRelationId(before)
  const assigned = Number(row.BusinessRelationID ?? (row.Info as { ID?: unknown } | null | undefined)?.ID)
  if (!(local < 0) || !(assigned > 0)) return
  for (const waiting of await contactCreatesFor(db, companyKey, local))
    await db.outbox.update(waiting.seq!, {
      changes: { ...waiting.changes, ParentBusinessRelationID: assigned },
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
  entry: OutboxEntry,
  before: CachedRow | undefined,
): Promise<void> {
  if (!isTradingPartyCreate(entry)) return
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
  entry: OutboxEntry,
  row: PlatformRow | null,
): Promise<void> {
  const merge = mergeOf(entry)
  const skipped = row?.MergeSkippedInvoices
  if (!merge || !Array.isArray(skipped) || skipped.length === 0) return
  const table = invoicesOf(db, entry.entity)
  for (const invoice of skipped as PlatformRow[]) {
    const cached = await table.get([companyKey, Number(invoice.ID)])
    if (cached) await table.put({ ...cached, ...invoice, ID: cached.ID, companyKey })
  }
}

/** A discarded merge: the listed invoices the cache moved to the other party go back to the duplicate. */
export async function undoLocalMerge(db: WorkspaceDb, entry: OutboxEntry): Promise<void> {
  const merge = mergeOf(entry)
  if (!merge) return
  const table = invoicesOf(db, entry.entity)
  const keys = merge.body.InvoiceIDs.map((id): RowKey => [entry.companyKey, id])
  const moved = (await table.bulkGet(keys)).filter(
    (invoice): invoice is CachedRow =>
      invoice !== undefined && Number(invoice[merge.link]) === merge.body.IntoID,
  )
  if (moved.length > 0)
    await table.bulkPut(moved.map((invoice) => ({ ...invoice, [merge.link]: entry.entityId })))
}
