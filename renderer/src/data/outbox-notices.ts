// What an outbox entry came to when main did something else than was asked (./drain.ts): a booking that
// an approval rule applied to when it was sent went for approval by that rule instead. The drain stores the
// answered row as for any done entry, then tells whoever shows such things (`onOutboxNotice`: the review's
// words for it) once its transaction is stored. The entry itself is gone by then, so this is the one time
// the user can be told.
import Dexie from 'dexie'
import type { OutboxNotice } from '@common/bridge/outbox'
import type { PlatformRow } from '@common/bridge/sync'

export interface OutboxNoticed {
  /** The workspace database (environment and user) the entry was in. */
  workspace: string
  companyKey: string
  entity: string
  entityId: number
  notice: OutboxNotice
  /** The row as the platform answered it (its invoice number and supplier, for the words). */
  row: PlatformRow | null
}

const listeners = new Set<(noticed: OutboxNoticed) => void>()
/**
 * In the browser every tab drains the outbox: the window whose drain sent the entry tells the other windows
 * too, so the user is told wherever they are looking.
 */
const windows =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ledgerdesk-outbox-notice')
// Node (the tests) has the channel too: it must not keep the process alive.
;(windows as { unref?: () => void } | null)?.unref?.()
windows?.addEventListener('message', (event) => {
  const noticed = (event as unknown as { data: OutboxNoticed }).data
  listeners.forEach((listener) => listener(noticed))
})

/** Tells `listener` each notice an outbox entry's outcome carried (once it is stored); returns the unsubscribe. */
export function onOutboxNotice(listener: (noticed: OutboxNoticed) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Tells the listeners, here and in the other windows, once the caller's transaction (if any) is stored. */
export function announceNotice(noticed: OutboxNoticed): void {
  const tell = () => {
    listeners.forEach((listener) => listener(noticed))
    windows?.postMessage(noticed)
  }
  const transaction = Dexie.currentTransaction
  if (transaction) transaction.on('complete', tell)
  else tell()
}
