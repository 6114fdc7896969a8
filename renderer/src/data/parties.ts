// The contacts register's changes to suppliers, customers and contact persons. Each is one Dexie transaction:
// the cached row changed at once (in the shape the pull gives it, so the views read one shape) and its outbox
// entry (common/bridge/parties.ts), which main turns into the platform's graph write. Bad input is refused
// here with the field named, before anything is written.
import type { z } from 'zod'
import { outboxAction, type OutboxAction } from '@common/bridge/outbox'
import {
  AddBankAccount,
  ContactDraft,
  CustomerDraft,
  MarkChecked,
  MergeParty,
  SupplierDraft,
  ContactEdit,
  CustomerEdit,
  SupplierEdit,
  type BankAccountDraft,
  type PartyEntity,
  type CustomValuePath,
  type PartyField,
} from '@common/bridge/parties'
import { partyValueProblem } from '@common/parties/field-values'
import { GenericStatus } from '@common/status'
import { ChangeError, outboxEntry } from './outbox.ts'
import { isAction, queued } from './outbox-queries.ts'
import { partyEditOf, partyValue, withPartyValues } from './party-paths.ts'
import type { Table } from 'dexie'
import type { CachedRow, OutboxEntry, RowKey, WorkspaceDb } from './schema.ts'

export { partyValue }
export type { BankAccountDraft, PartyEntity, PartyField }

/** The changed paths of a party: its fields, and on a supplier or customer its custom values (spec 2.16). */
export type PartyChanges<E extends PartyEntity> = Partial<
  Record<PartyField<E> | CustomValuePath, string | number | null>
>

export interface Drafts {
  Supplier: SupplierDraft
  Customer: CustomerDraft
  Contact: ContactDraft
}
export type DraftOf<E extends PartyEntity> = Drafts[E]

/** A supplier or a customer: the parties with bank accounts, invoices and duplicates. */
export type TradingParty = 'Supplier' | 'Customer'

export class PartyChangeError extends Error {
  constructor(
    readonly code: 'INVALID' | 'NOT_ON_PLATFORM_YET' | 'BANK_ACCOUNT_NOT_FOUND' | 'SAME_PARTY',
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

const draftSchemas = { Supplier: SupplierDraft, Customer: CustomerDraft, Contact: ContactDraft }
const editSchemas = { Supplier: SupplierEdit, Customer: CustomerEdit, Contact: ContactEdit }

/** The input checked against its schema; the first problem named by its field. */
function checked<S extends z.ZodType>(schema: S, input: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue?.path.join('.') || undefined
  throw new PartyChangeError(
    'INVALID',
    `${what}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`,
    field,
  )
}

function notCached(entity: string, id: number, companyKey: string): ChangeError {
  return new ChangeError('ROW_NOT_CACHED', `${entity} ${id} is not in the offline cache of ${companyKey}`)
}

/** The next local (negative) ID among `ids`: below every one in use, so two local rows never share one. */
const nextLocalId = (ids: Iterable<number>) => Math.min(0, ...ids) - 1

async function lowestId(
  db: WorkspaceDb,
  companyKey: string,
  entity: PartyEntity | 'Comment',
): Promise<number> {
  const lowest = await db[entity]
    .where('[companyKey+ID]')
    .between([companyKey, -Infinity], [companyKey, 0])
    .first()
  return nextLocalId([lowest?.ID ?? 0])
}

const text = (value: string | null | undefined) => (value === undefined || value === '' ? null : value)

function localBankAccount(account: BankAccountDraft, id: number): Record<string, unknown> {
  return {
    ID: id,
    AccountNumber: text(account.AccountNumber),
    IBAN: text(account.IBAN),
    BIC: text(account.BIC),
  }
}

/** The business relation of a new party as the pull would give it: IDs local until the platform answers. */
function localRelation(
  draft: DraftOf<PartyEntity>,
  accounts: readonly BankAccountDraft[] = [],
  relationId: number | null = null,
) {
  const BankAccounts = accounts.map((account, k) => localBankAccount(account, -(k + 1)))
  const address = draft.InvoiceAddress
  const email = text(draft.EmailAddress)
  const phone = text(draft.PhoneNumber)
  return {
    ...(relationId === null ? {} : { ID: relationId }),
    Name: draft.Name,
    InvoiceAddressID: null,
    InvoiceAddress: address ? { ...address } : null,
    DefaultEmailID: null,
    DefaultEmail: email ? { EmailAddress: email } : null,
    DefaultPhoneID: null,
    DefaultPhone: phone ? { Number: phone } : null,
    BankAccounts,
    DefaultBankAccountID: BankAccounts[0]?.ID ?? null,
    DefaultBankAccount: BankAccounts[0] ?? null,
  }
}

function localParty<E extends PartyEntity>(
  entity: E,
  draft: DraftOf<E>,
  relationId: number | null,
): Record<string, unknown> {
  if (entity === 'Contact') {
    const contact = draft as ContactDraft
    return {
      InfoID: null,
      Comment: text(contact.Comment),
      Role: text(contact.Role),
      ParentBusinessRelationID: contact.ParentBusinessRelationID ?? null,
      Info: localRelation(contact),
    }
  }
  const party = draft as SupplierDraft
  return {
    StatusCode: null,
    OrgNumber: party.OrgNumber ?? null,
    CreditDays: party.CreditDays ?? null,
    ...(entity === 'Supplier' ? { CostAccountID: party.CostAccountID ?? null } : {}),
    Info: localRelation(party, party.BankAccounts, relationId),
  }
}

/** The suppliers and customers created offline, not yet on the platform. */
async function localTradingParties(db: WorkspaceDb, companyKey: string): Promise<CachedRow[]> {
  const local = (table: Table<CachedRow, RowKey>) =>
    table.where('[companyKey+ID]').between([companyKey, -Infinity], [companyKey, 0]).toArray()
  return [...(await local(db.Supplier)), ...(await local(db.Customer))]
}

const relationIdOf = (row: CachedRow) => Number((row.Info as { ID?: unknown } | null | undefined)?.ID)

/**
 * Creates a supplier, customer or contact person offline: the cached row (with a negative local ID until the
 * platform assigns one; the sync engine then moves the row and later changes onto that ID) and its `create`.
 * Returns the local ID.
 */
export async function createParty<E extends PartyEntity>(
  db: WorkspaceDb,
  companyKey: string,
  entity: E,
  draft: DraftOf<E>,
): Promise<number> {
  const body = checked(draftSchemas[entity], draft, `New ${entity.toLowerCase()}`) as DraftOf<E>
  const table = db[entity]
  return db.transaction('rw', [table, db.Supplier, db.Customer, db.outbox], async () => {
    // A supplier or customer created offline gets a local (negative) business relation ID, unique among
    // them, so a contact person can name it as the party they work for before the platform has it: their
    // create waits in the outbox until the party's create has its answer (./party-outcomes.ts).
    const local = entity === 'Contact' ? [] : await localTradingParties(db, companyKey)
    const relationId = entity === 'Contact' ? null : nextLocalId(local.map(relationIdOf).filter((n) => n < 0))
    if (entity === 'Contact') {
      const parent = (body as ContactDraft).ParentBusinessRelationID
      if (parent != null && parent < 0) {
        const parties = await localTradingParties(db, companyKey)
        if (!parties.some((row) => relationIdOf(row) === parent))
          throw new PartyChangeError(
            'INVALID',
            `No supplier or customer created offline has business relation ${parent}`,
            'ParentBusinessRelationID',
          )
      }
    }
    const id = await lowestId(db, companyKey, entity)
    const action = outboxAction(entity as 'Supplier', 'create', body as SupplierDraft)
    // The base of a create: when it was queued. A retry takes a party of the draft's name created after
    // it as the one an earlier attempt made (electron/main/services/sync/party-actions.ts).
    const base = { CreatedAt: new Date().toISOString() }
    await db.outbox.add(outboxEntry(companyKey, id, action, { base }))
    await table.put({ ...localParty(entity, body, relationId), companyKey, ID: id, UpdatedAt: null })
    return id
  })
}

async function cachedParty(db: WorkspaceDb, companyKey: string, entity: PartyEntity, id: number) {
  const row: CachedRow | undefined = await db[entity].get([companyKey, id])
  if (!row) throw notCached(entity, id, companyKey)
  return row
}

/**
 * Changes fields of a party by path ('Info.Name', 'Info.InvoiceAddress.City', 'CostAccountID'): the cached
 * row at once, and an `edit` whose base holds each path's value before the change. A change to a party whose
 * previous `edit` has not started sending joins it (one request; the base of a path kept from its first
 * change), as ./outbox.ts `updateRow` does.
 */
export async function editParty<E extends PartyEntity>(
  db: WorkspaceDb,
  companyKey: string,
  entity: E,
  id: number,
  changes: PartyChanges<E>,
): Promise<void> {
  const body = checked(editSchemas[entity], changes, `${entity} ${id}`) as Record<
    string,
    string | number | null
  >
  for (const [path, value] of Object.entries(body)) {
    const problem = partyValueProblem(path as PartyField | CustomValuePath, value)
    if (problem) throw new PartyChangeError('INVALID', `${entity} ${id}: ${problem}`, path)
  }
  if (Object.keys(body).length === 0) return
  const table = db[entity]
  await db.transaction('rw', table, db.outbox, async () => {
    const row = await cachedParty(db, companyKey, entity, id)
    const last = (await queued(db, companyKey, entity as PartyEntity, id)).at(-1)
    const pendingEdit = last && last.state === 'pending' ? partyEditOf(last) : null
    if (last && pendingEdit) {
      const base = { ...last.base }
      for (const path of Object.keys(body)) if (!(path in base)) base[path] = partyValue(row, path) ?? null
      const merged = { ...pendingEdit, ...body }
      await db.outbox.update(last.seq!, { body: merged, base })
    } else {
      const base: Record<string, unknown> = {}
      for (const path of Object.keys(body)) base[path] = partyValue(row, path) ?? null
      const action = outboxAction(entity as 'Supplier', 'edit', body as z.infer<typeof SupplierEdit>)
      await db.outbox.add(outboxEntry(companyKey, id, action, { base, baseUpdatedAt: row.UpdatedAt ?? null }))
    }
    await table.put(withPartyValues(row, body))
  })
}

/** Queues a named action on a party and writes its local effect, in one transaction. */
async function queueOnParty(
  db: WorkspaceDb,
  companyKey: string,
  entity: PartyEntity,
  id: number,
  action: OutboxAction,
  apply: (row: CachedRow) => CachedRow,
): Promise<void> {
  const table = db[entity]
  await db.transaction('rw', table, db.outbox, async () => {
    const row = await cachedParty(db, companyKey, entity, id)
    await db.outbox.add(outboxEntry(companyKey, id, action, { baseUpdatedAt: row.UpdatedAt ?? null }))
    await table.put(apply(row))
  })
}

type Relation = { BankAccounts?: Record<string, unknown>[] | null; [field: string]: unknown }
const relationOf = (row: CachedRow): Relation => ({ ...((row.Info as Relation | null | undefined) ?? {}) })
const accountsOf = (info: Relation) => (Array.isArray(info.BankAccounts) ? info.BankAccounts : [])

/** Adds a bank account to a supplier's or customer's `Info`, made its default when asked. */
export async function addBankAccount(
  db: WorkspaceDb,
  companyKey: string,
  entity: TradingParty,
  id: number,
  account: BankAccountDraft,
  makeDefault: boolean,
): Promise<void> {
  const body = checked(AddBankAccount, { Account: account, MakeDefault: makeDefault }, 'Bank account')
  await queueOnParty(db, companyKey, entity, id, outboxAction(entity, 'add-bank-account', body), (row) => {
    const info = relationOf(row)
    const accounts = accountsOf(info)
    const local = localBankAccount(body.Account, nextLocalId(accounts.map((a) => Number(a.ID))))
    info.BankAccounts = [...accounts, local]
    if (makeDefault || info.DefaultBankAccountID == null) {
      info.DefaultBankAccountID = local.ID
      info.DefaultBankAccount = local
    }
    return { ...row, Info: info }
  })
}

/**
 * The bank account of a party named by ID. One added offline and not sent yet has a local (negative) ID that
 * the platform does not know: its own queued addition is changed instead (see the callers).
 */
function findAccount(row: CachedRow, bankAccountId: number): Record<string, unknown> {
  const found = accountsOf(relationOf(row)).find((a) => Number(a.ID) === bankAccountId)
  if (!found)
    throw new PartyChangeError('BANK_ACCOUNT_NOT_FOUND', `Bank account ${bankAccountId} is not on this party`)
  return found
}

/** The pending `add-bank-account` of a bank account added offline (local ID), if it has not started sending. */
async function pendingAddition(
  db: WorkspaceDb,
  companyKey: string,
  entity: TradingParty,
  id: number,
  account: Record<string, unknown>,
): Promise<OutboxEntry | undefined> {
  const additions = (await queued(db, companyKey, entity, id)).filter((e) =>
    isAction(e, entity, 'add-bank-account'),
  )
  // Local IDs go -1, -2… in the order the accounts were added: the n-th addition has ID -n among those still
  // queued only when none was sent, so match by the account itself.
  return additions.find((e) => {
    if (e.state !== 'pending') return false
    const added = e.body.Account
    return (
      text(added.AccountNumber) === (account.AccountNumber ?? null) &&
      text(added.IBAN) === (account.IBAN ?? null)
    )
  })
}

/** Removes a bank account from a supplier's or customer's `Info`. */
export async function removeBankAccount(
  db: WorkspaceDb,
  companyKey: string,
  entity: TradingParty,
  id: number,
  bankAccountId: number,
): Promise<void> {
  const table = db[entity]
  await db.transaction('rw', table, db.outbox, async () => {
    const row = await cachedParty(db, companyKey, entity, id)
    const account = findAccount(row, bankAccountId)
    if (bankAccountId < 0) {
      const addition = await pendingAddition(db, companyKey, entity, id, account)
      if (!addition) throw notYetSent(bankAccountId)
      await db.outbox.delete(addition.seq!)
    } else {
      const action = outboxAction(entity, 'remove-bank-account', { BankAccountID: bankAccountId })
      await db.outbox.add(outboxEntry(companyKey, id, action, { baseUpdatedAt: row.UpdatedAt ?? null }))
    }
    const info = relationOf(row)
    info.BankAccounts = accountsOf(info).filter((a) => Number(a.ID) !== bankAccountId)
    if (Number(info.DefaultBankAccountID) === bankAccountId) {
      info.DefaultBankAccountID = null
      info.DefaultBankAccount = null
    }
    await table.put({ ...row, Info: info })
  })
}

const notYetSent = (bankAccountId: number) =>
  new PartyChangeError(
    'NOT_ON_PLATFORM_YET',
    `Bank account ${bankAccountId} is on its way to the platform; change it once it has arrived`,
  )

/** Makes one of a supplier's or customer's bank accounts its default (`Info.DefaultBankAccountID`). */
export async function setDefaultBankAccount(
  db: WorkspaceDb,
  companyKey: string,
  entity: TradingParty,
  id: number,
  bankAccountId: number,
): Promise<void> {
  const table = db[entity]
  await db.transaction('rw', table, db.outbox, async () => {
    const row = await cachedParty(db, companyKey, entity, id)
    const account = findAccount(row, bankAccountId)
    if (bankAccountId < 0) {
      // Added offline: its queued addition makes it the default when it is sent.
      const addition = await pendingAddition(db, companyKey, entity, id, account)
      if (!addition) throw notYetSent(bankAccountId)
      await db.outbox.update(addition.seq!, { body: { ...addition.body, MakeDefault: true } })
    } else {
      const action = outboxAction(entity, 'set-default-bank-account', { BankAccountID: bankAccountId })
      await db.outbox.add(outboxEntry(companyKey, id, action, { baseUpdatedAt: row.UpdatedAt ?? null }))
    }
    const info = relationOf(row)
    info.DefaultBankAccountID = bankAccountId
    info.DefaultBankAccount = account
    await table.put({ ...row, Info: info })
  })
}

/**
 * Merges a duplicate into another party of the same kind: the listed invoices (the duplicate's draft and
 * in-approval ones, as the user saw them) move to `intoId` in the cache, and the duplicate is deactivated
 * (StatusCode 50001). Main moves only those still in such a state on the platform and reports the others.
 */
export async function mergeParty(
  db: WorkspaceDb,
  companyKey: string,
  entity: TradingParty,
  duplicateId: number,
  intoId: number,
  invoiceIds: number[],
): Promise<void> {
  if (duplicateId === intoId) throw new PartyChangeError('SAME_PARTY', 'A party cannot be merged into itself')
  if (intoId < 0 || invoiceIds.some((invoiceId) => invoiceId < 0))
    throw new PartyChangeError(
      'NOT_ON_PLATFORM_YET',
      `The ${entity.toLowerCase()} to merge into, or one of the invoices, is not on the platform yet`,
    )
  const body = checked(MergeParty, { IntoID: intoId, InvoiceIDs: invoiceIds }, 'Merge')
  const table = db[entity]
  // Both invoice tables as rows of any entity: the link field is the one that differs.
  const invoices: Table<CachedRow, RowKey> = entity === 'Supplier' ? db.SupplierInvoice : db.CustomerInvoice
  const link = entity === 'Supplier' ? 'SupplierID' : 'CustomerID'
  await db.transaction('rw', [table, invoices, db.outbox], async () => {
    const row = await cachedParty(db, companyKey, entity, duplicateId)
    await cachedParty(db, companyKey, entity, intoId)
    await db.outbox.add(
      // The status before, so discarding the merge offline gives it back (./outbox-actions.ts).
      outboxEntry(companyKey, duplicateId, outboxAction(entity, 'merge', body), {
        base: { StatusCode: row.StatusCode ?? null },
        baseUpdatedAt: row.UpdatedAt ?? null,
      }),
    )
    await table.put({ ...row, StatusCode: GenericStatus.Inactive })
    const moving = await invoices.bulkGet(body.InvoiceIDs.map((invoiceId): RowKey => [companyKey, invoiceId]))
    const moved = moving
      .filter(
        (invoice): invoice is CachedRow => invoice !== undefined && Number(invoice[link]) === duplicateId,
      )
      .map((invoice) => ({ ...invoice, [link]: intoId }))
    if (moved.length > 0) await invoices.bulkPut(moved)
  })
}

/**
 * Marks a supplier the scan pipeline created as checked: a local comment on it at once (the register's
 * filter reads comments, common/parties/scan-mark.ts) and the queued `mark-checked` that posts it.
 */
export async function markChecked(
  db: WorkspaceDb,
  companyKey: string,
  supplierId: number,
  text: string,
): Promise<void> {
  const body = checked(MarkChecked, { Text: text }, 'Check')
  await db.transaction('rw', db.Supplier, db.Comment, db.outbox, async () => {
    const row = await cachedParty(db, companyKey, 'Supplier', supplierId)
    const id = await lowestId(db, companyKey, 'Comment')
    await db.outbox.add(
      outboxEntry(companyKey, supplierId, outboxAction('Supplier', 'mark-checked', body), {
        baseUpdatedAt: row.UpdatedAt ?? null,
      }),
    )
    await db.Comment.put({
      companyKey,
      ID: id,
      Text: body.Text,
      EntityType: 'Supplier',
      EntityID: supplierId,
      UpdatedAt: null,
    })
  })
}
