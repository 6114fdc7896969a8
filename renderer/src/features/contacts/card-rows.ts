// What a party's card reads from the open company's cache: the party, its invoices, the other parties with
// its organisation number (duplicates), its contact persons (or, for a contact person, whom they work for),
// a supplier's comments (the scan mark), the company's accounts and VAT codes, and the party's queued outbox
// entries. Every query is bounded by the company key, so nothing of another company reaches the card; each
// goes by an index of the workspace (common/entities/declarations.ts), so opening a card in a register of
// ten thousand parties reads only that party's rows.
import type { CachedRow, OutboxEntry, WorkspaceDb } from '@renderer/data/schema'
import { normaliseOrgNumber } from '@common/parties/normalise'
import { bankAccountRowKey, num, paidAccounts, supplierBankAccounts } from '@common/parties/paid-accounts'
import { scanCheckState, type MarkComment } from '@common/parties/scan-mark'
import {
  bankAccountFacts,
  contactPersons,
  costAccountFact,
  duplicateFacts,
  invoiceFacts,
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

export const emptyCard = (): CardRows => ({
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

const ofCompany = (db: WorkspaceDb, companyKey: string, entity: 'Account' | 'VatType') =>
  db[entity].where('companyKey').equals(companyKey)

async function employerOf(
  db: WorkspaceDb,
  companyKey: string,
  contact: CachedRow,
): Promise<CardRows['employer']> {
  const relation = num(contact.ParentBusinessRelationID)
  if (relation === null) return null
  const byRelation = (entity: 'Supplier' | 'Customer') =>
    db[entity].where('[companyKey+BusinessRelationID]').equals([companyKey, relation]).first()
  const supplier = await byRelation('Supplier')
  if (supplier) return { entity: 'Supplier', row: supplier }
  const customer = await byRelation('Customer')
  if (customer) return { entity: 'Customer', row: customer }
  // A party created offline has only its local business relation (Info.ID) until the platform answers.
  if (relation > 0) return null
  const works = (row: CachedRow) => num((row.Info as CachedRow | null)?.ID) === relation
  const local = (entity: 'Supplier' | 'Customer') =>
    db
      .table<CachedRow>(entity)
      .where('[companyKey+ID]')
      .between([companyKey, -Infinity], [companyKey, 0])
      .filter(works)
      .first()
  const localSupplier = await local('Supplier')
  if (localSupplier) return { entity: 'Supplier', row: localSupplier }
  const localCustomer = await local('Customer')
  return localCustomer ? { entity: 'Customer', row: localCustomer } : null
}

/** The parties with the party's organisation number, however each holds it (the local key `_orgNumber`). */
function sameOrgNumber(
  db: WorkspaceDb,
  companyKey: string,
  entity: 'Supplier' | 'Customer',
  party: CachedRow,
): Promise<CachedRow[]> {
  const digits = normaliseOrgNumber(typeof party.OrgNumber === 'string' ? party.OrgNumber : null)
  if (!digits) return Promise.resolve([party])
  return db.table<CachedRow>(entity).where('[companyKey+_orgNumber]').equals([companyKey, digits]).toArray()
}

/** The persons who work for a supplier or customer (their business relation, or its local one). */
function personsOf(db: WorkspaceDb, companyKey: string, party: CachedRow) {
  const relations = [num(party.BusinessRelationID), num((party.Info as CachedRow | null)?.ID)].filter(
    (id): id is number => id !== null,
  )
  return db.Contact.where('[companyKey+ParentBusinessRelationID]')
    .anyOf([...new Set(relations)].map((id) => [companyKey, id]))
    .toArray()
}

export async function loadCard(
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
  if (!party) return { ...emptyCard(), entries }
  if (entity === 'Contact')
    return { ...emptyCard(), party, entries, employer: await employerOf(db, companyKey, party) }
  const [invoices, parties, contacts, comments, accounts, vatTypes] = await Promise.all([
    entity === 'Supplier'
      ? db.SupplierInvoice.where('[companyKey+SupplierID]').equals([companyKey, id]).toArray()
      : db.CustomerInvoice.where('[companyKey+CustomerID]').equals([companyKey, id]).toArray(),
    sameOrgNumber(db, companyKey, entity, party),
    personsOf(db, companyKey, party),
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

/** What the card shows of its rows: worked out once per change of them. `today` is `yyyy-mm-dd`. */
export function cardFacts(r: CardRows, cardEntity: CardEntity, id: number, today: string) {
  const entity = cardEntity === 'Contact' ? null : cardEntity
  return {
    bankAccounts: bankAccountFacts(r.party),
    invoices: entity ? invoiceFacts(entity, r.invoices, today) : null,
    paidTo: entity === 'Supplier' ? paidAccounts(r.party, r.invoices) : null,
    onRecord: [...supplierBankAccounts(r.party).values()]
      .map(bankAccountRowKey)
      .filter((k): k is string => !!k),
    contacts: entity ? contactPersons(r.contacts, r.party) : [],
    duplicates: entity ? duplicateFacts(r.parties, id) : [],
    costAccount: entity === 'Supplier' ? costAccountFact(r.party, r.accounts, r.vatTypes) : null,
    scanState: entity === 'Supplier' ? scanCheckState(r.comments as unknown as MarkComment[]) : null,
  }
}
