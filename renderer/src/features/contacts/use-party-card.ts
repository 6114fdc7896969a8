// What a party's card reads from the open company's cache, live: the party, its invoices, the other parties
// of its kind (duplicates), its contact persons (or, for a contact person, whom they work for), a supplier's
// comments (the scan mark), the company's accounts and VAT codes, and the party's queued outbox entries.
// Every query is bounded by the company key, so nothing of another company reaches the card.
import { computed } from 'vue'
import type { CachedRow, OutboxEntry, WorkspaceDb } from '@renderer/data/schema'
import { useLiveQuery } from '@renderer/data/use-live-query'
import { useWorkspace } from '@renderer/stores/workspace'
import { scanCheckState, type MarkComment } from '@common/parties/scan-mark'
import type { AccountRef } from '@common/parse'
import { bankAccountRowKey, num, paidAccounts, supplierBankAccounts } from '@common/parties/paid-accounts'
import {
  bankAccountFacts,
  contactPersons,
  costAccountFact,
  duplicateFacts,
  invoiceFacts,
  partyName,
  type CardEntity,
} from './card-facts.ts'

export interface CardRows {
  party: CachedRow | null
  invoices: CachedRow[]
  parties: CachedRow[]
  contacts: CachedRow[]
  /** For a contact person: the supplier or customer they work for. */
  employer: { entity: 'Supplier' | 'Customer'; row: CachedRow } | null
  comments: CachedRow[]
  accounts: CachedRow[]
  vatTypes: CachedRow[]
  entries: (OutboxEntry & { seq: number })[]
}

const empty = (): CardRows => ({
  party: null,
  invoices: [],
  parties: [],
  contacts: [],
  employer: null,
  comments: [],
  accounts: [],
  vatTypes: [],
  entries: [],
})

const ofCompany = (
  db: WorkspaceDb,
  companyKey: string,
  entity: 'Supplier' | 'Customer' | 'Contact' | 'Account' | 'VatType',
) => db[entity].where('companyKey').equals(companyKey)

async function employerOf(
  db: WorkspaceDb,
  companyKey: string,
  contact: CachedRow,
): Promise<CardRows['employer']> {
  const relation = num(contact.ParentBusinessRelationID)
  if (relation === null) return null
  const works = (row: CachedRow) =>
    num(row.BusinessRelationID) === relation || num((row.Info as CachedRow | null)?.ID) === relation
  const supplier = await db.Supplier.where('companyKey').equals(companyKey).filter(works).first()
  if (supplier) return { entity: 'Supplier', row: supplier }
  const customer = await db.Customer.where('companyKey').equals(companyKey).filter(works).first()
  return customer ? { entity: 'Customer', row: customer } : null
}

async function loadCard(
  db: WorkspaceDb,
  companyKey: string,
  entity: CardEntity,
  id: number,
): Promise<CardRows> {
  const party: CachedRow | undefined = await db[entity].get([companyKey, id])
  const entries = (await db.outbox
    .where('[companyKey+entity+entityId]')
    .equals([companyKey, entity, id])
    .sortBy('seq')) as (OutboxEntry & { seq: number })[]
  if (!party) return { ...empty(), entries }
  if (entity === 'Contact')
    return { ...empty(), party, entries, employer: await employerOf(db, companyKey, party) }
  const [invoices, parties, contacts, comments, accounts, vatTypes] = await Promise.all([
    entity === 'Supplier'
      ? db.SupplierInvoice.where('[companyKey+SupplierID]').equals([companyKey, id]).toArray()
      : db.CustomerInvoice.where('[companyKey+CustomerID]').equals([companyKey, id]).toArray(),
    ofCompany(db, companyKey, entity).toArray(),
    ofCompany(db, companyKey, 'Contact').toArray(),
    entity === 'Supplier'
      ? db.Comment.where('[companyKey+EntityType+EntityID]').equals([companyKey, 'Supplier', id]).toArray()
      : [],
    entity === 'Supplier' ? ofCompany(db, companyKey, 'Account').toArray() : [],
    entity === 'Supplier' ? ofCompany(db, companyKey, 'VatType').toArray() : [],
  ])
  return {
    party,
    invoices: invoices as CachedRow[],
    parties: parties as CachedRow[],
    contacts: contacts as CachedRow[],
    employer: null,
    comments: comments as CachedRow[],
    accounts: (accounts as CachedRow[]).sort((a, b) => Number(a.AccountNumber) - Number(b.AccountNumber)),
    vatTypes: vatTypes as CachedRow[],
    entries,
  }
}

/** Today in the user's time zone (`yyyy-mm-dd`): what "overdue" and "the last twelve months" count from. */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export function usePartyCard(props: { companyKey: string; entity: CardEntity; id: number }) {
  const workspace = useWorkspace()
  const rows = useLiveQuery<CardRows>(
    async () =>
      workspace.value ? loadCard(workspace.value, props.companyKey, props.entity, props.id) : empty(),
    [workspace, () => props.companyKey, () => props.entity, () => props.id],
    empty(),
  )
  const party = computed(() => rows.value.party)
  const name = computed(() => partyName(party.value))
  const today = localToday()
  const facts = computed(() => {
    const r = rows.value
    const entity = props.entity === 'Contact' ? null : props.entity
    return {
      bankAccounts: bankAccountFacts(r.party),
      invoices: entity ? invoiceFacts(entity, r.invoices, today) : null,
      paidTo: entity === 'Supplier' ? paidAccounts(r.party, r.invoices) : null,
      onRecord: [...supplierBankAccounts(r.party).values()]
        .map(bankAccountRowKey)
        .filter((k): k is string => !!k),
      contacts: entity ? contactPersons(r.contacts, r.party) : [],
      duplicates: entity ? duplicateFacts(r.parties, props.id) : [],
      costAccount: entity === 'Supplier' ? costAccountFact(r.party, r.accounts, r.vatTypes) : null,
      scanState: entity === 'Supplier' ? scanCheckState(r.comments as unknown as MarkComment[]) : null,
    }
  })
  /** The party's entries still on this computer: waiting, refused, or in conflict. */
  const entries = computed(() => rows.value.entries)
  const waiting = computed(() => entries.value.filter((e) => e.state === 'pending' || e.state === 'sending'))
  const refused = computed(() => entries.value.filter((e) => e.state === 'failed'))
  const conflicts = computed(() => entries.value.filter((e) => e.state === 'conflict'))
  const accounts = computed(() => rows.value.accounts as unknown as AccountRef[])
  return { workspace, rows, party, name, facts, waiting, refused, conflicts, accounts }
}

export type PartyCardState = ReturnType<typeof usePartyCard>
