// What an outbox entry does to the cache besides storing its answered row, listed by (entity, action) as
// main's executor table lists what sends it (electron/main/services/sync/executors.ts). The drain and the
// discard of an entry (./drain.ts, ./outbox-actions.ts) run the hooks of its entity and action and know no
// feature: an action with none listed only stores its answer. Each hook gets the entry with its body typed.
//
// To give an action an effect of its own: write the hook beside its feature's data code and list it here.
import type { Table } from 'dexie'
import type { OutboxActionName, OutboxEntity } from '@common/bridge/outbox'
import type { PlatformRow } from '@common/bridge/sync'
import {
  createTables,
  failWaitingContacts,
  mergeTables,
  relinkContacts,
  settleMerge,
  undoLocalMerge,
  waitsForParent,
} from './party-outcomes.ts'
import { dropLocalCredit, moveLocalDraft, waitsForPlatformId } from './sales-outcomes.ts'
import type { CachedRow, OutboxEntry, OutboxEntryOf, RowKey, WorkspaceDb } from './schema.ts'

export interface OutcomeHooks<T extends OutboxEntry = OutboxEntry> {
  /**
   * The entry waits for another's answer (a party's create, a draft's platform ID): the drain holds it, and
   * the row's later entries, and takes it again once an answer in the same drain lets it go.
   */
  waits?(entry: T): boolean
  /** The tables the hooks below touch besides the entry's own (for the transaction that runs them). */
  tables?(db: WorkspaceDb, entry: T): Table<CachedRow, RowKey>[]
  /** Done, before its answered row is stored (the entry's local row is still in the cache). */
  answered?(db: WorkspaceDb, companyKey: string, entry: T, row: PlatformRow | null): Promise<void>
  /** Discarded by the user; `before` is its row as cached. */
  discarded?(db: WorkspaceDb, entry: T, before: CachedRow | undefined): Promise<void>
}

type OutcomeTable = {
  [E in OutboxEntity]?: { [A in OutboxActionName<E>]?: OutcomeHooks<OutboxEntryOf<E, A>> }
}

const partyCreate = {
  tables: createTables,
  answered: relinkContacts,
  discarded: failWaitingContacts,
}
const partyMerge = {
  tables: mergeTables,
  answered: settleMerge,
  discarded: (db: WorkspaceDb, entry: OutboxEntryOf<'Supplier' | 'Customer', 'merge'>) =>
    undoLocalMerge(db, entry),
}
// A sales change queued on a draft that has no platform ID yet waits for its create or credit.
const onLocalDraft = { waits: waitsForPlatformId }

export const outcomeHooks = {
  Supplier: { create: partyCreate, merge: partyMerge },
  Customer: { create: partyCreate, merge: partyMerge },
  Contact: { create: { waits: waitsForParent } },
  CustomerInvoice: {
    create: { answered: moveLocalDraft },
    credit: { waits: waitsForPlatformId, answered: moveLocalDraft, discarded: dropLocalCredit },
    'edit-draft': onLocalDraft,
    delete: onLocalDraft,
    invoice: onLocalDraft,
    'attach-document': onLocalDraft,
  },
} satisfies OutcomeTable

/** The hooks listed for an entry's entity and action (none for most). */
export function hooksOf(entry: OutboxEntry): OutcomeHooks {
  const byAction = (outcomeHooks as OutcomeTable)[entry.entity] as
    Record<string, OutcomeHooks | undefined> | undefined
  return byAction?.[entry.action] ?? {}
}
