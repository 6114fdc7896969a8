// What a party merge leaves in the cache besides the party's row: the duplicate's listed invoices were moved
// at once (./parties.ts `mergeParty`). Main answers the invoices it could not move (booked meanwhile, or no
// longer on the duplicate) as `MergeSkippedInvoices` on the duplicate's row, with their platform values,
// and those go back into the cache (the pull would not bring them: they did not change on the platform).
// A discarded merge puts the moved invoices back on the duplicate.
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

/** The invoice table a merge entry touches besides its party's (for the transaction that settles it). */
export function mergeTables(
  db: WorkspaceDb,
  entry: Pick<OutboxEntry, 'entity' | 'operation'>,
): InvoiceTable[] {
  return mergeOf(entry) ? [invoicesOf(db, entry.entity)] : []
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
