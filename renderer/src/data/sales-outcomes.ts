// What sales' answers do to the cache besides storing the answered row (./drain.ts). A draft created offline
// (`create`) or a credit draft made offline (`credit`, whose entry is on the invoice credited and names the
// local credit draft as `LocalID`) becomes the platform's row: the local row goes, the changes queued on the
// local ID move to the platform's ID and take the answered row as their base (so an edit sends only what the
// user changed, never what the platform filled in), and whoever shows the local ID (the open editor's URL)
// is told (`onSalesDraftMoved`). Until then the changes queued on a local ID wait (`waitsForPlatformId`).
// A credit that is discarded takes its local credit draft with it.
import Dexie from 'dexie'
import type { PlatformRow } from '@common/bridge/sync'
import { isAction, isRowChangeOf, queued } from './outbox-queries.ts'
import { previewFields, valuesOf } from './sales-rows.ts'
import type { OutboxEntryOf, WorkspaceDb } from './schema.ts'

// Each runs for the actions the outcome table lists it under (./outcome-hooks.ts).
type SalesEntry = OutboxEntryOf<'CustomerInvoice', 'create' | 'credit'>

export interface SalesDraftMoved {
  /** The workspace database (environment and user) the draft is in. */
  workspace: string
  companyKey: string
  /** The local (negative) ID the draft had. */
  from: number
  /** The platform's ID it has now. */
  to: number
}

const listeners = new Set<(moved: SalesDraftMoved) => void>()
/**
 * Another window of the app on the same workspace may be the one whose sync sent the create (in the browser
 * every tab drains the outbox): the move is told to the other windows too, so an editor open there follows.
 */
const windows = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ledgerdesk-sales-draft-moved')
// Node (the tests) has the channel too: it must not keep the process alive.
;(windows as { unref?: () => void } | null)?.unref?.()
windows?.addEventListener('message', (event) => {
  const moved = (event as unknown as { data: SalesDraftMoved }).data
  listeners.forEach((listener) => listener(moved))
})

/** Tells `listener` each time a local draft got its platform ID (after the change is stored); returns the unsubscribe. */
export function onSalesDraftMoved(listener: (moved: SalesDraftMoved) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function announce(moved: SalesDraftMoved): void {
  const tell = () => {
    listeners.forEach((listener) => listener(moved))
    windows?.postMessage(moved)
  }
  const transaction = Dexie.currentTransaction
  if (transaction) transaction.on('complete', tell)
  else tell()
}

/** The local draft an entry's answer replaces: a create's own ID, a credit's `LocalID`. */
function localDraftOf(entry: SalesEntry): number | null {
  if (isRowChangeOf(entry, 'create')) return entry.entityId < 0 ? entry.entityId : null
  const local = entry.body.LocalID
  return typeof local === 'number' && local < 0 ? local : null
}

/**
 * A change queued on a draft that has no platform ID yet: it goes once its create or credit is answered.
 * (A create is the one entry of a local draft that goes: it is not listed with this.)
 */
export function waitsForPlatformId(entry: { entityId: number }): boolean {
  return entry.entityId < 0
}

/**
 * After a done create or credit, before the answered row is stored: the changes queued on the local draft
 * move to the platform's ID with the answered row as their base, and the local row goes. Runs in the drain's
 * transaction over the outbox and the invoices.
 */
export async function moveLocalDraft(
  db: WorkspaceDb,
  companyKey: string,
  entry: SalesEntry,
  row: PlatformRow | null,
): Promise<void> {
  const from = localDraftOf(entry)
  const to = Number(row?.ID)
  if (from === null || !row || !(to > 0)) return
  for (const waiting of await queued(db, companyKey, 'CustomerInvoice', from)) {
    const isEdit = isAction(waiting, 'CustomerInvoice', 'edit-draft')
    await db.outbox.update(waiting.seq!, {
      entityId: to,
      baseUpdatedAt: (row.UpdatedAt as string | null | undefined) ?? null,
      ...(isEdit ? { base: valuesOf(row, previewFields) } : {}),
    })
  }
  await db.CustomerInvoice.delete([companyKey, from])
  announce({ workspace: db.name, companyKey, from, to })
}

/**
 * A discarded credit: its local credit draft goes, with the changes queued on it. A failed create or credit
 * leaves its local draft's changes waiting: they go, or are discarded, with it.
 */
export async function dropLocalCredit(db: WorkspaceDb, entry: OutboxEntryOf<'CustomerInvoice', 'credit'>): Promise<void> {
  const local = localDraftOf(entry)
  if (local === null) return
  const key: [string, number] = [entry.companyKey, local]
  await db.outbox
    .where('[companyKey+entity+entityId]')
    .equals([entry.companyKey, 'CustomerInvoice', local])
    .delete()
  await db.CustomerInvoice.delete(key)
}
